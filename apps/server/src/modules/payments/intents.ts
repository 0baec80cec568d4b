import {
  formatCents,
  formatMinor,
  isMessageKey,
  joinName,
  type Lang,
  type MessageKey,
  type Payment,
  translate,
} from '@app/contract'
import { and, eq, type SQL, sql } from 'drizzle-orm'
import type { Ctx } from '../../context.ts'
import type { Db } from '../../db/client.ts'
import { bills, paymentEvents, paymentIntents, paymentRefunds, userRoles, users } from '../../db/schema/index.ts'
import { newId } from '../../lib/ids.ts'
import { credit, debit, described, ledgerOptions } from '../balance/ledger.ts'

// The payment intent's state machine (docs/payments.md "States"). Every signal that may move money —
// a signed VNPay IPN or querydr answer, a PayPal capture answer or verified webhook, an administrator's
// decision — ends in `applyOutcome`, inside one transaction that first locked the intent row
// (`lockIntent`). So of two signals for one intent the second waits, then sees the first's result:
//
//   pending ──success──▶ succeeded   (the ledger credits once: unique (topup_*, intent id))
//   pending ──failure──▶ failed | cancelled
//   pending ──flagged──▶ review      (VNPay 07 / status 04 or 07, an amount that differs) ──admin──▶ succeeded | failed
//   failed | cancelled ──a verified success──▶ review (+ alert): money may have moved after all
//   succeeded: final; later signals change nothing.

export type IntentRow = typeof paymentIntents.$inferSelect

/** Locks one intent row for the rest of the transaction, or null when none matches. */
export async function lockIntent(tx: Db, where: ReturnType<typeof eq>): Promise<IntentRow | null> {
  const [row] = await tx.select().from(paymentIntents).where(where).limit(1).for('update')
  return row ?? null
}

export interface GatewayFacts {
  txnId?: string | null
  payDate?: Date | null
  bankCode?: string | null
  bankTranNo?: string | null
  cardType?: string | null
  responseCode?: string | null
  transactionStatus?: string | null
}

export type Outcome =
  | ({ kind: 'success'; decidedBy?: string | null; note?: string | null } & GatewayFacts)
  | ({ kind: 'failed' | 'cancelled'; decidedBy?: string | null; note?: string | null } & GatewayFacts)
  | ({ kind: 'review'; alert?: Alert | null } & GatewayFacts)
  /** PayPal: captured but PENDING — the capture id is remembered, the money waits for the webhook. */
  | ({ kind: 'waiting' } & GatewayFacts)

export interface Alert {
  key: MessageKey
  params: Record<string, string>
}

export type Applied = 'succeeded' | 'failed' | 'cancelled' | 'review' | 'waiting' | 'unchanged'

function facts(f: GatewayFacts) {
  return {
    ...(f.txnId !== undefined && f.txnId !== null ? { providerTxnId: f.txnId } : {}),
    ...(f.payDate ? { payDate: f.payDate } : {}),
    ...(f.bankCode ? { bankCode: f.bankCode } : {}),
    ...(f.bankTranNo ? { bankTranNo: f.bankTranNo } : {}),
    ...(f.cardType ? { cardType: f.cardType } : {}),
    ...(f.responseCode ? { responseCode: f.responseCode } : {}),
    ...(f.transactionStatus ? { transactionStatus: f.transactionStatus } : {}),
  }
}

/**
 * Applies what a gateway (or an administrator) said about a locked intent, and answers what changed.
 * Call it in the transaction that locked the intent with `lockIntent`.
 */
export async function applyOutcome(ctx: Ctx, tx: Db, intent: IntentRow, outcome: Outcome): Promise<Applied> {
  const now = ctx.clock.now()
  const decided = outcome.kind === 'success' || outcome.kind === 'failed' || outcome.kind === 'cancelled'
  const byStaff = decided && Boolean(outcome.decidedBy)

  if (intent.status === 'succeeded') return 'unchanged'
  if (intent.status === 'failed' || intent.status === 'cancelled') {
    // A verified success after a recorded failure: the customer may have paid. A person decides.
    if (outcome.kind !== 'success' || byStaff) return 'unchanged'
    await tx
      .update(paymentIntents)
      .set({ status: 'review', updatedAt: now, ...facts(outcome) })
      .where(eq(paymentIntents.id, intent.id))
    await raiseAlert(ctx, tx, intent, { key: 'payments.alert.lateSuccess', params: { status: intent.status } })
    return 'review'
  }
  // In review only an administrator's decision moves it.
  if (intent.status === 'review' && !byStaff) return 'unchanged'

  switch (outcome.kind) {
    case 'success':
      await settle(ctx, tx, intent, outcome)
      return 'succeeded'
    case 'failed':
    case 'cancelled':
      await tx
        .update(paymentIntents)
        .set({
          status: outcome.kind,
          updatedAt: now,
          completedAt: now,
          ...(outcome.decidedBy ? { decidedBy: outcome.decidedBy } : {}),
          ...(outcome.note ? { note: outcome.note } : {}),
          ...facts(outcome),
        })
        .where(eq(paymentIntents.id, intent.id))
      return outcome.kind
    case 'review':
      await tx
        .update(paymentIntents)
        .set({ status: 'review', updatedAt: now, ...facts(outcome) })
        .where(eq(paymentIntents.id, intent.id))
      if (outcome.alert) await raiseAlert(ctx, tx, intent, outcome.alert)
      return 'review'
    case 'waiting':
      await tx
        .update(paymentIntents)
        .set({ updatedAt: now, ...facts(outcome) })
        .where(eq(paymentIntents.id, intent.id))
      return 'waiting'
  }
}

/**
 * Credits the intent's amount (and, for a bill, pays the bill from it) and marks it succeeded. The bill
 * row is locked before the user's balance (the same order as paying from the balance), so the two
 * cannot deadlock. A bill that was paid meanwhile keeps the credit on the balance.
 */
async function settle(
  ctx: Ctx,
  tx: Db,
  intent: IntentRow,
  outcome: Extract<Outcome, { kind: 'success' }>,
): Promise<void> {
  const now = ctx.clock.now()
  const [bill] = intent.billId
    ? await tx.select().from(bills).where(eq(bills.id, intent.billId)).limit(1).for('update')
    : [undefined]
  const [user] = await tx.select({ language: users.language }).from(users).where(eq(users.id, intent.userId))
  const lang: Lang = user?.language ?? 'en'
  const type =
    intent.provider === 'vnpay' ? 'topup_vnpay' : intent.provider === 'paypal' ? 'topup_paypal' : 'topup_bank'
  const moved = await credit(
    tx,
    {
      userId: intent.userId,
      amountCents: intent.creditCents,
      type,
      reference: intent.id,
      ...described(lang, 'payments.topupDescription', { reference: intent.reference }),
      createdBy: outcome.decidedBy ?? null,
    },
    ledgerOptions(ctx),
  )
  let note = outcome.note ?? null
  if (bill) {
    if (bill.paidAt === null && bill.totalCents > 0n && bill.totalCents <= intent.creditCents) {
      await debit(
        tx,
        {
          userId: intent.userId,
          amountCents: bill.totalCents,
          type: 'bill_payment',
          reference: bill.id,
          ...described(lang, 'payments.billDescription', {
            code: bill.code,
            provider: providerName(intent.provider),
            reference: intent.reference,
          }),
          createdBy: intent.userId,
        },
        // A millisecond after the credit, so that the log lists the credit first, then the payment.
        { ...ledgerOptions(ctx), now: new Date(now.getTime() + 1) },
      )
      await tx.update(bills).set({ paidAt: now, paidBy: intent.userId }).where(eq(bills.id, bill.id))
    } else {
      note = [note, `Bill ${bill.code} was already paid: the amount stays on the balance.`].filter(Boolean).join(' ')
    }
  }
  await tx
    .update(paymentIntents)
    .set({
      status: 'succeeded',
      updatedAt: now,
      completedAt: now,
      balanceLogId: moved.logId,
      ...(outcome.decidedBy ? { decidedBy: outcome.decidedBy } : {}),
      ...(note ? { note } : {}),
      ...facts(outcome),
    })
    .where(eq(paymentIntents.id, intent.id))
}

function providerName(provider: IntentRow['provider']): string {
  return provider === 'vnpay' ? 'VNPay' : provider === 'paypal' ? 'PayPal' : 'bank transfer'
}

/**
 * Marks the intent for a person: the alert (a message key and its values) on the row, a warning in
 * the log, and an e-mail to every administrator — once per intent and reason.
 */
export async function raiseAlert(ctx: Ctx, tx: Db, intent: IntentRow, alert: Alert): Promise<void> {
  if (intent.alert === alert.key) return
  const now = ctx.clock.now()
  await tx
    .update(paymentIntents)
    .set({ alert: alert.key, alertParams: alert.params, alertAt: now, updatedAt: now })
    .where(eq(paymentIntents.id, intent.id))
  ctx.log.warn(
    { payment: intent.id, reference: intent.reference, alert: alert.key, ...alert.params },
    'payment needs a person',
  )
  const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, intent.userId))
  const admins = await tx
    .select({
      id: users.id,
      email: users.email,
      language: users.language,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, 'admin')))
    .where(eq(users.status, 'active'))
  for (const admin of admins) {
    await ctx.mail.queue(tx, {
      to: admin.email,
      userId: admin.id,
      template: 'paymentAlert',
      lang: admin.language,
      vars: {
        name: joinName(admin.firstName, admin.lastName) || admin.email,
        reference: intent.reference,
        email: owner?.email ?? intent.userId,
        provider: providerName(intent.provider),
        reason: translate(admin.language, alert.key, alert.params),
      },
    })
  }
}

/** Records what a gateway said (signed messages only), for the back office and for de-duplication. */
export async function recordEvent(
  tx: Db,
  now: Date,
  event: {
    provider: IntentRow['provider']
    kind: 'ipn' | 'webhook' | 'capture' | 'query' | 'decision' | 'refund'
    eventId?: string | null
    intentId: string | null
    outcome: string
    payload: unknown
  },
): Promise<boolean> {
  const inserted = await tx
    .insert(paymentEvents)
    .values({
      id: newId('pev', now.getTime()),
      provider: event.provider,
      kind: event.kind,
      eventId: event.eventId ?? null,
      intentId: event.intentId,
      outcome: event.outcome,
      payload: event.payload as object,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id })
  return inserted.length > 0
}

// ── The API shape ────────────────────────────────────────────────────────────────────────────────────

export interface PaymentViewRow {
  intent: IntentRow
  email: string
  firstName: string
  lastName: string
  billCode: string | null
  /** Σ of completed and of in-flight refunds, in the charged currency's minor unit (decimal text). */
  refundedMinor: string
  refundPendingMinor: string
}

export const paymentViewColumns = {
  intent: paymentIntents,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  billCode: bills.code,
  refundedMinor: sql<string>`(select coalesce(sum(r.amount_minor), 0)::text from ${paymentRefunds} r
    where r.intent_id = ${paymentIntents.id} and r.status = 'completed')`,
  refundPendingMinor: sql<string>`(select coalesce(sum(r.amount_minor), 0)::text from ${paymentRefunds} r
    where r.intent_id = ${paymentIntents.id} and r.status = 'pending')`,
}

/** What the back office may refund through the provider (docs/payments.md "Refunds"): a succeeded VNPay or PayPal top-up. */
export function isRefundable(intent: IntentRow): boolean {
  return (
    intent.status === 'succeeded' &&
    intent.purpose === 'topup' &&
    (intent.provider === 'vnpay' || intent.provider === 'paypal') &&
    intent.providerTxnId !== null
  )
}

/** The one place an intent becomes the contract's `Payment`; an alert is written in the reader's language. */
export function toPayment(row: PaymentViewRow, lang: Lang): Payment {
  const i = row.intent
  const alertParams = (i.alertParams ?? {}) as Record<string, string>
  return {
    id: i.id,
    reference: i.reference,
    user_id: i.userId,
    user_email: row.email,
    user_name: joinName(row.firstName, row.lastName) || row.email,
    provider: i.provider,
    purpose: i.purpose,
    bill_id: i.billId,
    bill_code: row.billCode,
    status: i.status,
    amount: formatCents(i.creditCents),
    currency: i.currency,
    charge_amount: formatMinor(i.amountMinor, i.currency),
    fee: formatMinor(i.feeMinor, i.currency),
    total: formatMinor(i.totalMinor, i.currency),
    exchange_rate: i.exchangeRate === null ? null : plainDecimal(i.exchangeRate),
    paypal_domestic: i.paypalDomestic,
    transfer_content: i.transferContent,
    provider_order_id: i.providerOrderId,
    provider_txn_id: i.providerTxnId,
    bank_code: i.bankCode,
    bank_tran_no: i.bankTranNo,
    card_type: i.cardType,
    response_code: i.responseCode,
    pay_date: i.payDate?.toISOString() ?? null,
    alert: i.alert && isMessageKey(i.alert) ? translate(lang, i.alert, alertParams) : null,
    note: i.note,
    decided_by: i.decidedBy,
    created_at: i.createdAt.toISOString(),
    completed_at: i.completedAt?.toISOString() ?? null,
    expires_at: i.expiresAt?.toISOString() ?? null,
    ...refundFields(i, BigInt(row.refundedMinor), BigInt(row.refundPendingMinor)),
  }
}

function refundFields(intent: IntentRow, refundedMinor: bigint, pendingMinor: bigint) {
  const left = intent.totalMinor - refundedMinor - pendingMinor
  return {
    refunded: formatMinor(refundedMinor, intent.currency),
    refundable: formatMinor(isRefundable(intent) && left > 0n ? left : 0n, intent.currency),
    refund_pending: pendingMinor > 0n,
  }
}

/** `25400.00000000` → `25400`. */
function plainDecimal(value: string): string {
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value
}

/** One intent as the API shows it, or null. */
export async function findPaymentView(db: Db, id: string): Promise<PaymentViewRow | null> {
  const [row] = await db
    .select(paymentViewColumns)
    .from(paymentIntents)
    .innerJoin(users, eq(users.id, paymentIntents.userId))
    .leftJoin(bills, eq(bills.id, paymentIntents.billId))
    .where(eq(paymentIntents.id, id))
    .limit(1)
  return row ?? null
}

/**
 * A payment that needs a person (the back office's "Alerts only" filter and its "Alerts: N" count, so the
 * two cannot differ): any alert it carries — in review, a refund's balance owed, a refund beyond what was
 * left, a refund with no answer (lifted once settled).
 */
export function hasAlert(): SQL {
  return sql`${paymentIntents.alert} is not null`
}

/** Counts for the back office's badges. */
export async function paymentCounts(db: Db) {
  const [row] = await db
    .select({
      pendingBank: sql<number>`count(*) filter (where ${paymentIntents.provider} = 'bank' and ${paymentIntents.status} = 'pending')::int`,
      inReview: sql<number>`count(*) filter (where ${paymentIntents.status} = 'review')::int`,
      alerts: sql<number>`count(*) filter (where ${hasAlert()})::int`,
    })
    .from(paymentIntents)
  return { pendingBank: row?.pendingBank ?? 0, inReview: row?.inReview ?? 0, alerts: row?.alerts ?? 0 }
}
