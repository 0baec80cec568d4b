import {
  isMapLoad,
  type KeyHealth,
  keyHealth as keyHealthEndpoint,
  type ResponseOf,
  UsageSeries,
  type UsageService,
  type UsageUnit,
  UserUsageRow,
} from '@app/contract'
import { type StoredSession, sessionFrom } from '../app/session.ts'
import { profile, session } from './fake-server.tsx'

// Answers of the statistics endpoints for the back-office screen tests, checked by the contract's
// own schemas so a fixture cannot drift from what the server sends.

export const USER_ID = 'usr_01jdminh000000000000000000'

/** A series with the given hits per service; totals are derived the way the server derives them. */
export function usageSeries(
  unit: UsageUnit,
  buckets: string[],
  hits: Partial<Record<UsageService, number[]>>,
): UsageSeries {
  const series = Object.entries(hits).map(([service, values]) => ({ service, hits: values ?? [] }))
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)
  const byService = series.map((s) => ({ service: s.service, hits: sum(s.hits) }))
  return UsageSeries.parse({
    unit,
    buckets,
    series,
    totals: {
      api_requests: sum(byService.filter((s) => !isMapLoad(s.service)).map((s) => s.hits)),
      map_loads: sum(byService.filter((s) => isMapLoad(s.service)).map((s) => s.hits)),
      by_service: byService,
    },
  })
}

export function userRow(id: string, email: string, name: string, apiRequests: number, mapLoads: number): UserUsageRow {
  return UserUsageRow.parse({
    user_id: id,
    email,
    name,
    api_requests: apiRequests,
    map_loads: mapLoads,
    total: apiRequests + mapLoads,
    by_service: [],
  })
}

export function keyHealthRows(rows: KeyHealth[]): ResponseOf<typeof keyHealthEndpoint> {
  return keyHealthEndpoint.data.parse(rows)
}

/** A signed-in staff member with the given roles. */
export function staffSession(roles: ('admin' | 'support')[]): StoredSession {
  return sessionFrom({ ...profile, roles }, session.token)
}
