import type { Ctx } from '../../context.ts'
import type { IntentRow } from './intents.ts'
import { jsonOf } from './transport.ts'
import { queryDrRequest, verifyQueryDr } from './vnpay.ts'

// VNPay's transaction query (`vnp_Command=querydr`, docs/payments.md "Reconciliation" and "Refunds"):
// what VNPay holds for one of our payments (its TxnRef), signed both ways. Used by reconciliation for a
// payment whose callback was lost, and for a refund whose refund call got no answer.

/** VNPay's signed answer about this payment, as strings; null when it is unsigned or about another merchant or transaction. */
export async function askQueryDr(ctx: Ctx, intent: IntentRow): Promise<Record<string, string> | null> {
  const config = ctx.config.payments.vnpay
  const body = queryDrRequest(config, {
    txnRef: intent.reference,
    transactionDate: intent.createdAt,
    now: ctx.clock.now(),
    ipAddr: '127.0.0.1',
  })
  const response = await ctx.transport({
    method: 'POST',
    url: config.apiUrl,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const answer = jsonOf<Record<string, unknown>>(response)
  if (!answer || !verifyQueryDr(config.hashSecret, answer)) {
    ctx.log.warn({ payment: intent.id, status: response.status }, 'VNPay querydr answer not signed; ignored')
    return null
  }
  const params: Record<string, string> = {}
  for (const [key, value] of Object.entries(answer)) if (typeof value === 'string') params[key] = value
  if (params.vnp_TmnCode !== config.tmnCode) return null
  if ((params.vnp_TxnRef ?? '') !== '' && params.vnp_TxnRef !== intent.reference) return null
  return params
}
