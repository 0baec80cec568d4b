import { z } from 'zod'
import { Id } from './common.ts'
import { endpoint } from './endpoint.ts'
import { SERVICE_TYPES } from './services.ts'
import { MAX_USAGE_BATCH } from './usage-rules.ts'

// The maps API gateway's contract with the portal (docs/requirements.md §6, docs/gateway.md): it asks, for every call it
// receives, whether the key may make it. Authenticated with `Authorization: Bearer $GATEWAY_TOKEN`.

export const VERIFY_REASONS = [
  'OK',
  'NOT_FOUND',
  'DELETED',
  'KEY_SUSPENDED',
  'USER_SUSPENDED',
  'UNVERIFIED',
  'ORIGIN_NOT_ALLOWED',
  'IP_NOT_ALLOWED',
  'WRONG_KEY_TYPE',
  'SERVICE_NOT_ALLOWED',
  'KEY_CAP_REACHED',
  'QUOTA_EXCEEDED',
  'NO_BALANCE',
] as const
export type VerifyReason = (typeof VERIFY_REASONS)[number]

export const ServiceTypeSchema = z.enum(SERVICE_TYPES)

export const PlanLimits = z.object({
  request_limit: z.number().int().nullable(),
  load_limit: z.number().int().nullable(),
  durations: z.object({ request: z.string().nullable(), load: z.string().nullable() }),
})

export const VerifyResult = z.object({
  allowed: z.boolean(),
  reason: z.enum(VERIFY_REASONS),
  key_id: z.string().nullable(),
  user_id: z.string().nullable(),
  /** The user's plan limits; null until the user has a plan. */
  plan: PlanLimits.nullable(),
  /** Requests left in the current window; null when no limit applies. */
  remaining: z.number().int().nullable(),
})
export type VerifyResult = z.infer<typeof VerifyResult>

const VerifyCall = {
  service: ServiceTypeSchema,
  origin: z.string().max(2048).nullish(),
  referer: z.string().max(4096).nullish(),
  ip: z.string().max(64).nullish(),
}

export const gatewayVerify = endpoint({
  method: 'POST',
  path: '/v1/gateway/verify',
  roles: 'gateway',
  duringMaintenance: true,
  hot: true,
  tag: 'Gateway',
  summary: 'May this key make this call? Answered from an in-memory cache kept fresh across instances.',
  body: z.strictObject({ key: z.string().min(1).max(256), ...VerifyCall }),
  data: VerifyResult,
})

/**
 * The same check as a bodiless GET, the shape an auth sub-request takes (nginx `auth_request`, Envoy
 * `ext_authz` over HTTP, Kong's pre-function): the key in `X-Api-Key` (never in the URL, so it stays
 * out of access logs), the call in the query string. It answers exactly what the POST answers, and it
 * is the cheaper of the two: no request body to read and parse.
 */
const SERVICES: ReadonlySet<string> = new Set(SERVICE_TYPES)
const QUERY_LIMITS: Readonly<Record<string, number>> = { origin: 2048, referer: 4096, ip: 64 }

/** `VerifyCall` as a strict object, checked by hand: the gateway asks this thousands of times a second. */
function isPlainVerifyQuery(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false
  let service = false
  for (const name in value) {
    const field = (value as Record<string, unknown>)[name]
    if (name === 'service') service = typeof field === 'string' && SERVICES.has(field)
    else {
      const max = QUERY_LIMITS[name]
      if (max === undefined || typeof field !== 'string' || field.length > max) return false
    }
  }
  return service
}

function hasPlainApiKey(value: unknown): boolean {
  const key = (value as Record<string, unknown> | null)?.['x-api-key']
  return typeof key === 'string' && key.length >= 1 && key.length <= 256
}

export const gatewayVerifyGet = endpoint({
  method: 'GET',
  path: '/v1/gateway/verify',
  roles: 'gateway',
  duringMaintenance: true,
  hot: true,
  tag: 'Gateway',
  summary: 'The key check as a GET: key in the X-Api-Key header, service, origin, referer and ip in the query.',
  headers: z.looseObject({ 'x-api-key': z.string().min(1).max(256) }),
  query: z.strictObject(VerifyCall),
  accepts: { query: isPlainVerifyQuery, headers: hasPlainApiKey },
  data: VerifyResult,
})

/**
 * What a proxy answers its client for each reason (docs/gateway.md "nginx in front of a maps API"):
 * 401 when the key is missing or unknown, 403 when it may not make this call, 429 when its plan's
 * quota is used up, 402 when its owner's balance is. OK is 200 here only for completeness: the
 * proxy then answers whatever the maps API answers.
 */
export const REFUSAL_STATUS: Readonly<Record<VerifyReason, number>> = {
  OK: 200,
  NOT_FOUND: 401,
  DELETED: 401,
  KEY_SUSPENDED: 403,
  USER_SUSPENDED: 403,
  UNVERIFIED: 403,
  ORIGIN_NOT_ALLOWED: 403,
  IP_NOT_ALLOWED: 403,
  WRONG_KEY_TYPE: 403,
  SERVICE_NOT_ALLOWED: 403,
  KEY_CAP_REACHED: 429,
  QUOTA_EXCEEDED: 429,
  NO_BALANCE: 402,
}

/**
 * The status of the auth sub-request's answer: nginx's `auth_request` lets a 2xx through and passes
 * on only 401 and 403 (any other status becomes 500), so every refusal is one of those two and the
 * status the client should see travels in `X-Gateway-Status`.
 */
export function authorizeStatus(reason: VerifyReason): 204 | 401 | 403 {
  const status = REFUSAL_STATUS[reason]
  return status === 200 ? 204 : status === 401 ? 401 : 403
}

function hasAuthorizeHeaders(value: unknown): boolean {
  if (!hasPlainApiKey(value)) return false
  const headers = value as Record<string, unknown>
  for (const [name, max] of AUTHORIZE_HEADER_LIMITS) {
    const field = headers[name]
    if (field !== undefined && (typeof field !== 'string' || field.length > max)) return false
  }
  return true
}

const AUTHORIZE_HEADER_LIMITS: readonly (readonly [string, number])[] = [
  ['x-call-origin', 2048],
  ['x-call-referer', 4096],
  ['x-call-ip', 64],
]

function isServiceOnlyQuery(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false
  const names = Object.keys(value)
  const service = (value as Record<string, unknown>).service
  return names.length === 1 && typeof service === 'string' && SERVICES.has(service)
}

/**
 * The key check in the shape of an auth sub-request (nginx `auth_request`): everything about the call
 * in headers, which a proxy can copy without encoding them (`X-Api-Key`, `X-Call-Origin`,
 * `X-Call-Referer`, `X-Call-Ip`), the service in the query, and the verdict in the status: 204 with
 * `X-Gateway-Key-Id` when the call may go on, 401 or 403 with `X-Gateway-Reason` and
 * `X-Gateway-Status` (the status for the client, `REFUSAL_STATUS`) when it may not. No body.
 */
export const gatewayAuthorize = endpoint({
  method: 'GET',
  path: '/v1/gateway/authorize',
  roles: 'gateway',
  duringMaintenance: true,
  raw: true,
  tag: 'Gateway',
  summary:
    'The key check for an auth sub-request: 204 when the call may go on, 401/403 with X-Gateway-Reason and X-Gateway-Status when not.',
  headers: z.looseObject({
    'x-api-key': z.string().min(1).max(256),
    'x-call-origin': z.string().max(2048).optional(),
    'x-call-referer': z.string().max(4096).optional(),
    'x-call-ip': z.string().max(64).optional(),
  }),
  query: z.strictObject({ service: ServiceTypeSchema }),
  accepts: { query: isServiceOnlyQuery, headers: hasAuthorizeHeaders },
  data: z.null(),
})

// Usage reports (docs/requirements.md §6.3): what the gateway served, in batches. Each event names the key by its
// secret (`key`) or by the id a verify answer gave (`key_id`), and the service by type (`service`) or
// by the request path (`path`, classified by the rate settings; unknown paths count as UNCLASSIFIED).

export const UsageEvent = z
  .strictObject({
    key: z.string().min(1).max(256).optional(),
    key_id: Id.optional(),
    service: ServiceTypeSchema.optional(),
    path: z.string().min(1).max(2048).optional(),
    /** When the call finished (ISO 8601 with an offset, or epoch milliseconds). */
    at: z.union([z.iso.datetime({ offset: true }), z.number().int().min(0)]),
    count: z.number().int().min(1).max(1_000_000).default(1),
    status: z.number().int().min(100).max(599),
    latency_ms: z.number().int().min(0).max(3_600_000),
  })
  .refine((e) => (e.key === undefined) !== (e.key_id === undefined), {
    error: 'usage.keyOrKeyId',
    path: ['key'],
  })
  .refine((e) => e.service !== undefined || e.path !== undefined, {
    error: 'usage.serviceOrPath',
    path: ['service'],
  })
export type UsageEvent = z.input<typeof UsageEvent>

const BatchId = z.string().min(1).max(128)

const USAGE_KEY_ID = /^key_[0-9a-z]{26}$/
const USAGE_EVENT_FIELDS: ReadonlySet<string> = new Set([
  'key',
  'key_id',
  'service',
  'path',
  'at',
  'count',
  'status',
  'latency_ms',
])
const isInt = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max
const ISO_WITH_OFFSET = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-](\d{2}):(\d{2}))$/

/** An ISO date-time with an offset that names a real instant (no month 13, February 30 or hour 25). */
function isIsoInstant(text: string): boolean {
  const m = ISO_WITH_OFFSET.exec(text)
  if (!m) return false
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate()
  const offsetOk = m[8] === 'Z' || (Number(m[9]) <= 23 && Number(m[10]) <= 59)
  return (
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetOk
  )
}

/** One event as the schema accepts it unchanged (with `count` present: no default to fill in). */
function isPlainUsageEvent(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const e = value as Record<string, unknown>
  for (const name in e) if (!USAGE_EVENT_FIELDS.has(name)) return false
  const { key, key_id, service, path, at, count, status, latency_ms } = e
  if ((key === undefined) === (key_id === undefined)) return false
  if (key !== undefined && !(typeof key === 'string' && key.length >= 1 && key.length <= 256)) return false
  if (key_id !== undefined && !(typeof key_id === 'string' && USAGE_KEY_ID.test(key_id))) return false
  if (service === undefined && path === undefined) return false
  if (service !== undefined && !(typeof service === 'string' && SERVICES.has(service))) return false
  if (path !== undefined && !(typeof path === 'string' && path.length >= 1 && path.length <= 2048)) return false
  if (!(isInt(at, 0, Number.MAX_SAFE_INTEGER) || (typeof at === 'string' && isIsoInstant(at)))) return false
  return isInt(count, 1, 1_000_000) && isInt(status, 100, 599) && isInt(latency_ms, 0, 3_600_000)
}

/** The batch as the schema accepts it unchanged; anything else goes to the schema to be explained. */
function isPlainUsageBatch(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false
  const b = value as Record<string, unknown>
  for (const name in b) if (name !== 'batch_id' && name !== 'events') return false
  const { batch_id, events } = b
  if (!(typeof batch_id === 'string' && batch_id.length >= 1 && batch_id.length <= 128)) return false
  if (!Array.isArray(events) || events.length < 1 || events.length > MAX_USAGE_BATCH) return false
  for (const event of events) if (!isPlainUsageEvent(event)) return false
  return true
}

export const UsageBatchResult = z.object({
  batch_id: z.string(),
  /** True when this batch was recorded before: nothing was counted again. */
  replayed: z.boolean(),
  /** Events counted. */
  accepted: z.number().int(),
  /** Of those, events whose path no rate setting classifies (counted as UNCLASSIFIED). */
  unclassified: z.number().int(),
  /** Events not counted: the key is unknown, or the time is too old or in the future. */
  rejected: z.object({ unknown_key: z.number().int(), out_of_range: z.number().int() }),
})
export type UsageBatchResult = z.infer<typeof UsageBatchResult>

export const gatewayUsage = endpoint({
  method: 'POST',
  path: '/v1/gateway/usage',
  roles: 'gateway',
  duringMaintenance: true,
  tag: 'Gateway',
  summary: 'Report what the gateway served, in batches of up to 100,000 events; idempotent per batch_id.',
  body: z.strictObject({ batch_id: BatchId, events: z.array(UsageEvent).min(1).max(MAX_USAGE_BATCH) }),
  accepts: { body: isPlainUsageBatch },
  bodyLimit: 64 * 1024 * 1024,
  data: UsageBatchResult,
})
