import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.ts'
import { couponLogs, coupons, users } from '../../db/schema/index.ts'
import type { Clock } from '../../lib/clock.ts'
import type { Mailer } from '../../mail/mailer.ts'
import { debit, described } from '../balance/ledger.ts'

// Coupon credit expires `balance_expires_day` days after redemption (docs/requirements.md §11.3): every few minutes each
// instance takes back what is still unspent of the redemptions that are due. One transaction per
// redemption, so a failure leaves the others done and this one for the next round. Two instances may
// look at the same redemption: its row lock (SKIP LOCKED) and `expired_at` let only one take it back.

const BATCH = 100

export interface ExpiryDeps {
  db: Db
  clock: Clock
  /** For the low-balance alert an expiry may set off (none without it). */
  mail?: Mailer
  log?: FastifyBaseLogger
}

export interface ExpiryResult {
  /** Redemptions closed in this round. */
  expired: number
  /** What was taken back from balances, in cents. */
  takenBackCents: bigint
}

/**
 * Closes one due redemption: takes back min(unspent, balance) with a `credit_expiry` ledger row (none
 * when that is 0) and records it on the redemption. The user's row is locked before the redemption's,
 * the order every ledger movement takes (a debit locks the user, then spends from the redemptions),
 * so an expiry and a payment of the same user queue instead of deadlocking. Null when another
 * instance holds or already closed it.
 */
async function expireOne(deps: ExpiryDeps, id: string, userId: string, now: Date): Promise<bigint | null> {
  return deps.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ balanceCents: users.balanceCents, language: users.language })
      .from(users)
      .where(eq(users.id, userId))
      .for('update')
    const [log] = await tx
      .select()
      .from(couponLogs)
      .where(and(eq(couponLogs.id, id), isNull(couponLogs.expiredAt), lte(couponLogs.expiresAt, now)))
      .for('update', { skipLocked: true })
    if (!user || !log) return null
    const takeBack = log.unspentCents < user.balanceCents ? log.unspentCents : user.balanceCents
    if (takeBack > 0n) {
      const [coupon] = await tx
        .select({ code: coupons.code })
        .from(coupons)
        .where(eq(coupons.id, log.couponId))
        .limit(1)
      await debit(
        tx,
        {
          userId,
          amountCents: takeBack,
          type: 'credit_expiry',
          ...described(user.language, 'coupons.expiryDescription', { code: coupon?.code ?? '' }),
          reference: log.id,
          createdBy: null,
        },
        { now, ...(deps.mail ? { mail: deps.mail } : {}) },
      )
    }
    await tx
      .update(couponLogs)
      .set({ expiredAt: now, expiredAmountCents: takeBack, unspentCents: 0n })
      .where(eq(couponLogs.id, id))
    return takeBack
  })
}

/**
 * One round: every redemption due by now (`expires_at <= now`, not yet closed), oldest first, a batch
 * at a time. Tests call it with their own clock.
 */
export async function expireCoupons(deps: ExpiryDeps, options: { signal?: AbortSignal } = {}): Promise<ExpiryResult> {
  const now = deps.clock.now()
  const result: ExpiryResult = { expired: 0, takenBackCents: 0n }
  let after: { expiresAt: Date; id: string } | null = null
  for (;;) {
    if (options.signal?.aborted) break
    const cursor: { expiresAt: Date; id: string } | null = after
    const due: { id: string; userId: string; expiresAt: Date }[] = await deps.db
      .select({ id: couponLogs.id, userId: couponLogs.userId, expiresAt: couponLogs.expiresAt })
      .from(couponLogs)
      .where(
        and(
          isNull(couponLogs.expiredAt),
          lte(couponLogs.expiresAt, now),
          cursor
            ? or(
                gt(couponLogs.expiresAt, cursor.expiresAt),
                and(eq(couponLogs.expiresAt, cursor.expiresAt), gt(couponLogs.id, cursor.id)),
              )
            : sql`true`,
        ),
      )
      .orderBy(asc(couponLogs.expiresAt), asc(couponLogs.id))
      .limit(BATCH)
    for (const row of due) {
      if (options.signal?.aborted) break
      const taken = await expireOne(deps, row.id, row.userId, now)
      if (taken !== null) {
        result.expired += 1
        result.takenBackCents += taken
      }
    }
    const last: { expiresAt: Date; id: string } | undefined = due.at(-1)
    if (!last || due.length < BATCH) break
    after = { expiresAt: last.expiresAt, id: last.id }
  }
  return result
}
