import type { IncomingHttpHeaders } from 'node:http'
import { ErrorCode, formatMinor } from '@app/contract'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Ctx } from '../../context.ts'
import { paymentEvents, paymentIntents } from '../../db/schema/index.ts'
import { AppError, refused } from '../../http/errors.ts'
import { type Applied, applyOutcome, type IntentRow, lockIntent, type Outcome, recordEvent } from './intents.ts'
import { firstCapture, type PaypalCapture, PaypalError, type PaypalOrder } from './paypal.ts'
import { applyPaypalRefund } from './refunds.ts'

// PayPal's side of the state machine (docs/payments.md "PayPal"): the capture answer and verified webhooks move money;
// a capture is checked for its status, amount and currency before anything is credited; PENDING waits
// for the webhook; each webhook event is handled once (unique event id, in the transaction that acts).

/**
 * PayPal errors after which the buyer picks another funding source on PayPal's approval page and the
 * same order is captured again (PayPal's "handle funding failures" guide: restart the payment). The
 * payment stays pending; nothing was charged.
 */
const RETRY_ISSUES = new Set(['INSTRUMENT_DECLINED', 'REDIRECT_PAYER_FOR_ALTERNATE_FUNDING'])

/** PayPal errors that end the attempt (the buyer starts again with a new payment). */
const FINAL_ISSUES = new Set([
  'PAYER_ACTION_REQUIRED',
  'TRANSACTION_REFUSED',
  'MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED',
  'PAYER_CANNOT_PAY',
  'DUPLICATE_INVOICE_ID',
  'AMOUNT_MISMATCH',
  'ORDER_EXPIRED',
  'COMPLIANCE_VIOLATION',
])

/** What a capture says about an intent. */
export function captureOutcome(intent: IntentRow, capture: PaypalCapture): Outcome | null {
  const base = {
    txnId: capture.id,
    responseCode: capture.status + (capture.status_details?.reason ? `:${capture.status_details.reason}` : ''),
    payDate: capture.create_time ? new Date(capture.create_time) : null,
  }
  switch (capture.status) {
    case 'COMPLETED': {
      // The capture must be of this payment: PayPal echoes the custom_id we gave the order.
      if (capture.custom_id !== undefined && capture.custom_id !== intent.reference) {
        return {
          kind: 'review',
          ...base,
          alert: { key: 'payments.alert.referenceMismatch', params: { reported: capture.custom_id.slice(0, 64) } },
        }
      }
      const expected = formatMinor(intent.totalMinor, 'USD')
      const value = capture.amount?.value ?? ''
      const currency = capture.amount?.currency_code ?? ''
      if (value !== expected || currency !== 'USD') {
        return {
          kind: 'review',
          ...base,
          alert: {
            key: 'payments.alert.amountMismatch',
            params: { reported: value, expected, currency: currency || 'USD' },
          },
        }
      }
      return { kind: 'success', ...base }
    }
    case 'PENDING':
      return { kind: 'waiting', ...base }
    case 'DECLINED':
    case 'FAILED':
      return { kind: 'failed', ...base }
    default:
      // REFUNDED, PARTIALLY_REFUNDED, REVERSED: the capture itself credits nothing more; what was given
      // back is taken from the balance by the refund's own webhook (refunds.ts), once per refund.
      return null
  }
}

/**
 * Applies a capture to its intent in one transaction; with `eventId` (a webhook) the event is recorded
 * first and a second delivery of the same event changes nothing.
 */
export async function applyCapture(
  ctx: Ctx,
  intentId: string,
  capture: PaypalCapture,
  kind: 'capture' | 'webhook' | 'query',
  eventId?: string,
): Promise<Applied | 'duplicate'> {
  const now = ctx.clock.now()
  return ctx.db.transaction(async (tx) => {
    const intent = await lockIntent(tx, eq(paymentIntents.id, intentId))
    if (!intent) return 'unchanged'
    const fresh = await recordEvent(tx, now, {
      provider: 'paypal',
      kind,
      eventId: eventId ?? null,
      intentId,
      outcome: capture.status,
      payload: capture,
    })
    if (!fresh) return 'duplicate'
    const outcome = captureOutcome(intent, capture)
    return outcome ? applyOutcome(ctx, tx, intent, outcome) : 'unchanged'
  })
}

/**
 * Captures the intent's approved order and applies the result. The PayPal-Request-Id is
 * `capture:{intent}` (then `:{n}` after n declined attempts), so a retry or a parallel call gets PayPal's
 * first answer, while a capture after the buyer chose another funding source is a new request (PayPal
 * would answer the same request id with the same decline).
 */
export async function captureAndApply(ctx: Ctx, intent: IntentRow): Promise<Applied | 'duplicate'> {
  const orderId = intent.providerOrderId
  if (!orderId) return 'unchanged'
  let order: PaypalOrder
  const [declined] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentEvents)
    .where(
      and(
        eq(paymentEvents.intentId, intent.id),
        eq(paymentEvents.kind, 'capture'),
        inArray(paymentEvents.outcome, [...RETRY_ISSUES]),
      ),
    )
  const attempt = declined?.n ?? 0
  try {
    order = await ctx.paypal.captureOrder(
      orderId,
      attempt === 0 ? `capture:${intent.id}` : `capture:${intent.id}:${attempt}`,
    )
  } catch (error) {
    if (!(error instanceof PaypalError)) throw gatewayFailure(ctx, intent, error)
    if (RETRY_ISSUES.has(error.issue)) throw await declinedInstrument(ctx, intent.id, error.issue)
    // Not approved again since the decline: the buyer still has to pick another funding source.
    if (error.issue === 'ORDER_NOT_APPROVED' && attempt > 0) throw declinedError(intent.id, intent.approveUrl)
    if (error.issue === 'ORDER_ALREADY_CAPTURED') {
      order = await ctx.paypal.getOrder(orderId).catch((e: unknown) => {
        throw gatewayFailure(ctx, intent, e)
      })
    } else if (error.issue === 'ORDER_NOT_APPROVED') {
      throw refused(ErrorCode.OrderNotApproved, 'payments.notApproved')
    } else if (FINAL_ISSUES.has(error.issue) || error.status === 422) {
      return failIntent(ctx, intent.id, error.issue)
    } else {
      throw gatewayFailure(ctx, intent, error)
    }
  }
  const capture = firstCapture(order)
  if (!capture) {
    if (order.status === 'VOIDED') return failIntent(ctx, intent.id, 'VOIDED')
    return 'unchanged'
  }
  return applyCapture(ctx, intent.id, capture, 'capture')
}

/**
 * The buyer's funding source was declined: recorded (which also moves the next capture to a new
 * PayPal-Request-Id), the payment stays pending, and the caller gets 422 ErrorCode.InstrumentDeclined with the
 * approval page to pick another funding source — never a success envelope.
 */
async function declinedInstrument(ctx: Ctx, intentId: string, issue: string): Promise<AppError> {
  const approveUrl = await ctx.db.transaction(async (tx) => {
    const intent = await lockIntent(tx, eq(paymentIntents.id, intentId))
    if (!intent) return null
    await recordEvent(tx, ctx.clock.now(), {
      provider: 'paypal',
      kind: 'capture',
      intentId,
      outcome: issue,
      payload: { issue },
    })
    if (intent.status === 'pending') {
      await tx
        .update(paymentIntents)
        .set({ responseCode: issue, updatedAt: ctx.clock.now() })
        .where(eq(paymentIntents.id, intentId))
    }
    return intent.approveUrl
  })
  return declinedError(intentId, approveUrl)
}

function declinedError(intentId: string, approveUrl: string | null): AppError {
  return new AppError(ErrorCode.InstrumentDeclined, 422, 'payments.instrumentDeclined', undefined, {
    payment_id: intentId,
    approve_url: approveUrl,
  })
}

async function failIntent(ctx: Ctx, intentId: string, issue: string): Promise<Applied> {
  return ctx.db.transaction(async (tx) => {
    const intent = await lockIntent(tx, eq(paymentIntents.id, intentId))
    if (!intent) return 'unchanged'
    await recordEvent(tx, ctx.clock.now(), {
      provider: 'paypal',
      kind: 'capture',
      intentId,
      outcome: issue,
      payload: { issue },
    })
    return applyOutcome(ctx, tx, intent, { kind: 'failed', responseCode: issue })
  })
}

function gatewayFailure(ctx: Ctx, intent: IntentRow, error: unknown) {
  ctx.log.error({ err: error, payment: intent.id }, 'PayPal capture did not get an answer')
  return new AppError(ErrorCode.GatewayError, 502, 'payments.gatewayError')
}

// ── Webhooks ────────────────────────────────────────────────────────────────────────────────────────

interface WebhookEvent {
  id?: unknown
  event_type?: unknown
  resource?: { id?: unknown; custom_id?: unknown; supplementary_data?: { related_ids?: { order_id?: unknown } } }
}

async function intentByOrder(ctx: Ctx, orderId: unknown, reference: unknown): Promise<IntentRow | null> {
  if (typeof orderId === 'string' && orderId !== '') {
    const [row] = await ctx.db
      .select()
      .from(paymentIntents)
      .where(and(eq(paymentIntents.provider, 'paypal'), eq(paymentIntents.providerOrderId, orderId)))
      .limit(1)
    if (row) return row
  }
  if (typeof reference === 'string' && reference !== '') {
    const [row] = await ctx.db
      .select()
      .from(paymentIntents)
      .where(and(eq(paymentIntents.provider, 'paypal'), eq(paymentIntents.reference, reference)))
      .limit(1)
    if (row) return row
  }
  return null
}

export type WebhookResult = { status: 200 | 400; outcome: string }

/**
 * One webhook delivery: verified by PayPal (with the raw body), then, for capture events, the capture
 * is fetched again from PayPal (the delivery's own copy is never trusted, nor its order of arrival)
 * and applied once per event id. An approved order we have not captured yet is captured here.
 */
export async function handleWebhook(ctx: Ctx, headers: IncomingHttpHeaders, raw: string): Promise<WebhookResult> {
  if (ctx.config.payments.paypal.mode === 'off') return { status: 400, outcome: 'paypal-off' }
  const verified = await ctx.paypal.verifyWebhook(headers, raw)
  if (!verified) {
    ctx.log.warn({ transmission: headers['paypal-transmission-id'] }, 'PayPal webhook refused: bad signature')
    return { status: 400, outcome: 'bad-signature' }
  }
  let event: WebhookEvent
  try {
    event = JSON.parse(raw) as WebhookEvent
  } catch {
    return { status: 400, outcome: 'malformed' }
  }
  if (typeof event.id !== 'string' || typeof event.event_type !== 'string') return { status: 400, outcome: 'malformed' }
  const eventId = event.id
  const type = event.event_type
  const resource = event.resource ?? {}
  const now = ctx.clock.now()

  // A refund or chargeback: the resource is the refund, fetched again from PayPal (docs/payments.md "Refunds").
  if ((type === 'PAYMENT.CAPTURE.REFUNDED' || type === 'PAYMENT.CAPTURE.REVERSED') && typeof resource.id === 'string') {
    const refund = await ctx.paypal.getRefund(resource.id)
    const kind = type === 'PAYMENT.CAPTURE.REVERSED' ? 'reversal' : 'refund'
    return { status: 200, outcome: await applyPaypalRefund(ctx, refund, kind, eventId, event) }
  }

  if (type.startsWith('PAYMENT.CAPTURE.') && typeof resource.id === 'string') {
    const capture = await ctx.paypal.getCapture(resource.id)
    const intent = await intentByOrder(
      ctx,
      capture.supplementary_data?.related_ids?.order_id ?? resource.supplementary_data?.related_ids?.order_id,
      capture.custom_id ?? resource.custom_id,
    )
    if (!intent) {
      await recordEvent(ctx.db, now, {
        provider: 'paypal',
        kind: 'webhook',
        eventId,
        intentId: null,
        outcome: 'unknown-order',
        payload: event,
      })
      return { status: 200, outcome: 'unknown-order' }
    }
    return { status: 200, outcome: await applyCapture(ctx, intent.id, capture, 'webhook', eventId) }
  }

  if (type === 'CHECKOUT.ORDER.APPROVED') {
    const intent = await intentByOrder(ctx, resource.id, undefined)
    const fresh = await recordEvent(ctx.db, now, {
      provider: 'paypal',
      kind: 'webhook',
      eventId,
      intentId: intent?.id ?? null,
      outcome: 'approved',
      payload: event,
    })
    if (!fresh) return { status: 200, outcome: 'duplicate' }
    if (intent?.status === 'pending') {
      try {
        return { status: 200, outcome: await captureAndApply(ctx, intent) }
      } catch (error) {
        // Declined: recorded; the buyer is told on the return page and may pick another funding source.
        if (error instanceof AppError && error.code === ErrorCode.InstrumentDeclined)
          return { status: 200, outcome: 'declined' }
        throw error
      }
    }
    return { status: 200, outcome: intent ? 'unchanged' : 'unknown-order' }
  }

  const fresh = await recordEvent(ctx.db, now, {
    provider: 'paypal',
    kind: 'webhook',
    eventId,
    intentId: null,
    outcome: 'ignored',
    payload: event,
  })
  return { status: 200, outcome: fresh ? 'ignored' : 'duplicate' }
}
