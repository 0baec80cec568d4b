import { createHmac, randomBytes, randomUUID } from 'node:crypto'
import { crc32 } from 'node:zlib'
import { and, desc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Ctx } from '../../context.ts'
import { sandboxPayments } from '../../db/schema/index.ts'
import { safeEqual } from '../../lib/crypto.ts'
import { definitionList, escapeHtml, hidden, page, radios } from './pages.ts'

// The PayPal side of the built-in sandbox (docs/payments.md "The sandbox"): OAuth client credentials, Orders v2 (create, get,
// capture, each create/capture idempotent by PayPal-Request-Id), captures, refunds of captures
// (Payments v2, idempotent by PayPal-Request-Id, never beyond what was captured), the approval page where
// a tester chooses the outcome, PayPal's negative-testing header `PayPal-Mock-Response` on capture and
// refund, webhooks signed so that only this sandbox's verify-webhook-signature accepts them, and a
// console to complete a pending capture, refund or reverse (chargeback) a capture as PayPal's own side
// would, or replay a webhook.

const WEBHOOK_PATH = '/v1/payments/paypal/webhook'
const TOKEN_TTL_S = 32_400

type PaypalChoice = 'success' | 'pending' | 'decline' | 'cancel'

interface SandboxCapture {
  id: string
  status: 'COMPLETED' | 'PENDING' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'REFUNDED' | 'REVERSED'
  status_details?: { reason: string }
  amount: { currency_code: string; value: string }
  custom_id: string
  create_time: string
  update_time: string
  supplementary_data: { related_ids: { order_id: string } }
}

interface SandboxOrder {
  id: string
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED'
  amount: { currency_code: string; value: string }
  customId: string
  invoiceId: string
  referenceId: string
  description: string
  returnUrl: string
  cancelUrl: string
  createRequestId: string
  captureRequestId: string | null
  choice: PaypalChoice | null
  webhooks: boolean
  capture: SandboxCapture | null
  /** Refunds and reversals of the capture (absent on orders stored before refunds existed). */
  refunds?: SandboxRefund[]
  /** PayPal-Request-Ids of captures that were declined: the same id answers the same decline. */
  declinedRequestIds?: string[]
  /** Every webhook delivery made, newest last (a replay sends the last event again). */
  events: { id: string; type: string; body: string; at: string; status: number }[]
  createTime: string
}

interface SandboxRefund {
  id: string
  status: 'COMPLETED'
  amount: { currency_code: string; value: string }
  custom_id?: string
  invoice_id?: string
  note_to_payer?: string
  create_time: string
  update_time: string
  links: { rel: string; href: string; method: string }[]
  /** Not PayPal's: the request id that made it, and whether it is a reversal (chargeback). */
  requestId: string | null
  reversal: boolean
}

/** The application code a `PayPal-Mock-Response` header asks for (PayPal's negative testing), or null. */
function mockCode(req: FastifyRequest): string | null {
  const header = req.headers['paypal-mock-response']
  if (typeof header !== 'string') return null
  try {
    const code = (JSON.parse(header) as { mock_application_codes?: unknown }).mock_application_codes
    return typeof code === 'string' && /^[A-Z_]{3,64}$/.test(code) ? code : null
  } catch {
    return null
  }
}

const centsOf = (value: string) => {
  const [whole = '0', fraction = ''] = value.split('.')
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2))
}
const usd = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`

const ID_ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ'
const paypalId = () => Array.from(randomBytes(17), (b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('')

async function loadOrder(ctx: Ctx, id: string): Promise<SandboxOrder | null> {
  const [row] = await ctx.db
    .select()
    .from(sandboxPayments)
    .where(and(eq(sandboxPayments.provider, 'paypal'), eq(sandboxPayments.id, `pp:${id}`)))
    .limit(1)
  return row ? (row.data as SandboxOrder) : null
}

async function saveOrder(ctx: Ctx, order: SandboxOrder) {
  const now = ctx.clock.now()
  await ctx.db
    .insert(sandboxPayments)
    .values({ id: `pp:${order.id}`, provider: 'paypal', data: order, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: sandboxPayments.id, set: { data: order, updatedAt: now } })
}

function orderView(ctx: Ctx, order: SandboxOrder) {
  const base = `${ctx.config.publicUrl}/sandbox/paypal`
  return {
    id: order.id,
    intent: 'CAPTURE',
    status: order.status,
    create_time: order.createTime,
    ...(order.status !== 'PAYER_ACTION_REQUIRED'
      ? { payer: { payer_id: 'SANDBOXPAYER1', address: { country_code: 'VN' } } }
      : {}),
    purchase_units: [
      {
        reference_id: order.referenceId,
        custom_id: order.customId,
        invoice_id: order.invoiceId,
        description: order.description,
        amount: order.amount,
        ...(order.capture ? { payments: { captures: [order.capture] } } : {}),
      },
    ],
    links: [
      { rel: 'self', href: `${base}/v2/checkout/orders/${order.id}`, method: 'GET' },
      ...(order.status === 'PAYER_ACTION_REQUIRED'
        ? [{ rel: 'payer-action', href: `${base}/checkoutnow?token=${order.id}`, method: 'GET' }]
        : []),
      ...(order.status === 'APPROVED'
        ? [{ rel: 'capture', href: `${base}/v2/checkout/orders/${order.id}/capture`, method: 'POST' }]
        : []),
    ],
  }
}

function refundView(refund: SandboxRefund) {
  const { requestId: _requestId, reversal: _reversal, ...view } = refund
  return view
}

function error(reply: FastifyReply, status: number, name: string, issue?: string) {
  return reply.code(status).send({
    name,
    message: issue ? `The requested action could not be performed (${issue}).` : name,
    debug_id: randomBytes(6).toString('hex'),
    ...(issue ? { details: [{ issue, description: issue }] } : {}),
  })
}

export function registerPaypalSandbox(app: FastifyInstance, ctx: Ctx) {
  const config = ctx.config.payments.paypal
  const tokenKey = `${config.clientSecret}:token`
  const webhookKey = `${config.clientSecret}:webhook`

  const issueToken = () => {
    const until = Math.floor(Date.now() / 1000) + TOKEN_TTL_S
    const sig = createHmac('sha256', tokenKey).update(String(until)).digest('base64url')
    return `SBX.${until}.${sig}`
  }
  const tokenValid = (req: FastifyRequest) => {
    const m = /^Bearer SBX\.(\d+)\.([\w-]+)$/.exec(req.headers.authorization ?? '')
    if (!m?.[1] || !m[2]) return false
    const expected = createHmac('sha256', tokenKey).update(m[1]).digest('base64url')
    return safeEqual(m[2], expected) && Number(m[1]) > Date.now() / 1000
  }
  const authorised = (req: FastifyRequest, reply: FastifyReply) => {
    if (tokenValid(req)) return true
    void error(reply, 401, 'AUTHENTICATION_FAILURE', undefined)
    return false
  }

  const signWebhook = (transmissionId: string, time: string, body: string) =>
    createHmac('sha256', webhookKey)
      .update(`${transmissionId}|${time}|${config.webhookId}|${crc32(Buffer.from(body, 'utf8'))}`)
      .digest('base64')

  /** Posts a webhook event to the merchant, signed, and remembers it for replays. */
  async function sendWebhook(order: SandboxOrder, type: string, refund?: SandboxRefund) {
    if (!order.capture) return
    const eventId = `WH-${paypalId()}`
    const event = {
      id: eventId,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: refund ? 'refund' : 'capture',
      resource_version: '2.0',
      event_type: type,
      summary: `Payment ${type.split('.').pop()?.toLowerCase()}`,
      resource: refund ? refundView(refund) : order.capture,
    }
    const body = JSON.stringify(event)
    await deliver(order, { id: eventId, type, body })
  }

  async function deliver(order: SandboxOrder, event: { id: string; type: string; body: string }) {
    const transmissionId = randomUUID()
    const time = new Date().toISOString()
    let status = 0
    try {
      const response = await ctx.transport({
        method: 'POST',
        url: `${ctx.config.publicUrl}${WEBHOOK_PATH}`,
        headers: {
          'content-type': 'application/json',
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-time': time,
          'paypal-transmission-sig': signWebhook(transmissionId, time, event.body),
          'paypal-cert-url': `${ctx.config.publicUrl}/sandbox/paypal/certs/sandbox.pem`,
          'paypal-auth-algo': 'SHA256withRSA',
        },
        body: event.body,
      })
      status = response.status
    } catch {
      status = 0
    }
    const fresh = (await loadOrder(ctx, order.id)) ?? order
    fresh.events.push({ ...event, at: new Date().toISOString(), status })
    await saveOrder(ctx, fresh)
  }

  app.post('/paypal/v1/oauth2/token', async (req, reply) => {
    const m = /^Basic (.+)$/.exec(req.headers.authorization ?? '')
    const [id, secret] = m?.[1] ? Buffer.from(m[1], 'base64').toString('utf8').split(':') : []
    const form = (req.body ?? {}) as Record<string, unknown>
    if (id !== config.clientId || !secret || !safeEqual(secret, config.clientSecret)) {
      return reply.code(401).send({ error: 'invalid_client', error_description: 'Client Authentication failed' })
    }
    if (form.grant_type !== 'client_credentials') return reply.code(400).send({ error: 'unsupported_grant_type' })
    return reply.send({
      scope: 'https://uri.paypal.com/services/payments/payment',
      access_token: issueToken(),
      token_type: 'Bearer',
      app_id: 'APP-SANDBOX',
      expires_in: TOKEN_TTL_S,
      nonce: randomUUID(),
    })
  })

  app.post('/paypal/v2/checkout/orders', async (req, reply) => {
    if (!authorised(req, reply)) return reply
    const requestId = req.headers['paypal-request-id']
    if (typeof requestId !== 'string' || requestId === '')
      return error(reply, 400, 'INVALID_REQUEST', 'PAYPAL_REQUEST_ID_REQUIRED')
    const [same] = await ctx.db
      .select()
      .from(sandboxPayments)
      .where(
        and(eq(sandboxPayments.provider, 'paypal'), sql`${sandboxPayments.data}->>'createRequestId' = ${requestId}`),
      )
      .limit(1)
    if (same) return reply.code(200).send(orderView(ctx, same.data as SandboxOrder))
    const body = (req.body ?? {}) as {
      intent?: string
      purchase_units?: {
        reference_id?: string
        custom_id?: string
        invoice_id?: string
        description?: string
        amount?: { currency_code?: string; value?: string }
      }[]
      payment_source?: { paypal?: { experience_context?: { return_url?: string; cancel_url?: string } } }
    }
    const unit = body.purchase_units?.[0]
    const amount = unit?.amount
    const context = body.payment_source?.paypal?.experience_context
    if (
      body.intent !== 'CAPTURE' ||
      !unit ||
      !amount?.value ||
      !/^\d+\.\d{2}$/.test(amount.value) ||
      amount.currency_code !== 'USD'
    ) {
      return error(reply, 422, 'UNPROCESSABLE_ENTITY', 'INVALID_PARAMETER_VALUE')
    }
    if (!context?.return_url || !context.cancel_url)
      return error(reply, 422, 'UNPROCESSABLE_ENTITY', 'MISSING_RETURN_URL')
    const order: SandboxOrder = {
      id: paypalId(),
      status: 'PAYER_ACTION_REQUIRED',
      amount: { currency_code: 'USD', value: amount.value },
      customId: unit.custom_id ?? '',
      invoiceId: unit.invoice_id ?? '',
      referenceId: unit.reference_id ?? 'default',
      description: unit.description ?? '',
      returnUrl: context.return_url,
      cancelUrl: context.cancel_url,
      createRequestId: requestId,
      captureRequestId: null,
      choice: null,
      webhooks: true,
      capture: null,
      events: [],
      createTime: new Date().toISOString(),
    }
    await saveOrder(ctx, order)
    return reply.code(200).send(orderView(ctx, order))
  })

  app.get('/paypal/v2/checkout/orders/:id', async (req, reply) => {
    if (!authorised(req, reply)) return reply
    const order = await loadOrder(ctx, (req.params as { id: string }).id)
    if (!order) return error(reply, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID')
    return reply.send(orderView(ctx, order))
  })

  app.post('/paypal/v2/checkout/orders/:id/capture', async (req, reply) => {
    if (!authorised(req, reply)) return reply
    const requestId = req.headers['paypal-request-id']
    const order = await loadOrder(ctx, (req.params as { id: string }).id)
    if (!order) return error(reply, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID')
    // The same PayPal-Request-Id gets the first answer again.
    if (order.capture && typeof requestId === 'string' && requestId === order.captureRequestId) {
      return reply.code(201).send(orderView(ctx, order))
    }
    if (order.capture) return error(reply, 422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED')
    // Negative testing: the asked error, nothing else changes (PayPal's sandbox does the same).
    const mocked = mockCode(req)
    if (mocked) return error(reply, 422, 'UNPROCESSABLE_ENTITY', mocked)
    if (typeof requestId === 'string' && order.declinedRequestIds?.includes(requestId)) {
      return error(reply, 422, 'UNPROCESSABLE_ENTITY', 'INSTRUMENT_DECLINED')
    }
    if (order.status !== 'APPROVED') return error(reply, 422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED')
    if (order.choice === 'decline') {
      // The card is declined; the buyer goes back to the approval page to pick another funding source.
      order.status = 'PAYER_ACTION_REQUIRED'
      order.choice = null
      if (typeof requestId === 'string') order.declinedRequestIds = [...(order.declinedRequestIds ?? []), requestId]
      await saveOrder(ctx, order)
      return error(reply, 422, 'UNPROCESSABLE_ENTITY', 'INSTRUMENT_DECLINED')
    }
    const now = new Date().toISOString()
    const pending = order.choice === 'pending'
    order.capture = {
      id: paypalId(),
      status: pending ? 'PENDING' : 'COMPLETED',
      ...(pending ? { status_details: { reason: 'PENDING_REVIEW' } } : {}),
      amount: order.amount,
      custom_id: order.customId,
      create_time: now,
      update_time: now,
      supplementary_data: { related_ids: { order_id: order.id } },
    }
    order.status = 'COMPLETED'
    order.captureRequestId = typeof requestId === 'string' ? requestId : null
    await saveOrder(ctx, order)
    // PayPal tells the merchant by webhook too; here before answering, so a test sees a settled state.
    if (order.webhooks) await sendWebhook(order, pending ? 'PAYMENT.CAPTURE.PENDING' : 'PAYMENT.CAPTURE.COMPLETED')
    return reply.code(201).send(orderView(ctx, (await loadOrder(ctx, order.id)) ?? order))
  })

  app.get('/paypal/v2/payments/captures/:id', async (req, reply) => {
    if (!authorised(req, reply)) return reply
    const id = (req.params as { id: string }).id
    const [row] = await ctx.db
      .select()
      .from(sandboxPayments)
      .where(and(eq(sandboxPayments.provider, 'paypal'), sql`${sandboxPayments.data}->'capture'->>'id' = ${id}`))
      .limit(1)
    const capture = (row?.data as SandboxOrder | undefined)?.capture
    if (!capture) return error(reply, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID')
    return reply.send(capture)
  })

  async function orderOfCapture(captureId: string): Promise<SandboxOrder | null> {
    const [row] = await ctx.db
      .select()
      .from(sandboxPayments)
      .where(and(eq(sandboxPayments.provider, 'paypal'), sql`${sandboxPayments.data}->'capture'->>'id' = ${captureId}`))
      .limit(1)
    return row ? (row.data as SandboxOrder) : null
  }

  /**
   * Refunds (or reverses) part of a capture: never beyond what is left of it, the capture's status
   * follows, and the merchant hears of it by webhook before the answer (as a test expects a settled state).
   */
  async function makeRefund(
    order: SandboxOrder,
    input: {
      cents: bigint
      customId?: string
      invoiceId?: string
      note?: string
      requestId: string | null
      reversal: boolean
    },
  ): Promise<SandboxRefund> {
    const capture = order.capture
    if (!capture) throw new Error('no capture')
    const refunds = order.refunds ?? []
    const now = new Date().toISOString()
    const base = `${ctx.config.publicUrl}/sandbox/paypal`
    const id = paypalId()
    const refund: SandboxRefund = {
      id,
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: usd(input.cents) },
      ...(input.customId ? { custom_id: input.customId } : {}),
      ...(input.invoiceId ? { invoice_id: input.invoiceId } : {}),
      ...(input.note ? { note_to_payer: input.note } : {}),
      create_time: now,
      update_time: now,
      links: [
        { rel: 'self', href: `${base}/v2/payments/refunds/${id}`, method: 'GET' },
        { rel: 'up', href: `${base}/v2/payments/captures/${capture.id}`, method: 'GET' },
      ],
      requestId: input.requestId,
      reversal: input.reversal,
    }
    order.refunds = [...refunds, refund]
    const refunded = order.refunds.reduce((sum, r) => sum + centsOf(r.amount.value), 0n)
    capture.status = input.reversal
      ? 'REVERSED'
      : refunded >= centsOf(capture.amount.value)
        ? 'REFUNDED'
        : 'PARTIALLY_REFUNDED'
    capture.update_time = now
    await saveOrder(ctx, order)
    if (order.webhooks) {
      await sendWebhook(order, input.reversal ? 'PAYMENT.CAPTURE.REVERSED' : 'PAYMENT.CAPTURE.REFUNDED', refund)
    }
    return refund
  }

  const refundableCents = (order: SandboxOrder) =>
    order.capture && ['COMPLETED', 'PARTIALLY_REFUNDED'].includes(order.capture.status)
      ? centsOf(order.capture.amount.value) -
        (order.refunds ?? []).reduce((sum, r) => sum + centsOf(r.amount.value), 0n)
      : 0n

  // Payments v2 refund: the same PayPal-Request-Id answers the same refund.
  app.post('/paypal/v2/payments/captures/:id/refund', async (req, reply) => {
    if (!authorised(req, reply)) return reply
    const order = await orderOfCapture((req.params as { id: string }).id)
    if (!order?.capture) return error(reply, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID')
    const requestId = typeof req.headers['paypal-request-id'] === 'string' ? req.headers['paypal-request-id'] : null
    const same = requestId ? order.refunds?.find((r) => r.requestId === requestId) : undefined
    if (same) return reply.code(201).send(refundView(same))
    const mocked = mockCode(req)
    if (mocked) return error(reply, 422, 'UNPROCESSABLE_ENTITY', mocked)
    const body = (req.body ?? {}) as {
      amount?: { currency_code?: string; value?: string }
      custom_id?: string
      invoice_id?: string
      note_to_payer?: string
    }
    const left = refundableCents(order)
    if (left <= 0n) return error(reply, 422, 'UNPROCESSABLE_ENTITY', 'CAPTURE_FULLY_REFUNDED')
    let cents = left
    if (body.amount !== undefined) {
      if (body.amount.currency_code !== 'USD' || !/^\d+\.\d{2}$/.test(body.amount.value ?? '')) {
        return error(reply, 422, 'UNPROCESSABLE_ENTITY', 'INVALID_PARAMETER_VALUE')
      }
      cents = centsOf(body.amount.value ?? '0')
      if (cents <= 0n) return error(reply, 422, 'UNPROCESSABLE_ENTITY', 'INVALID_PARAMETER_VALUE')
      if (cents > left) return error(reply, 422, 'UNPROCESSABLE_ENTITY', 'REFUND_AMOUNT_EXCEEDED')
    }
    const refund = await makeRefund(order, {
      cents,
      ...(typeof body.custom_id === 'string' ? { customId: body.custom_id.slice(0, 127) } : {}),
      ...(typeof body.invoice_id === 'string' ? { invoiceId: body.invoice_id.slice(0, 127) } : {}),
      ...(typeof body.note_to_payer === 'string' ? { note: body.note_to_payer.slice(0, 255) } : {}),
      requestId,
      reversal: false,
    })
    return reply.code(201).send(refundView(refund))
  })

  app.get('/paypal/v2/payments/refunds/:id', async (req, reply) => {
    if (!authorised(req, reply)) return reply
    const id = (req.params as { id: string }).id
    const [row] = await ctx.db
      .select()
      .from(sandboxPayments)
      .where(
        and(
          eq(sandboxPayments.provider, 'paypal'),
          sql`${sandboxPayments.data}->'refunds' @> ${JSON.stringify([{ id }])}::jsonb`,
        ),
      )
      .limit(1)
    const refund = (row?.data as SandboxOrder | undefined)?.refunds?.find((r) => r.id === id)
    if (!refund) return error(reply, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID')
    return reply.send(refundView(refund))
  })

  app.post('/paypal/v1/notifications/verify-webhook-signature', async (req, reply) => {
    if (!authorised(req, reply)) return reply
    const b = (req.body ?? {}) as Record<string, unknown>
    const s = (k: string) => (typeof b[k] === 'string' ? (b[k] as string) : '')
    const ok =
      s('webhook_id') === config.webhookId &&
      s('cert_url').startsWith(`${ctx.config.publicUrl}/sandbox/paypal/certs/`) &&
      s('transmission_sig') !== '' &&
      b.webhook_event !== undefined &&
      safeEqual(
        s('transmission_sig'),
        signWebhook(s('transmission_id'), s('transmission_time'), JSON.stringify(b.webhook_event)),
      )
    return reply.send({ verification_status: ok ? 'SUCCESS' : 'FAILURE' })
  })

  // The buyer's approval page (PayPal's checkoutnow).
  app.get('/paypal/checkoutnow', async (req, reply) => {
    reply.type('text/html; charset=utf-8')
    const token = (req.query as { token?: unknown }).token
    const order = typeof token === 'string' ? await loadOrder(ctx, token) : null
    if (order?.status !== 'PAYER_ACTION_REQUIRED') {
      return reply.code(404).send(
        page({
          title: 'PayPal sandbox',
          brand: 'PayPal',
          body: '<div class="card error"><h1>This order cannot be paid</h1><p>It does not exist, or it was already approved or cancelled.</p></div>',
        }),
      )
    }
    const body = `<div class="card"><h1>Pay with PayPal (sandbox)</h1>
${definitionList([
  ['Amount', `${order.amount.value} ${order.amount.currency_code}`],
  ['Merchant', 'Maps Portal'],
  ['Description', order.description],
  ['Order', order.id],
])}
<form method="post" action="/sandbox/paypal/checkoutnow">${hidden({ token: order.id })}
<fieldset><legend>Result to simulate</legend>${radios(
      'choice',
      [
        ['success', 'Approve: the capture completes'],
        ['pending', 'Approve: the capture stays PENDING (complete it from the console)'],
        ['decline', 'Approve, but the card is declined at capture (INSTRUMENT_DECLINED)'],
        ['cancel', 'Cancel and return to the merchant'],
      ],
      'success',
    )}
<label><input type="checkbox" name="webhooks" value="1" checked> Send webhooks to the merchant</label></fieldset>
<button type="submit">Continue</button></form></div>
<p class="note">The built-in PayPal sandbox. No real money moves. <a href="/sandbox/paypal/console">Console</a></p>`
    return reply.send(page({ title: 'PayPal sandbox', brand: 'PayPal', body }))
  })

  app.post('/paypal/checkoutnow', async (req, reply) => {
    const form = (req.body ?? {}) as Record<string, unknown>
    const order = typeof form.token === 'string' ? await loadOrder(ctx, form.token) : null
    const choice = form.choice
    if (
      order?.status !== 'PAYER_ACTION_REQUIRED' ||
      !['success', 'pending', 'decline', 'cancel'].includes(String(choice))
    ) {
      return reply
        .code(400)
        .type('text/html; charset=utf-8')
        .send(
          page({
            title: 'PayPal sandbox',
            brand: 'PayPal',
            body: '<div class="card error"><h1>Unknown order or choice</h1></div>',
          }),
        )
    }
    order.choice = choice as PaypalChoice
    order.webhooks = form.webhooks === '1'
    if (order.choice === 'cancel') {
      order.status = 'VOIDED'
      await saveOrder(ctx, order)
      const sep = order.cancelUrl.includes('?') ? '&' : '?'
      return reply.redirect(`${order.cancelUrl}${sep}token=${order.id}`, 302)
    }
    order.status = 'APPROVED'
    await saveOrder(ctx, order)
    const sep = order.returnUrl.includes('?') ? '&' : '?'
    return reply.redirect(`${order.returnUrl}${sep}token=${order.id}&PayerID=SANDBOXPAYER1`, 302)
  })

  // Console actions: complete or deny a pending capture (PayPal's review ends), replay the last webhook.
  app.post('/paypal/console/:action', async (req, reply) => {
    const action = (req.params as { action: string }).action
    const form = (req.body ?? {}) as Record<string, unknown>
    const order = typeof form.order === 'string' ? await loadOrder(ctx, form.order) : null
    if (!order) return reply.code(404).send({ error: 'unknown order' })
    if ((action === 'complete' || action === 'deny') && order.capture?.status === 'PENDING') {
      order.capture = {
        ...order.capture,
        status: action === 'complete' ? 'COMPLETED' : 'DECLINED',
        update_time: new Date().toISOString(),
      }
      delete order.capture.status_details
      await saveOrder(ctx, order)
      await sendWebhook(order, action === 'complete' ? 'PAYMENT.CAPTURE.COMPLETED' : 'PAYMENT.CAPTURE.DENIED')
    } else if ((action === 'refund' || action === 'reverse') && refundableCents(order) > 0n) {
      // PayPal's own side: the merchant refunds in PayPal's dashboard, or the payer's bank takes the
      // money back (a chargeback). Either way the portal hears of it only by webhook.
      const asked = typeof form.amount === 'string' && /^\d+\.\d{2}$/.test(form.amount) ? centsOf(form.amount) : null
      const left = refundableCents(order)
      const cents = action === 'reverse' ? left : asked !== null && asked > 0n ? asked : left
      await makeRefund(order, { cents, requestId: null, reversal: action === 'reverse' })
    } else if (action === 'replay') {
      const last = order.events.at(-1)
      if (last) await deliver(order, { id: last.id, type: last.type, body: last.body })
    } else {
      return reply.code(409).send({ error: 'nothing to do' })
    }
    if (req.headers.accept?.includes('application/json')) {
      return reply.send({ order: orderView(ctx, (await loadOrder(ctx, order.id)) ?? order) })
    }
    return reply.redirect('/sandbox/paypal/console', 303)
  })

  app.get('/paypal/console', async (_req, reply) => {
    const rows = await ctx.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.provider, 'paypal'))
      .orderBy(desc(sandboxPayments.createdAt))
      .limit(50)
    const lines = rows
      .map((row) => {
        const o = row.data as SandboxOrder
        const events =
          o.events.map((e) => `${e.at.slice(11, 19)} ${escapeHtml(e.type)} → ${e.status}`).join('<br>') || '—'
        const button = (action: string, label: string) =>
          `<form class="inline" method="post" action="/sandbox/paypal/console/${action}">${hidden({ order: o.id })}<button type="submit" class="secondary">${label}</button></form>`
        const actions = [
          o.capture?.status === 'PENDING'
            ? button('complete', 'Complete capture') + button('deny', 'Deny capture')
            : '',
          o.capture && ['COMPLETED', 'PARTIALLY_REFUNDED'].includes(o.capture.status)
            ? button('refund', 'Refund at PayPal') + button('reverse', 'Chargeback')
            : '',
          o.events.length ? button('replay', 'Replay last webhook') : '',
        ].join(' ')
        return `<tr><td>${escapeHtml(o.id)}</td><td>${escapeHtml(`${o.amount.value} ${o.amount.currency_code}`)}</td><td>${escapeHtml(o.status)}${o.capture ? ` / ${escapeHtml(o.capture.status)}` : ''}</td><td>${events}</td><td>${actions}</td></tr>`
      })
      .join('')
    const body = `<div class="card"><h1>PayPal sandbox console</h1><p class="note">Orders, their captures and the webhooks delivered (with the merchant's HTTP status). Complete or deny a pending capture, or replay the last webhook.</p>
<table><thead><tr><th>Order</th><th>Amount</th><th>Status</th><th>Webhooks</th><th></th></tr></thead><tbody>${lines || '<tr><td colspan="5">No orders yet.</td></tr>'}</tbody></table></div>`
    return reply.type('text/html; charset=utf-8').send(page({ title: 'PayPal sandbox console', brand: 'PayPal', body }))
  })
}
