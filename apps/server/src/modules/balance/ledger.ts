import {
  type BalanceLog,
  type BalanceLogType,
  ErrorCode,
  formatCents,
  formatDate,
  isMessageKey,
  joinName,
  type Lang,
  type MessageKey,
  translate,
} from '@app/contract'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { balanceLogs, type DescriptionParams, users } from '../../db/schema/index.ts'
import { AppError, notFound } from '../../http/errors.ts'
import { newId } from '../../lib/ids.ts'
import type { Mailer } from '../../mail/mailer.ts'
import { announceChange } from '../gateway/gateway.ts'

// The balance ledger (docs/requirements.md §10.2, docs/balance.md). Every change of `users.balance_cents` goes through
// `credit` or `debit`, inside the caller's transaction: one conditional UPDATE of the cached balance
// (the user's row lock orders concurrent movements of one user), then the append-only log row with the
// balance after it, then the gateway announcement. So balance = Σ balance_logs.amount_cents always,
// and a debit can never take a balance below 0 (the UPDATE's condition, and the CHECK behind it); only
// `takeBack` (a provider refund or chargeback: the money is already gone) may, and then the account owes.

export interface LedgerEntry {
  userId: string
  /** Always positive: `credit` adds it, `debit` takes it (the log stores debits negative). */
  amountCents: bigint
  type: BalanceLogType
  /** A staff member's own words, kept as written; system-written movements use `described` instead. */
  description?: string | null
  /** Set by `described`: the catalogue key and parameters the description is read in (any language). */
  descriptionKey?: MessageKey | null
  descriptionParams?: DescriptionParams | null
  /** A bill id, coupon log id, plan id, payment reference: once per (type, reference) for the once-only types. */
  reference?: string | null
  createdBy?: string | null
}

export interface LedgerOptions {
  /** The application clock's time, for the log row and the alert (default: the database's `now()`). */
  now?: Date
  /** Queues the low-balance e-mail after a debit; without it no alert is sent (or marked sent). */
  mail?: Mailer
}

export interface LedgerResult {
  balanceCents: bigint
  logId: string
}

/** The options a request handler passes: its clock and its mailer. */
export function ledgerOptions(ctx: { clock: { now(): Date }; mail: Mailer }): LedgerOptions {
  return { now: ctx.clock.now(), mail: ctx.mail }
}

/**
 * A system-written description: the text in the customer's language (what older readers and raw
 * exports see) and the key and parameters each reader's language renders it from (`toBalanceLog`).
 * Dates are kept as dates and formatted in the reader's language.
 */
export function described(lang: Lang, key: MessageKey, params: Record<string, string | Date> = {}) {
  const stored: DescriptionParams = Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      value instanceof Date ? { date: value.toISOString() } : value,
    ]),
  )
  return { description: renderDescription(lang, key, stored), descriptionKey: key, descriptionParams: stored }
}

function renderDescription(lang: Lang, key: MessageKey, params: DescriptionParams): string {
  const values = Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      typeof value === 'object' ? formatDate(value.date, lang) : value,
    ]),
  )
  return translate(lang, key, values)
}

/** 422 ErrorCode.InsufficientBalance, with both amounts in the message. */
function insufficientBalance(balanceCents: bigint, amountCents: bigint) {
  return new AppError(ErrorCode.InsufficientBalance, 422, 'balance.insufficient', {
    balance: formatCents(balanceCents),
    amount: formatCents(amountCents),
  })
}

function positive(entry: LedgerEntry) {
  if (entry.amountCents <= 0n) throw new Error(`ledger amount must be positive, got ${entry.amountCents}`)
}

async function writeLog(db: Db, entry: LedgerEntry, signedCents: bigint, afterCents: bigint, now?: Date) {
  const id = newId('bal', now?.getTime())
  await db.insert(balanceLogs).values({
    id,
    userId: entry.userId,
    type: entry.type,
    amountCents: signedCents,
    balanceAfterCents: afterCents,
    description: entry.description ?? null,
    descriptionKey: entry.descriptionKey ?? null,
    descriptionParams: entry.descriptionParams ?? null,
    reference: entry.reference ?? null,
    createdBy: entry.createdBy ?? null,
    ...(now ? { createdAt: now } : {}),
  })
  return id
}

/**
 * Adds `amountCents` to the user's balance. A credit that lifts the balance to the alert threshold or
 * above re-arms the low-balance e-mail (clears `balance_alert_sent_at`).
 */
export async function credit(db: Db, entry: LedgerEntry, options: LedgerOptions = {}): Promise<LedgerResult> {
  positive(entry)
  const [row] = await db
    .update(users)
    .set({
      balanceCents: sql`${users.balanceCents} + ${entry.amountCents}`,
      balanceAlertSentAt: sql`case when ${users.balanceAlertCents} is not null
        and ${users.balanceCents} + ${entry.amountCents} >= ${users.balanceAlertCents}
        then null else ${users.balanceAlertSentAt} end`,
    })
    .where(eq(users.id, entry.userId))
    .returning({ balanceCents: users.balanceCents })
  if (!row) throw notFound('balance.userNotFound')
  const logId = await writeLog(db, entry, entry.amountCents, row.balanceCents, options.now)
  await announceChange(db, { user: entry.userId })
  return { balanceCents: row.balanceCents, logId }
}

/**
 * Takes `amountCents` from the user's balance, or throws 422 ErrorCode.InsufficientBalance (nothing written)
 * when the balance is short. The amount is spent from unexpired coupon credit first (see
 * `spendCouponCredit`), except for a `credit_expiry`, which takes back one redemption's credit itself.
 * When the balance falls below the user's alert threshold, the alert e-mail is queued once per crossing.
 */
export async function debit(db: Db, entry: LedgerEntry, options: LedgerOptions = {}): Promise<LedgerResult> {
  positive(entry)
  const amount = entry.amountCents
  const [row] = await db
    .update(users)
    .set({ balanceCents: sql`${users.balanceCents} - ${amount}` })
    .where(sql`${users.id} = ${entry.userId} and ${users.balanceCents} >= ${amount}`)
    .returning({
      balanceCents: users.balanceCents,
      alertCents: users.balanceAlertCents,
      alertSentAt: users.balanceAlertSentAt,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      language: users.language,
      status: users.status,
    })
  if (!row) {
    const [user] = await db
      .select({ balanceCents: users.balanceCents })
      .from(users)
      .where(eq(users.id, entry.userId))
      .limit(1)
    if (!user) throw notFound('balance.userNotFound')
    throw insufficientBalance(user.balanceCents, amount)
  }
  if (entry.type !== 'credit_expiry') await spendCouponCredit(db, entry.userId, amount)
  const logId = await writeLog(db, entry, -amount, row.balanceCents, options.now)
  // The user's row is locked by the UPDATE above, so reading and setting the alert mark cannot race.
  if (
    options.mail &&
    row.alertCents !== null &&
    row.balanceCents < row.alertCents &&
    row.alertSentAt === null &&
    row.status === 'active'
  ) {
    const now = options.now ?? new Date()
    await options.mail.queue(db, {
      to: row.email,
      userId: entry.userId,
      template: 'balanceLow',
      lang: row.language,
      vars: {
        name: joinName(row.firstName, row.lastName) || row.email,
        balance: formatCents(row.balanceCents),
        threshold: formatCents(row.alertCents),
      },
    })
    await db.update(users).set({ balanceAlertSentAt: now }).where(eq(users.id, entry.userId))
  }
  await announceChange(db, { user: entry.userId })
  return { balanceCents: row.balanceCents, logId }
}

/**
 * Takes back money the provider already gave back to the payer (a refund or chargeback, type
 * `payment_refund`): unlike `debit` it may take the balance below 0, because the money is gone
 * whatever the balance says; a negative balance is what the account owes (docs/balance.md "Refunds
 * and what is owed"). Coupon credit is spent first, as by a debit, so the unspent coupon credit
 * never exceeds a balance that is still positive. The caller decides what a negative result means.
 */
export async function takeBack(db: Db, entry: LedgerEntry, options: LedgerOptions = {}): Promise<LedgerResult> {
  positive(entry)
  if (entry.type !== 'payment_refund') throw new Error(`takeBack is for refunds only, got ${entry.type}`)
  const [row] = await db
    .update(users)
    .set({ balanceCents: sql`${users.balanceCents} - ${entry.amountCents}` })
    .where(eq(users.id, entry.userId))
    .returning({ balanceCents: users.balanceCents })
  if (!row) throw notFound('balance.userNotFound')
  await spendCouponCredit(db, entry.userId, entry.amountCents)
  const logId = await writeLog(db, entry, -entry.amountCents, row.balanceCents, options.now)
  await announceChange(db, { user: entry.userId })
  return { balanceCents: row.balanceCents, logId }
}

/**
 * Spends up to `amountCents` of the user's coupon credit that has not been taken back yet
 * (`coupon_logs.expired_at is null`), the soonest `expires_at` first, and returns how much it spent.
 *
 * Rules (docs/balance.md "Coupon credit"): call it with the user's row locked (every ledger movement
 * locks it first), so Σ unspent of a user's open redemptions never exceeds the balance: a coupon credit
 * adds the same amount to both, a debit takes min(amount, Σ unspent) from the open redemptions, and an
 * expiry takes a redemption's unspent part from both. A redemption past `expires_at` whose expiry has
 * not run yet still counts as open, so what the user spent before the job ran is spent, not taken back.
 */
export async function spendCouponCredit(db: Db, userId: string, amountCents: bigint): Promise<bigint> {
  if (amountCents <= 0n) return 0n
  const result = (await db.execute(sql`
    with spendable as (
      select id, unspent_cents,
        coalesce(sum(unspent_cents) over (
          order by expires_at, id rows between unbounded preceding and 1 preceding), 0) as spent_before
      from coupon_logs
      where user_id = ${userId} and expired_at is null and unspent_cents > 0
    )
    update coupon_logs c
    set unspent_cents = c.unspent_cents - least(spendable.unspent_cents, ${amountCents}::int8 - spendable.spent_before)
    from spendable
    where c.id = spendable.id and spendable.spent_before < ${amountCents}::int8
    returning least(spendable.unspent_cents, ${amountCents}::int8 - spendable.spent_before)::text as spent`)) as unknown as {
    rows: { spent: string }[]
  }
  return result.rows.reduce((sum, r) => sum + BigInt(r.spent), 0n)
}

export interface BalanceLogRow {
  log: typeof balanceLogs.$inferSelect
  email: string
  firstName: string
  lastName: string
  /** The reference as shown (a bill code, coupon code, plan name); the stored one when absent. */
  reference?: string | null
  /** Who wrote it, as they are now (queries.ts joins it). */
  creator?: { name: string | null; email: string | null }
}

/**
 * The one place a ledger row becomes the contract's `BalanceLog`. `people`: the staff reading it see
 * who wrote a row by name and e-mail (issue 21: they saw `usr_…` ids); a customer reading their own
 * log does not learn a staff member's address. A system-written description is read in `lang`, the
 * reader's language; a staff member's words as written.
 */
export function toBalanceLog(row: BalanceLogRow, people: boolean, lang: Lang): BalanceLog {
  const l = row.log
  const key = l.descriptionKey
  return {
    id: l.id,
    user_id: l.userId,
    user_email: row.email,
    user_name: joinName(row.firstName, row.lastName) || row.email,
    type: l.type,
    amount: formatCents(l.amountCents),
    balance_after: formatCents(l.balanceAfterCents),
    description: key && isMessageKey(key) ? renderDescription(lang, key, l.descriptionParams ?? {}) : l.description,
    reference: row.reference !== undefined ? row.reference : l.reference,
    created_by: l.createdBy,
    created_by_name: people ? (row.creator?.name ?? null) : null,
    created_by_email: people ? (row.creator?.email ?? null) : null,
    created_at: l.createdAt.toISOString(),
  }
}
