import { type Coupon, type CouponLog, type CouponType, formatCents } from '@app/contract'
import { and, count, desc, eq, gt, gte, ilike, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { couponLogs, coupons, couponTypes, users } from '../../db/schema/index.ts'
import { escapeLike } from '../../lib/like.ts'

// The coupons' queries. `toCouponType`, `toCoupon` and `toCouponLog` are the only places a row becomes
// an API answer. "Today" is always passed in (the UTC date of the app's clock), never SQL's
// current_date, so that tests with a fixed clock and the server agree on what has expired.

export type CouponTypeRow = typeof couponTypes.$inferSelect
export type CouponRow = typeof coupons.$inferSelect
export type CouponLogRow = typeof couponLogs.$inferSelect

export interface Page {
  limit: number
  offset: number
}

/** The UTC calendar date of an instant, as `YYYY-MM-DD` (the form of `coupons.date_expired`). */
export function utcDate(now: Date): string {
  return now.toISOString().slice(0, 10)
}

// ── Coupon types ────────────────────────────────────────────────────────────────────────────────────

// Spelled out: inside a sub-select drizzle would leave `coupon_types.id` unqualified (`id` of coupons).
const couponsOfType = sql<number>`(select count(*)::int from ${coupons} c where c.type_id = ${couponTypes}.id)`

export function toCouponType(row: CouponTypeRow, couponCount: number): CouponType {
  return {
    id: row.id,
    name: row.name,
    limit: row.limit,
    description: row.description,
    event_code: row.eventCode,
    coupons: couponCount,
    time_create: row.createdAt.toISOString(),
  }
}

export async function findCouponType(db: Db, id: string): Promise<CouponType | null> {
  const [row] = await db
    .select({ type: couponTypes, coupons: couponsOfType })
    .from(couponTypes)
    .where(eq(couponTypes.id, id))
    .limit(1)
  return row ? toCouponType(row.type, row.coupons) : null
}

/** The type row, locked until the transaction ends: coupons of one type are created one at a time. */
export async function lockCouponType(db: Db, id: string): Promise<CouponTypeRow | null> {
  const [row] = await db.select().from(couponTypes).where(eq(couponTypes.id, id)).limit(1).for('update')
  return row ?? null
}

export async function countCouponsOfType(db: Db, typeId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(coupons).where(eq(coupons.typeId, typeId))
  return row?.value ?? 0
}

/** Newest first, searched by name or event code. */
export async function listCouponTypes(db: Db, keyword: string | undefined, page: Page) {
  const text = keyword?.trim()
  const where = text
    ? or(ilike(couponTypes.name, `%${escapeLike(text)}%`), ilike(couponTypes.eventCode, `%${escapeLike(text)}%`))
    : undefined
  const [rows, [total]] = await Promise.all([
    db
      .select({ type: couponTypes, coupons: couponsOfType })
      .from(couponTypes)
      .where(where)
      .orderBy(desc(couponTypes.createdAt), desc(couponTypes.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(couponTypes).where(where),
  ])
  return { items: rows.map((r) => toCouponType(r.type, r.coupons)), total: total?.value ?? 0 }
}

// ── Coupons ─────────────────────────────────────────────────────────────────────────────────────────

export interface CouponWithType {
  coupon: CouponRow
  typeName: string
}

/** Whether a coupon can be redeemed today: not disabled, not past its last day, not used up. */
function isAvailable(row: CouponRow, today: string): boolean {
  return row.disabledAt === null && row.dateExpired >= today && (row.remaining === null || row.remaining > 0)
}

export function toCoupon({ coupon, typeName }: CouponWithType, today: string): Coupon {
  return {
    id: coupon.id,
    type_id: coupon.typeId,
    type_name: typeName,
    code: coupon.code,
    credit: formatCents(coupon.creditCents),
    description: coupon.description,
    date_expried: coupon.dateExpired,
    balance_expires_day: coupon.balanceExpiresDay,
    limit: coupon.limit,
    remaining: coupon.remaining,
    redeemed: coupon.redeemed,
    available: isAvailable(coupon, today),
    disabled: coupon.disabledAt !== null,
    created_at: coupon.createdAt.toISOString(),
  }
}

const couponWithType = { coupon: coupons, typeName: couponTypes.name }

export async function findCoupon(db: Db, id: string): Promise<CouponWithType | null> {
  const [row] = await db
    .select(couponWithType)
    .from(coupons)
    .innerJoin(couponTypes, eq(couponTypes.id, coupons.typeId))
    .where(eq(coupons.id, id))
    .limit(1)
  return row ?? null
}

/** A coupon by its code (stored upper-case; the caller normalises what was typed). */
export async function findCouponByCode(db: Db, code: string): Promise<CouponRow | null> {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code)).limit(1)
  return row ?? null
}

export interface CouponFilter {
  keyword?: string | undefined
  typeId?: string | undefined
  available?: boolean | undefined
}

function availableWhere(today: string): SQL {
  return and(
    isNull(coupons.disabledAt),
    gte(coupons.dateExpired, today),
    or(isNull(coupons.remaining), gt(coupons.remaining, 0)),
  ) as SQL
}

function couponWhere(filter: CouponFilter, today: string): SQL | undefined {
  const conditions: SQL[] = []
  const keyword = filter.keyword?.trim()
  if (keyword) {
    const like = `%${escapeLike(keyword)}%`
    const match = or(ilike(coupons.code, like), ilike(coupons.description, like))
    if (match) conditions.push(match)
  }
  if (filter.typeId) conditions.push(eq(coupons.typeId, filter.typeId))
  if (filter.available === true) conditions.push(availableWhere(today))
  if (filter.available === false) {
    const unavailable = or(
      isNotNull(coupons.disabledAt),
      lt(coupons.dateExpired, today),
      and(isNotNull(coupons.remaining), eq(coupons.remaining, 0)),
    )
    if (unavailable) conditions.push(unavailable)
  }
  return conditions.length > 0 ? and(...conditions) : undefined
}

/** Newest first. */
export async function listCoupons(db: Db, filter: CouponFilter, today: string, page: Page) {
  const where = couponWhere(filter, today)
  const [rows, [total]] = await Promise.all([
    db
      .select(couponWithType)
      .from(coupons)
      .innerJoin(couponTypes, eq(couponTypes.id, coupons.typeId))
      .where(where)
      .orderBy(desc(coupons.createdAt), desc(coupons.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(coupons).where(where),
  ])
  return { items: rows.map((r) => toCoupon(r, today)), total: total?.value ?? 0 }
}

/**
 * Takes one redemption from a coupon if it can still be redeemed today: one conditional UPDATE, so
 * concurrent redemptions queue on the row and each re-checks `remaining` after the one before it
 * commits (READ COMMITTED re-evaluates the WHERE on the new row version). Null when nothing was taken.
 */
export async function takeRedemption(db: Db, id: string, today: string): Promise<CouponRow | null> {
  const [row] = await db
    .update(coupons)
    .set({ remaining: sql`${coupons.remaining} - 1`, redeemed: sql`${coupons.redeemed} + 1` })
    .where(and(eq(coupons.id, id), availableWhere(today)))
    .returning()
  return row ?? null
}

// ── Coupon logs ─────────────────────────────────────────────────────────────────────────────────────

export interface CouponLogView {
  log: CouponLogRow
  email: string
  code: string
  typeName: string
}

function couponLogStatus(log: CouponLogRow): CouponLog['status'] {
  if (log.expiredAt !== null) return (log.expiredAmountCents ?? 0n) > 0n ? 'expired' : 'spent'
  return log.unspentCents > 0n ? 'active' : 'spent'
}

export function toCouponLog({ log, email, code, typeName }: CouponLogView): CouponLog {
  return {
    id: log.id,
    user_id: log.userId,
    user_email: email,
    coupon_id: log.couponId,
    code,
    type_name: typeName,
    credit: formatCents(log.creditCents),
    redeemed_at: log.redeemedAt.toISOString(),
    expires_at: log.expiresAt.toISOString(),
    unspent: formatCents(log.unspentCents),
    expired_amount: log.expiredAmountCents === null ? null : formatCents(log.expiredAmountCents),
    status: couponLogStatus(log),
  }
}

const couponLogView = { log: couponLogs, email: users.email, code: coupons.code, typeName: couponTypes.name }

function couponLogsFrom(db: Db) {
  return db
    .select(couponLogView)
    .from(couponLogs)
    .innerJoin(users, eq(users.id, couponLogs.userId))
    .innerJoin(coupons, eq(coupons.id, couponLogs.couponId))
    .innerJoin(couponTypes, eq(couponTypes.id, coupons.typeId))
}

export async function findCouponLog(db: Db, id: string): Promise<CouponLogView | null> {
  const [row] = await couponLogsFrom(db).where(eq(couponLogs.id, id)).limit(1)
  return row ?? null
}

export async function findUserCouponLog(db: Db, userId: string, couponId: string): Promise<CouponLogRow | null> {
  const [row] = await db
    .select()
    .from(couponLogs)
    .where(and(eq(couponLogs.userId, userId), eq(couponLogs.couponId, couponId)))
    .limit(1)
  return row ?? null
}

/** Newest first: one user's redemptions, or everyone's searched by code or e-mail. */
export async function listCouponLogs(db: Db, filter: { userId?: string; keyword?: string | undefined }, page: Page) {
  const conditions: SQL[] = []
  if (filter.userId) conditions.push(eq(couponLogs.userId, filter.userId))
  const keyword = filter.keyword?.trim()
  if (keyword) {
    const like = `%${escapeLike(keyword)}%`
    const match = or(ilike(coupons.code, like), ilike(users.email, like))
    if (match) conditions.push(match)
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined
  const [rows, [total]] = await Promise.all([
    couponLogsFrom(db)
      .where(where)
      .orderBy(desc(couponLogs.redeemedAt), desc(couponLogs.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ value: count() })
      .from(couponLogs)
      .innerJoin(users, eq(users.id, couponLogs.userId))
      .innerJoin(coupons, eq(coupons.id, couponLogs.couponId))
      .where(where),
  ])
  return { items: rows.map(toCouponLog), total: total?.value ?? 0 }
}
