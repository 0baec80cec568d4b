import { BALANCE_LOG_TYPES, type BalanceLogType } from '@app/contract'
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import { balanceLogs, bills, couponLogs, coupons, userPlans, users } from '../../db/schema/index.ts'
import { escapeLike } from '../../lib/like.ts'
import type { BalanceLogRow } from './ledger.ts'

// The balance log's reads. A row is listed with its owner's e-mail and name, and its reference as a
// person reads it: a bill's code, a coupon's code, a plan's name (the stored reference otherwise).

export type LogFilterType = 'all' | 'credit' | 'debit' | BalanceLogType

export interface LogFilter {
  userId?: string
  userKeyword?: string
  filterType: LogFilterType
  sortBy: 'created_at' | 'amount'
  orderBy: 'asc' | 'desc'
}

function isType(value: string): value is BalanceLogType {
  return (BALANCE_LOG_TYPES as readonly string[]).includes(value)
}

function conditions(filter: LogFilter): SQL | undefined {
  const parts: SQL[] = []
  if (filter.userId) parts.push(eq(balanceLogs.userId, filter.userId))
  if (filter.filterType === 'credit') parts.push(sql`${balanceLogs.amountCents} > 0`)
  else if (filter.filterType === 'debit') parts.push(sql`${balanceLogs.amountCents} < 0`)
  else if (isType(filter.filterType)) parts.push(eq(balanceLogs.type, filter.filterType))
  const keyword = filter.userKeyword?.trim()
  if (keyword) {
    const pattern = `%${escapeLike(keyword)}%`
    const either = or(ilike(users.email, pattern), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern))
    if (either) parts.push(either)
  }
  return parts.length > 0 ? and(...parts) : undefined
}

/** Who wrote a row by hand (an administrator adding balance, paying a bill, redeeming a coupon). */
const creator = alias(users, 'creator')

/** Log rows with their owner, their writer and the joins that name their reference. */
function selectLogs(db: Db) {
  return db
    .select({
      log: balanceLogs,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      shownReference: sql<string | null>`coalesce(${bills.code}, ${coupons.code}, ${userPlans.name})`,
      creatorName: sql<string | null>`nullif(trim(${creator.firstName} || ' ' || ${creator.lastName}), '')`,
      creatorEmail: creator.email,
    })
    .from(balanceLogs)
    .innerJoin(users, eq(users.id, balanceLogs.userId))
    .leftJoin(creator, eq(creator.id, balanceLogs.createdBy))
    .leftJoin(bills, and(eq(balanceLogs.type, 'bill_payment'), eq(bills.id, balanceLogs.reference)))
    .leftJoin(
      couponLogs,
      and(sql`${balanceLogs.type} in ('coupon', 'credit_expiry')`, eq(couponLogs.id, balanceLogs.reference)),
    )
    .leftJoin(coupons, eq(coupons.id, couponLogs.couponId))
    .leftJoin(
      userPlans,
      and(sql`${balanceLogs.type} in ('plan_purchase', 'plan_renewal')`, eq(userPlans.id, balanceLogs.reference)),
    )
}

type SelectedLog = {
  log: typeof balanceLogs.$inferSelect
  email: string
  firstName: string
  lastName: string
  shownReference: string | null
  creatorName: string | null
  creatorEmail: string | null
}

function toRow(r: SelectedLog): BalanceLogRow {
  return {
    log: r.log,
    email: r.email,
    firstName: r.firstName,
    lastName: r.lastName,
    reference: r.shownReference ?? r.log.reference,
    creator: { name: r.creatorName, email: r.creatorEmail },
  }
}

export async function listLogs(
  db: Db,
  filter: LogFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: BalanceLogRow[]; total: number }> {
  const where = conditions(filter)
  const direction = filter.orderBy === 'asc' ? asc : desc
  // The ledger's sequence is its order (docs/balance.md): rows of the same millisecond keep the order
  // their balances chain in, which neither created_at nor the id can tell.
  const order =
    filter.sortBy === 'amount'
      ? [direction(balanceLogs.amountCents), direction(balanceLogs.seq)]
      : [direction(balanceLogs.seq)]
  const [rows, [counted]] = await Promise.all([
    selectLogs(db)
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(balanceLogs).innerJoin(users, eq(users.id, balanceLogs.userId)).where(where),
  ])
  return { rows: rows.map(toRow), total: counted?.n ?? 0 }
}

/** One log row with its owner, for the answer of the call that wrote it. */
export async function findLog(db: Db, id: string): Promise<BalanceLogRow | null> {
  const [row] = await selectLogs(db).where(eq(balanceLogs.id, id)).limit(1)
  return row ? toRow(row) : null
}
