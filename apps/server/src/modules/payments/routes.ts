import * as contract from '@app/contract'
import { formatMinor } from '@app/contract'
import { requestLang } from '../../http/lang.ts'
import { pageParams } from '../../http/paging.ts'
import { ok, routes } from '../../http/routes.ts'
import { writeAudit } from '../audit/audit.ts'
import { handleIpn, vnpayReturn } from './ipn.ts'
import { handleWebhook } from './paypal-flow.ts'
import { reconcile } from './reconcile.ts'
import { checkRefund, refundPayment } from './refunds.ts'
import { returnBase } from './return-base.ts'
import * as service from './service.ts'

// docs/requirements.md §10 and docs/payments.md: top-ups and bill payments by VNPay, PayPal and bank transfer,
// the gateways' callbacks, the back office's decisions, the bank details and saved cards.

export const paymentRoutes = routes((r) => {
  r.on(contract.paymentOptions, async ({ ctx }) => service.options(ctx))

  r.on(contract.createPayment, async ({ ctx, meta, req, user, body }) => {
    const back = returnBase(ctx.config, { origin: req.headers.origin, host: req.headers.host })
    const result = await service.createPayment(ctx, meta, user, body, back)
    return ok(result, body.provider === 'bank' ? 'payments.declared' : 'payments.created')
  })

  r.on(contract.myPayments, async ({ ctx, req, user, query }) =>
    service.listPayments(ctx, { userId: user.id, status: query.status }, pageParams(query), requestLang(req)),
  )

  r.on(contract.getPayment, async ({ ctx, req, user, params }) =>
    service.getPayment(ctx, user, params.id, requestLang(req)),
  )

  r.on(contract.cancelPayment, async ({ ctx, req, user, params }) =>
    ok(await service.cancelPayment(ctx, user, params.id, requestLang(req)), 'payments.cancelled'),
  )

  r.on(contract.vnpayReturn, async ({ ctx, req, user }) => vnpayReturn(ctx, req.raw.url ?? '', user, requestLang(req)))

  r.on(contract.vnpayIpn, async ({ ctx, meta, req, reply }) => {
    const answer = await handleIpn(ctx, meta, req.raw.url ?? '')
    return reply.code(200).type('application/json; charset=utf-8').send(answer)
  })

  r.on(contract.paypalCapture, async ({ ctx, req, user, body }) =>
    service.capturePaypal(ctx, user, body.order_id, requestLang(req)),
  )

  r.on(contract.paypalWebhook, async ({ ctx, req, reply }) => {
    const result = await handleWebhook(ctx, req.headers, req.rawBody ?? '')
    return reply
      .code(result.status)
      .type('application/json; charset=utf-8')
      .send({ received: result.status === 200 })
  })

  r.on(contract.confirmPayment, async ({ ctx, meta, user, params, body }) =>
    ok(await service.decide(ctx, meta, user, params.id, 'confirm', body.note), 'payments.confirmed'),
  )

  r.on(contract.rejectPayment, async ({ ctx, meta, user, params, body }) =>
    ok(await service.decide(ctx, meta, user, params.id, 'reject', body.note), 'payments.rejected'),
  )

  r.on(contract.refundPayment, async ({ ctx, req, user, params, body, meta }) => {
    const header = req.headers['idempotency-key']
    const result = await refundPayment(
      ctx,
      meta,
      user,
      params.id,
      body,
      typeof header === 'string' ? header : undefined,
    )
    if (result.status === 'completed') {
      const last = result.payment
      return ok(last, 'payments.refund.done', { amount: body.amount, currency: last.currency })
    }
    return ok(result.payment, 'payments.refund.sent')
  })

  r.on(contract.checkRefund, async ({ ctx, meta, user, params }) => {
    const { payment, result, refund } = await checkRefund(ctx, meta, user, params.id)
    if (result === 'completed') {
      return ok(payment, 'payments.refund.checkCompleted', {
        amount: formatMinor(refund.amountMinor, payment.currency),
        currency: payment.currency,
      })
    }
    if (result === 'failed') return ok(payment, 'payments.refund.checkFailed', { code: refund.responseCode ?? '' })
    return ok(payment, 'payments.refund.checkWaiting')
  })

  r.on(contract.allPayments, async ({ ctx, req, query }) =>
    service.adminList(
      ctx,
      {
        userId: query.user_id,
        provider: query.provider,
        status: query.status,
        userKeyword: query.user_keyword,
        alert: query.alert === undefined ? undefined : query.alert === 'true',
      },
      pageParams(query),
      requestLang(req),
    ),
  )

  r.on(contract.reconcilePayments, async ({ ctx, meta, user }) => {
    const result = await reconcile(ctx)
    // What the run settled is logged per payment by the outcome itself; this row says who started it.
    await writeAudit(
      ctx.db,
      user,
      meta,
      { action: 'payments.reconcile', targetType: 'payment', after: result },
      ctx.clock.now(),
    )
    return ok(result, 'payments.reconciled', { checked: result.checked, settled: result.settled })
  })

  r.on(contract.getBankSettings, async ({ ctx }) => service.bankDetails(ctx.db))

  r.on(contract.setBankSettings, async ({ ctx, meta, user, body }) =>
    ok(await service.setBankDetails(ctx, meta, user, body), 'payments.bank.saved'),
  )

  r.on(contract.addCard, async ({ ctx, user, body }) =>
    ok(await service.addCard(ctx, user, body.card), 'payments.card.added'),
  )

  r.on(contract.listCards, async ({ ctx, user }) => service.listCards(ctx, user))

  r.on(contract.removeCard, async ({ ctx, user, params }) => {
    await service.removeCard(ctx, user, params.id)
    return ok(null, 'payments.card.removed')
  })
})
