// Usage metering rules shared by the server, the charts and the gateway simulator (zod-free: the
// browser imports this module). docs/requirements.md §1.4 (metered usage types), §7.2 (chart unit rule), §18.2 (chart constants).

import { SERVICE_TYPES } from './services.ts'

/** Usage the gateway reported with a path no rate setting classifies: counted, never dropped. */
export const UNCLASSIFIED = 'UNCLASSIFIED'
export const USAGE_SERVICES = [...SERVICE_TYPES, UNCLASSIFIED] as const
export type UsageService = (typeof USAGE_SERVICES)[number]

/** The statistics views' time units (`perTime`). */
export const USAGE_UNITS = ['hour', 'day', 'month', 'year'] as const
export type UsageUnit = (typeof USAGE_UNITS)[number]

/** "Map load total" counts map loads; every other service is an API request (docs/requirements.md §1.4). */
export function isMapLoad(service: string): boolean {
  return service === 'LOAD_MAP'
}

/** Events in one `POST /v1/gateway/usage` call, at most (issue: a batch of 100,000 is accepted). */
export const MAX_USAGE_BATCH = 100_000
/** The CSV export holds up to 10,000 recent requests finished within the month (docs/requirements.md §7.3). */
export const MAX_USAGE_EXPORT_ROWS = 10_000
/** Events further in the past than this are refused (counted as out of range, not recorded). */
export const USAGE_MAX_AGE_DAYS = 400
/** Events further in the future than this (clock skew) are refused the same way. */
export const USAGE_MAX_SKEW_MS = 5 * 60_000

/** How many buckets a statistics call may ask for, per unit (an hourly year would be 8,760). */
export const MAX_BUCKETS: Readonly<Record<UsageUnit, number>> = { hour: 24 * 62, day: 800, month: 240, year: 50 }

const DAY_MS = 86_400_000

/**
 * The chart unit rule for a date range (docs/requirements.md §7.2): over 365 days → years; over 31 days → months; otherwise
 * days, which is also the answer for a range under one day or an inverted ("non-overlapping") one.
 */
export function chartUnit(start: Date, end: Date): Exclude<UsageUnit, 'hour'> {
  const span = end.getTime() - start.getTime()
  if (!(span >= DAY_MS)) return 'day'
  const days = span / DAY_MS
  if (days > 365) return 'year'
  if (days > 31) return 'month'
  return 'day'
}

/** docs/requirements.md §18.2: underscores become spaces, words are title-cased, and the label is cut with an ellipsis. */
export function legendLabel(service: string, max = 10): string {
  const words = service
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
  const label = words.join(' ')
  return label.length > max ? `${label.slice(0, max).trimEnd()}…` : label
}

/** Pie slices show their label only above this share. */
export const PIE_LABEL_MIN_SHARE = 0.1

/** The start of the UTC bucket of `unit` that holds `at`. Statistics are kept and shown in UTC. */
export function bucketStart(at: Date, unit: UsageUnit): Date {
  const y = at.getUTCFullYear()
  switch (unit) {
    case 'hour':
      return new Date(Date.UTC(y, at.getUTCMonth(), at.getUTCDate(), at.getUTCHours()))
    case 'day':
      return new Date(Date.UTC(y, at.getUTCMonth(), at.getUTCDate()))
    case 'month':
      return new Date(Date.UTC(y, at.getUTCMonth(), 1))
    case 'year':
      return new Date(Date.UTC(y, 0, 1))
  }
}

/** The bucket after `start`. */
export function nextBucket(start: Date, unit: UsageUnit): Date {
  const next = new Date(start)
  if (unit === 'hour') next.setUTCHours(next.getUTCHours() + 1)
  else if (unit === 'day') next.setUTCDate(next.getUTCDate() + 1)
  else if (unit === 'month') next.setUTCMonth(next.getUTCMonth() + 1)
  else next.setUTCFullYear(next.getUTCFullYear() + 1)
  return next
}

/** Every bucket start from the one holding `from` up to (not including) `to`. */
export function bucketsBetween(from: Date, to: Date, unit: UsageUnit): Date[] {
  const out: Date[] = []
  for (let at = bucketStart(from, unit); at < to; at = nextBucket(at, unit)) out.push(at)
  return out
}

/**
 * A month-end forecast from the month so far: the same pace for the rest of the month. Null before
 * an hour of the month has passed (too little to say anything).
 */
export function monthForecast(soFar: number, now: Date): number | null {
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)
  const elapsed = now.getTime() - start
  if (elapsed < 3_600_000) return null
  return Math.round((soFar * (end - start)) / elapsed)
}
