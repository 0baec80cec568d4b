import {
  type Bill,
  type BillDetail,
  type BillingRun,
  type BillLine,
  formatCents,
  formatRate,
  parseRate,
  ratePer1000,
} from '@app/contract'
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client.ts'
import { billingRuns, bills, users } from '../../db/schema/index.ts'
import { escapeLike } from '../../lib/like.ts'

// The bills' queries. A bill is listed with its owner's e-mail and name; `toBill`/`toBillDetail` are
// the only places a row becomes an API bill.

type BillRow = typeof bills.$inferSelect
export type BillingRunRow = typeof billingRuns.$inferSelect

export interface BillWithUser {
  bill: BillRow
  email: string
  firstName: string
  lastName: string
}

/** `numeric(18,8)` as stored ("10.00000000") → the shortest exact decimal ("10", "7.5"). */
function plainDecimal(value: string): string {
  return formatRate(parseRate(value)).replace(/\.0$/, '')
}

export function toBill(row: BillWithUser): Bill {
  const b = row.bill
  return {
    id: b.id,
    user_id: b.userId,
    user_email: row.email,
    user_name: `${row.firstName} ${row.lastName}`.trim(),
    code: b.code,
    month: b.month,
    year: b.year,
    bill_date: b.billDate.toISOString(),
    billed_from: b.billedFrom,
    billed_to: b.billedTo,
    amount_before_discount: formatCents(b.amountBeforeDiscountCents),
    discount_percent: plainDecimal(b.discountPercent),
    discount: formatCents(b.discountCents),
    amount: formatCents(b.amountCents),
    free_credit: formatCents(b.freeCreditCents),
    total: formatCents(b.totalCents),
    exchange_rate: plainDecimal(b.exchangeRate),
    total_vnd: b.totalVnd.toString(),
    transfer_content: b.transferContent,
    paid: b.paidAt !== null,
    paid_at: b.paidAt?.toISOString() ?? null,
    vat_requested: b.vat !== null,
    emailed_at: b.emailedAt?.toISOString() ?? null,
  }
}

/**
 * A bill line as stored in `bills.lines`: `[service, hits, free, billable, private (1/0), subtotal,
 * tiers]`, a tier `[request_from, request_to, rate, requests, exact amount]`. A third of the size of
 * the contract's objects, which is most of the cost of writing a month's bills; `toBillDetail` gives
 * the contract's `BillLine` back (the rate per 1,000 is derived from the rate).
 */
export type StoredLine = [string, number, number, number, 0 | 1, string, StoredTier[]]
export type StoredTier = [number, number, string, number, string]

const per1000Cache = new Map<string, string>()
/** `ratePer1000`, remembered: a few distinct rates are shown on every bill. */
function per1000(rate: string): string {
  let shown = per1000Cache.get(rate)
  if (shown === undefined) {
    shown = ratePer1000(rate)
    if (per1000Cache.size < 10_000) per1000Cache.set(rate, shown)
  }
  return shown
}

function toBillLines(stored: readonly StoredLine[]): BillLine[] {
  return stored.map(([service, hits, free, billable, isPrivate, subtotal, tiers]) => ({
    service: service as BillLine['service'],
    hits,
    free,
    billable,
    private: isPrivate === 1,
    tiers: tiers.map(([from, to, rate, requests, amount]) => ({
      request_from: from,
      request_to: to,
      rate,
      rate_per_1000: per1000(rate),
      requests,
      amount,
    })),
    subtotal,
  }))
}

export function toBillDetail(row: BillWithUser): BillDetail {
  return {
    ...toBill(row),
    is_new: row.bill.isNew,
    lines: toBillLines(row.bill.lines as StoredLine[]),
    vat_request: (row.bill.vat as BillDetail['vat_request']) ?? null,
  }
}

function selectBills(db: Db) {
  return db
    .select({ bill: bills, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(bills)
    .innerJoin(users, eq(users.id, bills.userId))
}

export async function findBill(db: Db, id: string): Promise<BillWithUser | null> {
  const [row] = await selectBills(db).where(eq(bills.id, id)).limit(1)
  return row ?? null
}

/** One user's bills, newest month first. */
export async function listUserBills(db: Db, userId: string, page: { limit: number; offset: number }) {
  const where = eq(bills.userId, userId)
  const [rows, [total]] = await Promise.all([
    selectBills(db)
      .where(where)
      .orderBy(desc(bills.year), desc(bills.month), desc(bills.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(bills).where(where),
  ])
  return { rows, total: total?.value ?? 0 }
}

export interface BillFilter {
  keyword?: string | undefined
  month?: number | undefined
  year?: number | undefined
  filters: 'all' | 'paid' | 'unpaid'
  sortBy: 'bill_date' | 'total' | 'month' | 'code' | 'email'
  sortMode: 'asc' | 'desc'
}

function whereOf(filter: BillFilter): SQL | undefined {
  const conditions: SQL[] = []
  if (filter.month !== undefined) conditions.push(eq(bills.month, filter.month))
  if (filter.year !== undefined) conditions.push(eq(bills.year, filter.year))
  if (filter.filters === 'paid') conditions.push(isNotNull(bills.paidAt))
  if (filter.filters === 'unpaid') conditions.push(isNull(bills.paidAt))
  const keyword = filter.keyword?.trim()
  if (keyword) {
    const like = `%${escapeLike(keyword)}%`
    const match = or(
      ilike(bills.code, like),
      ilike(users.email, like),
      ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
    )
    if (match) conditions.push(match)
  }
  return conditions.length > 0 ? and(...conditions) : undefined
}

/**
 * The sort of `bills/all` as one expression with its SQL type: the list orders by it and the bill id,
 * and the export walks the same order by keyset (`after`), never by offset.
 */
function sortKey(sortBy: BillFilter['sortBy']): { expr: SQL; type: string } {
  switch (sortBy) {
    case 'total':
      return { expr: sql`${bills.totalCents}`, type: 'int8' }
    case 'month':
      return { expr: sql`(${bills.year} * 100 + ${bills.month})`, type: 'int4' }
    case 'code':
      return { expr: sql`${bills.code}`, type: 'text' }
    case 'email':
      return { expr: sql`${users.email}`, type: 'text' }
    default:
      return { expr: sql`${bills.billDate}`, type: 'timestamptz' }
  }
}

function orderOf(filter: BillFilter): SQL[] {
  const { expr } = sortKey(filter.sortBy)
  return filter.sortMode === 'asc' ? [asc(expr), asc(bills.id)] : [desc(expr), desc(bills.id)]
}

export async function listAllBills(db: Db, filter: BillFilter, page: { limit: number; offset: number }) {
  const where = whereOf(filter)
  const [rows, [total]] = await Promise.all([
    selectBills(db)
      .where(where)
      .orderBy(...orderOf(filter))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(bills).innerJoin(users, eq(users.id, bills.userId)).where(where),
  ])
  return { rows, total: total?.value ?? 0 }
}

export async function countAllBills(db: Db, filter: BillFilter): Promise<number> {
  const [total] = await db
    .select({ value: count() })
    .from(bills)
    .innerJoin(users, eq(users.id, bills.userId))
    .where(whereOf(filter))
  return total?.value ?? 0
}

/**
 * Every bill `filter` selects, in its order, `size` at a time: each page starts after the previous
 * page's last (sort value, id), so memory stays flat and no page re-reads what came before.
 */
export async function* walkBills(db: Db, filter: BillFilter, size = 1000): AsyncGenerator<BillWithUser[]> {
  const { expr, type } = sortKey(filter.sortBy)
  const base = whereOf(filter)
  const before = filter.sortMode === 'asc' ? sql.raw('>') : sql.raw('<')
  let after: { value: string; id: string } | null = null
  for (;;) {
    const conditions: SQL[] = base ? [base] : []
    if (after) {
      conditions.push(sql`(${expr}, ${bills.id}) ${before} (${after.value}::${sql.raw(type)}, ${after.id})`)
    }
    const rows = await db
      .select({
        bill: bills,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        sortValue: sql<string>`(${expr})::text`,
      })
      .from(bills)
      .innerJoin(users, eq(users.id, bills.userId))
      .where(conditions.length > 0 ? and(...conditions) : undefined)
      .orderBy(...orderOf(filter))
      .limit(size)
    if (rows.length === 0) return
    yield rows
    const last = rows[rows.length - 1]
    if (!last || rows.length < size) return
    after = { value: last.sortValue, id: last.bill.id }
  }
}

/** A month's bills: how many, how many paid, and their totals (cents). */
export async function monthCounts(db: Db, year: number, month: number) {
  const [row] = await queryRows<{
    count: string | number
    paid: string | number
    total: string | null
    paid_total: string | null
  }>(
    db,
    sql`
    select count(*)::int8 as count, count(paid_at)::int8 as paid,
           coalesce(sum(total_cents), 0)::int8 as total,
           coalesce(sum(total_cents) filter (where paid_at is not null), 0)::int8 as paid_total
    from bills where year = ${year} and month = ${month}`,
  )
  const total = BigInt(row?.total ?? 0)
  const paidTotal = BigInt(row?.paid_total ?? 0)
  const all = Number(row?.count ?? 0)
  const paid = Number(row?.paid ?? 0)
  return { count: all, paid, unpaid: all - paid, total, paidTotal, unpaidTotal: total - paidTotal }
}

/** `year * 100 + month` of a date (UTC). */
export function monthIndex(date: Date): number {
  return date.getUTCFullYear() * 100 + date.getUTCMonth() + 1
}

/**
 * The bills of the months from `from` to `to` (`year * 100 + month`, both included), of one user or
 * of everyone: how many, and their totals billed, paid and unpaid (cents).
 */
export async function billTotals(db: Db, scope: { userId?: string; from: number; to: number }) {
  const [row] = await queryRows<{ count: string | number; billed: string | null; paid: string | null }>(
    db,
    sql`
    select count(*)::int8 as count, coalesce(sum(total_cents), 0)::int8 as billed,
           coalesce(sum(total_cents) filter (where paid_at is not null), 0)::int8 as paid
    from bills
    where year * 100 + month between ${scope.from} and ${scope.to}
      ${scope.userId === undefined ? sql`` : sql`and user_id = ${scope.userId}`}`,
  )
  const billed = BigInt(row?.billed ?? 0)
  const paid = BigInt(row?.paid ?? 0)
  return { count: Number(row?.count ?? 0), billed, paid, unpaid: billed - paid }
}

export function toBillingRun(row: BillingRunRow): BillingRun {
  return {
    year: row.year,
    month: row.month,
    status: row.status,
    started_at: row.startedAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    created: row.created,
    skipped: row.skipped,
    users: row.users,
    error: row.error,
    trigger: row.trigger,
  }
}

export async function listBillingRuns(db: Db, limit = 24): Promise<BillingRun[]> {
  const rows = await db
    .select()
    .from(billingRuns)
    .orderBy(desc(billingRuns.startedAt), desc(billingRuns.id))
    .limit(limit)
  return rows.map(toBillingRun)
}

/** True when the month has a finished generation run. */
export async function monthIsBilled(db: Db, year: number, month: number): Promise<boolean> {
  const [row] = await db
    .select({ id: billingRuns.id })
    .from(billingRuns)
    .where(and(eq(billingRuns.year, year), eq(billingRuns.month, month), eq(billingRuns.status, 'done')))
    .limit(1)
  return row !== undefined
}
