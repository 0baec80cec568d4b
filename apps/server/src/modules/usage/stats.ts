import {
  bucketsBetween,
  chartUnit,
  ErrorCode,
  formatCents,
  isMapLoad,
  MAX_BUCKETS,
  MAX_USAGE_EXPORT_ROWS,
  type MonthSummary,
  monthForecast,
  type UsageSeries,
  type UsageService,
  type UsageUnit,
  type UserUsageRow,
} from '@app/contract'
import { type SQL, sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client.ts'
import { badRequest, notFound } from '../../http/errors.ts'
import type { AuthUser } from '../../lib/auth-user.ts'
import { escapeLike } from '../../lib/like.ts'
import { accruedCents } from '../billing/generate.ts'
import { billTotals, monthIndex } from '../billing/queries.ts'

// The statistics calls' queries. Hourly views read usage_hourly; daily and coarser views read the
// daily rollups (usage_daily_live per key, usage_daily_all for everyone), so a year is at most 365 rows
// per key and service, plus the hourly rows of the last day or two that the roll-up job has not added
// yet, whatever the traffic (docs/usage.md). All times are UTC.

const DAY_MS = 86_400_000
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/

export interface Range {
  start: Date
  end: Date
}

/** `start_at`/`end_at` as the statistics calls send them: a date-only end includes that whole day. */
export function parseRange(startAt: string, endAt: string): Range {
  const start = new Date(DATE_ONLY.test(startAt) ? `${startAt}T00:00:00Z` : startAt)
  const endBase = new Date(DATE_ONLY.test(endAt) ? `${endAt}T00:00:00Z` : endAt)
  const end = DATE_ONLY.test(endAt) ? new Date(endBase.getTime() + DAY_MS) : endBase
  if (!(end > start)) throw badRequest(ErrorCode.Validation, 'usage.rangeInverted')
  return { start, end }
}

/** The unit asked for, or the rule of docs/requirements.md §7.2; refuses a range with more buckets than the unit allows. */
export function unitFor(range: Range, asked: UsageUnit | undefined): UsageUnit {
  const unit = asked ?? chartUnit(range.start, range.end)
  const count = bucketsBetween(range.start, range.end, unit).length
  if (count > MAX_BUCKETS[unit]) {
    throw badRequest(ErrorCode.Validation, 'usage.rangeTooLong', { unit, max: MAX_BUCKETS[unit] })
  }
  return unit
}

/** Whose usage a call is about: the caller, or the user named by id or e-mail (staff, docs/requirements.md §7.1). */
export async function whose(
  db: Db,
  actor: AuthUser,
  query: { user_id?: string | undefined; email?: string | undefined },
): Promise<{ id: string; email: string; name: string }> {
  // Naming another user was refused by the guard to a role that may not (packages/contract/src/access.ts).
  const condition =
    query.user_id !== undefined
      ? sql`id = ${query.user_id}`
      : query.email !== undefined
        ? sql`lower(email) = ${query.email.toLowerCase()}`
        : sql`id = ${actor.id}`
  const rows = await queryRows<{ id: string; email: string; name: string }>(
    db,
    sql`select id, email, trim(first_name || ' ' || last_name) as name from users where ${condition} limit 1`,
  )
  const user = rows[0]
  if (!user) throw notFound('usage.userNotFound')
  return user
}

/** A key of this user (for the key filter), or 404. */
export async function assertKeyOf(db: Db, userId: string, keyId: string) {
  const rows = await queryRows(db, sql`select 1 from keys where id = ${keyId} and user_id = ${userId}`)
  if (rows.length === 0) throw notFound('usage.keyNotFound')
}

interface SeriesScope {
  /** One user's usage, or everyone's when absent. */
  userId?: string
  keyId?: string
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10)

function ceilDay(d: Date): Date {
  const floor = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())
  return new Date(floor === d.getTime() ? floor : floor + DAY_MS)
}

/** Hits per (bucket, service) over the range. Daily and coarser units count whole days. */
async function hitsByBucket(db: Db, scope: SeriesScope, range: Range, unit: UsageUnit) {
  const filters: SQL[] = []
  let source: SQL
  if (unit === 'hour') {
    source = sql`usage_hourly`
    filters.push(
      sql`hour >= ${range.start.toISOString()}::timestamptz`,
      sql`hour < ${range.end.toISOString()}::timestamptz`,
    )
  } else {
    source = scope.userId === undefined && scope.keyId === undefined ? sql`usage_daily_all` : sql`usage_daily_live`
    filters.push(sql`day >= ${isoDate(range.start)}::date`, sql`day < ${isoDate(ceilDay(range.end))}::date`)
  }
  if (scope.userId !== undefined) filters.push(sql`user_id = ${scope.userId}`)
  if (scope.keyId !== undefined) filters.push(sql`key_id = ${scope.keyId}`)
  // Buckets as whole hours or days since the epoch: integers group and travel faster than text.
  const bucket =
    unit === 'hour'
      ? sql`(extract(epoch from hour)::int8 / 3600)`
      : unit === 'day'
        ? sql`(day - date '1970-01-01')`
        : sql`(date_trunc(${sql.raw(`'${unit}'`)}, day::timestamp)::date - date '1970-01-01')`
  // One row per service, its buckets packed as "bucket:hits,…": a year of days is ~3,000 (bucket,
  // service) pairs, and on the embedded database handing each row to JavaScript cost more than
  // computing it (bench/README.md "Idle memory and the statistics queries").
  const result = await queryRows<{ service: string; points: string }>(
    db,
    sql`
    select service, string_agg(bucket::text || ':' || hits::text, ',') as points
    from (
      select ${bucket} as bucket, service, sum(hits)::int8 as hits
      from ${source}
      where ${sql.join(filters, sql` and `)}
      group by 1, 2
    ) per_bucket
    group by service`,
  )
  const step = unit === 'hour' ? 3_600_000 : DAY_MS
  const rows: { bucket: string; service: UsageService; hits: number }[] = []
  for (const { service, points } of result) {
    for (const point of points.split(',')) {
      const colon = point.indexOf(':')
      rows.push({
        bucket: new Date(Number(point.slice(0, colon)) * step).toISOString().replace('.000Z', 'Z'),
        service: service as UsageService,
        hits: Number(point.slice(colon + 1)),
      })
    }
  }
  return rows
}

function byServiceTotals(rows: readonly { service: UsageService; hits: number }[]) {
  const totals = new Map<UsageService, number>()
  for (const row of rows) totals.set(row.service, (totals.get(row.service) ?? 0) + row.hits)
  const byService = [...totals]
    .map(([service, hits]) => ({ service, hits }))
    .filter((r) => r.hits > 0)
    .sort((a, b) => b.hits - a.hits || a.service.localeCompare(b.service))
  const mapLoads = byService.filter((r) => isMapLoad(r.service)).reduce((sum, r) => sum + r.hits, 0)
  const all = byService.reduce((sum, r) => sum + r.hits, 0)
  return { api_requests: all - mapLoads, map_loads: mapLoads, by_service: byService }
}

export async function usageSeries(db: Db, scope: SeriesScope, range: Range, unit: UsageUnit): Promise<UsageSeries> {
  const rows = await hitsByBucket(db, scope, range, unit)
  const buckets = bucketsBetween(range.start, range.end, unit).map((d) => d.toISOString().replace('.000Z', 'Z'))
  const index = new Map(buckets.map((b, i) => [b, i]))
  const series = new Map<UsageService, number[]>()
  for (const row of rows) {
    const at = index.get(row.bucket)
    if (at === undefined) continue
    let hits = series.get(row.service)
    if (!hits) {
      hits = new Array<number>(buckets.length).fill(0)
      series.set(row.service, hits)
    }
    hits[at] = (hits[at] ?? 0) + row.hits
  }
  const totals = byServiceTotals(rows)
  const order = new Map(totals.by_service.map((r, i) => [r.service, i]))
  return {
    unit,
    buckets,
    series: [...series]
      .map(([service, hits]) => ({ service, hits }))
      .sort((a, b) => (order.get(a.service) ?? 99) - (order.get(b.service) ?? 99)),
    totals,
  }
}

/** This month against last month, per service, with the month-end forecast. */
export async function monthSummary(db: Db, userId: string, now: Date): Promise<MonthSummary> {
  const thisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
  const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
  const result = await queryRows<{ current: boolean; service: string; hits: string | number }>(
    db,
    sql`
    select day >= ${isoDate(thisMonth)}::date as current, service, sum(hits)::int8 as hits
    from usage_daily_live
    where user_id = ${userId} and day >= ${isoDate(lastMonth)}::date and day < ${isoDate(nextMonth)}::date
    group by 1, 2`,
  )
  const figures = new Map<UsageService, { this_month: number; last_month: number }>()
  for (const row of result) {
    const service = row.service as UsageService
    const figure = figures.get(service) ?? { this_month: 0, last_month: 0 }
    if (row.current === true || String(row.current) === 't') figure.this_month += Number(row.hits)
    else figure.last_month += Number(row.hits)
    figures.set(service, figure)
  }
  const withForecast = (f: { this_month: number; last_month: number }) => ({
    ...f,
    forecast: monthForecast(f.this_month, now),
  })
  const sum = (pick: (service: UsageService) => boolean) => {
    const total = { this_month: 0, last_month: 0 }
    for (const [service, f] of figures) {
      if (!pick(service)) continue
      total.this_month += f.this_month
      total.last_month += f.last_month
    }
    return withForecast(total)
  }
  return {
    year: now.getUTCFullYear(),
    month: now.getUTCMonth() + 1,
    api_requests: sum((s) => !isMapLoad(s)),
    map_loads: sum(isMapLoad),
    by_service: [...figures]
      .map(([service, f]) => ({ service, ...withForecast(f) }))
      .sort((a, b) => b.this_month - a.this_month || b.last_month - a.last_month || a.service.localeCompare(b.service)),
  }
}

/** Hits per service between two dates, both included. */
export async function hitsBetweenDates(db: Db, userId: string, startDate: string, endDate: string) {
  if (endDate < startDate) throw badRequest(ErrorCode.Validation, 'usage.rangeInverted')
  const result = await queryRows<{ service: string; hits: string | number }>(
    db,
    sql`
    select service, sum(hits)::int8 as hits from usage_daily_live
    where user_id = ${userId} and day >= ${startDate}::date and day <= ${endDate}::date
    group by service`,
  )
  return byServiceTotals(result.map((r) => ({ service: r.service as UsageService, hits: Number(r.hits) }))).by_service
}

/** Usage per user over the range, busiest first, with keyword search on e-mail and name. */
export async function usagePerUser(
  db: Db,
  range: Range,
  options: { keyword?: string | undefined; limit: number; offset: number },
): Promise<{ items: UserUsageRow[]; total: number }> {
  const keyword = options.keyword?.trim()
  const match = keyword
    ? sql`and (u.email ilike ${`%${escapeLike(keyword)}%`} or (u.first_name || ' ' || u.last_name) ilike ${`%${escapeLike(keyword)}%`})`
    : sql``
  const from = isoDate(range.start)
  const to = isoDate(ceilDay(range.end))
  const totals = await queryRows<{
    user_id: string
    email: string
    name: string
    total: string | number
    count: string | number
  }>(
    db,
    sql`
    with per_user as (
      select user_id, sum(hits)::int8 as total from usage_daily_live
      where day >= ${from}::date and day < ${to}::date
      group by user_id
    )
    select p.user_id, u.email, trim(u.first_name || ' ' || u.last_name) as name, p.total, count(*) over () as count
    from per_user p join users u on u.id = p.user_id
    where p.total > 0 ${match}
    order by p.total desc, u.email
    limit ${options.limit} offset ${options.offset}`,
  )
  const page = totals
  if (page.length === 0) {
    // Past the last page: the window count had no row to ride on, so count on its own.
    if (options.offset === 0) return { items: [], total: 0 }
    const [counted] = await queryRows<{ count: string | number }>(
      db,
      sql`
      select count(*)::int8 as count from (
        select user_id from usage_daily_live where day >= ${from}::date and day < ${to}::date
        group by user_id having sum(hits) > 0
      ) p join users u on u.id = p.user_id
      where true ${match}`,
    )
    return { items: [], total: Number(counted?.count ?? 0) }
  }
  const ids = page.map((r) => r.user_id)
  const services = await queryRows<{ user_id: string; service: string; hits: string | number }>(
    db,
    sql`
    select user_id, service, sum(hits)::int8 as hits from usage_daily_live
    where day >= ${from}::date and day < ${to}::date and user_id in ${ids}
    group by user_id, service`,
  )
  const byUser = new Map<string, { service: UsageService; hits: number }[]>()
  for (const row of services) {
    const list = byUser.get(row.user_id) ?? []
    list.push({ service: row.service as UsageService, hits: Number(row.hits) })
    byUser.set(row.user_id, list)
  }
  return {
    total: Number(page[0]?.count ?? 0),
    items: page.map((r) => {
      const totalsOfUser = byServiceTotals(byUser.get(r.user_id) ?? [])
      return {
        user_id: r.user_id,
        email: r.email,
        name: r.name,
        api_requests: totalsOfUser.api_requests,
        map_loads: totalsOfUser.map_loads,
        total: Number(r.total),
        by_service: totalsOfUser.by_service,
      }
    }),
  }
}

/** Per key of the user: hits, answers by status class and latency over the range (whole days). */
export async function keyHealth(db: Db, userId: string, range: Range) {
  const result = await queryRows<{
    key_id: string
    key_name: string
    key_preview: string
    hits: string | number | null
    ok: string | number | null
    client_errors: string | number | null
    server_errors: string | number | null
    latency_sum: string | number | null
    latency_max: number | null
  }>(
    db,
    sql`
    select k.id as key_id, k.name as key_name, k.secret_preview as key_preview,
      sum(d.hits)::int8 as hits, sum(d.ok)::int8 as ok, sum(d.client_errors)::int8 as client_errors,
      sum(d.server_errors)::int8 as server_errors, sum(d.latency_sum)::int8 as latency_sum, max(d.latency_max) as latency_max
    from keys k
    left join usage_daily_live d on d.key_id = k.id and d.day >= ${isoDate(range.start)}::date and d.day < ${isoDate(ceilDay(range.end))}::date
    where k.user_id = ${userId} and (k.deleted_at is null or d.key_id is not null)
    group by k.id, k.name, k.secret_preview, k.created_at
    order by sum(d.hits) desc nulls last, k.created_at desc`,
  )
  return result.map((r) => {
    const hits = Number(r.hits ?? 0)
    return {
      key_id: r.key_id,
      key_name: r.key_name,
      key_preview: r.key_preview,
      hits,
      ok: Number(r.ok ?? 0),
      client_errors: Number(r.client_errors ?? 0),
      server_errors: Number(r.server_errors ?? 0),
      latency_avg_ms: hits > 0 ? Math.round((Number(r.latency_sum ?? 0) / hits) * 10) / 10 : null,
      latency_max_ms: hits > 0 ? Number(r.latency_max ?? 0) : null,
    }
  })
}

/** The month a recent-requests call is about (default: the current one), as [start, end). */
export function monthOf(now: Date, year: number | undefined, month: number | undefined): Range {
  const y = year ?? now.getUTCFullYear()
  const m = (month ?? (year === undefined ? now.getUTCMonth() + 1 : 1)) - 1
  return { start: new Date(Date.UTC(y, m, 1)), end: new Date(Date.UTC(y, m + 1, 1)) }
}

export interface RecentRow {
  id: string
  at: string
  key_id: string
  key_name: string
  service: UsageService
  path: string | null
  status: number
  latency_ms: number
  count: number
}

interface ChunkRow {
  first_seq: string | number
  events: string
  next: string | number
}

/**
 * The user's logged requests inside the month and inside the newest 10,000, newest first, decoded
 * from their chunks (a chunk may straddle the window's edge or the month's).
 */
async function loggedRequests(db: Db, userId: string, month: Range, beforeSeq: number | undefined) {
  const before = beforeSeq !== undefined ? sql`and r.first_seq < ${beforeSeq}` : sql``
  const chunks = await queryRows<ChunkRow>(
    db,
    sql`
    with head as (select max(last_seq) + 1 as next from usage_request_chunks where user_id = ${userId})
    select r.first_seq, r.events, head.next
    from usage_request_chunks r, head
    where r.user_id = ${userId} and r.last_at >= ${month.start.toISOString()}::timestamptz
      and r.first_at < ${month.end.toISOString()}::timestamptz
      and r.last_seq >= head.next - ${MAX_USAGE_EXPORT_ROWS} ${before}
    order by r.last_seq desc`,
  )
  const start = month.start.getTime()
  const end = month.end.getTime()
  const out: {
    seq: number
    at: number
    keyId: string
    service: UsageService
    path: string | null
    status: number
    latency: number
    count: number
  }[] = []
  for (const chunk of chunks) {
    const firstSeq = Number(chunk.first_seq)
    const oldestKept = Number(chunk.next) - MAX_USAGE_EXPORT_ROWS
    const events = JSON.parse(chunk.events) as [number, string, UsageService, string | null, number, number, number][]
    for (let i = events.length - 1; i >= 0; i--) {
      const seq = firstSeq + i
      const event = events[i]
      if (!event || seq < oldestKept || (beforeSeq !== undefined && seq >= beforeSeq)) continue
      const [at, keyId, service, path, status, latency, count] = event
      if (at < start || at >= end) continue
      out.push({ seq, at, keyId, service, path, status, latency, count })
    }
  }
  return out
}

/** A month's logged requests, newest first, after the request `beforeSeq` (exclusive) when given. */
export async function recentRequests(
  db: Db,
  userId: string,
  month: Range,
  options: { beforeSeq?: number | undefined; limit: number; offset?: number },
): Promise<RecentRow[]> {
  const logged = await loggedRequests(db, userId, month, options.beforeSeq)
  const page = logged.slice(options.offset ?? 0, (options.offset ?? 0) + options.limit)
  const keyIds = [...new Set(page.map((r) => r.keyId))]
  const names = new Map<string, string>()
  if (keyIds.length > 0) {
    const rows = await queryRows<{ id: string; name: string }>(db, sql`select id, name from keys where id in ${keyIds}`)
    for (const row of rows) names.set(row.id, row.name)
  }
  return page.map((r) => ({
    id: String(r.seq),
    at: new Date(r.at).toISOString(),
    key_id: r.keyId,
    key_name: names.get(r.keyId) ?? '',
    service: r.service,
    path: r.path,
    status: r.status,
    latency_ms: r.latency,
    count: r.count,
  }))
}

export async function countRecentRequests(db: Db, userId: string, month: Range): Promise<number> {
  return (await loggedRequests(db, userId, month, undefined)).length
}

const yearMonth = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`

/**
 * The overview's revenue over time (issue 21: it showed $0.00 all month): the current month's usage so
 * far priced as its bills will be, and what the twelve months before it billed and were paid.
 */
async function revenueTrend(db: Db, now: Date) {
  const year = now.getUTCFullYear()
  const month = now.getUTCMonth() + 1
  const months = Array.from({ length: 12 }, (_, i) => {
    const first = new Date(Date.UTC(year, month - 13 + i, 1))
    return { year: first.getUTCFullYear(), month: first.getUTCMonth() + 1 }
  })
  const oldest = months[0] ?? { year, month }
  const [accrued, billed] = await Promise.all([
    accruedCents(db, year, month),
    queryRows<{ year: number; month: number; billed: string | number; paid: string | number }>(
      db,
      sql`
      select year, month, coalesce(sum(total_cents), 0)::int8 as billed,
             coalesce(sum(total_cents) filter (where paid_at is not null), 0)::int8 as paid
      from bills
      where year * 100 + month >= ${oldest.year * 100 + oldest.month} and year * 100 + month < ${year * 100 + month}
      group by year, month`,
    ),
  ])
  const byMonth = new Map(billed.map((r) => [yearMonth(Number(r.year), Number(r.month)), r]))
  return {
    revenue_accrued: { month: yearMonth(year, month), amount: formatCents(accrued) },
    revenue_by_month: months.map(({ year: y, month: m }) => {
      const found = byMonth.get(yearMonth(y, m))
      return {
        month: yearMonth(y, m),
        billed: formatCents(BigInt(found?.billed ?? 0)),
        paid: formatCents(BigInt(found?.paid ?? 0)),
      }
    }),
  }
}

/** Back-office KPIs over the range; the revenue trend is taken at `now`. */
export async function overviewFigures(db: Db, range: Range, now: Date) {
  const result = await queryRows<{
    users_total: string | number
    users_new: string | number
    keys_active: string | number
  }>(
    db,
    sql`
    select
      (select count(*) from users u where exists (select 1 from user_roles r where r.user_id = u.id and r.role = 'customer'))::int8 as users_total,
      (select count(*) from users u where u.created_at >= ${range.start.toISOString()}::timestamptz and u.created_at < ${range.end.toISOString()}::timestamptz
        and exists (select 1 from user_roles r where r.user_id = u.id and r.role = 'customer'))::int8 as users_new,
      (select count(*) from keys where deleted_at is null and status = 'active')::int8 as keys_active`,
  )
  const row = result[0]
  const signups = await queryRows<{ day: string; count: string | number }>(
    db,
    sql`
    select to_char(date_trunc('day', u.created_at at time zone 'UTC'), 'YYYY-MM-DD') as day, count(*)::int8 as count
    from users u
    where u.created_at >= ${range.start.toISOString()}::timestamptz and u.created_at < ${range.end.toISOString()}::timestamptz
      and exists (select 1 from user_roles r where r.user_id = u.id and r.role = 'customer')
    group by 1`,
  )
  const days = bucketsBetween(range.start, range.end, 'day')
  const counts = new Map(signups.map((r) => [r.day, Number(r.count)]))
  // Revenue: what the bills of the months the range touches billed (the end is exclusive).
  const billed = await billTotals(db, {
    from: monthIndex(range.start),
    to: monthIndex(new Date(range.end.getTime() - 1)),
  })
  return {
    revenue: formatCents(billed.billed),
    ...(await revenueTrend(db, now)),
    users_total: Number(row?.users_total ?? 0),
    users_new: Number(row?.users_new ?? 0),
    keys_active: Number(row?.keys_active ?? 0),
    signups: {
      buckets: days.map((d) => d.toISOString().replace('.000Z', 'Z')),
      counts: days.map((d) => counts.get(isoDate(d)) ?? 0),
    },
  }
}
