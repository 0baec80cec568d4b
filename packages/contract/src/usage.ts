import { z } from 'zod'
import { Id, IsoDateTime, Money, pageQueryFields } from './common.ts'
import { endpoint } from './endpoint.ts'
import { pageOf } from './envelope.ts'
import { ADMIN_ONLY, ALL_ROLES, STAFF_ROLES } from './roles.ts'
import { MAX_USAGE_EXPORT_ROWS, USAGE_SERVICES, USAGE_UNITS } from './usage-rules.ts'

// Statistics (GET under /v1/statistics/, docs/usage.md). Customers see only their own usage; staff may
// name a user by `user_id` or `email`. Times are UTC. A range is [start_at, end_at): a date-only
// `end_at` (YYYY-MM-DD) includes that whole day.

const tag = 'Usage'

export const UsageUnitSchema = z.enum(USAGE_UNITS)
export const UsageServiceSchema = z.enum(USAGE_SERVICES)

/** `2026-11-01` or `2026-11-01T07:00:00Z` / `+07:00`. */
export const DateOrDateTime = z.union([z.iso.date(), z.iso.datetime({ offset: true })])

const RangeQuery = {
  start_at: DateOrDateTime,
  end_at: DateOrDateTime,
  /** Without it, the unit rule (docs/requirements.md §7.2) picks one from the range's length. */
  perTime: UsageUnitSchema.optional(),
}

/** Staff name a user by id or e-mail; a customer's own usage needs neither. */
const WhoseQuery = {
  user_id: Id.optional(),
  email: z.string().max(255).optional(),
}

const KeyFilter = { key_id: Id.optional() }

/** A chart's data: one array of hits per service, aligned with `buckets`. */
export const UsageSeries = z.object({
  unit: UsageUnitSchema,
  /** The start of each bucket (ISO, UTC), oldest first. */
  buckets: z.array(IsoDateTime),
  series: z.array(z.object({ service: UsageServiceSchema, hits: z.array(z.number().int()) })),
  totals: z.object({
    api_requests: z.number().int(),
    map_loads: z.number().int(),
    by_service: z.array(z.object({ service: UsageServiceSchema, hits: z.number().int() })),
  }),
})
export type UsageSeries = z.infer<typeof UsageSeries>

export const UsageUser = z.object({ id: z.string(), email: z.string(), name: z.string() })

export const hitsAllUsers = endpoint({
  method: 'GET',
  path: '/v1/statistics/hits-all-user-statistic',
  roles: ADMIN_ONLY,
  tag,
  summary: 'Usage of every user together, per service and time unit.',
  query: z.strictObject(RangeQuery),
  data: UsageSeries,
})

export const hitsOneUser = endpoint({
  method: 'GET',
  path: '/v1/statistics/hits-one-user',
  roles: ALL_ROLES,
  tag,
  summary: 'The signed-in user’s usage, per service and time unit, optionally for one key.',
  query: z.strictObject({ ...RangeQuery, ...KeyFilter }),
  data: UsageSeries,
})

export const hitsOneUserByUserId = endpoint({
  method: 'GET',
  path: '/v1/statistics/hits-one-user-by-user-id',
  roles: STAFF_ROLES,
  tag,
  summary: 'One user’s usage (by user_id or email), per service and time unit (staff).',
  query: z.strictObject({ ...RangeQuery, ...KeyFilter, ...WhoseQuery }),
  data: UsageSeries.extend({ user: UsageUser }),
})

const MonthFigure = z.object({
  this_month: z.number().int(),
  last_month: z.number().int(),
  /** This month's total at the month so far's pace; null in the month's first hour. */
  forecast: z.number().int().nullable(),
})

export const MonthSummary = z.object({
  year: z.number().int(),
  month: z.number().int(),
  api_requests: MonthFigure,
  map_loads: MonthFigure,
  by_service: z.array(MonthFigure.extend({ service: UsageServiceSchema })),
})
export type MonthSummary = z.infer<typeof MonthSummary>

export const hitsOneUserPerMonth = endpoint({
  method: 'GET',
  path: '/v1/statistics/hits-one-user-per-month',
  roles: ALL_ROLES,
  tag,
  summary: 'This month against last month, and a month-end forecast, per service (dashboard cards).',
  query: z.strictObject({ ...WhoseQuery }),
  data: MonthSummary,
})

export const billingUsage = endpoint({
  method: 'GET',
  path: '/v1/statistics/billing',
  roles: ALL_ROLES,
  tag,
  summary: 'Hits per service between two dates (both included) and the bills of those months (revenue).',
  query: z.strictObject({ start_date: z.iso.date(), end_date: z.iso.date(), ...WhoseQuery }),
  data: z.object({
    start_date: z.string(),
    end_date: z.string(),
    by_service: z.array(z.object({ service: UsageServiceSchema, hits: z.number().int() })),
    /** Bills of the months the range touches (the user's, or everyone's for staff without a filter). */
    bills: z.object({ count: z.number().int(), billed: Money, paid: Money, unpaid: Money }),
  }),
})

export const RecentRequest = z.object({
  id: z.string(),
  at: IsoDateTime,
  key_id: z.string(),
  key_name: z.string(),
  service: UsageServiceSchema,
  path: z.string().nullable(),
  status: z.number().int(),
  latency_ms: z.number().int(),
  count: z.number().int(),
})
export type RecentRequest = z.infer<typeof RecentRequest>

const MonthQuery = {
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  month: z.coerce.number().int().min(1).max(12).optional(),
}

export const recentRequests = endpoint({
  method: 'GET',
  path: '/v1/statistics/hits-one-user-all-request-per-month',
  roles: ALL_ROLES,
  tag,
  summary: 'A month’s recent requests, newest first, paged by `nextId` (the last id of the previous page).',
  query: z.strictObject({
    ...MonthQuery,
    ...WhoseQuery,
    nextPage: z.coerce.number().int().min(1).optional(),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
    nextId: z
      .string()
      .regex(/^\d{1,19}$/)
      .optional(),
  }),
  data: z.object({
    items: z.array(RecentRequest),
    /** Pass as `nextId` for the next page; null on the last page. */
    next_id: z.string().nullable(),
    next_page: z.number().int().nullable(),
  }),
})

export const recentRequestsCount = endpoint({
  method: 'GET',
  path: '/v1/statistics/hits-number-one-user-all-request-per-month',
  roles: ALL_ROLES,
  tag,
  summary: 'How many recent requests a month holds (what the CSV export would contain, at most 10,000).',
  query: z.strictObject({ ...MonthQuery, ...WhoseQuery }),
  data: z.object({ count: z.number().int(), exportable: z.number().int() }),
})

export const exportUsageCsv = endpoint({
  method: 'GET',
  path: '/v1/statistics/export-csv-for-user',
  roles: ALL_ROLES,
  tag,
  summary: 'CSV of up to 10,000 recent requests finished within the month (formula-injection safe).',
  query: z.strictObject({
    ...MonthQuery,
    ...WhoseQuery,
    /** Rows to skip, newest first. */
    from: z.coerce.number().int().min(0).max(MAX_USAGE_EXPORT_ROWS).default(0),
    size: z.coerce.number().int().min(1).max(MAX_USAGE_EXPORT_ROWS).default(MAX_USAGE_EXPORT_ROWS),
    /** Column headings' language (en, my, vi); otherwise Accept-Language. */
    lang: z.enum(['en', 'my', 'vi']).optional(),
  }),
  raw: true,
  data: z.string(),
})

export const UserUsageRow = z.object({
  user_id: z.string(),
  email: z.string(),
  name: z.string(),
  api_requests: z.number().int(),
  map_loads: z.number().int(),
  total: z.number().int(),
  by_service: z.array(z.object({ service: UsageServiceSchema, hits: z.number().int() })),
})
export type UserUsageRow = z.infer<typeof UserUsageRow>

export const hitsPerUser = endpoint({
  method: 'GET',
  path: '/v1/statistics/hits-all-user-statistic-google',
  roles: ADMIN_ONLY,
  tag,
  summary:
    'Usage per user over a range, busiest first (the top-users table and usage-statistics-per-user), with keyword search.',
  query: z.strictObject({
    start_at: DateOrDateTime,
    end_at: DateOrDateTime,
    keyword: z.string().max(255).optional(),
    ...pageQueryFields,
  }),
  data: pageOf(UserUsageRow),
})

export const KeyHealth = z.object({
  key_id: z.string(),
  key_name: z.string(),
  key_preview: z.string(),
  hits: z.number().int(),
  /** 1xx–3xx answers. */
  ok: z.number().int(),
  client_errors: z.number().int(),
  server_errors: z.number().int(),
  latency_avg_ms: z.number().nullable(),
  latency_max_ms: z.number().int().nullable(),
})
export type KeyHealth = z.infer<typeof KeyHealth>

export const keyHealth = endpoint({
  method: 'GET',
  path: '/v1/statistics/keys',
  roles: ALL_ROLES,
  tag,
  summary: 'Per key: hits, answers by status class and latency over a range (own keys; staff any user).',
  query: z.strictObject({ start_at: DateOrDateTime, end_at: DateOrDateTime, ...WhoseQuery }),
  data: z.array(KeyHealth),
})

export const overview = endpoint({
  method: 'GET',
  path: '/v1/statistics/overview',
  roles: ADMIN_ONLY,
  tag,
  summary: 'Back-office KPIs over a range: users, sign-ups, active keys, requests, map loads, with daily series.',
  query: z.strictObject({ start_at: DateOrDateTime, end_at: DateOrDateTime }),
  data: z.object({
    users_total: z.number().int(),
    users_new: z.number().int(),
    keys_active: z.number().int(),
    api_requests: z.number().int(),
    map_loads: z.number().int(),
    /** What the bills of the months the range touches came to (USD); bills exist once a month has closed. */
    revenue: z.string().nullable(),
    /**
     * The current month's usage so far, priced as its bills will be (USD, before payments): revenue
     * accrues all month although bills exist only after it ends.
     */
    revenue_accrued: z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), amount: z.string() }),
    /** Billed and paid per month (USD), the twelve months before the current one, oldest first. */
    revenue_by_month: z.array(
      z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), billed: z.string(), paid: z.string() }),
    ),
    signups: z.object({ buckets: z.array(IsoDateTime), counts: z.array(z.number().int()) }),
    usage: UsageSeries,
    top_users: z.array(UserUsageRow),
  }),
})
