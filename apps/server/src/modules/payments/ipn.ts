import { ErrorCode, type Lang, parseVnpayDate, VNPAY_CANCELLED } from '@app/contract'
import { and, eq } from 'drizzle-orm'
import type { Ctx } from '../../context.ts'
import { paymentIntents } from '../../db/schema/index.ts'
import { AppError, notFound } from '../../http/errors.ts'
import type { AuthUser } from '../../lib/auth-user.ts'
import type { RequestMeta } from '../../lib/request-meta.ts'
import {
  applyOutcome,
  findPaymentView,
  type GatewayFacts,
  type IntentRow,
  lockIntent,
  type Outcome,
  raiseAlert,
  recordEvent,
  toPayment,
} from './intents.ts'
import { verifyQuery } from './vnpay.ts'

// VNPay's IPN (docs/payments.md "VNPay"): a server-to-server GET whose answer tells VNPay whether to call again
// (00 and 02 end its retries; 01, 04, 97, 99 and a timeout make it retry up to 10 times, 5 minutes
// apart). The checks run in VNPay's order; nothing is written for a request whose signature does
// not hold, so a forged call can never put an intent in a state that blocks the genuine one.

export interface IpnReply {
  RspCode: '00' | '01' | '02' | '04' | '97' | '99'
  Message: string
}

const reply = (RspCode: IpnReply['RspCode'], Message: string): IpnReply => ({ RspCode, Message })

/** The gateway's facts of a signed VNPay message. A TransactionNo of 0 (no transaction) is not an id. */
function gatewayFacts(p: Record<string, string>): GatewayFacts {
  const txnNo = p.vnp_TransactionNo ?? ''
  return {
    txnId: /^[1-9]\d*$/.test(txnNo) ? txnNo : null,
    payDate: parseVnpayDate(p.vnp_PayDate ?? ''),
    bankCode: p.vnp_BankCode || null,
    bankTranNo: p.vnp_BankTranNo || null,
    cardType: p.vnp_CardType || null,
    responseCode: p.vnp_ResponseCode || null,
    transactionStatus: p.vnp_TransactionStatus || null,
  }
}

/**
 * What a signed result says. Success only when both codes are 00 (the official PHP demo's `||` is a
 * bug); 07 (suspicious) and transaction statuses 04 (reversed) and 07 (fraud suspected) go to review;
 * 24 is the customer's cancellation; anything else is a failure.
 */
export function vnpayOutcome(p: Record<string, string>): Outcome {
  const facts = gatewayFacts(p)
  const code = p.vnp_ResponseCode ?? ''
  const status = p.vnp_TransactionStatus ?? ''
  if (code === '00' && status === '00') return { kind: 'success', ...facts }
  if (code === '07' || status === '04' || status === '07') {
    return {
      kind: 'review',
      ...facts,
      alert: { key: 'payments.alert.review', params: { code: `${code}/${status}` } },
    }
  }
  if (code === VNPAY_CANCELLED) return { kind: 'cancelled', ...facts }
  return { kind: 'failed', ...facts }
}

export async function handleIpn(ctx: Ctx, meta: RequestMeta, url: string): Promise<IpnReply> {
  const config = ctx.config.payments.vnpay
  try {
    if (config.mode === 'off') return reply('97', 'Invalid signature')
    // 1. The signature, over the vnp_* parameters exactly as sent (a key given twice is refused).
    const verified = verifyQuery(config.hashSecret, url)
    if (!verified.ok) {
      ctx.log.warn({ reason: verified.reason, ip: meta.ip }, 'VNPay IPN refused: signature')
      return reply('97', 'Invalid signature')
    }
    const p = verified.params
    // 2. Our merchant code and one of our intents.
    if (p.vnp_TmnCode !== config.tmnCode) return reply('01', 'Order not found')
    const [found] = await ctx.db
      .select()
      .from(paymentIntents)
      .where(and(eq(paymentIntents.provider, 'vnpay'), eq(paymentIntents.reference, p.vnp_TxnRef ?? '')))
      .limit(1)
    if (!found) return reply('01', 'Order not found')
    // 3. The amount (×100, compared as integers). A difference means the customer may have been charged
    //    something else: a person must look, so the intent goes to review with an alert.
    const amount = p.vnp_Amount ?? ''
    if (!/^\d{1,15}$/.test(amount) || BigInt(amount) !== found.totalMinor * 100n) {
      await ctx.db.transaction(async (tx) => {
        const intent = await lockIntent(tx, eq(paymentIntents.id, found.id))
        if (!intent) return
        await recordEvent(tx, ctx.clock.now(), {
          provider: 'vnpay',
          kind: 'ipn',
          intentId: intent.id,
          outcome: 'amount-mismatch',
          payload: p,
        })
        const alert = {
          key: 'payments.alert.amountMismatch' as const,
          params: {
            reported: /^\d+$/.test(amount) ? (BigInt(amount) / 100n).toString() : amount.slice(0, 20),
            expected: intent.totalMinor.toString(),
            currency: 'VND',
          },
        }
        if (intent.status === 'pending') await applyOutcome(ctx, tx, intent, { kind: 'review', alert })
        else await raiseAlert(ctx, tx, intent, alert)
      })
      ctx.mail.kick()
      return reply('04', 'Invalid amount')
    }
    // 4. Already final. (A success after a recorded failure still goes on, to be put in review.)
    const outcome = vnpayOutcome(p)
    if (!canChange(found, outcome)) return reply('02', 'Order already confirmed')
    // 5. Locked, checked again, applied: a second IPN at the same moment waits here and then finds it final.
    const applied = await ctx.db.transaction(async (tx) => {
      const intent = await lockIntent(tx, eq(paymentIntents.id, found.id))
      if (!intent || !canChange(intent, outcome)) return 'unchanged' as const
      await recordEvent(tx, ctx.clock.now(), {
        provider: 'vnpay',
        kind: 'ipn',
        intentId: intent.id,
        outcome: `${p.vnp_ResponseCode}/${p.vnp_TransactionStatus}`,
        payload: p,
      })
      return applyOutcome(ctx, tx, intent, outcome)
    })
    if (applied === 'succeeded') ctx.gateway.cache.evictUser(found.userId)
    ctx.mail.kick()
    if (applied === 'unchanged' || (applied === 'review' && found.status !== 'pending')) {
      return reply('02', 'Order already confirmed')
    }
    return reply('00', 'Confirm Success')
  } catch (error) {
    ctx.log.error({ err: error }, 'VNPay IPN failed')
    return reply('99', 'Unknown error')
  }
}

function canChange(intent: IntentRow, outcome: Outcome): boolean {
  if (intent.status === 'pending') return true
  return (intent.status === 'failed' || intent.status === 'cancelled') && outcome.kind === 'success'
}

/**
 * The return page's check: the parameters the browser brought back must be signed by VNPay; then the
 * payment as the server knows it is answered (the IPN decides, not this page).
 */
export async function vnpayReturn(ctx: Ctx, url: string, actor: AuthUser, lang: Lang) {
  const verified = verifyQuery(ctx.config.payments.vnpay.hashSecret, url)
  if (!verified.ok || verified.params.vnp_TmnCode !== ctx.config.payments.vnpay.tmnCode) {
    throw new AppError(ErrorCode.BadSignature, 400, 'payments.badSignature')
  }
  const [intent] = await ctx.db
    .select({ id: paymentIntents.id, userId: paymentIntents.userId })
    .from(paymentIntents)
    .where(and(eq(paymentIntents.provider, 'vnpay'), eq(paymentIntents.reference, verified.params.vnp_TxnRef ?? '')))
    .limit(1)
  if (!intent || intent.userId !== actor.id) throw notFound('payments.notFound')
  const view = await findPaymentView(ctx.db, intent.id)
  if (!view) throw notFound('payments.notFound')
  return { payment: toPayment(view, lang), gateway_response_code: verified.params.vnp_ResponseCode ?? '' }
}
