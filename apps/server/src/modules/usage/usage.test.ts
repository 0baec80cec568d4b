import * as contract from '@app/contract'
import { type EndpointSpec, type ServiceType, translate, type UsageEvent, type UsageUnit } from '@app/contract'
import { and, asc, eq, sql } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import {
  type CallOptions,
  call,
  createUser,
  errorEnvelope,
  fieldsOf,
  freshEmail,
  setUser,
  signIn,
  type TestApp,
  userWithToken,
  useTestApp,
} from '../../../test/helpers.ts'
import { queryRows } from '../../db/client.ts'
import { auditLog, usageBatches, usageDaily, usageDailyAll, usageHourly } from '../../db/schema/index.ts'
import { jobDefinitions } from '../../jobs/definitions.ts'
import { FOLD_LANES, FOLD_LOCK, laneOf } from './ingest.ts'

// Usage metering (issue 4): what the gateway reports through POST /v1/gateway/usage, and every
// statistics call read back with exact numbers. Two apps: one for ingestion (whose tests write a lot),
// one seeded once with known events across hours, days, months and users for the statistics.

const HOUR = 3_600_000
const DAY = 24 * HOUR
const NOW = Date.parse('2026-11-02T08:00:00.000Z')

type NewKey = { id: string; key: string; key_preview: string; name: string }

/** A customer who may create keys (verified phone), signed in. */
async function customerOf(t: TestApp, label: string, options: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t, { email: freshEmail(label), phoneVerified: true, ...options })
  return { user, token: await signIn(t, user.email) }
}

async function newKey(t: TestApp, token: string, name = 'Usage test'): Promise<NewKey> {
  const res = await call(t, contract.createKey, { body: { name, type: 'api_key', restriction_list: null } }, { token })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.data
}

function report(t: TestApp, batchId: string, events: UsageEvent[], options: CallOptions = {}) {
  return call(
    t,
    contract.gatewayUsage,
    { body: { batch_id: batchId, events } },
    { token: t.config.gatewayToken, ...options },
  )
}

/** Reports a batch and expects it recorded. */
async function recorded(t: TestApp, batchId: string, events: UsageEvent[]) {
  const res = await report(t, batchId, events)
  expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200)
  return res.body.data
}

/** Everything ingestion writes, summed: a refused or replayed batch leaves it unchanged. */
async function footprint(t: TestApp) {
  const [row] = await queryRows<Record<string, string | number>>(
    t.ctx.db,
    sql`select
      (select count(*) from usage_batches)::int8 as batches,
      (select coalesce(sum(hits), 0) from usage_hourly)::int8 as hourly,
      (select coalesce(sum(hits), 0) from usage_daily_live)::int8 as daily,
      (select coalesce(sum(hits), 0) from usage_daily_all)::int8 as daily_all,
      (select count(*) from usage_request_chunks)::int8 as requests,
      (select count(*) from usage_pending)::int8 as pending,
      (select coalesce(sum(last_seq + 1), 0) from usage_request_chunks r
        where last_seq = (select max(last_seq) from usage_request_chunks h where h.user_id = r.user_id))::int8 as cursors`,
  )
  return Object.fromEntries(Object.entries(row ?? {}).map(([name, value]) => [name, Number(value)]))
}

/** One of the server's background jobs, to run by hand (its run needs no pg-boss context here). */
function jobOf(ctx: TestApp['ctx'], name: string) {
  const job = jobDefinitions(ctx, { notifications: {} as never, trigger: () => {} }).find((d) => d.name === name)
  if (!job) throw new Error(`no job ${name}`)
  return { cron: job.cron, run: () => job.run({} as never) }
}

/** A key's hourly counters as [hour, service, hits, ok, 4xx, 5xx, latency sum, latency max]. */
async function hourlyOf(t: TestApp, keyId: string) {
  const rows = await t.ctx.db
    .select()
    .from(usageHourly)
    .where(eq(usageHourly.keyId, keyId))
    .orderBy(asc(usageHourly.hour), asc(usageHourly.service))
  return rows.map((r) => [
    r.hour.toISOString(),
    r.service,
    r.hits,
    r.ok,
    r.clientErrors,
    r.serverErrors,
    r.latencySum,
    r.latencyMax,
  ])
}

/** A key's daily counters as readers see them (usage_daily_live: rolled-up days and hourly rows since). */
async function dailyOf(t: TestApp, keyId: string) {
  const rows = await queryRows<Record<string, string | number>>(
    t.ctx.db,
    sql`select day::text as day, min(user_id) as user_id, service, sum(hits)::int8 as hits, sum(ok)::int8 as ok,
          sum(client_errors)::int8 as client_errors, sum(server_errors)::int8 as server_errors, sum(latency_sum)::int8 as latency_sum
        from usage_daily_live where key_id = ${keyId} group by day, service order by day, service`,
  )
  return rows.map((r) => [
    r.day,
    r.user_id,
    r.service,
    Number(r.hits),
    Number(r.ok),
    Number(r.client_errors),
    Number(r.server_errors),
    Number(r.latency_sum),
  ])
}

/** The user's recent-requests log as stored (decoded from its chunks), oldest first, newest 10,000 only. */
async function ringOf(t: TestApp, userId: string) {
  const chunks = await queryRows<{ first_seq: string | number; events: string; next: string | number }>(
    t.ctx.db,
    sql`select r.first_seq, r.events, (select max(last_seq) + 1 from usage_request_chunks h where h.user_id = r.user_id) as next
        from usage_request_chunks r where r.user_id = ${userId} order by r.first_seq`,
  )
  const rows = chunks.flatMap((chunk) =>
    (JSON.parse(chunk.events) as [number, string, string, string | null, number, number, number][]).map(
      ([at, keyId, service, path, status, latencyMs, count], i) => ({
        seq: Number(chunk.first_seq) + i,
        oldestKept: Number(chunk.next) - 10_000,
        keyId,
        service,
        path,
        at: new Date(at),
        status,
        latencyMs,
        count,
      }),
    ),
  )
  return rows.filter((r) => r.seq >= r.oldestKept)
}

interface CsvResponse {
  status: number
  headers: Record<string, unknown>
  bytes: Buffer
  text: string
  lines: string[]
}

/** The CSV export is not an envelope: read it raw. */
async function exportCsv(
  t: TestApp,
  query: Record<string, string | number>,
  options: { token: string; acceptLanguage?: string },
): Promise<CsvResponse> {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))
  const response = await t.app.inject({
    method: 'GET',
    url: `${contract.exportUsageCsv.path}?${search}`,
    headers: {
      authorization: `Bearer ${options.token}`,
      ...(options.acceptLanguage ? { 'accept-language': options.acceptLanguage } : {}),
    },
  })
  const bytes = response.rawPayload
  const text = bytes.toString('utf8')
  return {
    status: response.statusCode,
    headers: response.headers,
    bytes,
    text,
    lines: text
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .slice(0, -1),
  }
}

/** A GET for the loops that try one query on many endpoints (the typed `call` wants one endpoint). */
async function ask(t: TestApp, endpoint: EndpointSpec, query: Record<string, string>, token?: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `${endpoint.path}?${new URLSearchParams(query)}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
  const isJson = String(response.headers['content-type']).startsWith('application/json')
  return { status: response.statusCode, body: isJson ? (response.json() as unknown) : response.body }
}

const ev = (event: UsageEvent): UsageEvent => event
const iso = (ms: number) => new Date(ms).toISOString()

describe('usage ingestion', async () => {
  const t = await useTestApp()
  const gatewayToken = t.config.gatewayToken

  describe('who may report', () => {
    const events = [
      ev({ key: `mk_${'q'.repeat(40)}`, service: 'GEOCODE', at: NOW, count: 1, status: 200, latency_ms: 1 }),
    ]

    it('refuses a call without a token (401), and a customer’s or an administrator’s token (403)', async () => {
      const before = await footprint(t)
      const anonymous = await report(t, 'auth-1', events, { token: null })
      expect(anonymous.status).toBe(401)
      expect(errorEnvelope(anonymous.body).error_code).toBe('401')
      const customer = await customerOf(t, 'auth')
      const admin = await userWithToken(t, ['admin'])
      for (const token of [customer.token, admin.token, `${gatewayToken}x`]) {
        const res = await report(t, 'auth-1', events, { token })
        expect(res.status).toBe(403)
        expect(errorEnvelope(res.body).error_code).toBe('FORBIDDEN')
      }
      expect(await footprint(t)).toEqual(before)
    })

    it('answers the gateway token', async () => {
      const res = await report(t, 'auth-2', events)
      expect(res.status).toBe(200)
      expect(res.body).toEqual({
        status: 'success',
        message: 'Usage recorded',
        error_code: null,
        data: {
          batch_id: 'auth-2',
          replayed: false,
          accepted: 0,
          unclassified: 0,
          rejected: { unknown_key: 1, out_of_range: 0 },
        },
      })
    })
  })

  describe('events', () => {
    const ODD_PATH = '/api/v1/nowhere?q="Hà Nội"&x=a\\b'
    it('counts events named by key or key_id, by service or path, and refuses unknown keys and times out of range', async () => {
      const { user, token } = await customerOf(t, 'events')
      const key = await newKey(t, token)
      const oldest = NOW - 400 * DAY
      const newest = NOW + 5 * 60_000
      const res = await recorded(t, 'events-1', [
        ev({ key: key.key, service: 'GEOCODE', at: '2026-11-02T07:10:00Z', count: 3, status: 200, latency_ms: 40 }),
        // No count: one request. The time as epoch milliseconds.
        ev({
          key_id: key.id,
          path: '/api/v1/geocode/reverse?latlng=21.03,105.85',
          at: Date.parse('2026-11-02T07:20:00Z'),
          status: 200,
          latency_ms: 60,
        }),
        // A path no rate setting knows: counted as UNCLASSIFIED. The time with an offset (07:30 UTC).
        // Quotes, a backslash and Vietnamese in its query are logged as they came.
        ev({
          key_id: key.id,
          path: ODD_PATH,
          at: '2026-11-02T14:30:00+07:00',
          count: 2,
          status: 404,
          latency_ms: 5,
        }),
        ev({
          key_id: key.id,
          path: '/map/v1/tiles/1/2/3.pbf',
          at: '2026-11-02T07:59:59.999Z',
          count: 4,
          status: 304,
          latency_ms: 0,
        }),
        // The edges of the accepted window are inside it.
        ev({ key: key.key, service: 'GEOCODE', at: iso(newest), count: 1, status: 503, latency_ms: 900 }),
        ev({ key: key.key, service: 'GEOCODE', at: oldest, count: 1, status: 200, latency_ms: 10 }),
        // Not counted.
        ev({ key: `mk_${'z'.repeat(40)}`, service: 'GEOCODE', at: NOW, count: 7, status: 200, latency_ms: 1 }),
        ev({ key_id: `key_${'0'.repeat(26)}`, service: 'GEOCODE', at: NOW, count: 7, status: 200, latency_ms: 1 }),
        ev({ key: key.key, service: 'GEOCODE', at: oldest - 1, count: 7, status: 200, latency_ms: 1 }),
        ev({ key: key.key, service: 'GEOCODE', at: iso(newest + 1), count: 7, status: 200, latency_ms: 1 }),
      ])
      expect(res).toEqual({
        batch_id: 'events-1',
        replayed: false,
        accepted: 6,
        unclassified: 1,
        rejected: { unknown_key: 2, out_of_range: 2 },
      })

      expect(await hourlyOf(t, key.id)).toEqual([
        ['2025-09-28T08:00:00.000Z', 'GEOCODE', 1, 1, 0, 0, 10, 10],
        ['2026-11-02T07:00:00.000Z', 'GEOCODE', 3, 3, 0, 0, 120, 40],
        ['2026-11-02T07:00:00.000Z', 'LOAD_MAP', 4, 4, 0, 0, 0, 0],
        ['2026-11-02T07:00:00.000Z', 'REVERSE_GEOCODE', 1, 1, 0, 0, 60, 60],
        ['2026-11-02T07:00:00.000Z', 'UNCLASSIFIED', 2, 0, 2, 0, 10, 5],
        ['2026-11-02T08:00:00.000Z', 'GEOCODE', 1, 0, 0, 1, 900, 900],
      ])
      expect(await dailyOf(t, key.id)).toEqual([
        ['2025-09-28', user.id, 'GEOCODE', 1, 1, 0, 0, 10],
        ['2026-11-02', user.id, 'GEOCODE', 4, 3, 0, 1, 1020],
        ['2026-11-02', user.id, 'LOAD_MAP', 4, 4, 0, 0, 0],
        ['2026-11-02', user.id, 'REVERSE_GEOCODE', 1, 1, 0, 0, 60],
        ['2026-11-02', user.id, 'UNCLASSIFIED', 2, 0, 2, 0, 10],
      ])
      // The recent-requests log, oldest first: the path as reported, the service as classified.
      const ring = await ringOf(t, user.id)
      expect(
        ring.map((r) => [r.seq, r.keyId, r.service, r.path, r.at.toISOString(), r.status, r.latencyMs, r.count]),
      ).toEqual([
        [0, key.id, 'GEOCODE', null, '2025-09-28T08:00:00.000Z', 200, 10, 1],
        [1, key.id, 'GEOCODE', null, '2026-11-02T07:10:00.000Z', 200, 40, 3],
        [
          2,
          key.id,
          'REVERSE_GEOCODE',
          '/api/v1/geocode/reverse?latlng=21.03,105.85',
          '2026-11-02T07:20:00.000Z',
          200,
          60,
          1,
        ],
        [3, key.id, 'UNCLASSIFIED', ODD_PATH, '2026-11-02T07:30:00.000Z', 404, 5, 2],
        [4, key.id, 'LOAD_MAP', '/map/v1/tiles/1/2/3.pbf', '2026-11-02T07:59:59.999Z', 304, 0, 4],
        [5, key.id, 'GEOCODE', null, '2026-11-02T08:05:00.000Z', 503, 900, 1],
      ])
      const [batch] = await t.ctx.db.select().from(usageBatches).where(eq(usageBatches.batchId, 'events-1'))
      expect(batch).toMatchObject({ accepted: 6, unclassified: 1, unknownKey: 2, outOfRange: 2 })
    })

    it('records a batch of nothing but unknown keys, so that its replay is recognised', async () => {
      const events = [
        ev({ key_id: `key_${'1'.repeat(26)}`, service: 'TRIP', at: NOW, count: 1, status: 200, latency_ms: 1 }),
      ]
      expect(await recorded(t, 'unknown-only', events)).toMatchObject({ replayed: false, accepted: 0 })
      expect(await recorded(t, 'unknown-only', events)).toMatchObject({ replayed: true, accepted: 0 })
    })

    it('still counts usage of a deleted key: it was served', async () => {
      const { user, token } = await customerOf(t, 'deleted')
      const key = await newKey(t, token)
      const deleted = await call(t, contract.deleteKey, { params: { id: key.id }, body: {} }, { token })
      expect(deleted.status).toBe(200)
      const res = await recorded(t, 'deleted-1', [
        ev({ key: key.key, service: 'DIRECTION', at: NOW - HOUR, count: 2, status: 200, latency_ms: 30 }),
        ev({ key_id: key.id, service: 'DIRECTION', at: NOW - HOUR, count: 3, status: 200, latency_ms: 30 }),
      ])
      expect(res).toMatchObject({ accepted: 2, rejected: { unknown_key: 0, out_of_range: 0 } })
      expect(await hourlyOf(t, key.id)).toEqual([['2026-11-02T07:00:00.000Z', 'DIRECTION', 5, 5, 0, 0, 150, 30]])
      expect((await ringOf(t, user.id)).map((r) => r.count)).toEqual([2, 3])
    })

    it('attributes a rolled key’s previous secret, and its new one, to the key', async () => {
      const { token } = await customerOf(t, 'rolled')
      const key = await newKey(t, token)
      // The gateway has checked the old secret, so it sits in the key cache too.
      const verified = await call(
        t,
        contract.gatewayVerify,
        { body: { key: key.key, service: 'GEOCODE' } },
        { token: gatewayToken },
      )
      expect(verified.body.data).toMatchObject({ allowed: true, key_id: key.id })
      const rolled = await call(t, contract.rollKey, { params: { id: key.id }, body: { grace_hours: 24 } }, { token })
      expect(rolled.status).toBe(200)
      const fresh = rolled.body.data.key
      expect(fresh).not.toBe(key.key)
      const res = await recorded(t, 'rolled-1', [
        ev({ key: key.key, service: 'GEOCODE', at: NOW - 10_000, count: 1, status: 200, latency_ms: 10 }),
        ev({ key: fresh, service: 'GEOCODE', at: NOW - 5_000, count: 2, status: 200, latency_ms: 10 }),
      ])
      expect(res).toMatchObject({ accepted: 2, rejected: { unknown_key: 0, out_of_range: 0 } })
      expect(await hourlyOf(t, key.id)).toEqual([['2026-11-02T07:00:00.000Z', 'GEOCODE', 3, 3, 0, 0, 30, 10]])
    })
  })

  describe('validation', async () => {
    // A real key, so that an event let through by mistake would be counted and show in the footprint.
    const { token } = await customerOf(t, 'validation')
    const key = await newKey(t, token)
    const valid = ev({ key_id: key.id, service: 'GEOCODE', at: NOW, count: 1, status: 200, latency_ms: 1 })
    const base = { key: key.key, service: 'GEOCODE' as ServiceType, at: NOW, count: 1, status: 200, latency_ms: 1 }

    it.each<[string, Record<string, unknown>, string, string | null]>([
      [
        'both key and key_id',
        { ...base, key_id: `key_${'3'.repeat(26)}` },
        'events.1.key',
        'Chỉ cung cấp key hoặc key_id, không cả hai',
      ],
      [
        'neither key nor key_id',
        { ...base, key: undefined },
        'events.1.key',
        'Chỉ cung cấp key hoặc key_id, không cả hai',
      ],
      [
        'neither service nor path',
        { ...base, service: undefined },
        'events.1.service',
        'Cần cung cấp service hoặc path',
      ],
      ['status 99', { ...base, status: 99 }, 'events.1.status', 'events.1.status phải từ 100 trở lên'],
      ['status 600', { ...base, status: 600 }, 'events.1.status', null],
      ['a service no one knows', { ...base, service: 'TELEPORT' }, 'events.1.service', null],
      ['count 0', { ...base, count: 0 }, 'events.1.count', 'events.1.count phải từ 1 trở lên'],
      ['a negative latency', { ...base, latency_ms: -1 }, 'events.1.latency_ms', null],
      ['an unknown field', { ...base, user_id: 'usr_x' }, 'events.1.user_id', null],
      ['`at` as words', { ...base, at: 'yesterday' }, 'events.1.at', 'events.1.at không hợp lệ'],
      ['`at` without an offset', { ...base, at: '2026-11-02T07:00:00' }, 'events.1.at', 'events.1.at không hợp lệ'],
      ['`at` negative', { ...base, at: -1 }, 'events.1.at', 'events.1.at phải từ 0 trở lên'],
      ['`at` with a fraction of a millisecond', { ...base, at: 1.5 }, 'events.1.at', 'events.1.at không hợp lệ'],
      ['`at` in month 13', { ...base, at: '2026-13-01T00:00:00Z' }, 'events.1.at', 'events.1.at không hợp lệ'],
      ['`at` on February 30', { ...base, at: '2026-02-30T10:00:00Z' }, 'events.1.at', 'events.1.at không hợp lệ'],
      ['`at` at hour 25', { ...base, at: '2026-11-01T25:00:00Z' }, 'events.1.at', 'events.1.at không hợp lệ'],
    ])('refuses %s with 400 in the caller’s language, and writes nothing', async (label, bad, field, message) => {
      const before = await footprint(t)
      const batchId = `invalid-${label}`
      const res = await report(t, batchId, [valid, bad as UsageEvent], { lang: 'vi' })
      expect(res.status, JSON.stringify(res.body)).toBe(400)
      const error = errorEnvelope(res.body)
      expect(error.error_code).toBe('VALIDATION')
      if (message) expect(error.message).toBe(message)
      expect(Object.keys(fieldsOf(error))).toContain(field)
      expect(await footprint(t)).toEqual(before)
      expect(await t.ctx.db.select().from(usageBatches).where(eq(usageBatches.batchId, batchId))).toEqual([])
    })

    it('refuses a batch without events or without an id', async () => {
      const before = await footprint(t)
      const empty = await report(t, 'empty', [])
      expect(empty.status).toBe(400)
      expect(errorEnvelope(empty.body).error_code).toBe('VALIDATION')
      const noId = await report(t, '', [valid])
      expect(noId.status).toBe(400)
      expect(await footprint(t)).toEqual(before)
    })
  })

  describe('idempotence', () => {
    it('counts a batch once: the same batch again is a replay with the same numbers', async () => {
      const { token } = await customerOf(t, 'replay')
      const key = await newKey(t, token)
      const events = [
        ev({ key: key.key, service: 'GEOCODE', at: NOW - HOUR, count: 5, status: 200, latency_ms: 10 }),
        ev({ key: 'mk_unknown', service: 'GEOCODE', at: NOW - HOUR, count: 1, status: 200, latency_ms: 10 }),
        ev({ key: key.key, path: '/nowhere', at: NOW - HOUR, count: 1, status: 200, latency_ms: 10 }),
      ]
      const first = await report(t, 'replay-1', events)
      expect(first.body.message).toBe('Usage recorded')
      const numbers = {
        batch_id: 'replay-1',
        accepted: 2,
        unclassified: 1,
        rejected: { unknown_key: 1, out_of_range: 0 },
      }
      expect(first.body.data).toEqual({ ...numbers, replayed: false })
      const after = await footprint(t)

      const again = await report(t, 'replay-1', events)
      expect(again.status).toBe(200)
      expect(again.body.message).toBe('This batch was recorded before; nothing was counted again')
      expect(again.body.data).toEqual({ ...numbers, replayed: true })
      // Even with other events under the same id: the id decides.
      const changed = await report(t, 'replay-1', [{ ...events[0], count: 1000 } as UsageEvent])
      expect(changed.body.data).toEqual({ ...numbers, replayed: true })
      expect(await footprint(t)).toEqual(after)
      expect(await hourlyOf(t, key.id)).toEqual([
        ['2026-11-02T07:00:00.000Z', 'GEOCODE', 5, 5, 0, 0, 50, 10],
        ['2026-11-02T07:00:00.000Z', 'UNCLASSIFIED', 1, 1, 0, 0, 10, 10],
      ])
    })

    it('counts the same batch posted five times at once exactly once, and says so once', async () => {
      const { user, token } = await customerOf(t, 'concurrent')
      const key = await newKey(t, token)
      const events = [
        ev({ key: key.key, service: 'GEOCODE', at: NOW - 2 * HOUR, count: 3, status: 200, latency_ms: 10 }),
        ev({ key_id: key.id, service: 'LOAD_MAP', at: NOW - 2 * HOUR, count: 4, status: 200, latency_ms: 10 }),
      ]
      const answers = await Promise.all(Array.from({ length: 5 }, () => report(t, 'same-batch', events)))
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200])
      expect(answers.filter((a) => a.body.data.replayed === false)).toHaveLength(1)
      for (const answer of answers) {
        expect(answer.body.data).toMatchObject({ batch_id: 'same-batch', accepted: 2, unclassified: 0 })
      }
      expect(await hourlyOf(t, key.id)).toEqual([
        ['2026-11-02T06:00:00.000Z', 'GEOCODE', 3, 3, 0, 0, 30, 10],
        ['2026-11-02T06:00:00.000Z', 'LOAD_MAP', 4, 4, 0, 0, 40, 10],
      ])
      expect(await ringOf(t, user.id)).toHaveLength(2)
    })

    it('counts different batches for the same keys and hour posted at once, each in full', async () => {
      const { user, token } = await customerOf(t, 'parallel')
      const keys = [await newKey(t, token, 'One'), await newKey(t, token, 'Two')]
      const services: ServiceType[] = ['GEOCODE', 'LOAD_MAP', 'DIRECTION', 'TRIP', 'AUTOCOMPLETE', 'STATIC_MAP']
      const at = Date.parse('2026-10-05T10:30:00Z')
      const dayBefore = await t.ctx.db.select().from(usageDailyAll).where(eq(usageDailyAll.day, '2026-10-05'))
      expect(dayBefore).toEqual([])
      // Eight batches touching the same counter rows in different orders.
      const batches = Array.from({ length: 8 }, (_, b) => {
        const events = keys.flatMap((key) =>
          services.map((service) => ev({ key_id: key.id, service, at, count: b + 1, status: 200, latency_ms: b })),
        )
        if (b % 2 === 1) events.reverse()
        else events.push(...events.splice(0, b))
        return events
      })
      const answers = await Promise.all(batches.map((events, b) => report(t, `parallel-${b}`, events)))
      expect(answers.map((a) => [a.status, a.body.data?.accepted])).toEqual(batches.map(() => [200, 12]))
      // 1 + 2 + … + 8 = 36 per key and service.
      for (const key of keys) {
        expect(await hourlyOf(t, key.id)).toEqual(
          [...services].sort().map((service) => ['2026-10-05T10:00:00.000Z', service, 36, 36, 0, 0, 168, 7]),
        )
      }
      const day = await t.ctx.db.select().from(usageDailyAll).where(eq(usageDailyAll.day, '2026-10-05'))
      expect(day.map((r) => [r.service, r.hits]).sort()).toEqual([...services].sort().map((s) => [s, 72]))
      const ring = await ringOf(t, user.id)
      expect(ring.map((r) => r.seq)).toEqual(Array.from({ length: 96 }, (_, i) => i))
      expect(ring.reduce((sum, r) => sum + r.count, 0)).toBe(2 * 6 * 36)
    })
  })

  describe('counters folded after the batch', () => {
    it('leaves nothing pending once a batch is answered, and the counters hold it', async () => {
      const { token } = await customerOf(t, 'fold-clean')
      const key = await newKey(t, token)
      await recorded(t, 'fold-clean', [
        ev({ key: key.key, service: 'GEOCODE', at: NOW - HOUR, count: 2, status: 200, latency_ms: 7 }),
      ])
      expect((await footprint(t)).pending).toBe(0)
      expect(await hourlyOf(t, key.id)).toEqual([['2026-11-02T07:00:00.000Z', 'GEOCODE', 2, 2, 0, 0, 14, 7]])
    })

    it('folds a small batch that touches every lane in one transaction, a large one lane by lane', async () => {
      // One key in each lane: users are put in lanes by a hash of their random id.
      const keys = new Map<number, NewKey>()
      for (let i = 0; keys.size < FOLD_LANES && i < 64; i++) {
        const { user, token } = await customerOf(t, `fold-lanes-${i}`)
        if (!keys.has(laneOf(user.id))) keys.set(laneOf(user.id), await newKey(t, token))
      }
      expect(keys.size).toBe(FOLD_LANES)
      const batch = (events: number, service: ServiceType) =>
        Array.from({ length: events }, (_, i) =>
          ev({
            key: [...keys.values()][i % FOLD_LANES]?.key ?? '',
            service,
            at: NOW - HOUR,
            count: 1,
            status: 200,
            latency_ms: 4,
          }),
        )
      const transactions = vi.spyOn(t.ctx.db, 'transaction')
      try {
        // A gateway's batch of a few events: the batch's own transaction, then one fold of the four lanes
        // (four folds cost the database a quarter more: bench/README.md "Small batches: one fold, not four").
        await recorded(t, 'fold-lanes-small', batch(8, 'TRIP'))
        expect(transactions).toHaveBeenCalledTimes(2)
        transactions.mockClear()
        // Over 2,000 events: a fold per lane, so that batches in flight fold different lanes side by side.
        await recorded(t, 'fold-lanes-large', batch(2_004, 'STATIC_MAP'))
        expect(transactions).toHaveBeenCalledTimes(1 + FOLD_LANES)
      } finally {
        transactions.mockRestore()
      }
      expect((await footprint(t)).pending).toBe(0)
      for (const key of keys.values()) {
        expect(await hourlyOf(t, key.id)).toEqual([
          ['2026-11-02T07:00:00.000Z', 'STATIC_MAP', 501, 501, 0, 0, 2004, 4],
          ['2026-11-02T07:00:00.000Z', 'TRIP', 2, 2, 0, 0, 8, 4],
        ])
      }
      // Everyone's daily counters keep a row per lane, also when the lanes are folded together.
      const everyone = await t.ctx.db
        .select({ lane: usageDailyAll.lane, hits: usageDailyAll.hits })
        .from(usageDailyAll)
        .where(and(eq(usageDailyAll.service, 'TRIP'), eq(usageDailyAll.day, '2026-11-02')))
      expect(new Set(everyone.map((row) => row.lane))).toEqual(new Set([0, 1, 2, 3]))
    })

    it('counts batches left pending by a crash between the commit and the fold once, through the usage-fold job', async () => {
      const { user, token } = await customerOf(t, 'fold-lost')
      const key = await newKey(t, token)
      await recorded(t, 'fold-lost-1', [
        ev({ key: key.key, service: 'DIRECTION', at: NOW - 3 * HOUR, count: 1, status: 200, latency_ms: 50 }),
      ])
      // What two batches' transactions leave when the process dies before their folds: per lane, the
      // batch's per-hour sums and its requests per user.
      const at = Date.parse('2026-11-02T05:10:00Z')
      const pending = (counts: number[], ok: number, latencySum: number, latencyMax: number) => {
        const hits = counts.reduce((total, count) => total + count, 0)
        const sums = { k: key.id, u: user.id, s: 'DIRECTION', h: Math.floor(at / HOUR), a: hits, b: ok }
        return {
          sums: JSON.stringify([{ ...sums, c: hits - ok, d: 0, e: latencySum, f: latencyMax }]),
          log: JSON.stringify([
            {
              u: user.id,
              n: counts.length,
              fa: at,
              la: at + counts.length - 1,
              e: counts.map((count, i) => [at + i, key.id, 'DIRECTION', '/route', i === 0 ? 200 : 404, 10, count]),
            },
          ]),
        }
      }
      const first = pending([3, 1], 3, 400, 120)
      const second = pending([2], 2, 60, 30)
      await t.ctx.db.execute(sql`
        insert into usage_pending (lane, sums, log)
        values (0, ${first.sums}, ${first.log}), (3, ${second.sums}, ${second.log})`)
      const before = await footprint(t)
      expect(before.pending).toBe(2)
      const job = jobOf(t.ctx, 'usage-fold')
      expect(job.cron).toBe('* * * * *')
      expect(await job.run()).toEqual({ folded: 2 })
      expect(await job.run()).toEqual({ folded: 0 })
      const after = await footprint(t)
      expect(after.pending).toBe(0)
      for (const table of ['hourly', 'daily', 'daily_all'] as const) expect(after[table]).toBe((before[table] ?? 0) + 6)
      expect(after.cursors).toBe((before.cursors ?? 0) + 3)
      expect(await hourlyOf(t, key.id)).toEqual([['2026-11-02T05:00:00.000Z', 'DIRECTION', 7, 6, 1, 0, 510, 120]])
      // The log numbers the folded batches' requests after the first batch's, in the order they committed.
      const ring = await ringOf(t, user.id)
      expect(ring.map((r) => [r.seq, r.count, r.status])).toEqual([
        [0, 1, 200],
        [1, 3, 200],
        [2, 1, 404],
        [3, 2, 200],
      ])
    })
  })

  describe('daily counters rolled up by a job', () => {
    /** A key's rows in usage_daily itself, [day, service, hits]. */
    async function rolledOf(t: TestApp, keyId: string) {
      const rows = await t.ctx.db
        .select()
        .from(usageDaily)
        .where(eq(usageDaily.keyId, keyId))
        .orderBy(asc(usageDaily.day), asc(usageDaily.service))
      return rows.map((r) => [r.day, r.service, r.hits])
    }
    const rollUp = (t: TestApp) => jobOf(t.ctx, 'usage-rollup').run()
    const billingUsage = async (t: TestApp, token: string) =>
      (await call(t, contract.billingUsage, { query: { start_date: '2026-10-29', end_date: '2026-11-02' } }, { token }))
        .body.data

    it('moves closed days before yesterday into usage_daily, and every reader sees the same figures before and after', async () => {
      const { token } = await customerOf(t, 'rollup')
      const key = await newKey(t, token)
      const days = ['2026-10-30T10:00:00Z', '2026-10-31T23:30:00Z', '2026-11-01T05:00:00Z', '2026-11-02T07:00:00Z']
      await recorded(
        t,
        'rollup-1',
        days.flatMap((at, i) => [
          ev({ key: key.key, service: 'GEOCODE', at: Date.parse(at), count: i + 1, status: 200, latency_ms: 5 }),
          ev({ key: key.key, service: 'LOAD_MAP', at: Date.parse(at) + 60_000, count: 10, status: 200, latency_ms: 5 }),
        ]),
      )
      const daily = await dailyOf(t, key.id)
      const billed = await billingUsage(t, token)
      const before = await footprint(t)
      expect(daily.map((r) => [r[0], r[2], r[3]])).toEqual([
        ['2026-10-30', 'GEOCODE', 1],
        ['2026-10-30', 'LOAD_MAP', 10],
        ['2026-10-31', 'GEOCODE', 2],
        ['2026-10-31', 'LOAD_MAP', 10],
        ['2026-11-01', 'GEOCODE', 3],
        ['2026-11-01', 'LOAD_MAP', 10],
        ['2026-11-02', 'GEOCODE', 4],
        ['2026-11-02', 'LOAD_MAP', 10],
      ])
      // Nothing rolled up yet on a new database: the fold wrote the hourly counters only.
      expect(await rolledOf(t, key.id)).toEqual([])

      expect(await rollUp(t)).toMatchObject({ hourlyFrom: '2026-11-01' })
      expect(await rolledOf(t, key.id)).toEqual([
        ['2026-10-30', 'GEOCODE', 1],
        ['2026-10-30', 'LOAD_MAP', 10],
        ['2026-10-31', 'GEOCODE', 2],
        ['2026-10-31', 'LOAD_MAP', 10],
      ])
      expect(await dailyOf(t, key.id)).toEqual(daily)
      expect(await billingUsage(t, token)).toEqual(billed)
      expect(await footprint(t)).toEqual(before)
      // Again: nothing left to roll up, nothing counted twice.
      expect(await rollUp(t)).toEqual({ rows: 0, hourlyFrom: '2026-11-01' })
      expect(await dailyOf(t, key.id)).toEqual(daily)
    })

    it('counts usage reported late for a rolled-up day straight into usage_daily, once', async () => {
      const { token } = await customerOf(t, 'rollup-late')
      const key = await newKey(t, token)
      await rollUp(t)
      await recorded(t, 'rollup-late-1', [
        ev({
          key: key.key,
          service: 'DIRECTION',
          at: Date.parse('2026-10-30T12:00:00Z'),
          count: 3,
          status: 200,
          latency_ms: 9,
        }),
        ev({
          key: key.key,
          service: 'DIRECTION',
          at: Date.parse('2026-11-01T12:00:00Z'),
          count: 4,
          status: 200,
          latency_ms: 9,
        }),
      ])
      expect(await rolledOf(t, key.id)).toEqual([['2026-10-30', 'DIRECTION', 3]])
      expect((await dailyOf(t, key.id)).map((r) => [r[0], r[2], r[3]])).toEqual([
        ['2026-10-30', 'DIRECTION', 3],
        ['2026-11-01', 'DIRECTION', 4],
      ])
      expect(await hourlyOf(t, key.id)).toHaveLength(2)
    })

    // A fold reads the mark and writes under its lane's lock; a roll-up that did not wait for every
    // lane could move the mark past hours a running fold is about to write to usage_hourly only.
    // Needs a second connection, so PostgreSQL only (the embedded database runs one at a time).
    it.runIf(t.ctx.database.kind === 'postgres')('waits for a fold in progress before it moves the mark', async () => {
      let release = () => {}
      const held = new Promise<void>((resolve) => {
        release = resolve
      })
      let taken = () => {}
      const lockTaken = new Promise<void>((resolve) => {
        taken = resolve
      })
      const fold = t.ctx.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${FOLD_LOCK + 2})`)
        taken()
        await held
      })
      await lockTaken
      let finished = false
      const rolling = rollUp(t).then(() => {
        finished = true
      })
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(finished).toBe(false)
      release()
      await fold
      await rolling
      expect(finished).toBe(true)
    })

    it('loses and doubles nothing when the roll-up runs while batches are recorded', async () => {
      const { token } = await customerOf(t, 'rollup-race')
      const key = await newKey(t, token)
      // A later clock: yesterday is 2026-11-03, so 2026-11-01 and 2026-11-02 are rolled up meanwhile.
      const later = { ...t.ctx, clock: { now: () => new Date('2026-11-04T01:00:00Z') } } as typeof t.ctx
      const job = jobOf(later, 'usage-rollup')
      const batches = Array.from({ length: 6 }, (_, b) =>
        ['2026-11-01T03:00:00Z', '2026-11-02T03:00:00Z'].map((at) =>
          ev({ key: key.key, service: 'TRIP', at: Date.parse(at) + b, count: b + 1, status: 200, latency_ms: 1 }),
        ),
      )
      await Promise.all([...batches.map((events, b) => recorded(t, `rollup-race-${b}`, events)), job.run()])
      // 1 + 2 + … + 6 = 21 on each day, whichever side of the roll-up each batch fell.
      expect((await dailyOf(t, key.id)).map((r) => [r[0], r[2], r[3]])).toEqual([
        ['2026-11-01', 'TRIP', 21],
        ['2026-11-02', 'TRIP', 21],
      ])
      await job.run()
      expect(await rolledOf(t, key.id)).toEqual([
        ['2026-11-01', 'TRIP', 21],
        ['2026-11-02', 'TRIP', 21],
      ])
      expect((await dailyOf(t, key.id)).map((r) => [r[0], r[2], r[3]])).toEqual([
        ['2026-11-01', 'TRIP', 21],
        ['2026-11-02', 'TRIP', 21],
      ])
    })
  })

  describe('big batches', () => {
    it('accepts 100,000 events in one call and counts them exactly', async () => {
      const { user, token } = await customerOf(t, 'big')
      const key = await newKey(t, token)
      const services: ServiceType[] = ['GEOCODE', 'LOAD_MAP', 'DIRECTION', 'AUTOCOMPLETE']
      const start = Date.parse('2026-10-10T00:00:00Z')
      const n = contract.MAX_USAGE_BATCH
      const expected = new Map<string, number>()
      const parts: string[] = []
      for (let i = 0; i < n; i++) {
        // 700 ms apart: 100,000 events span 20 hours, newest last.
        const at = start + i * 700
        const service = services[i % 4] as ServiceType
        const count = 1 + (i % 3)
        const hour = iso(at - (at % HOUR))
        expected.set(`${hour} ${service}`, (expected.get(`${hour} ${service}`) ?? 0) + count)
        parts.push(
          i % 2 === 0
            ? `{"key_id":"${key.id}","service":"${service}","at":${at},"count":${count},"status":200,"latency_ms":${i % 100}}`
            : `{"key":"${key.key}","service":"${service}","at":"${iso(at)}","count":${count},"status":200,"latency_ms":${i % 100}}`,
        )
      }
      const response = await t.app.inject({
        method: 'POST',
        url: contract.gatewayUsage.path,
        headers: { authorization: `Bearer ${gatewayToken}`, 'content-type': 'application/json' },
        payload: `{"batch_id":"big-1","events":[${parts.join(',')}]}`,
      })
      expect(response.statusCode, response.body.slice(0, 300)).toBe(200)
      expect(response.json().data).toEqual({
        batch_id: 'big-1',
        replayed: false,
        accepted: n,
        unclassified: 0,
        rejected: { unknown_key: 0, out_of_range: 0 },
      })
      const hourly = await hourlyOf(t, key.id)
      expect(hourly).toHaveLength(expected.size)
      expect(new Map(hourly.map((r) => [`${r[0]} ${r[1]}`, r[2]]))).toEqual(expected)
      // 1 + 2 + 3 repeated: 33,333 × 6 + 1 (the last event, i = 99,999, counts 1).
      expect(hourly.reduce((sum, r) => sum + Number(r[2]), 0)).toBe(199_999)
      const [daily] = await queryRows<{ hits: string | number }>(
        t.ctx.db,
        sql`select sum(hits)::int8 as hits from usage_daily_live where key_id = ${key.id}`,
      )
      expect(Number(daily?.hits)).toBe(199_999)
      // Only the newest 10,000 reach the recent-requests log.
      const ring = await ringOf(t, user.id)
      expect(ring).toHaveLength(10_000)
      expect(ring[0]?.at.toISOString()).toBe(iso(start + 90_000 * 700))
      expect(ring.at(-1)?.at.toISOString()).toBe(iso(start + 99_999 * 700))
    }, 60_000)

    it('keeps only the newest 10,000 requests per user, across batches and within one', async () => {
      const start = Date.parse('2026-11-01T00:00:00Z')
      const eventsOf = (key: NewKey, from: number, to: number) =>
        Array.from({ length: to - from }, (_, j) =>
          ev({
            key_id: key.id,
            path: `/api/v1/geocode?i=${from + j}`,
            at: start + (from + j) * 1000,
            count: 1,
            status: 200,
            latency_ms: 1,
          }),
        )
      const across = await customerOf(t, 'ring-across')
      const acrossKey = await newKey(t, across.token)
      await recorded(t, 'ring-across-1', eventsOf(acrossKey, 0, 10_000))
      await recorded(t, 'ring-across-2', eventsOf(acrossKey, 10_000, 10_050))
      const within = await customerOf(t, 'ring-within')
      const withinKey = await newKey(t, within.token)
      await recorded(t, 'ring-within-1', eventsOf(withinKey, 0, 10_050))

      for (const [who, key] of [
        [across, acrossKey],
        [within, withinKey],
      ] as const) {
        const count = await call(t, contract.recentRequestsCount, {}, { token: who.token })
        expect(count.body.data).toEqual({ count: 10_000, exportable: 10_000 })
        const page = await call(t, contract.recentRequests, { query: { pageSize: 2 } }, { token: who.token })
        expect(page.body.data.items.map((r) => r.path)).toEqual(['/api/v1/geocode?i=10049', '/api/v1/geocode?i=10048'])
        // Every one of the 10,050 was counted, although only 10,000 are listed.
        const perMonth = await call(t, contract.hitsOneUserPerMonth, {}, { token: who.token })
        expect(perMonth.body.data.api_requests.this_month).toBe(10_050)

        const csv = await exportCsv(t, {}, { token: who.token })
        expect(csv.status).toBe(200)
        expect(csv.lines).toHaveLength(1 + 10_000)
        expect(csv.lines[1]).toContain(',/api/v1/geocode?i=10049,')
        expect(csv.lines.at(-1)).toBe(
          `2026-11-01T00:00:50.000Z,Usage test,${key.id},GEOCODE,/api/v1/geocode?i=50,200,1,1`,
        )
        expect(csv.text).not.toContain('?i=49,')
        const tooMany = await exportCsv(t, { size: 10_001 }, { token: who.token })
        expect(tooMany.status).toBe(400)
        const tail = await exportCsv(t, { from: 9_998 }, { token: who.token })
        expect(tail.lines.slice(1).map((line) => line.split(',')[4])).toEqual([
          '/api/v1/geocode?i=51',
          '/api/v1/geocode?i=50',
        ])
      }
    }, 60_000)
  })
})

describe('usage statistics', async () => {
  const t = await useTestApp()
  const admin = await userWithToken(t, ['admin'])
  const support = await userWithToken(t, ['support'])
  const alice = await customerOf(t, 'alice', { createdAt: new Date('2026-10-01T10:00:00Z') })
  const bob = await customerOf(t, 'bob', { createdAt: new Date('2026-10-20T00:00:00Z') })
  const carol = await customerOf(t, 'carol')
  await setUser(t, bob.user.id, { firstName: 'Roberto' })

  const a1 = await newKey(t, alice.token, 'Shop, "main"')
  const a2 = await newKey(t, alice.token, 'Mobile app')
  const a3 = await newKey(t, alice.token, 'Unused')
  const a4 = await newKey(t, alice.token, 'Gone')
  const b1 = await newKey(t, bob.token, 'Bob web')
  const b2 = await newKey(t, bob.token, 'Bob suspended')
  const c1 = await newKey(t, carol.token, 'Carol one')
  const c2 = await newKey(t, carol.token, 'Carol gone')
  const EVIL_PATH = '=HYPERLINK("http://evil.test","x")'

  const seed = await recorded(t, 'seed', [
    ev({ key: a1.key, service: 'GEOCODE', at: '2026-11-02T06:15:00Z', count: 5, status: 200, latency_ms: 100 }),
    ev({ key: a1.key, service: 'GEOCODE', at: '2026-11-02T07:45:00Z', count: 2, status: 500, latency_ms: 300 }),
    ev({
      key_id: a1.id,
      path: '/map/v1/tiles/5/25/14.pbf',
      at: '2026-11-02T07:05:00Z',
      count: 10,
      status: 200,
      latency_ms: 20,
    }),
    ev({
      key_id: a2.id,
      path: '/api/v1/directions?origin=a&destination=b',
      at: '2026-11-01T23:30:00Z',
      count: 4,
      status: 404,
      latency_ms: 50,
    }),
    ev({ key: a2.key, service: 'LOAD_MAP', at: '2026-11-01T12:00:00Z', count: 6, status: 200, latency_ms: 10 }),
    ev({ key: a1.key, service: 'GEOCODE', at: '2026-10-15T10:00:00Z', count: 7, status: 200, latency_ms: 100 }),
    ev({
      key_id: a2.id,
      path: '/api/v1/place/autocomplete?input=pho',
      at: '2026-10-31T23:59:59Z',
      count: 3,
      status: 200,
      latency_ms: 30,
    }),
    ev({ key: a1.key, service: 'LOAD_MAP', at: '2026-09-10T09:00:00Z', count: 8, status: 200, latency_ms: 20 }),
    ev({ key: a1.key, service: 'GEOCODE', at: '2026-01-20T09:00:00Z', count: 9, status: 200, latency_ms: 100 }),
    ev({ key: a1.key, service: 'TRIP', at: '2025-12-31T23:00:00Z', count: 1, status: 200, latency_ms: 100 }),
    ev({ key: a1.key, path: EVIL_PATH, at: '2026-11-02T05:00:00Z', count: 1, status: 404, latency_ms: 7 }),
    ev({ key: b1.key, service: 'GEOCODE', at: '2026-11-02T07:00:00Z', count: 100, status: 200, latency_ms: 10 }),
    ev({ key: b1.key, service: 'LOAD_MAP', at: '2026-10-20T00:00:00Z', count: 50, status: 200, latency_ms: 10 }),
    ev({ key: c1.key, service: 'STATIC_MAP', at: '2026-11-02T03:00:00Z', count: 30, status: 200, latency_ms: 15 }),
    ev({ key: c2.key, service: 'GEOCODE', at: '2026-11-01T10:00:00Z', count: 2, status: 200, latency_ms: 40 }),
  ])
  expect(seed).toMatchObject({ accepted: 15, unclassified: 1, rejected: { unknown_key: 0, out_of_range: 0 } })
  expect((await call(t, contract.deleteKey, { params: { id: a4.id }, body: {} }, { token: alice.token })).status).toBe(
    200,
  )
  expect((await call(t, contract.deleteKey, { params: { id: c2.id }, body: {} }, { token: carol.token })).status).toBe(
    200,
  )
  expect((await call(t, contract.suspendKey, { params: { id: b2.id } }, { token: admin.token })).status).toBe(200)

  const zeros = (n: number, at: Record<number, number> = {}) => Array.from({ length: n }, (_, i) => at[i] ?? 0)
  const days = (from: string, n: number) =>
    Array.from({ length: n }, (_, i) =>
      new Date(Date.parse(`${from}T00:00:00Z`) + i * DAY).toISOString().replace('.000Z', 'Z'),
    )

  type SeriesQuery = { start_at: string; end_at: string; perTime?: UsageUnit; key_id?: string }
  async function series(token: string, query: SeriesQuery) {
    const res = await call(t, contract.hitsOneUser, { query }, { token })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body.data
  }

  describe('hits-one-user', () => {
    it('counts per hour', async () => {
      expect(
        await series(alice.token, {
          start_at: '2026-11-02T05:00:00Z',
          end_at: '2026-11-02T08:00:00Z',
          perTime: 'hour',
        }),
      ).toEqual({
        unit: 'hour',
        buckets: ['2026-11-02T05:00:00Z', '2026-11-02T06:00:00Z', '2026-11-02T07:00:00Z'],
        series: [
          { service: 'LOAD_MAP', hits: [0, 0, 10] },
          { service: 'GEOCODE', hits: [0, 5, 2] },
          { service: 'UNCLASSIFIED', hits: [1, 0, 0] },
        ],
        totals: {
          api_requests: 8,
          map_loads: 10,
          by_service: [
            { service: 'LOAD_MAP', hits: 10 },
            { service: 'GEOCODE', hits: 7 },
            { service: 'UNCLASSIFIED', hits: 1 },
          ],
        },
      })
    })

    it('counts per day, a date-only end including that whole day', async () => {
      expect(await series(alice.token, { start_at: '2026-10-30', end_at: '2026-11-02', perTime: 'day' })).toEqual({
        unit: 'day',
        buckets: days('2026-10-30', 4),
        series: [
          { service: 'LOAD_MAP', hits: [0, 0, 6, 10] },
          { service: 'GEOCODE', hits: [0, 0, 0, 7] },
          { service: 'DIRECTION', hits: [0, 0, 4, 0] },
          { service: 'AUTOCOMPLETE', hits: [0, 3, 0, 0] },
          { service: 'UNCLASSIFIED', hits: [0, 0, 0, 1] },
        ],
        totals: {
          api_requests: 15,
          map_loads: 16,
          by_service: [
            { service: 'LOAD_MAP', hits: 16 },
            { service: 'GEOCODE', hits: 7 },
            { service: 'DIRECTION', hits: 4 },
            { service: 'AUTOCOMPLETE', hits: 3 },
            { service: 'UNCLASSIFIED', hits: 1 },
          ],
        },
      })
      // The same end as a moment excludes November 2.
      expect(
        await series(alice.token, { start_at: '2026-10-30', end_at: '2026-11-02T00:00:00Z', perTime: 'day' }),
      ).toEqual({
        unit: 'day',
        buckets: days('2026-10-30', 3),
        series: [
          { service: 'LOAD_MAP', hits: [0, 0, 6] },
          { service: 'DIRECTION', hits: [0, 0, 4] },
          { service: 'AUTOCOMPLETE', hits: [0, 3, 0] },
        ],
        totals: {
          api_requests: 7,
          map_loads: 6,
          by_service: [
            { service: 'LOAD_MAP', hits: 6 },
            { service: 'DIRECTION', hits: 4 },
            { service: 'AUTOCOMPLETE', hits: 3 },
          ],
        },
      })
    })

    const twelveMonths = {
      unit: 'month',
      buckets: [
        '2025-12-01T00:00:00Z',
        ...Array.from({ length: 11 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}-01T00:00:00Z`),
      ],
      series: [
        { service: 'LOAD_MAP', hits: zeros(12, { 9: 8, 11: 16 }) },
        { service: 'GEOCODE', hits: zeros(12, { 1: 9, 10: 7, 11: 7 }) },
        { service: 'DIRECTION', hits: zeros(12, { 11: 4 }) },
        { service: 'AUTOCOMPLETE', hits: zeros(12, { 10: 3 }) },
        { service: 'TRIP', hits: zeros(12, { 0: 1 }) },
        { service: 'UNCLASSIFIED', hits: zeros(12, { 11: 1 }) },
      ],
      totals: {
        api_requests: 32,
        map_loads: 24,
        by_service: [
          { service: 'LOAD_MAP', hits: 24 },
          { service: 'GEOCODE', hits: 23 },
          { service: 'DIRECTION', hits: 4 },
          { service: 'AUTOCOMPLETE', hits: 3 },
          { service: 'TRIP', hits: 1 },
          { service: 'UNCLASSIFIED', hits: 1 },
        ],
      },
    }

    it('counts per month across a year end', async () => {
      expect(await series(alice.token, { start_at: '2025-12-01', end_at: '2026-11-30', perTime: 'month' })).toEqual(
        twelveMonths,
      )
    })

    it('counts per year', async () => {
      expect(await series(alice.token, { start_at: '2025-01-01', end_at: '2026-12-31', perTime: 'year' })).toEqual({
        unit: 'year',
        buckets: ['2025-01-01T00:00:00Z', '2026-01-01T00:00:00Z'],
        series: [
          { service: 'LOAD_MAP', hits: [0, 24] },
          { service: 'GEOCODE', hits: [0, 23] },
          { service: 'DIRECTION', hits: [0, 4] },
          { service: 'AUTOCOMPLETE', hits: [0, 3] },
          { service: 'TRIP', hits: [1, 0] },
          { service: 'UNCLASSIFIED', hits: [0, 1] },
        ],
        totals: twelveMonths.totals,
      })
    })

    it('picks the unit by the range rule when none is asked for', async () => {
      // 365 days: months, not years.
      expect(await series(alice.token, { start_at: '2025-12-01', end_at: '2026-11-30' })).toEqual(twelveMonths)
      // 730 days: years.
      expect((await series(alice.token, { start_at: '2025-01-01', end_at: '2026-12-31' })).unit).toBe('year')
      // 32 days: months.
      expect(await series(alice.token, { start_at: '2026-10-01', end_at: '2026-11-01' })).toEqual({
        unit: 'month',
        buckets: ['2026-10-01T00:00:00Z', '2026-11-01T00:00:00Z'],
        series: [
          { service: 'GEOCODE', hits: [7, 0] },
          { service: 'LOAD_MAP', hits: [0, 6] },
          { service: 'DIRECTION', hits: [0, 4] },
          { service: 'AUTOCOMPLETE', hits: [3, 0] },
        ],
        totals: {
          api_requests: 14,
          map_loads: 6,
          by_service: [
            { service: 'GEOCODE', hits: 7 },
            { service: 'LOAD_MAP', hits: 6 },
            { service: 'DIRECTION', hits: 4 },
            { service: 'AUTOCOMPLETE', hits: 3 },
          ],
        },
      })
      // 31 days: days.
      const month = await series(alice.token, { start_at: '2026-10-02', end_at: '2026-11-01' })
      expect(month.unit).toBe('day')
      expect(month.buckets).toEqual(days('2026-10-02', 31))
      expect(month.series).toEqual([
        { service: 'GEOCODE', hits: zeros(31, { 13: 7 }) },
        { service: 'LOAD_MAP', hits: zeros(31, { 30: 6 }) },
        { service: 'DIRECTION', hits: zeros(31, { 30: 4 }) },
        { service: 'AUTOCOMPLETE', hits: zeros(31, { 29: 3 }) },
      ])
      // Under a day: one day, counted whole.
      expect(await series(alice.token, { start_at: '2026-11-02T05:00:00Z', end_at: '2026-11-02T08:00:00Z' })).toEqual({
        unit: 'day',
        buckets: ['2026-11-02T00:00:00Z'],
        series: [
          { service: 'LOAD_MAP', hits: [10] },
          { service: 'GEOCODE', hits: [7] },
          { service: 'UNCLASSIFIED', hits: [1] },
        ],
        totals: {
          api_requests: 8,
          map_loads: 10,
          by_service: [
            { service: 'LOAD_MAP', hits: 10 },
            { service: 'GEOCODE', hits: 7 },
            { service: 'UNCLASSIFIED', hits: 1 },
          ],
        },
      })
    })

    it('filters by one of the user’s keys, per day and per hour', async () => {
      const perDay = await series(alice.token, {
        start_at: '2026-10-30',
        end_at: '2026-11-02',
        perTime: 'day',
        key_id: a2.id,
      })
      expect(perDay.series).toEqual([
        { service: 'LOAD_MAP', hits: [0, 0, 6, 0] },
        { service: 'DIRECTION', hits: [0, 0, 4, 0] },
        { service: 'AUTOCOMPLETE', hits: [0, 3, 0, 0] },
      ])
      expect(perDay.totals).toMatchObject({ api_requests: 7, map_loads: 6 })
      const perHour = await series(alice.token, {
        start_at: '2026-11-01T12:00:00Z',
        end_at: '2026-11-02T00:00:00Z',
        perTime: 'hour',
        key_id: a2.id,
      })
      expect(perHour.buckets).toHaveLength(12)
      expect(perHour.series).toEqual([
        { service: 'LOAD_MAP', hits: zeros(12, { 0: 6 }) },
        { service: 'DIRECTION', hits: zeros(12, { 11: 4 }) },
      ])
    })

    it('refuses another user’s key and a key that does not exist with 404', async () => {
      for (const keyId of [b1.id, `key_${'9'.repeat(26)}`]) {
        const res = await call(
          t,
          contract.hitsOneUser,
          { query: { start_at: '2026-11-01', end_at: '2026-11-02', key_id: keyId } },
          { token: alice.token },
        )
        expect(res.status).toBe(404)
        expect(errorEnvelope(res.body)).toMatchObject({ error_code: 'NOT_FOUND', message: 'Key not found' })
      }
    })

    it('refuses an inverted or empty range with 400', async () => {
      for (const [start_at, end_at] of [
        ['2026-11-05', '2026-11-01'],
        ['2026-11-02T08:00:00Z', '2026-11-02T08:00:00Z'],
        ['2026-11-02T08:00:00Z', '2026-11-02T07:00:00Z'],
      ] as const) {
        const res = await call(t, contract.hitsOneUser, { query: { start_at, end_at } }, { token: alice.token })
        expect(res.status, `${start_at} ${end_at}`).toBe(400)
        expect(errorEnvelope(res.body)).toMatchObject({
          error_code: 'VALIDATION',
          message: 'The end of the range must be after its start',
        })
      }
      const vi = await call(
        t,
        contract.hitsOneUser,
        { query: { start_at: '2026-11-05', end_at: '2026-11-01' } },
        { token: alice.token, lang: 'vi' },
      )
      expect(vi.body.message).toBe('Thời điểm kết thúc phải sau thời điểm bắt đầu')
    })

    it('refuses a range with more buckets than the unit allows, naming the maximum', async () => {
      const hourly = await call(
        t,
        contract.hitsOneUser,
        { query: { start_at: '2026-09-01', end_at: '2026-11-02', perTime: 'hour' } },
        { token: alice.token },
      )
      expect(hourly.status).toBe(400)
      expect(errorEnvelope(hourly.body)).toMatchObject({
        error_code: 'VALIDATION',
        message: 'This range holds too many hour buckets (at most 1488). Choose a shorter range or a larger unit.',
      })
      const daily = await call(
        t,
        contract.hitsOneUser,
        { query: { start_at: '2024-01-01', end_at: '2026-11-01', perTime: 'day' } },
        { token: alice.token },
      )
      expect(daily.status).toBe(400)
      expect(daily.body.message).toContain('(at most 800)')
      // Exactly 62 days of hours is allowed.
      const longest = await series(alice.token, {
        start_at: '2026-09-01T00:00:00Z',
        end_at: '2026-11-02T00:00:00Z',
        perTime: 'hour',
      })
      expect(longest.buckets).toHaveLength(1488)
      expect(longest.totals).toMatchObject({ api_requests: 14, map_loads: 14 })
    })

    it('refuses a user_id: a customer sees only their own usage here', async () => {
      const res = await call(
        t,
        contract.hitsOneUser,
        { query: { start_at: '2026-11-01', end_at: '2026-11-02', user_id: bob.user.id } },
        { token: alice.token },
      )
      expect(res.status).toBe(400)
      expect(errorEnvelope(res.body).error_code).toBe('VALIDATION')
    })
  })

  describe('hits-one-user-by-user-id', () => {
    it('shows staff one user’s usage by id or e-mail, with the user', async () => {
      const query = { start_at: '2026-10-30', end_at: '2026-11-02', perTime: 'day' as const }
      const own = await series(alice.token, query)
      for (const token of [admin.token, support.token]) {
        for (const who of [{ user_id: alice.user.id }, { email: alice.user.email.toUpperCase() }]) {
          const res = await call(t, contract.hitsOneUserByUserId, { query: { ...query, ...who } }, { token })
          expect(res.status, JSON.stringify(res.body)).toBe(200)
          expect(res.body.data).toEqual({
            ...own,
            user: { id: alice.user.id, email: alice.user.email, name: 'Test User' },
          })
        }
      }
      const bobs = await call(
        t,
        contract.hitsOneUserByUserId,
        { query: { ...query, user_id: bob.user.id, key_id: b1.id } },
        { token: support.token },
      )
      expect(bobs.body.data.user.name).toBe('Roberto User')
      expect(bobs.body.data.totals).toEqual({
        api_requests: 100,
        map_loads: 0,
        by_service: [{ service: 'GEOCODE', hits: 100 }],
      })
    })

    it('refuses a key of another user than the one named with 404', async () => {
      const res = await call(
        t,
        contract.hitsOneUserByUserId,
        { query: { start_at: '2026-11-01', end_at: '2026-11-02', user_id: bob.user.id, key_id: a1.id } },
        { token: admin.token },
      )
      expect(res.status).toBe(404)
      expect(errorEnvelope(res.body).message).toBe('Key not found')
    })
  })

  describe('hits-one-user-per-month', () => {
    it('compares this month with last month and forecasts the month at its pace', async () => {
      const res = await call(t, contract.hitsOneUserPerMonth, {}, { token: alice.token })
      expect(res.status).toBe(200)
      // 32 hours of November's 720 have passed: the forecast is 22.5 times the month so far.
      expect(res.body.data).toEqual({
        year: 2026,
        month: 11,
        api_requests: { this_month: 12, last_month: 10, forecast: 270 },
        map_loads: { this_month: 16, last_month: 0, forecast: 360 },
        by_service: [
          { service: 'LOAD_MAP', this_month: 16, last_month: 0, forecast: 360 },
          { service: 'GEOCODE', this_month: 7, last_month: 7, forecast: 158 },
          { service: 'DIRECTION', this_month: 4, last_month: 0, forecast: 90 },
          { service: 'UNCLASSIFIED', this_month: 1, last_month: 0, forecast: 23 },
          { service: 'AUTOCOMPLETE', this_month: 0, last_month: 3, forecast: 0 },
        ],
      })
    })

    it('forecasts nothing in the first hour of a month, and moves on with the calendar', async () => {
      try {
        t.clock.set(new Date('2026-11-01T00:30:00Z'))
        const early = (await call(t, contract.hitsOneUserPerMonth, {}, { token: alice.token })).body.data
        expect(early.api_requests.forecast).toBeNull()
        expect(early.map_loads.forecast).toBeNull()
        expect(early.by_service.map((s) => s.forecast)).toEqual(early.by_service.map(() => null))

        t.clock.set(new Date('2026-12-01T12:00:00Z'))
        // A month later the morning's session has ended: sign in again.
        const token = await signIn(t, alice.user.email)
        const december = (await call(t, contract.hitsOneUserPerMonth, {}, { token })).body.data
        expect(december).toEqual({
          year: 2026,
          month: 12,
          api_requests: { this_month: 0, last_month: 12, forecast: 0 },
          map_loads: { this_month: 0, last_month: 16, forecast: 0 },
          by_service: [
            { service: 'LOAD_MAP', this_month: 0, last_month: 16, forecast: 0 },
            { service: 'GEOCODE', this_month: 0, last_month: 7, forecast: 0 },
            { service: 'DIRECTION', this_month: 0, last_month: 4, forecast: 0 },
            { service: 'UNCLASSIFIED', this_month: 0, last_month: 1, forecast: 0 },
          ],
        })
      } finally {
        t.clock.set(new Date(NOW))
      }
    })
  })

  describe('billing', () => {
    const bill = async (start_date: string, end_date: string) => {
      const res = await call(t, contract.billingUsage, { query: { start_date, end_date } }, { token: alice.token })
      return res
    }

    it('counts both dates in full', async () => {
      expect((await bill('2026-10-31', '2026-11-01')).body.data).toEqual({
        start_date: '2026-10-31',
        end_date: '2026-11-01',
        by_service: [
          { service: 'LOAD_MAP', hits: 6 },
          { service: 'DIRECTION', hits: 4 },
          { service: 'AUTOCOMPLETE', hits: 3 },
        ],
        // No bills yet (the billing module's tests cover them).
        bills: { count: 0, billed: '0.00', paid: '0.00', unpaid: '0.00' },
      })
      expect((await bill('2026-11-02', '2026-11-02')).body.data.by_service).toEqual([
        { service: 'LOAD_MAP', hits: 10 },
        { service: 'GEOCODE', hits: 7 },
        { service: 'UNCLASSIFIED', hits: 1 },
      ])
      expect((await bill('2025-12-31', '2025-12-31')).body.data.by_service).toEqual([{ service: 'TRIP', hits: 1 }])
      expect((await bill('2026-01-01', '2026-12-31')).body.data.by_service).toEqual([
        { service: 'LOAD_MAP', hits: 24 },
        { service: 'GEOCODE', hits: 23 },
        { service: 'DIRECTION', hits: 4 },
        { service: 'AUTOCOMPLETE', hits: 3 },
        { service: 'UNCLASSIFIED', hits: 1 },
      ])
      expect((await bill('2026-02-01', '2026-08-31')).body.data.by_service).toEqual([])
    })

    it('refuses an end before the start, and what is not a date', async () => {
      const inverted = await bill('2026-11-02', '2026-11-01')
      expect(inverted.status).toBe(400)
      expect(errorEnvelope(inverted.body).message).toBe('The end of the range must be after its start')
      expect((await bill('2026-11-02T00:00:00Z', '2026-11-03')).status).toBe(400)
      expect((await bill('2026-02-30', '2026-03-01')).status).toBe(400)
    })
  })

  describe('recent requests', () => {
    const list = async (query: Record<string, string | number>, token = alice.token) => {
      const res = await call(t, contract.recentRequests, { query }, { token })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return res.body.data
    }

    it('lists this month’s requests newest first, paged by next_id until null', async () => {
      const first = await list({ pageSize: 4 })
      expect(first.items).toEqual([
        {
          id: expect.any(String),
          at: '2026-11-02T07:45:00.000Z',
          key_id: a1.id,
          key_name: 'Shop, "main"',
          service: 'GEOCODE',
          path: null,
          status: 500,
          latency_ms: 300,
          count: 2,
        },
        expect.objectContaining({
          at: '2026-11-02T07:05:00.000Z',
          service: 'LOAD_MAP',
          path: '/map/v1/tiles/5/25/14.pbf',
        }),
        expect.objectContaining({ at: '2026-11-02T06:15:00.000Z', service: 'GEOCODE', count: 5 }),
        expect.objectContaining({ at: '2026-11-02T05:00:00.000Z', service: 'UNCLASSIFIED', path: EVIL_PATH }),
      ])
      expect(first.next_id).toBe(first.items.at(-1)?.id)
      expect(first.next_page).toBe(2)

      const second = await list({ pageSize: 4, nextId: String(first.next_id), nextPage: 2 })
      expect(second.items).toEqual([
        {
          id: expect.any(String),
          at: '2026-11-01T23:30:00.000Z',
          key_id: a2.id,
          key_name: 'Mobile app',
          service: 'DIRECTION',
          path: '/api/v1/directions?origin=a&destination=b',
          status: 404,
          latency_ms: 50,
          count: 4,
        },
        expect.objectContaining({ at: '2026-11-01T12:00:00.000Z', service: 'LOAD_MAP', key_id: a2.id }),
      ])
      expect(second.next_id).toBeNull()
      expect(second.next_page).toBeNull()

      const all = await list({})
      expect(all.items.map((r) => r.at)).toEqual([...first.items, ...second.items].map((r) => r.at))
      expect(new Set(all.items.map((r) => r.id)).size).toBe(6)
      expect(all.next_id).toBeNull()
    })

    it('lists only the chosen month', async () => {
      expect((await list({ month: 10 })).items.map((r) => r.at)).toEqual([
        '2026-10-31T23:59:59.000Z',
        '2026-10-15T10:00:00.000Z',
      ])
      expect((await list({ year: 2026, month: 9 })).items.map((r) => r.at)).toEqual(['2026-09-10T09:00:00.000Z'])
      expect((await list({ year: 2025, month: 12 })).items.map((r) => r.at)).toEqual(['2025-12-31T23:00:00.000Z'])
      expect((await list({ year: 2026, month: 2 })).items).toEqual([])
      expect((await list({}, bob.token)).items.map((r) => r.at)).toEqual(['2026-11-02T07:00:00.000Z'])
    })

    it('counts a month’s requests', async () => {
      const count = async (query: Record<string, number>) =>
        (await call(t, contract.recentRequestsCount, { query }, { token: alice.token })).body.data
      expect(await count({})).toEqual({ count: 6, exportable: 6 })
      expect(await count({ month: 10 })).toEqual({ count: 2, exportable: 2 })
      expect(await count({ year: 2026, month: 2 })).toEqual({ count: 0, exportable: 0 })
    })
  })

  describe('export-csv-for-user', () => {
    const header = {
      en: 'Time (UTC),Key,Key ID,Service,Path,Status,Latency (ms),Requests',
      vi: 'Thời gian (UTC),Khóa,Mã khóa,Dịch vụ,Đường dẫn,Trạng thái,Độ trễ (ms),Số yêu cầu',
      my: [
        'usage.csv.time',
        'usage.csv.key',
        'usage.csv.keyId',
        'usage.csv.service',
        'usage.csv.path',
        'usage.csv.status',
        'usage.csv.latency',
        'usage.csv.count',
      ]
        .map((key) => translate('my', key as 'usage.csv.time'))
        .join(','),
    }
    const a1Name = '"Shop, ""main"""'
    const november = [
      `2026-11-02T07:45:00.000Z,${a1Name},${a1.id},GEOCODE,,500,300,2`,
      `2026-11-02T07:05:00.000Z,${a1Name},${a1.id},LOAD_MAP,/map/v1/tiles/5/25/14.pbf,200,20,10`,
      `2026-11-02T06:15:00.000Z,${a1Name},${a1.id},GEOCODE,,200,100,5`,
      `2026-11-02T05:00:00.000Z,${a1Name},${a1.id},UNCLASSIFIED,"'=HYPERLINK(""http://evil.test"",""x"")",404,7,1`,
      `2026-11-01T23:30:00.000Z,Mobile app,${a2.id},DIRECTION,/api/v1/directions?origin=a&destination=b,404,50,4`,
      `2026-11-01T12:00:00.000Z,Mobile app,${a2.id},LOAD_MAP,,200,10,6`,
    ]

    it('sends this month’s requests as a CSV file, newest first, formulas neutralised', async () => {
      const csv = await exportCsv(t, {}, { token: alice.token })
      expect(csv.status).toBe(200)
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
      expect(csv.headers['content-disposition']).toBe('attachment; filename="usage-2026-11.csv"')
      expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
      expect(csv.text).toBe(`\uFEFF${[header.en, ...november].join('\r\n')}\r\n`)
    })

    it('writes the heading in the language asked for, by lang or by Accept-Language', async () => {
      expect((await exportCsv(t, { lang: 'vi' }, { token: alice.token })).lines[0]).toBe(header.vi)
      expect((await exportCsv(t, { lang: 'my' }, { token: alice.token })).lines[0]).toBe(header.my)
      expect((await exportCsv(t, {}, { token: alice.token, acceptLanguage: 'vi-VN,vi;q=0.9' })).lines[0]).toBe(
        header.vi,
      )
      expect((await exportCsv(t, {}, { token: alice.token, acceptLanguage: 'my' })).lines[0]).toBe(header.my)
      expect((await exportCsv(t, { lang: 'en' }, { token: alice.token, acceptLanguage: 'vi' })).lines[0]).toBe(
        header.en,
      )
      expect(header.my).not.toBe(header.en)
    })

    it('respects size, from and the month', async () => {
      expect((await exportCsv(t, { size: 2, from: 1 }, { token: alice.token })).lines).toEqual([
        header.en,
        november[1],
        november[2],
      ])
      expect((await exportCsv(t, { from: 6 }, { token: alice.token })).lines).toEqual([header.en])
      const october = await exportCsv(t, { year: 2026, month: 10 }, { token: alice.token })
      expect(october.headers['content-disposition']).toBe('attachment; filename="usage-2026-10.csv"')
      expect(october.lines).toEqual([
        header.en,
        `2026-10-31T23:59:59.000Z,Mobile app,${a2.id},AUTOCOMPLETE,/api/v1/place/autocomplete?input=pho,200,30,3`,
        `2026-10-15T10:00:00.000Z,${a1Name},${a1.id},GEOCODE,,200,100,7`,
      ])
      const refused: Record<string, string | number>[] = [{ size: 0 }, { size: 10_001 }, { from: -1 }, { lang: 'fr' }]
      for (const query of refused) {
        expect((await exportCsv(t, query, { token: alice.token })).status, JSON.stringify(query)).toBe(400)
      }
    })

    it('exports another user’s requests for staff, and audits it; a customer’s own export is not audited', async () => {
      const audited = () =>
        t.ctx.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'usage.export'), eq(auditLog.targetId, bob.user.id)))
      const csv = await exportCsv(t, { email: bob.user.email }, { token: support.token })
      expect(csv.lines).toEqual([header.en, `2026-11-02T07:00:00.000Z,Bob web,${b1.id},GEOCODE,,200,10,100`])
      expect(await audited()).toEqual([
        expect.objectContaining({
          actorId: support.user.id,
          targetType: 'user',
          after: { year: 2026, month: 11, rows: 1 },
        }),
      ])
      await exportCsv(t, {}, { token: bob.token })
      expect(await audited()).toHaveLength(1)
    })
  })

  describe('keys health', () => {
    type HealthQuery = { start_at: string; end_at: string; user_id?: string; email?: string }
    const health = async (query: HealthQuery, token = alice.token) => {
      const res = await call(t, contract.keyHealth, { query }, { token })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return res.body.data
    }

    it('splits each key’s answers into ok, 4xx and 5xx with average and maximum latency', async () => {
      expect(await health({ start_at: '2026-11-01', end_at: '2026-11-02' })).toEqual([
        {
          key_id: a1.id,
          key_name: 'Shop, "main"',
          key_preview: a1.key_preview,
          hits: 18,
          ok: 15,
          client_errors: 1,
          server_errors: 2,
          // (5×100 + 2×300 + 10×20 + 1×7) / 18
          latency_avg_ms: 72.6,
          latency_max_ms: 300,
        },
        {
          key_id: a2.id,
          key_name: 'Mobile app',
          key_preview: a2.key_preview,
          hits: 10,
          ok: 6,
          client_errors: 4,
          server_errors: 0,
          latency_avg_ms: 26,
          latency_max_ms: 50,
        },
        {
          key_id: a3.id,
          key_name: 'Unused',
          key_preview: a3.key_preview,
          hits: 0,
          ok: 0,
          client_errors: 0,
          server_errors: 0,
          latency_avg_ms: null,
          latency_max_ms: null,
        },
      ])
    })

    it('lists a deleted key only while it has usage in the range', async () => {
      const query = { email: carol.user.email }
      expect(await health({ ...query, start_at: '2026-11-01', end_at: '2026-11-02' }, admin.token)).toEqual([
        expect.objectContaining({ key_id: c1.id, hits: 30, ok: 30, latency_avg_ms: 15, latency_max_ms: 15 }),
        expect.objectContaining({ key_id: c2.id, hits: 2, ok: 2, latency_avg_ms: 40, latency_max_ms: 40 }),
      ])
      expect(await health({ ...query, start_at: '2026-10-01', end_at: '2026-10-31' }, admin.token)).toEqual([
        expect.objectContaining({ key_id: c1.id, hits: 0, latency_avg_ms: null }),
      ])
      // A suspended key is still listed.
      expect(
        (await health({ user_id: bob.user.id, start_at: '2026-11-02', end_at: '2026-11-02' }, support.token)).map(
          (k) => [k.key_id, k.hits],
        ),
      ).toEqual([
        [b1.id, 100],
        [b2.id, 0],
      ])
    })
  })

  describe('all users (administrators)', () => {
    it('sums everyone’s usage per service and unit', async () => {
      const perHour = await call(
        t,
        contract.hitsAllUsers,
        { query: { start_at: '2026-11-02T05:00:00Z', end_at: '2026-11-02T08:00:00Z', perTime: 'hour' } },
        { token: admin.token },
      )
      expect(perHour.body.data).toEqual({
        unit: 'hour',
        buckets: ['2026-11-02T05:00:00Z', '2026-11-02T06:00:00Z', '2026-11-02T07:00:00Z'],
        series: [
          { service: 'GEOCODE', hits: [0, 5, 102] },
          { service: 'LOAD_MAP', hits: [0, 0, 10] },
          { service: 'UNCLASSIFIED', hits: [1, 0, 0] },
        ],
        totals: {
          api_requests: 108,
          map_loads: 10,
          by_service: [
            { service: 'GEOCODE', hits: 107 },
            { service: 'LOAD_MAP', hits: 10 },
            { service: 'UNCLASSIFIED', hits: 1 },
          ],
        },
      })
      const perMonth = await call(
        t,
        contract.hitsAllUsers,
        { query: { start_at: '2026-10-01', end_at: '2026-11-02' } },
        { token: admin.token },
      )
      expect(perMonth.body.data).toEqual({
        unit: 'month',
        buckets: ['2026-10-01T00:00:00Z', '2026-11-01T00:00:00Z'],
        series: [
          { service: 'GEOCODE', hits: [7, 109] },
          { service: 'LOAD_MAP', hits: [50, 16] },
          { service: 'STATIC_MAP', hits: [0, 30] },
          { service: 'DIRECTION', hits: [0, 4] },
          { service: 'AUTOCOMPLETE', hits: [3, 0] },
          { service: 'UNCLASSIFIED', hits: [0, 1] },
        ],
        totals: {
          api_requests: 154,
          map_loads: 66,
          by_service: [
            { service: 'GEOCODE', hits: 116 },
            { service: 'LOAD_MAP', hits: 66 },
            { service: 'STATIC_MAP', hits: 30 },
            { service: 'DIRECTION', hits: 4 },
            { service: 'AUTOCOMPLETE', hits: 3 },
            { service: 'UNCLASSIFIED', hits: 1 },
          ],
        },
      })
    })

    const aliceRow = {
      user_id: alice.user.id,
      email: alice.user.email,
      name: 'Test User',
      api_requests: 22,
      map_loads: 16,
      total: 38,
      by_service: [
        { service: 'LOAD_MAP', hits: 16 },
        { service: 'GEOCODE', hits: 14 },
        { service: 'DIRECTION', hits: 4 },
        { service: 'AUTOCOMPLETE', hits: 3 },
        { service: 'UNCLASSIFIED', hits: 1 },
      ],
    }
    const bobRow = {
      user_id: bob.user.id,
      email: bob.user.email,
      name: 'Roberto User',
      api_requests: 100,
      map_loads: 50,
      total: 150,
      by_service: [
        { service: 'GEOCODE', hits: 100 },
        { service: 'LOAD_MAP', hits: 50 },
      ],
    }
    const carolRow = {
      user_id: carol.user.id,
      email: carol.user.email,
      name: 'Test User',
      api_requests: 32,
      map_loads: 0,
      total: 32,
      by_service: [
        { service: 'STATIC_MAP', hits: 30 },
        { service: 'GEOCODE', hits: 2 },
      ],
    }
    const perUser = async (query: Record<string, string | number>) => {
      const res = await call(
        t,
        contract.hitsPerUser,
        { query: { start_at: '2026-10-01', end_at: '2026-11-02', ...query } },
        { token: admin.token },
      )
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return res.body.data
    }

    it('ranks users by usage over the range', async () => {
      expect(await perUser({})).toEqual({ items: [bobRow, aliceRow, carolRow], total: 3, page: 1, page_size: 10 })
      const today = await perUser({ start_at: '2026-11-02', end_at: '2026-11-02' })
      expect(today.items.map((r) => [r.email, r.total])).toEqual([
        [bob.user.email, 100],
        [carol.user.email, 30],
        [alice.user.email, 18],
      ])
    })

    it('pages the ranking, with the same total on every page', async () => {
      expect(await perUser({ page_size: 2 })).toEqual({ items: [bobRow, aliceRow], total: 3, page: 1, page_size: 2 })
      expect(await perUser({ page_size: 2, page: 2 })).toEqual({ items: [carolRow], total: 3, page: 2, page_size: 2 })
      expect(await perUser({ size: 1, page: 3 })).toEqual({ items: [carolRow], total: 3, page: 3, page_size: 1 })
      expect(await perUser({ page_size: 2, page: 3 })).toEqual({ items: [], total: 3, page: 3, page_size: 2 })
    })

    it('searches by e-mail or name, case-insensitively', async () => {
      expect((await perUser({ keyword: alice.user.email.slice(0, 8).toUpperCase() })).items).toEqual([aliceRow])
      expect(await perUser({ keyword: 'roberto' })).toEqual({ items: [bobRow], total: 1, page: 1, page_size: 10 })
      expect(await perUser({ keyword: 'nobody' })).toEqual({ items: [], total: 0, page: 1, page_size: 10 })
    })

    it('treats % and _ in the keyword as text, not as wildcards', async () => {
      expect(await perUser({ keyword: '_' })).toMatchObject({ items: [], total: 0 })
      expect(await perUser({ keyword: '%' })).toMatchObject({ items: [], total: 0 })
    })

    it('gives the back-office overview', async () => {
      const res = await call(
        t,
        contract.overview,
        { query: { start_at: '2026-10-15', end_at: '2026-11-02' } },
        { token: admin.token },
      )
      expect(res.status).toBe(200)
      const data = res.body.data
      expect(data).toMatchObject({
        // Customers only: the administrator and the support agent are not users here.
        users_total: 3,
        // Bob (October 20) and Carol (today); Alice signed up on October 1.
        users_new: 2,
        // a1, a2, a3, b1, c1: not the deleted a4 and c2, nor the suspended b2.
        keys_active: 5,
        api_requests: 154,
        map_loads: 66,
        revenue: '0.00',
        signups: { buckets: days('2026-10-15', 19), counts: zeros(19, { 5: 1, 18: 1 }) },
        top_users: [bobRow, aliceRow, carolRow],
      })
      expect(data.usage.unit).toBe('day')
      expect(data.usage.buckets).toEqual(days('2026-10-15', 19))
      expect(data.usage.totals.by_service).toEqual([
        { service: 'GEOCODE', hits: 116 },
        { service: 'LOAD_MAP', hits: 66 },
        { service: 'STATIC_MAP', hits: 30 },
        { service: 'DIRECTION', hits: 4 },
        { service: 'AUTOCOMPLETE', hits: 3 },
        { service: 'UNCLASSIFIED', hits: 1 },
      ])
      expect(data.usage.series.find((s) => s.service === 'LOAD_MAP')?.hits).toEqual(zeros(19, { 5: 50, 17: 6, 18: 10 }))

      const october = (
        await call(
          t,
          contract.overview,
          { query: { start_at: '2026-10-01', end_at: '2026-10-31' } },
          { token: admin.token },
        )
      ).body.data
      expect(october).toMatchObject({ users_total: 3, users_new: 2, api_requests: 10, map_loads: 50 })
      expect(october.signups.counts).toEqual(zeros(31, { 0: 1, 19: 1 }))
    })
  })

  describe('access control', () => {
    const range = { start_at: '2026-11-01', end_at: '2026-11-02' }
    /** Every call that names a user by user_id or email, with the rest of a valid query. */
    const whoseCalls: [string, EndpointSpec, Record<string, string>][] = [
      ['hits-one-user-per-month', contract.hitsOneUserPerMonth, {}],
      ['billing', contract.billingUsage, { start_date: '2026-11-01', end_date: '2026-11-02' }],
      ['hits-one-user-all-request-per-month', contract.recentRequests, {}],
      ['hits-number-one-user-all-request-per-month', contract.recentRequestsCount, {}],
      ['export-csv-for-user', contract.exportUsageCsv, {}],
      ['keys', contract.keyHealth, range],
      ['hits-one-user-by-user-id', contract.hitsOneUserByUserId, range],
    ]

    it('refuses a customer another user’s data, by id or e-mail, and an unknown user, with 403', async () => {
      const others: Record<string, string>[] = [
        { user_id: bob.user.id },
        { email: bob.user.email },
        { user_id: `usr_${'0'.repeat(26)}` },
        { email: 'nobody@example.com' },
      ]
      for (const [name, endpoint, query] of whoseCalls) {
        for (const who of others) {
          const res = await ask(t, endpoint, { ...query, ...who }, alice.token)
          expect(res.status, `${name} ${JSON.stringify(who)}`).toBe(403)
          expect(errorEnvelope(res.body).error_code).toBe('FORBIDDEN')
        }
      }
    })

    it('lets a customer name themselves, by id or by e-mail in any case', async () => {
      for (const [name, endpoint, query] of whoseCalls) {
        if (endpoint === contract.hitsOneUserByUserId) continue
        const selves: Record<string, string>[] = [{ user_id: alice.user.id }, { email: alice.user.email.toUpperCase() }]
        for (const who of selves) {
          const res = await ask(t, endpoint, { ...query, ...who }, alice.token)
          expect(res.status, `${name} ${JSON.stringify(who)}`).toBe(200)
        }
      }
      const perMonth = await call(
        t,
        contract.hitsOneUserPerMonth,
        { query: { user_id: alice.user.id } },
        { token: alice.token },
      )
      expect(perMonth.body.data.map_loads.this_month).toBe(16)
    })

    it('tells staff “No user with this id or email” for an unknown user, with 404', async () => {
      for (const token of [admin.token, support.token]) {
        for (const [name, endpoint, query] of whoseCalls) {
          const unknown: Record<string, string>[] = [
            { user_id: `usr_${'0'.repeat(26)}` },
            { email: 'nobody@example.com' },
          ]
          for (const who of unknown) {
            const res = await ask(t, endpoint, { ...query, ...who }, token)
            expect(res.status, `${name} ${JSON.stringify(who)}`).toBe(404)
            expect(errorEnvelope(res.body)).toMatchObject({
              error_code: 'NOT_FOUND',
              message: 'No user with this id or email',
            })
          }
        }
      }
    })

    it('shows staff another user’s figures', async () => {
      for (const token of [admin.token, support.token]) {
        const perMonth = await call(t, contract.hitsOneUserPerMonth, { query: { email: bob.user.email } }, { token })
        expect(perMonth.body.data.api_requests).toEqual({ this_month: 100, last_month: 0, forecast: 2250 })
        expect(perMonth.body.data.map_loads).toEqual({ this_month: 0, last_month: 50, forecast: 0 })
        const billing = await call(
          t,
          contract.billingUsage,
          { query: { start_date: '2026-10-01', end_date: '2026-10-31', user_id: bob.user.id } },
          { token },
        )
        expect(billing.body.data.by_service).toEqual([{ service: 'LOAD_MAP', hits: 50 }])
        const count = await call(t, contract.recentRequestsCount, { query: { user_id: carol.user.id } }, { token })
        expect(count.body.data).toEqual({ count: 2, exportable: 2 })
      }
    })

    it('keeps the all-users calls to administrators', async () => {
      const calls: [EndpointSpec, Record<string, string>][] = [
        [contract.hitsAllUsers, range],
        [contract.hitsPerUser, range],
        [contract.overview, range],
      ]
      for (const [endpoint, query] of calls) {
        for (const token of [support.token, alice.token]) {
          const res = await ask(t, endpoint, query, token)
          expect(res.status, endpoint.path).toBe(403)
          expect(errorEnvelope(res.body).error_code).toBe('FORBIDDEN')
        }
        expect((await ask(t, endpoint, query, admin.token)).status, endpoint.path).toBe(200)
      }
      const byUserId = await call(
        t,
        contract.hitsOneUserByUserId,
        { query: { ...range, user_id: alice.user.id } },
        { token: alice.token },
      )
      expect(byUserId.status).toBe(403)
    })

    it('asks every statistics call for a sign-in', async () => {
      const all: [EndpointSpec, Record<string, string>][] = [
        ...whoseCalls.map(([, endpoint, query]): [EndpointSpec, Record<string, string>] => [endpoint, query]),
        [contract.hitsOneUser, range],
        [contract.hitsAllUsers, range],
        [contract.hitsPerUser, range],
        [contract.overview, range],
      ]
      for (const [endpoint, query] of all) {
        const res = await ask(t, endpoint, query)
        expect(res.status, endpoint.path).toBe(401)
      }
    })
  })
})
