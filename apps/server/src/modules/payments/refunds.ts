import {
  type BodyOf,
  ErrorCode,
  formatCents,
  formatMinor,
  type Payment,
  parseMoney,
  parseVnpayDate,
  type refundPayment as refundPaymentEndpoint,
} from '@app/contract'
import { and, eq, sql } from 'drizzle-orm'
import type { Ctx } from '../../context.ts'
import type { Db } from '../../db/client.ts'
import { paymentIntents, paymentRefunds, users } from '../../db/schema/index.ts'
import { AppError, conflict, invalidField, notFound, refused } from '../../http/errors.ts'
import type { AuthUser } from '../../lib/auth-user.ts'
import { newId } from '../../lib/ids.ts'
import type { RequestMeta } from '../../lib/request-meta.ts'
import { writeAudit } from '../audit/audit.ts'
import { described, ledgerOptions, takeBack } from '../balance/ledger.ts'
import { announceChange } from '../gateway/gateway.ts'
import {
  findPaymentView,
  type IntentRow,
  isRefundable,
  lockIntent,
  raiseAlert,
  recordEvent,
  toPayment,
} from './intents.ts'
import { PaypalError, type PaypalRefund, refundedCaptureId } from './paypal.ts'
import { askQueryDr } from './querydr.ts'
import { gatewayError } from './service.ts'
import { jsonOf } from './transport.ts'
import { refundRequest, verifyRefundAnswer } from './vnpay.ts'

// Refunds and chargebacks (docs/payments.md "Refunds", docs/balance.md "Refunds and what is owed").
// Money given back to a payer leaves the balance exactly once, whoever started it:
// - an administrator asks the provider (PayPal's refund API, VNPay's `refund` command): the refund is
//   claimed under the intent's row lock as the payment's one refund in flight, the provider is asked
//   outside any transaction (PayPal-Request-Id `refund:{id}`, VNPay's RequestId = our id), and its
//   answer is applied under the lock again;
// - PayPal reports a refund or chargeback by webhook (PAYMENT.CAPTURE.REFUNDED / REVERSED): the refund is
//   fetched again from PayPal and applied under the intent's lock, once per event id, and once per
//   PayPal refund id (our own refund is recognised by the `custom_id` we gave it, even before our call
//   returned). Either way `completeRefund` takes the refund's share of the credit with the ledger's
//   `takeBack` (once per refund: balance_logs_once_key on (payment_refund, refund id)).
// A balance taken below 0 means the account owes it: check-balance goes on (the gateway answers
// NO_BALANCE) and the administrators are alerted.

export type RefundRow = typeof paymentRefunds.$inferSelect

interface Totals {
  /** Given back so far (completed refunds), in the charged currency's minor unit. */
  completedMinor: bigint
  /** Taken from the balance so far by those refunds (USD cents). */
  takenCents: bigint
  pendingMinor: bigint
}

async function refundTotals(db: Db, intentId: string, exceptId?: string): Promise<Totals> {
  const [row] = await db
    .select({
      completed: sql<string>`coalesce(sum(${paymentRefunds.amountMinor}) filter (where ${paymentRefunds.status} = 'completed'), 0)::text`,
      taken: sql<string>`coalesce(sum(${paymentRefunds.creditCents}) filter (where ${paymentRefunds.status} = 'completed'), 0)::text`,
      pending: sql<string>`coalesce(sum(${paymentRefunds.amountMinor}) filter (where ${paymentRefunds.status} = 'pending'), 0)::text`,
    })
    .from(paymentRefunds)
    .where(
      exceptId
        ? and(eq(paymentRefunds.intentId, intentId), sql`${paymentRefunds.id} <> ${exceptId}`)
        : eq(paymentRefunds.intentId, intentId),
    )
  return {
    completedMinor: BigInt(row?.completed ?? '0'),
    takenCents: BigInt(row?.taken ?? '0'),
    pendingMinor: BigInt(row?.pending ?? '0'),
  }
}

/**
 * The balance share of a refund of `amountMinor` after `completedMinor` was refunded and `takenCents`
 * taken: the credit × (refunded in all ÷ total), rounded half up, less what was taken. Partial refunds
 * therefore sum to exactly the credit once the whole total is refunded, and a refund beyond the total
 * (which the provider may report) takes nothing more than the credit.
 */
function creditShare(
  intent: Pick<IntentRow, 'creditCents' | 'totalMinor'>,
  completedMinor: bigint,
  takenCents: bigint,
  amountMinor: bigint,
): bigint {
  const total = intent.totalMinor
  const cumulative = completedMinor + amountMinor > total ? total : completedMinor + amountMinor
  const target = (intent.creditCents * cumulative * 2n + total) / (2n * total)
  return target > takenCents ? target - takenCents : 0n
}

/** An administrator's amount in the payment's currency: whole đồng, or USD with at most 2 decimals. */
function parseRefundAmount(value: string, currency: IntentRow['currency']): bigint | null {
  if (currency === 'VND') return /^\d{1,12}$/.test(value) ? BigInt(value) : null
  return parseMoney(value)
}

/**
 * Completes a refund under its intent's lock, once: takes its share of the credit from the balance and,
 * when that leaves the balance below 0, turns check-balance on and alerts the administrators.
 */
async function completeRefund(
  ctx: Ctx,
  tx: Db,
  intent: IntentRow,
  refund: RefundRow,
  facts: { providerRefundId: string | null; responseCode: string | null },
): Promise<void> {
  if (refund.status === 'completed' && refund.creditCents !== null) return
  const now = ctx.clock.now()
  const totals = await refundTotals(tx, intent.id, refund.id)
  const share = creditShare(intent, totals.completedMinor, totals.takenCents, refund.amountMinor)
  let moved: { balanceCents: bigint; logId: string } | null = null
  if (share > 0n) {
    const [user] = await tx.select({ language: users.language }).from(users).where(eq(users.id, intent.userId))
    moved = await takeBack(
      tx,
      {
        userId: intent.userId,
        amountCents: share,
        type: 'payment_refund',
        reference: refund.id,
        ...described(
          user?.language ?? 'en',
          refund.kind === 'reversal' ? 'payments.reversalDescription' : 'payments.refundDescription',
          { reference: intent.reference },
        ),
        createdBy: refund.createdBy,
      },
      ledgerOptions(ctx),
    )
  }
  await tx
    .update(paymentRefunds)
    .set({
      status: 'completed',
      creditCents: share,
      balanceLogId: moved?.logId ?? null,
      ...(facts.providerRefundId ? { providerRefundId: facts.providerRefundId } : {}),
      ...(facts.responseCode ? { responseCode: facts.responseCode } : {}),
      updatedAt: now,
      completedAt: now,
    })
    .where(eq(paymentRefunds.id, refund.id))
  if (moved && moved.balanceCents < 0n) {
    // The account owes what the balance is below 0: the gateway refuses its keys until it is paid
    // (check-balance, docs/gateway.md), and a person looks at it.
    await tx.update(users).set({ checkBalance: true }).where(eq(users.id, intent.userId))
    await announceChange(tx, { user: intent.userId })
    await raiseAlert(ctx, tx, intent, {
      key: 'payments.alert.balanceOwed',
      params: { owed: formatCents(-moved.balanceCents) },
    })
  }
}

// ── An administrator's refund ───────────────────────────────────────────────────────────────────────

type ProviderAnswer = {
  status: 'completed' | 'pending' | 'failed'
  providerRefundId: string | null
  code: string
  payload: unknown
}

export async function refundPayment(
  ctx: Ctx,
  meta: RequestMeta,
  actor: AuthUser,
  id: string,
  body: BodyOf<typeof refundPaymentEndpoint>,
  requestKey: string | undefined,
): Promise<{ payment: Payment; status: RefundRow['status'] }> {
  const now = ctx.clock.now()
  const lang = meta.lang
  const claim = await ctx.db.transaction(async (tx) => {
    const intent = await lockIntent(tx, eq(paymentIntents.id, id))
    if (!intent) throw notFound('payments.notFound')
    if (requestKey) {
      const [same] = await tx
        .select()
        .from(paymentRefunds)
        .where(and(eq(paymentRefunds.intentId, intent.id), eq(paymentRefunds.requestKey, requestKey)))
        .limit(1)
      // The same Idempotency-Key is the same refund: answered as it stands, never asked twice; with
      // another amount or reason it is a mistake, refused as the balance calls refuse it.
      if (same) {
        if (parseRefundAmount(body.amount, intent.currency) !== same.amountMinor || body.reason !== same.reason) {
          throw refused(ErrorCode.IdempotencyMismatch, 'balance.idempotencyMismatch')
        }
        return { intent, refund: same, replay: true }
      }
    }
    if (!isRefundable(intent)) throw refused(ErrorCode.NotRefundable, 'payments.refund.notRefundable')
    const amount = parseRefundAmount(body.amount, intent.currency)
    if (amount === null) throw invalidField('amount', 'payments.refund.amountInvalid')
    if (amount <= 0n) throw invalidField('amount', 'payments.refund.amountNotPositive')
    const totals = await refundTotals(tx, intent.id)
    if (totals.pendingMinor > 0n) throw conflict(ErrorCode.RefundInProgress, 'payments.refund.inProgress')
    const remaining = intent.totalMinor - totals.completedMinor
    if (amount > remaining) {
      throw refused(ErrorCode.RefundTooLarge, 'payments.refund.tooLarge', {
        refundable: formatMinor(remaining > 0n ? remaining : 0n, intent.currency),
        currency: intent.currency,
      })
    }
    const [refund] = await tx
      .insert(paymentRefunds)
      .values({
        id: newId('rfd', now.getTime()),
        intentId: intent.id,
        userId: intent.userId,
        provider: intent.provider === 'vnpay' ? 'vnpay' : 'paypal',
        kind: 'refund',
        origin: 'admin',
        status: 'pending',
        amountMinor: amount,
        reason: body.reason,
        requestKey: requestKey ?? null,
        createdBy: actor.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    if (!refund) throw new Error('the refund just written is missing')
    await writeAudit(
      tx,
      actor,
      meta,
      {
        action: 'payment.refund',
        targetType: 'payment',
        targetId: intent.id,
        before: { refunded: formatMinor(totals.completedMinor, intent.currency) },
        after: {
          refund_id: refund.id,
          user_id: intent.userId,
          reference: intent.reference,
          provider: intent.provider,
          amount: formatMinor(amount, intent.currency),
          currency: intent.currency,
          reason: body.reason,
        },
      },
      now,
    )
    return { intent, refund, replay: false }
  })

  if (!claim.replay) {
    let answer: ProviderAnswer
    try {
      answer =
        claim.intent.provider === 'paypal'
          ? await askPaypal(ctx, claim.intent, claim.refund)
          : await askVnpay(ctx, meta, actor, claim.intent, claim.refund)
    } catch (error) {
      // No usable answer: the provider may or may not have refunded. The refund stays in flight (no
      // second one can be asked) and a person checks it at the provider; PayPal's webhook completes it.
      ctx.log.error({ err: error, payment: claim.intent.id, refund: claim.refund.id }, 'refund got no answer')
      await ctx.db.transaction(async (tx) => {
        const locked = await lockIntent(tx, eq(paymentIntents.id, claim.intent.id))
        if (locked) await raiseAlert(ctx, tx, locked, { key: 'payments.alert.refundUnanswered', params: {} })
      })
      ctx.mail.kick()
      throw gatewayError()
    }
    await ctx.db.transaction(async (tx) => {
      const intent = await lockIntent(tx, eq(paymentIntents.id, claim.intent.id))
      const [refund] = await tx
        .select()
        .from(paymentRefunds)
        .where(eq(paymentRefunds.id, claim.refund.id))
        .limit(1)
        .for('update')
      if (!intent || !refund) return
      await recordEvent(tx, ctx.clock.now(), {
        provider: intent.provider,
        kind: 'refund',
        intentId: intent.id,
        outcome: answer.code,
        payload: answer.payload,
      })
      // PayPal's webhook for this refund may have completed it while we waited for the answer.
      if (refund.status !== 'pending') return
      if (answer.status === 'completed') {
        await completeRefund(ctx, tx, intent, refund, {
          providerRefundId: answer.providerRefundId,
          responseCode: answer.code,
        })
      } else {
        await tx
          .update(paymentRefunds)
          .set({
            status: answer.status,
            responseCode: answer.code,
            ...(answer.providerRefundId ? { providerRefundId: answer.providerRefundId } : {}),
            updatedAt: ctx.clock.now(),
            ...(answer.status === 'failed' ? { completedAt: ctx.clock.now() } : {}),
          })
          .where(eq(paymentRefunds.id, refund.id))
      }
    })
    ctx.mail.kick()
  }
  const [refund] = await ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.id, claim.refund.id))
  const view = await findPaymentView(ctx.db, id)
  if (!view || !refund) throw notFound('payments.notFound')
  if (refund.status === 'failed') {
    throw refused(ErrorCode.RefundRefused, 'payments.refund.refused', { code: refund.responseCode ?? '' })
  }
  return { payment: toPayment(view, lang), status: refund.status }
}

/** PayPal's refund API; a 4xx answer is PayPal's refusal, anything else (5xx, no answer) is no answer. */
async function askPaypal(ctx: Ctx, intent: IntentRow, refund: RefundRow): Promise<ProviderAnswer> {
  try {
    const answer = await ctx.paypal.refundCapture(intent.providerTxnId ?? '', `refund:${refund.id}`, {
      value: formatMinor(refund.amountMinor, 'USD'),
      customId: refund.id,
      invoiceId: intent.reference,
      note: refund.reason ?? '',
    })
    const status = answer.status === 'COMPLETED' ? 'completed' : answer.status === 'PENDING' ? 'pending' : 'failed'
    return { status, providerRefundId: answer.id, code: answer.status, payload: answer }
  } catch (error) {
    if (
      error instanceof PaypalError &&
      error.status >= 400 &&
      error.status < 500 &&
      ![401, 408, 429].includes(error.status)
    ) {
      return { status: 'failed', providerRefundId: null, code: error.issue, payload: { issue: error.issue } }
    }
    throw error
  }
}

/** VNPay's refund command (02 full, 03 partial), signed both ways; 00 is done, 94 and 99 are no answer. */
async function askVnpay(
  ctx: Ctx,
  meta: RequestMeta,
  actor: AuthUser,
  intent: IntentRow,
  refund: RefundRow,
): Promise<ProviderAnswer> {
  const config = ctx.config.payments.vnpay
  const requestId = refund.id.slice(refund.id.indexOf('_') + 1)
  const body = refundRequest(config, {
    requestId,
    txnRef: intent.reference,
    amountVnd: refund.amountMinor,
    full: refund.amountMinor === intent.totalMinor,
    transactionNo: intent.providerTxnId ?? '',
    // VNPay asks for the payment's vnp_CreateDate, which is when the intent was made.
    transactionDate: intent.createdAt,
    createBy: actor.email,
    now: ctx.clock.now(),
    ipAddr: meta.ip,
    orderInfo: `Refund ${intent.reference}`,
  })
  const response = await ctx.transport({
    method: 'POST',
    url: config.apiUrl,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  })
  const answer = jsonOf<Record<string, unknown>>(response)
  if (!answer || !verifyRefundAnswer(config.hashSecret, answer)) throw new Error('VNPay refund answer not signed')
  const code = typeof answer.vnp_ResponseCode === 'string' ? answer.vnp_ResponseCode : ''
  if (code === '00') return { status: 'completed', providerRefundId: requestId, code, payload: answer }
  if (code === '94' || code === '99' || code === '') throw new Error(`VNPay refund answered ${code || 'nothing'}`)
  return { status: 'failed', providerRefundId: null, code, payload: answer }
}

// ── A VNPay refund that got no answer ─────────────────────────────────────────────────────────────────

/**
 * A VNPay refund in flight this long is asked about by reconciliation, and only after it may VNPay's
 * not knowing it fail it: by then our refund call (20 s at most) cannot still reach VNPay.
 */
export const REFUND_QUERY_AFTER_MS = 5 * 60_000
/** How far VNPay's clock (its PayDate) may be behind ours. */
const CLOCK_SKEW_MS = 60_000
/** querydr's vnp_TransactionStatus of a refund VNPay accepted: 00 done, 05 VNPay processing, 06 sent to the bank. */
const REFUND_ACCEPTED = ['00', '05', '06']

export type RefundCheck = 'completed' | 'failed' | 'waiting'

type Verdict = { status: RefundCheck; code: string }

/**
 * What VNPay's querydr answer says of our refund in flight (docs/payments.md "Refunds"). querydr
 * answers the transaction's latest state: a refund (`vnp_TransactionType` 02 full, 03 partial) with its
 * amount, date and status, or the payment itself (01) when it was never refunded. Ours is a refund of
 * our amount dated no earlier than we asked it (less the clock skew), unless an earlier completed
 * refund of the same amount falls in that window too (then a person decides). VNPay having no refund
 * since we asked, once REFUND_QUERY_AFTER_MS has passed, means our request never reached it.
 */
function readRefundQuery(
  answer: Record<string, string>,
  refund: RefundRow,
  others: RefundRow[],
  now: Date,
): Verdict | null {
  const code = answer.vnp_ResponseCode ?? ''
  // querydr's ResponseCode only says the query worked (00); 91 for a paid transaction is VNPay unsure.
  if (code === '91') return { status: 'waiting', code }
  if (code !== '00') return null
  const type = answer.vnp_TransactionType ?? ''
  const status = answer.vnp_TransactionStatus ?? ''
  const paidAt = parseVnpayDate(answer.vnp_PayDate ?? '')
  const notBefore = refund.createdAt.getTime() - CLOCK_SKEW_MS
  const isRefund = type === '02' || type === '03'
  const sameAmount = answer.vnp_Amount === (refund.amountMinor * 100n).toString()
  if (isRefund && paidAt && paidAt.getTime() >= notBefore) {
    const twin = others.some(
      (o) =>
        o.status === 'completed' &&
        o.amountMinor === refund.amountMinor &&
        (o.completedAt?.getTime() ?? 0) >= notBefore,
    )
    if (!sameAmount || twin) return { status: 'waiting', code: `${type}:${status}` }
    if (REFUND_ACCEPTED.includes(status)) return { status: 'completed', code: `${type}:${status}` }
    // 09: VNPay rejected the refund; 02: it ended in error.
    if (status === '09' || status === '02') return { status: 'failed', code: `${type}:${status}` }
    return { status: 'waiting', code: `${type}:${status}` }
  }
  const nothingSince = type === '01' || (isRefund && paidAt !== null && paidAt.getTime() < notBefore)
  if (nothingSince && now.getTime() - refund.createdAt.getTime() >= REFUND_QUERY_AFTER_MS) {
    return { status: 'failed', code: 'NOT_AT_VNPAY' }
  }
  return { status: 'waiting', code: `${type}:${status}` }
}

/**
 * Settles a VNPay refund in flight by VNPay's querydr answer, for reconciliation (`actor` null) and the
 * back office's "Check with VNPay": completed through `completeRefund` (the ledger row once, whoever
 * settles it first — a late answer to the refund call, reconciliation, an administrator), or failed
 * (nothing taken; the payment can be refunded again); either way an audit row, and the payment's
 * "no answer" alert is lifted. Throws when VNPay gives no usable answer.
 */
export async function settleVnpayRefund(
  ctx: Ctx,
  refundId: string,
  actor: AuthUser | null,
  meta: RequestMeta | null,
): Promise<RefundCheck> {
  const [refund] = await ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId)).limit(1)
  if (refund?.provider !== 'vnpay') throw notFound('payments.notFound')
  if (refund.status !== 'pending') return refund.status
  const [intent] = await ctx.db.select().from(paymentIntents).where(eq(paymentIntents.id, refund.intentId)).limit(1)
  if (!intent) throw notFound('payments.notFound')
  const answer = await askQueryDr(ctx, intent)
  if (!answer) throw new Error('VNPay querydr gave no usable answer')
  const others = await ctx.db
    .select()
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.intentId, intent.id), sql`${paymentRefunds.id} <> ${refund.id}`))
  const verdict = readRefundQuery(answer, refund, others, ctx.clock.now())
  if (!verdict) throw new Error(`VNPay querydr answered ${answer.vnp_ResponseCode ?? 'nothing'}`)
  const result = await ctx.db.transaction(async (tx): Promise<RefundCheck> => {
    const locked = await lockIntent(tx, eq(paymentIntents.id, intent.id))
    const [row] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.id, refund.id)).limit(1).for('update')
    if (!locked || !row) return 'waiting'
    const now = ctx.clock.now()
    await recordEvent(tx, now, {
      provider: 'vnpay',
      kind: 'query',
      intentId: locked.id,
      outcome: `refund:${verdict.code}`,
      payload: answer,
    })
    // Settled meanwhile (the refund call's late answer, another check): nothing more to do.
    if (row.status !== 'pending') return row.status
    if (verdict.status === 'waiting') return 'waiting'
    const requestId = row.id.slice(row.id.indexOf('_') + 1)
    if (verdict.status === 'completed') {
      await completeRefund(ctx, tx, locked, row, { providerRefundId: requestId, responseCode: verdict.code })
    } else {
      await tx
        .update(paymentRefunds)
        .set({ status: 'failed', responseCode: verdict.code, updatedAt: now, completedAt: now })
        .where(eq(paymentRefunds.id, row.id))
    }
    // The alert said "no answer": it is answered now (an alert raised by completing it stays).
    await tx
      .update(paymentIntents)
      .set({ alert: null, alertParams: null, alertAt: null, updatedAt: now })
      .where(and(eq(paymentIntents.id, locked.id), eq(paymentIntents.alert, 'payments.alert.refundUnanswered')))
    await writeAudit(
      tx,
      actor,
      meta,
      {
        action: 'payment.refund.settle',
        targetType: 'payment',
        targetId: locked.id,
        before: { refund_id: row.id, status: 'pending' },
        after: {
          refund_id: row.id,
          status: verdict.status,
          vnpay: verdict.code,
          amount: formatMinor(row.amountMinor, locked.currency),
          currency: locked.currency,
          by: actor ? 'administrator' : 'reconciliation',
        },
      },
      now,
    )
    return verdict.status
  })
  ctx.mail.kick()
  return result
}

/** The back office's "Check with VNPay" on a payment: settles its VNPay refund in flight now. */
export async function checkRefund(
  ctx: Ctx,
  meta: RequestMeta,
  actor: AuthUser,
  id: string,
): Promise<{ payment: Payment; result: RefundCheck; refund: RefundRow }> {
  const [pending] = await ctx.db
    .select()
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.intentId, id), eq(paymentRefunds.status, 'pending')))
    .limit(1)
  if (pending?.provider !== 'vnpay') {
    if (!(await findPaymentView(ctx.db, id))) throw notFound('payments.notFound')
    throw conflict(ErrorCode.NoRefundInFlight, 'payments.refund.noneInFlight')
  }
  let result: RefundCheck
  try {
    result = await settleVnpayRefund(ctx, pending.id, actor, meta)
  } catch (error) {
    if (error instanceof AppError) throw error
    ctx.log.error({ err: error, payment: id, refund: pending.id }, 'VNPay refund check got no answer')
    throw gatewayError()
  }
  const [refund] = await ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.id, pending.id))
  const view = await findPaymentView(ctx.db, id)
  if (!view || !refund) throw notFound('payments.notFound')
  return { payment: toPayment(view, meta.lang), result, refund }
}

// ── PayPal's webhooks ───────────────────────────────────────────────────────────────────────────────

/**
 * A refund or chargeback PayPal reported (already fetched again from PayPal), applied once per event id
 * and once per PayPal refund id. Our own refund is found by its `custom_id`.
 */
export async function applyPaypalRefund(
  ctx: Ctx,
  refund: PaypalRefund,
  kind: RefundRow['kind'],
  eventId: string,
  event: unknown,
): Promise<string> {
  const now = ctx.clock.now()
  const captureId = refundedCaptureId(refund)
  const [found] = captureId
    ? await ctx.db
        .select({ id: paymentIntents.id })
        .from(paymentIntents)
        .where(and(eq(paymentIntents.provider, 'paypal'), eq(paymentIntents.providerTxnId, captureId)))
        .limit(1)
    : []
  if (!found) {
    await recordEvent(ctx.db, now, {
      provider: 'paypal',
      kind: 'webhook',
      eventId,
      intentId: null,
      outcome: 'unknown-capture',
      payload: event,
    })
    return 'unknown-order'
  }
  const outcome = await ctx.db.transaction(async (tx) => {
    const intent = await lockIntent(tx, eq(paymentIntents.id, found.id))
    if (!intent) return 'unchanged'
    const fresh = await recordEvent(tx, now, {
      provider: 'paypal',
      kind: 'webhook',
      eventId,
      intentId: intent.id,
      outcome: `${kind}:${refund.status}`,
      payload: event,
    })
    if (!fresh) return 'duplicate'
    const [byId] = await tx
      .select()
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.provider, 'paypal'), eq(paymentRefunds.providerRefundId, refund.id)))
      .limit(1)
      .for('update')
    const [ours] =
      !byId && refund.custom_id
        ? await tx
            .select()
            .from(paymentRefunds)
            .where(and(eq(paymentRefunds.id, refund.custom_id), eq(paymentRefunds.intentId, intent.id)))
            .limit(1)
            .for('update')
        : []
    const row = byId ?? ours ?? null
    if (refund.status !== 'COMPLETED') {
      if (row?.status === 'pending' && (refund.status === 'FAILED' || refund.status === 'CANCELLED')) {
        await tx
          .update(paymentRefunds)
          .set({
            status: 'failed',
            responseCode: refund.status,
            providerRefundId: refund.id,
            updatedAt: now,
            completedAt: now,
          })
          .where(eq(paymentRefunds.id, row.id))
      }
      return 'unchanged'
    }
    if (row?.status === 'completed') return 'unchanged'
    if (row) {
      await completeRefund(ctx, tx, intent, row, { providerRefundId: refund.id, responseCode: refund.status })
      return 'refunded'
    }
    // A refund made at PayPal itself (its dashboard, a dispute): recorded here, then taken back once.
    const amount = refund.amount?.currency_code === 'USD' ? parseMoney(refund.amount.value) : null
    const totals = await refundTotals(tx, intent.id)
    const amountMinor = amount !== null && amount > 0n ? amount : intent.totalMinor - totals.completedMinor
    if (amount === null || amount > intent.totalMinor - totals.completedMinor) {
      // More than is left of the payment (or an amount we cannot read): nothing beyond the credit is
      // taken, and a person looks at it.
      await raiseAlert(ctx, tx, intent, {
        key: 'payments.alert.refundExceeds',
        params: {
          reported: refund.amount?.value?.slice(0, 20) ?? '?',
          remaining: formatMinor(intent.totalMinor - totals.completedMinor, 'USD'),
          currency: 'USD',
        },
      })
    }
    const [created] = await tx
      .insert(paymentRefunds)
      .values({
        id: newId('rfd', now.getTime()),
        intentId: intent.id,
        userId: intent.userId,
        provider: 'paypal',
        kind,
        origin: 'provider',
        // Written completed at once (a payment has one refund in flight at most, and this one is done);
        // `completeRefund` below takes its share.
        status: 'completed',
        amountMinor: amountMinor > 0n ? amountMinor : 1n,
        providerRefundId: refund.id,
        responseCode: refund.status,
        reason: refund.note_to_payer?.slice(0, 500) ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    if (!created) throw new Error('the refund just written is missing')
    await completeRefund(ctx, tx, intent, created, { providerRefundId: refund.id, responseCode: refund.status })
    return 'refunded'
  })
  ctx.mail.kick()
  return outcome
}
