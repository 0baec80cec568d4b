import { and, eq, isNotNull, lt, or, sql } from 'drizzle-orm'
import type { Ctx } from '../../context.ts'
import { paymentIntents, paymentRefunds } from '../../db/schema/index.ts'
import { type Applied, applyOutcome, type IntentRow, lockIntent, type Outcome, recordEvent } from './intents.ts'
import { vnpayOutcome } from './ipn.ts'
import { firstCapture } from './paypal.ts'
import { applyCapture, captureAndApply } from './paypal-flow.ts'
import { askQueryDr } from './querydr.ts'
import { REFUND_QUERY_AFTER_MS, settleVnpayRefund } from './refunds.ts'

// Reconciliation (docs/payments.md "Reconciliation"): an online payment still pending some time after its
// payment page expired means a callback was lost. The gateway is asked (VNPay querydr, PayPal's
// order), and its signed answer goes through the same state machine as a callback. A payment the
// customer never paid is closed as failed ("EXPIRED"). A VNPay refund left in flight by a refund call
// with no answer is settled by querydr too (refunds.ts `settleVnpayRefund`).

/** How long after its expiry a pending payment is asked about. */
const GRACE_MS = 15 * 60_000
/** Asked again at most this often, and given up on (left for a person) after this many answers. */
const RECHECK_MS = 30 * 60_000
const MAX_CHECKS = 20

export async function reconcile(ctx: Ctx): Promise<{ checked: number; settled: number }> {
  const now = ctx.clock.now()
  const due = await ctx.db
    .select()
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.status, 'pending'),
        or(eq(paymentIntents.provider, 'vnpay'), eq(paymentIntents.provider, 'paypal')),
        isNotNull(paymentIntents.expiresAt),
        lt(paymentIntents.expiresAt, new Date(now.getTime() - GRACE_MS)),
        lt(paymentIntents.checks, MAX_CHECKS),
        or(
          sql`${paymentIntents.checkedAt} is null`,
          lt(paymentIntents.checkedAt, new Date(now.getTime() - RECHECK_MS)),
        ),
      ),
    )
    .orderBy(paymentIntents.expiresAt)
    .limit(50)
  let settled = 0
  for (const intent of due) {
    try {
      await ctx.db
        .update(paymentIntents)
        .set({ checkedAt: now, checks: sql`${paymentIntents.checks} + 1` })
        .where(eq(paymentIntents.id, intent.id))
      const applied = intent.provider === 'vnpay' ? await queryVnpay(ctx, intent) : await queryPaypal(ctx, intent)
      if (applied !== 'unchanged' && applied !== 'waiting' && applied !== 'duplicate') settled += 1
    } catch (error) {
      ctx.log.warn({ err: error, payment: intent.id }, 'reconciliation could not ask the gateway')
    }
  }
  // VNPay refunds whose refund call got no answer (docs/payments.md "Refunds"): VNPay sends no refund
  // notification, so its querydr settles them, as the back office's "Check with VNPay" does.
  const refunds = await ctx.db
    .select({ id: paymentRefunds.id })
    .from(paymentRefunds)
    .where(
      and(
        eq(paymentRefunds.provider, 'vnpay'),
        eq(paymentRefunds.status, 'pending'),
        lt(paymentRefunds.createdAt, new Date(now.getTime() - REFUND_QUERY_AFTER_MS)),
      ),
    )
    .orderBy(paymentRefunds.createdAt)
    .limit(50)
  for (const refund of refunds) {
    try {
      const result = await settleVnpayRefund(ctx, refund.id, null, null)
      if (result !== 'waiting') settled += 1
    } catch (error) {
      ctx.log.warn({ err: error, refund: refund.id }, 'reconciliation could not settle a VNPay refund')
    }
  }
  if (settled > 0) ctx.mail.kick()
  return { checked: due.length + refunds.length, settled }
}

async function apply(ctx: Ctx, intent: IntentRow, outcome: Outcome, payload: unknown): Promise<Applied> {
  return ctx.db.transaction(async (tx) => {
    const locked = await lockIntent(tx, eq(paymentIntents.id, intent.id))
    if (locked?.status !== 'pending') return 'unchanged'
    await recordEvent(tx, ctx.clock.now(), {
      provider: intent.provider,
      kind: 'query',
      intentId: intent.id,
      outcome: outcome.kind,
      payload,
    })
    return applyOutcome(ctx, tx, locked, outcome)
  })
}

async function queryVnpay(ctx: Ctx, intent: IntentRow): Promise<Applied> {
  const answer = await askQueryDr(ctx, intent)
  if (!answer) return 'unchanged'
  const str = (key: string) => answer[key] ?? ''
  const code = str('vnp_ResponseCode')
  // 91: VNPay has no such transaction — the customer never paid on its page.
  if (code === '91') return apply(ctx, intent, { kind: 'failed', responseCode: 'EXPIRED' }, answer)
  if (code !== '00') return 'unchanged'
  const status = str('vnp_TransactionStatus')
  if (status === '01')
    return apply(ctx, intent, { kind: 'failed', responseCode: 'EXPIRED', transactionStatus: status }, answer)
  const amount = str('vnp_Amount')
  if (status === '00' && (!/^\d{1,15}$/.test(amount) || BigInt(amount) !== intent.totalMinor * 100n)) {
    return apply(
      ctx,
      intent,
      {
        kind: 'review',
        alert: {
          key: 'payments.alert.amountMismatch',
          params: { reported: amount, expected: (intent.totalMinor * 100n).toString(), currency: 'VND×100' },
        },
      },
      answer,
    )
  }
  // The transaction's own result: its status decides (querydr's ResponseCode only says the query worked).
  const params: Record<string, string> = { ...answer }
  params.vnp_ResponseCode = status === '00' ? '00' : (params.vnp_ResponseCode ?? '')
  return apply(ctx, intent, vnpayOutcome(params), answer)
}

async function queryPaypal(ctx: Ctx, intent: IntentRow): Promise<Applied | 'duplicate'> {
  if (!intent.providerOrderId) return apply(ctx, intent, { kind: 'failed', responseCode: 'EXPIRED' }, {})
  const order = await ctx.paypal.getOrder(intent.providerOrderId)
  const capture = firstCapture(order)
  if (capture) return applyCapture(ctx, intent.id, capture, 'query')
  if (order.status === 'APPROVED') return captureAndApply(ctx, intent)
  return apply(ctx, intent, { kind: 'failed', responseCode: `EXPIRED:${order.status}` }, order)
}
