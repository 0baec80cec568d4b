import { randomBytes } from 'node:crypto'
import {
  type BodyOf,
  type Coupon,
  type CouponLog,
  type CouponType,
  type createCoupon as createCouponEndpoint,
  type createCouponType as createCouponTypeEndpoint,
  ErrorCode,
  formatCents,
} from '@app/contract'
import { and, eq, isNull } from 'drizzle-orm'
import type { Ctx } from '../../context.ts'
import { PG_UNIQUE_VIOLATION, pgCode, pgConstraint } from '../../db/client.ts'
import { couponLogs, coupons, couponTypes } from '../../db/schema/index.ts'
import { AppError, conflict, invalidField, notFound, refused, tooManyRequests } from '../../http/errors.ts'
import type { AuthUser } from '../../lib/auth-user.ts'
import { newId } from '../../lib/ids.ts'
import type { RequestMeta } from '../../lib/request-meta.ts'
import { blockedFor, hit } from '../../lib/throttle.ts'
import { writeAudit } from '../audit/audit.ts'
import { credit, ledgerOptions } from '../balance/ledger.ts'
import {
  type CouponRow,
  countCouponsOfType,
  findCoupon,
  findCouponByCode,
  findCouponLog,
  findCouponType,
  findUserCouponLog,
  lockCouponType,
  takeRedemption,
  toCoupon,
  toCouponLog,
  toCouponType,
  utcDate,
} from './queries.ts'

// Coupons (docs/requirements.md §11, docs/coupons.md): admins keep coupon types and
// coupons; a customer redeems a code once, which credits the balance through the ledger; what is still
// unspent after `balance_expires_day` days is taken back by the expiry job (expiry.ts).

const DAY_MS = 86_400_000

// ── Coupon types ────────────────────────────────────────────────────────────────────────────────────

export async function getCouponType(ctx: Ctx, id: string): Promise<CouponType> {
  const type = await findCouponType(ctx.db, id)
  if (!type) throw notFound('coupons.typeNotExist')
  return type
}

export async function createCouponType(
  ctx: Ctx,
  meta: RequestMeta,
  actor: AuthUser,
  body: BodyOf<typeof createCouponTypeEndpoint>,
): Promise<CouponType> {
  const now = ctx.clock.now()
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(couponTypes)
        .values({
          id: newId('cpt', now.getTime()),
          name: body.name,
          limit: body.limit,
          description: body.description,
          eventCode: body.event_code,
          createdBy: actor.id,
          createdAt: now,
        })
        .returning()
      if (!row) throw new Error('coupon type insert returned nothing')
      const type = toCouponType(row, 0)
      await writeAudit(
        tx,
        actor,
        meta,
        {
          action: 'coupons.createType',
          targetType: 'coupon_type',
          targetId: row.id,
          after: { name: type.name, limit: type.limit, description: type.description, event_code: type.event_code },
        },
        now,
      )
      return type
    })
  } catch (error) {
    if (pgCode(error) === PG_UNIQUE_VIOLATION && pgConstraint(error) === 'coupon_types_event_code_key') {
      throw conflict(ErrorCode.EventCodeUsed, 'coupons.eventCodeUsed')
    }
    throw error
  }
}

// ── Coupons ─────────────────────────────────────────────────────────────────────────────────────────

/** Unambiguous when read aloud or typed from paper: no 0/O, no 1/I. 32 symbols, 5 random bits each. */
export const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ'
export const CODE_LENGTH = 12
const CODE_ATTEMPTS = 8

/** A fresh coupon code: 12 symbols, 60 random bits from the system's CSPRNG. */
export function generateCode(): string {
  let code = ''
  // 256 is a multiple of 32, so `byte & 31` is uniform over the alphabet.
  for (const byte of randomBytes(CODE_LENGTH)) code += CODE_ALPHABET[byte & 31]
  return code
}

/** What a customer typed, in the form codes are stored: upper-case, without spaces or dashes. */
export function normaliseCode(typed: string): string {
  return typed.replace(/[\s-]/g, '').toUpperCase()
}

/** A real calendar date (`2026-02-30` is not) that is today (UTC) or later; else "Invalid date Expired !". */
function checkDateExpired(value: string, today: string) {
  const parsed = new Date(`${value}T00:00:00.000Z`)
  const isReal = !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value
  if (!isReal || value < today) throw invalidField('date_expried', 'coupons.dateExpiredInvalid')
}

export async function createCoupon(
  ctx: Ctx,
  meta: RequestMeta,
  actor: AuthUser,
  body: BodyOf<typeof createCouponEndpoint>,
): Promise<Coupon> {
  const now = ctx.clock.now()
  const today = utcDate(now)
  checkDateExpired(body.date_expried, today)
  return ctx.db.transaction(async (tx) => {
    // The type's row lock makes "how many coupons does it have" and the insert one step, so two
    // admins creating the last allowed coupon at once cannot both succeed.
    const type = await lockCouponType(tx, body.type_id)
    if (!type) throw refused(ErrorCode.CouponTypeNotExist, 'coupons.typeNotExist')
    if (type.limit !== -1 && (await countCouponsOfType(tx, type.id)) >= type.limit) {
      throw refused(ErrorCode.CouponTypeFull, 'coupons.typeFull', { limit: type.limit })
    }
    let row: CouponRow | undefined
    // A clash of 60-bit codes is all but impossible; ON CONFLICT keeps the transaction usable if one happens.
    for (let attempt = 0; !row && attempt < CODE_ATTEMPTS; attempt++) {
      const inserted = await tx
        .insert(coupons)
        .values({
          id: newId('cpn', now.getTime()),
          typeId: type.id,
          code: generateCode(),
          creditCents: body.credit,
          description: body.description,
          dateExpired: body.date_expried,
          balanceExpiresDay: body.balance_expires_day,
          limit: body.limit,
          remaining: body.limit === -1 ? null : body.limit,
          createdBy: actor.id,
          createdAt: now,
        })
        .onConflictDoNothing({ target: coupons.code })
        .returning()
      row = inserted[0]
    }
    if (!row) throw new Error('no free coupon code after several attempts')
    const coupon = toCoupon({ coupon: row, typeName: type.name }, today)
    await writeAudit(
      tx,
      actor,
      meta,
      {
        action: 'coupons.create',
        targetType: 'coupon',
        targetId: row.id,
        after: {
          type_id: coupon.type_id,
          code: coupon.code,
          credit: coupon.credit,
          description: coupon.description,
          date_expried: coupon.date_expried,
          balance_expires_day: coupon.balance_expires_day,
          limit: coupon.limit,
        },
      },
      now,
    )
    return coupon
  })
}

/**
 * Disables a coupon (docs/requirements.md §11.4: it can no longer be used; credits already given stay). Conditional on
 * it being enabled, so only the call that changed it is audited; disabling it again answers the same.
 */
export async function disableCoupon(ctx: Ctx, meta: RequestMeta, actor: AuthUser, id: string): Promise<Coupon> {
  const now = ctx.clock.now()
  return ctx.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(coupons)
      .set({ disabledAt: now })
      .where(and(eq(coupons.id, id), isNull(coupons.disabledAt)))
      .returning({ id: coupons.id })
    const row = await findCoupon(tx, id)
    if (!row) throw notFound('coupons.notFound')
    if (changed) {
      await writeAudit(
        tx,
        actor,
        meta,
        {
          action: 'coupons.disable',
          targetType: 'coupon',
          targetId: id,
          before: { code: row.coupon.code, disabled: false },
          after: { code: row.coupon.code, disabled: true },
        },
        now,
      )
    }
    return toCoupon(row, utcDate(now))
  })
}

// ── Redemption ──────────────────────────────────────────────────────────────────────────────────────

const alreadyUsed = () => conflict(ErrorCode.CouponAlreadyUsed, 'coupons.alreadyUsed')

/** Why a coupon that exists cannot be taken today, in the order a customer can act on it. */
function refusalOf(row: CouponRow, today: string): AppError {
  if (row.disabledAt !== null) return refused(ErrorCode.CouponDisabled, 'coupons.disabled')
  if (row.dateExpired < today) return refused(ErrorCode.CouponExpired, 'coupons.expired')
  return refused(ErrorCode.CouponUsedUp, 'coupons.usedUp')
}

/** Unknown codes a user may try per window before being told to wait: codes are not to be guessed. */
const GUESS_LIMIT = 20
const GUESS_WINDOW_S = 15 * 60

export interface Redemption {
  log: CouponLog
  balance: string
}

/**
 * Redeems a code for the signed-in user, all in one transaction: one conditional UPDATE takes a
 * redemption from the coupon (no global lock: concurrent redemptions queue on the coupon's row), the
 * redemption row is inserted (unique per user and coupon: a second one fails and rolls everything
 * back, so `remaining` is not consumed), and the ledger credits the balance with the redemption's id
 * as reference. Suspended accounts may redeem: it only adds money (docs/coupons.md).
 */
export async function redeemCoupon(ctx: Ctx, actor: AuthUser, typed: string): Promise<Redemption> {
  const now = ctx.clock.now()
  const today = utcDate(now)
  const guesses = `coupon-guess:${actor.id}`
  const blocked = await blockedFor(ctx.db, guesses, now)
  if (blocked > 0) throw tooManyRequests(blocked)
  const code = normaliseCode(typed)
  try {
    const done = await ctx.db.transaction(async (tx) => {
      const coupon = await findCouponByCode(tx, code)
      if (!coupon) throw new AppError(ErrorCode.CouponNotFound, 404, 'coupons.notFound')
      if (await findUserCouponLog(tx, actor.id, coupon.id)) throw alreadyUsed()
      const taken = await takeRedemption(tx, coupon.id, today)
      if (!taken) {
        // Each statement sees what committed before it: a parallel redemption by this same user that
        // took the last one is "already used", not "used up".
        if (await findUserCouponLog(tx, actor.id, coupon.id)) throw alreadyUsed()
        throw refusalOf((await findCouponByCode(tx, code)) ?? coupon, today)
      }
      const id = newId('cpl', now.getTime())
      await tx.insert(couponLogs).values({
        id,
        userId: actor.id,
        couponId: taken.id,
        creditCents: taken.creditCents,
        unspentCents: taken.creditCents,
        redeemedAt: now,
        expiresAt: new Date(now.getTime() + taken.balanceExpiresDay * DAY_MS),
      })
      const { balanceCents } = await credit(
        tx,
        {
          userId: actor.id,
          amountCents: taken.creditCents,
          type: 'coupon',
          description: taken.code,
          reference: id,
          createdBy: actor.id,
        },
        ledgerOptions(ctx),
      )
      return { id, balanceCents }
    })
    const view = await findCouponLog(ctx.db, done.id)
    if (!view) throw new Error('redemption vanished after commit')
    return { log: toCouponLog(view), balance: formatCents(done.balanceCents) }
  } catch (error) {
    if (pgCode(error) === PG_UNIQUE_VIOLATION && pgConstraint(error) === 'coupon_logs_user_coupon_key') {
      throw alreadyUsed()
    }
    if (error instanceof AppError && error.code === ErrorCode.CouponNotFound) {
      const verdict = await hit(ctx.db, guesses, GUESS_LIMIT, GUESS_WINDOW_S, now, GUESS_WINDOW_S)
      if (!verdict.allowed) throw tooManyRequests(verdict.retryAfter)
    }
    throw error
  }
}

// ── Coupon logs ─────────────────────────────────────────────────────────────────────────────────────
