// `npm run gateway-sim`: plays the maps API gateway against a running portal. For every call it
// "receives" it asks /v1/gateway/verify whether the key may make it, the way the gateway does, and it
// reports what it served through /v1/gateway/usage in batches, the way the gateway does too. The
// traffic looks real: more of it in the daytime of a chosen UTC offset, the services in docs/requirements.md §1.4's
// proportions, a share reported by request path (some of them paths no rate setting knows), client
// and server errors, latencies per service.
//
//   npm run gateway-sim -- --key mk_… [--key mt_…] [--rate 20] [--seconds 30] [--service GEOCODE]
//   npm run gateway-sim -- --email linh.nguyen@example.com --password demo-password   (that user's keys)
//   npm run gateway-sim -- --email linh.nguyen@example.com --password demo-password --backfill-days 30
//
// Which keys: --key (repeatable; mk_… API key, mt_… map-tiles key) and/or --email/--password of a
// customer (every live key of theirs). Where: --url (default http://localhost:3000), --token
// (GATEWAY_TOKEN, default the development one).
//
// Live mode (default): --rate calls/s averaged over a day (the pace follows the hour of the day at
// --utc-offset, so it is higher in the daytime) for --seconds. Each call is verified (--referer,
// --origin, --ip say what it looks like) and, if allowed, reported. --verify-only skips the reports,
// --usage-only skips the verification (keys are then reported by their secret).
//
// Backfill mode: --backfill-days N posts N days of past traffic up to now, as fast as the portal takes
// it, then stops: one event per key, service (or path), hour and answer class (2xx, 4xx, 5xx), its
// `count` the calls of that hour. --daily-calls is a key's calls on an average day today (default
// 20000); the backfill climbs to it from 60 % at its start. At most 399 days: the portal refuses
// events older than 400 days.
//
// The traffic: --service (one service instead of the mix), --utc-offset (the customers' clock, default
// +07:00), --path-share (share of events reported by path instead of service, default 0.2),
// --unknown-path-share (share of those on a path no rate setting classifies, default 0.1),
// --client-errors / --server-errors (share of 4xx / 5xx answers, default 0.03 / 0.005).
//
// Reports: --batch-size (events per report; default 1000 live, 10000 backfill, at most 100000),
// --flush-seconds (a report at least this often in live mode, default 5), --retries (default 5). Each
// report has a batch_id of its own; a report that fails (no answer, HTTP 5xx or 429) is sent again
// with the SAME batch_id, so the portal counts it once.
import { randomBytes } from 'node:crypto'
import { parseArgs } from 'node:util'
import {
  type KeyType,
  keyServesService,
  MAX_USAGE_BATCH,
  SERVICE_TYPES,
  type ServiceType,
  USAGE_MAX_AGE_DAYS,
} from '@app/contract'

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.PORTAL_URL ?? 'http://localhost:3000' },
    token: { type: 'string', default: process.env.GATEWAY_TOKEN ?? 'dev-gateway-token' },
    key: { type: 'string', multiple: true, default: [] },
    email: { type: 'string' },
    password: { type: 'string' },
    rate: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '30' },
    service: { type: 'string' },
    referer: { type: 'string' },
    origin: { type: 'string' },
    ip: { type: 'string' },
    'verify-only': { type: 'boolean', default: false },
    'usage-only': { type: 'boolean', default: false },
    'backfill-days': { type: 'string' },
    'daily-calls': { type: 'string', default: '20000' },
    'utc-offset': { type: 'string', default: '+07:00' },
    'path-share': { type: 'string', default: '0.2' },
    'unknown-path-share': { type: 'string', default: '0.1' },
    'client-errors': { type: 'string', default: '0.03' },
    'server-errors': { type: 'string', default: '0.005' },
    'batch-size': { type: 'string' },
    'flush-seconds': { type: 'string', default: '5' },
    retries: { type: 'string', default: '5' },
  },
})

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

function number(name: keyof typeof values, min: number, max: number): number {
  const raw = values[name]
  const value = Number(raw)
  if (typeof raw !== 'string' || !Number.isFinite(value) || value < min || value > max) {
    console.error(`--${name} must be a number from ${min} to ${max} (got ${String(raw)}).`)
    process.exit(2)
  }
  return value
}

/** `+07:00`, `+7`, `-05:30`, `0` → minutes east of UTC. */
function parseOffset(text: string): number {
  const match = /^([+-])?(\d{1,2})(?::?(\d{2}))?$/.exec(text.trim())
  if (!match) {
    console.error(`--utc-offset must look like +07:00 or -5 (got ${text}).`)
    process.exit(2)
  }
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0)
  return match[1] === '-' ? -minutes : minutes
}

const offsetMinutes = parseOffset(values['utc-offset'] ?? '+07:00')
const pathShare = number('path-share', 0, 1)
const unknownPathShare = number('unknown-path-share', 0, 1)
const clientErrors = number('client-errors', 0, 1)
const serverErrors = number('server-errors', 0, 1 - clientErrors)

// ── The traffic model ────────────────────────────────────────────────────────────────────────────

/** The services of docs/requirements.md §1.4 in the proportions a maps platform sees (percent). */
const SERVICE_MIX: readonly (readonly [ServiceType, number])[] = [
  ['LOAD_MAP', 35],
  ['GEOCODE', 15],
  ['AUTOCOMPLETE', 15],
  ['DIRECTION', 10],
  ['REVERSE_GEOCODE', 6],
  ['PLACE_DETAIL', 5],
  ['STATIC_MAP', 4],
  ['DISTANCE_MATRIX', 3],
  ['SESSION_AUTOCOMPLETE', 3],
  ['FORWARD_GEOCODE', 2],
  ['FIND_PLACE_FROM_TEXT', 1],
  ['TRIP', 1],
]

/**
 * How each service is called, as the gateway sees the request line (classified by the default rate
 * settings' prefix + paths), and how long it takes (median ms).
 */
const SERVICE_CALLS: Readonly<Record<ServiceType, { path: () => string; latencyMs: number }>> = {
  LOAD_MAP: {
    path: () => (Math.random() < 0.9 ? `/map/v1/tiles/${tile()}.pbf` : '/map/v1/styles/streets/style.json'),
    latencyMs: 18,
  },
  STATIC_MAP: { path: () => `/map/v1/static?center=${place()}&zoom=14&size=600x400`, latencyMs: 90 },
  GEOCODE: { path: () => '/api/v1/geocode?text=12+Nguyen+Hue', latencyMs: 55 },
  FORWARD_GEOCODE: { path: () => '/api/v1/geocode/forward?text=Ben+Thanh+Market', latencyMs: 60 },
  REVERSE_GEOCODE: { path: () => `/api/v1/geocode/reverse?point=${place()}`, latencyMs: 35 },
  DIRECTION: { path: () => `/api/v1/directions?origin=${place()}&destination=${place()}`, latencyMs: 140 },
  DISTANCE_MATRIX: { path: () => '/api/v1/distancematrix', latencyMs: 260 },
  PLACE_DETAIL: { path: () => '/api/v1/place/detail?id=pl_3f9a', latencyMs: 45 },
  AUTOCOMPLETE: { path: () => '/api/v1/place/autocomplete?input=pho', latencyMs: 30 },
  SESSION_AUTOCOMPLETE: { path: () => '/api/v1/place/autocomplete/session?input=pho', latencyMs: 32 },
  FIND_PLACE_FROM_TEXT: { path: () => '/api/v1/place/findplacefromtext?input=coffee', latencyMs: 70 },
  TRIP: { path: () => '/api/v1/trip', latencyMs: 420 },
}

/** Paths a gateway forwards that no rate setting knows: reported, counted as UNCLASSIFIED. */
const UNKNOWN_PATHS = ['/api/v1/isochrone', '/api/v1/elevation', '/map/v2/terrain/12/3/4.png', '/api/v1/snap-to-roads']

const CLIENT_ERRORS = [400, 400, 401, 403, 404, 404, 404, 422, 429, 429] as const
const SERVER_ERRORS = [500, 502, 503, 503, 504] as const

function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)] as T
}

function place(): string {
  return `${(10.75 + Math.random() * 0.1).toFixed(5)},${(106.65 + Math.random() * 0.1).toFixed(5)}`
}

function tile(): string {
  const z = 10 + Math.floor(Math.random() * 8)
  const x = Math.floor(Math.random() * 2 ** z)
  const y = Math.floor(Math.random() * 2 ** z)
  return `${z}/${x}/${y}`
}

/** The mix a key can be called with: a map-tiles key only loads imagery. */
function mixFor(type: KeyType): readonly (readonly [ServiceType, number])[] {
  if (values.service) return [[values.service as ServiceType, 1]]
  return SERVICE_MIX.filter(([service]) => keyServesService(type, service))
}

function pickService(mix: readonly (readonly [ServiceType, number])[]): ServiceType {
  const total = mix.reduce((sum, [, weight]) => sum + weight, 0)
  let roll = Math.random() * total
  for (const [service, weight] of mix) {
    roll -= weight
    if (roll <= 0) return service
  }
  return mix[0]?.[0] ?? 'LOAD_MAP'
}

/**
 * Relative traffic at a local hour (0–23) and weekday (0 = Sunday): a night trough at about 4 a.m., a
 * climb from 7, a plateau through the working day with a lunch dip, an evening tail; weekends lighter.
 */
function diurnal(hour: number, weekday: number): number {
  const day = hour >= 6 && hour <= 23 ? Math.sin((Math.PI * (hour - 6)) / 18) ** 1.4 : 0
  const lunch = hour === 12 ? 0.85 : 1
  const weekend = weekday === 0 || weekday === 6 ? 0.7 : 1
  return (0.08 + day * lunch) * weekend
}

const MEAN_DIURNAL =
  Array.from({ length: 7 * 24 }, (_, i) => diurnal(i % 24, Math.floor(i / 24))).reduce((a, b) => a + b, 0) / (7 * 24)

/** The traffic factor at an instant (1 = the day's average), in the customers' clock. */
function paceAt(at: number): number {
  const local = new Date(at + offsetMinutes * 60_000)
  return diurnal(local.getUTCHours(), local.getUTCDay()) / MEAN_DIURNAL
}

/** Log-normal around a median: most calls near it, a long slow tail. */
function latency(service: ServiceType, status: number): number {
  const median = SERVICE_CALLS[service].latencyMs
  const gauss = Math.sqrt(-2 * Math.log(1 - Math.random())) * Math.cos(2 * Math.PI * Math.random())
  const ms = median * Math.exp(0.6 * gauss)
  // Upstream failures are often timeouts; a refused request is answered quickly.
  if (status >= 500) return Math.round(status === 504 ? 30_000 : ms * 4)
  if (status >= 400) return Math.max(1, Math.round(ms / 4))
  return Math.max(1, Math.round(ms))
}

function pickStatus(): number {
  const roll = Math.random()
  if (roll < serverErrors) return pick(SERVER_ERRORS)
  if (roll < serverErrors + clientErrors) return pick(CLIENT_ERRORS)
  return 200
}

/** ISO 8601 in the customers' offset (`2026-11-22T14:03:05.123+07:00`), as many gateways log time. */
function isoWithOffset(at: number): string {
  const local = new Date(at + offsetMinutes * 60_000).toISOString().slice(0, -1)
  const sign = offsetMinutes < 0 ? '-' : '+'
  const abs = Math.abs(offsetMinutes)
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`
}

interface SimKey {
  secret: string
  type: KeyType
  /** From a verify answer; events then name the key by id, as a gateway that verified it would. */
  id: string | null
}

interface UsageEvent {
  key?: string
  key_id?: string
  service?: ServiceType
  path?: string
  at: string | number
  count: number
  status: number
  latency_ms: number
}

function event(key: SimKey, service: ServiceType, at: number, count: number, status: number): UsageEvent {
  const who = key.id ? { key_id: key.id } : { key: key.secret }
  const what =
    Math.random() < pathShare
      ? { path: Math.random() < unknownPathShare ? pick(UNKNOWN_PATHS) : SERVICE_CALLS[service].path() }
      : { service }
  // Both forms of time the contract accepts, half each.
  const when = Math.random() < 0.5 ? at : isoWithOffset(at)
  return { ...who, ...what, at: when, count, status, latency_ms: latency(service, status) }
}

// ── The portal ───────────────────────────────────────────────────────────────────────────────────

interface Envelope<T> {
  status: string
  data: T
  message: string
}

async function api<T>(method: string, path: string, body?: unknown, token?: string): Promise<Envelope<T>> {
  const response = await fetch(`${values.url}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return (await response.json()) as Envelope<T>
}

async function keysOf(email: string, password: string): Promise<string[]> {
  const login = await api<{ token: string }>('POST', '/v1/login', { email, password })
  if (login.status !== 'success') throw new Error(`sign-in failed: ${login.message}`)
  const list = await api<{ items: { id: string; name: string }[] }>(
    'GET',
    '/v1/user_keys-unDelete?page_size=100',
    undefined,
    login.data.token,
  )
  const secrets: string[] = []
  for (const key of list.data.items) {
    const secret = await api<{ key: string }>('GET', `/v1/keys/${key.id}/secret`, undefined, login.data.token)
    if (secret.status === 'success') secrets.push(secret.data.key)
  }
  return secrets
}

interface VerifyAnswer {
  allowed: boolean
  reason: string
  key_id: string | null
}

function verify(key: SimKey, service: ServiceType): Promise<Envelope<VerifyAnswer>> {
  return api<VerifyAnswer>(
    'POST',
    '/v1/gateway/verify',
    {
      key: key.secret,
      service,
      ...(values.referer ? { referer: values.referer } : {}),
      ...(values.origin ? { origin: values.origin } : {}),
      ...(values.ip ? { ip: values.ip } : {}),
    },
    values.token,
  )
}

interface UsageAnswer {
  batch_id: string
  replayed: boolean
  accepted: number
  unclassified: number
  rejected: { unknown_key: number; out_of_range: number }
}

const runId = `sim-${new Date().toISOString().slice(0, 10)}-${randomBytes(6).toString('hex')}`
let batchSeq = 0
const reported = { batches: 0, events: 0, accepted: 0, unclassified: 0, unknownKey: 0, outOfRange: 0, retries: 0 }
const retries = number('retries', 0, 100)

/** Posts one batch; a batch that did not get through is sent again, with the same batch_id. */
async function report(events: UsageEvent[]): Promise<void> {
  const batchId = `${runId}-${++batchSeq}`
  const body = JSON.stringify({ batch_id: batchId, events })
  for (let attempt = 0; ; attempt++) {
    let problem: string
    try {
      const response = await fetch(`${values.url}/v1/gateway/usage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${values.token}` },
        body,
      })
      const answer = (await response.json()) as Envelope<UsageAnswer>
      if (response.ok && answer.status === 'success') {
        const data = answer.data
        // A replay (a retry of a batch whose first answer was lost) carries the first answer's numbers.
        reported.batches++
        reported.events += events.length
        reported.accepted += data.accepted
        reported.unclassified += data.unclassified
        reported.unknownKey += data.rejected.unknown_key
        reported.outOfRange += data.rejected.out_of_range
        return
      }
      problem = `HTTP ${response.status}: ${answer.message}`
      // A refusal of the batch itself (400, 401, 403, 413) will not change on a retry.
      if (response.status < 500 && response.status !== 429) throw new Error(`batch ${batchId} refused: ${problem}`)
    } catch (error) {
      if (error instanceof Error && error.message.startsWith(`batch ${batchId} refused`)) throw error
      problem = error instanceof Error ? error.message : String(error)
    }
    if (attempt >= retries) throw new Error(`batch ${batchId} failed ${attempt + 1} times: ${problem}`)
    reported.retries++
    const wait = Math.min(30_000, 250 * 2 ** attempt) * (0.5 + Math.random())
    console.warn(`batch ${batchId}: ${problem}; sending it again in ${Math.round(wait)} ms`)
    await new Promise((resolve) => setTimeout(resolve, wait))
  }
}

function printReported(seconds: number) {
  const perSecond = seconds > 0 ? Math.round(reported.events / seconds) : 0
  console.log(
    `usage: ${reported.events} events in ${reported.batches} batches (${perSecond} events/s, ${reported.retries} retries): ` +
      `${reported.accepted} accepted (${reported.unclassified} unclassified), rejected ${reported.unknownKey} unknown key, ${reported.outOfRange} out of range`,
  )
}

// ── Modes ────────────────────────────────────────────────────────────────────────────────────────

async function live(keys: SimKey[]) {
  const rate = number('rate', 0.01, 1_000_000)
  const seconds = number('seconds', 1, 30 * 86_400)
  const batchSize = values['batch-size'] ? number('batch-size', 1, MAX_USAGE_BATCH) : 1000
  const flushMs = number('flush-seconds', 0.1, 3600) * 1000
  const doVerify = !values['usage-only']
  const doReport = !values['verify-only']
  const pace = paceAt(Date.now())
  console.log(
    `${doVerify ? 'Verifying' : 'Serving'} ${keys.length} key(s) at ${(rate * pace).toFixed(1)}/s ` +
      `(${rate}/s on average, ×${pace.toFixed(2)} at this hour at UTC${values['utc-offset']}) for ${seconds} s ` +
      `against ${values.url}${doReport ? `, reporting usage every ${batchSize} events or ${flushMs / 1000} s` : ''}`,
  )
  const reasons = new Map<string, number>()
  const latencies: number[] = []
  let failures = 0
  let buffer: UsageEvent[] = []
  let lastFlush = performance.now()
  const reports = new Set<Promise<void>>()
  const flush = () => {
    lastFlush = performance.now()
    if (buffer.length === 0) return
    const batch = buffer
    buffer = []
    const sending = report(batch)
      .catch((error) => console.error(error instanceof Error ? error.message : error))
      .finally(() => reports.delete(sending))
    reports.add(sending)
  }
  const serve = (key: SimKey, service: ServiceType) => {
    if (!doReport) return
    buffer.push(event(key, service, Date.now(), 1, pickStatus()))
    if (buffer.length >= batchSize) flush()
  }

  const started = performance.now()
  let sent = 0
  let due = 0
  let previous = started
  const inflight = new Set<Promise<void>>()
  while (performance.now() - started < seconds * 1000) {
    const now = performance.now()
    due += ((now - previous) / 1000) * rate * paceAt(Date.now())
    previous = now
    while (sent < Math.floor(due)) {
      const key = keys[sent % keys.length] as SimKey
      sent++
      const service = pickService(mixFor(key.type))
      if (!doVerify) {
        serve(key, service)
        continue
      }
      const t0 = performance.now()
      const call = verify(key, service)
        .then((answer) => {
          latencies.push(performance.now() - t0)
          const reason = answer.status === 'success' ? answer.data.reason : `error: ${answer.message}`
          reasons.set(reason, (reasons.get(reason) ?? 0) + 1)
          if (answer.status === 'success' && answer.data.allowed) {
            key.id ??= answer.data.key_id
            serve(key, service)
          }
        })
        .catch(() => {
          failures++
        })
        .finally(() => inflight.delete(call))
      inflight.add(call)
    }
    if (performance.now() - lastFlush >= flushMs) flush()
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  await Promise.all(inflight)
  flush()
  await Promise.all(reports)
  const elapsed = (performance.now() - started) / 1000
  if (doVerify) {
    latencies.sort((a, b) => a - b)
    const at = (q: number) =>
      latencies.length ? (latencies[Math.floor(q * (latencies.length - 1))] ?? 0).toFixed(1) : '-'
    console.log(`\n${sent} verifications, ${failures} failed to connect`)
    console.table(Object.fromEntries([...reasons].sort((a, b) => b[1] - a[1])))
    console.log(`verify latency ms: p50 ${at(0.5)}, p95 ${at(0.95)}, p99 ${at(0.99)}`)
  }
  if (doReport) printReported(elapsed)
}

/** A slow climb over the period: a customer's product growing (0.6 at the start, 1 now). */
function growth(at: number, from: number, to: number): number {
  return 0.6 + (0.4 * (at - from)) / Math.max(1, to - from)
}

function split(calls: number): [status: number, count: number][] {
  const server = Math.round(calls * serverErrors * (0.5 + Math.random()))
  const client = Math.round(calls * clientErrors * (0.5 + Math.random()))
  const ok = calls - server - client
  const parts: [number, number][] = []
  if (ok > 0) parts.push([200, ok])
  if (client > 0) parts.push([pick(CLIENT_ERRORS), client])
  if (server > 0) parts.push([pick(SERVER_ERRORS), server])
  return parts
}

/** Rounds a fractional expectation up or down at random, so small counts still add up over many hours. */
function roundRandomly(expected: number): number {
  const whole = Math.floor(expected)
  return whole + (Math.random() < expected - whole ? 1 : 0)
}

async function backfill(keys: SimKey[], days: number) {
  const dailyCalls = number('daily-calls', 1, 1e9)
  const batchSize = values['batch-size'] ? number('batch-size', 1, MAX_USAGE_BATCH) : 10_000
  const now = Date.now()
  const from = Math.floor((now - days * DAY_MS) / HOUR_MS) * HOUR_MS + HOUR_MS
  console.log(
    `Backfilling ${days} day(s) of usage for ${keys.length} key(s), about ${dailyCalls} calls per key per day, ` +
      `daytime at UTC${values['utc-offset']}, batches of ${batchSize}, against ${values.url}`,
  )
  const started = performance.now()
  const buffer: UsageEvent[] = []
  let calls = 0
  for (let hour = from; hour < now; hour += HOUR_MS) {
    const weather = 0.85 + 0.3 * Math.random()
    for (const key of keys) {
      const mix = mixFor(key.type)
      const total = mix.reduce((sum, [, weight]) => sum + weight, 0)
      const expected = (dailyCalls / 24) * paceAt(hour + HOUR_MS / 2) * growth(hour, from, now) * weather
      for (const [service, weight] of mix) {
        const n = roundRandomly((expected * weight) / total)
        for (const [status, count] of split(n)) {
          // Somewhere inside the hour, never in the future.
          const at = hour + Math.floor(Math.random() * Math.min(HOUR_MS, now - hour))
          buffer.push(event(key, service, at, count, status))
          calls += count
        }
      }
    }
    if (buffer.length >= batchSize) {
      const batch = buffer.splice(0, batchSize)
      await report(batch)
      process.stdout.write(`\r  ${new Date(hour).toISOString().slice(0, 13)}h: ${reported.events} events`)
    }
  }
  while (buffer.length > 0) await report(buffer.splice(0, batchSize))
  const elapsed = (performance.now() - started) / 1000
  console.log(`\nbackfill: ${calls} calls as ${reported.events} events in ${elapsed.toFixed(1)} s`)
  printReported(elapsed)
}

async function main() {
  const secrets = [...(values.key ?? [])]
  if (values.email && values.password) secrets.push(...(await keysOf(values.email, values.password)))
  if (secrets.length === 0) {
    console.error('No keys: pass --key mk_… or --email/--password of a customer whose keys to use.')
    process.exit(2)
  }
  if (values.service && !(SERVICE_TYPES as readonly string[]).includes(values.service)) {
    console.error(`--service must be one of ${SERVICE_TYPES.join(', ')}.`)
    process.exit(2)
  }
  const keys: SimKey[] = secrets.map((secret) => ({
    secret,
    type: secret.startsWith('mt_') ? 'maptiles_key' : 'api_key',
    id: null,
  }))

  if (values['backfill-days'] !== undefined) {
    const days = number('backfill-days', 1, USAGE_MAX_AGE_DAYS - 1)
    // Learn each key's id the way a gateway does (one verification), so that events name it by id.
    if (!values['usage-only']) {
      for (const key of keys) {
        const answer = await verify(key, mixFor(key.type)[0]?.[0] ?? 'LOAD_MAP')
        if (answer.status === 'success') key.id = answer.data.key_id
        if (answer.status !== 'success' || !answer.data.key_id) {
          console.warn(
            `key ${key.secret.slice(0, 6)}…: ${answer.status === 'success' ? answer.data.reason : answer.message}`,
          )
        }
      }
    }
    await backfill(keys, days)
    return
  }
  await live(keys)
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
