import type { PaymentsConfig } from '../../config.ts'
import { type HttpResponse, jsonOf, type Transport } from './transport.ts'

// PayPal REST (docs/payments.md "PayPal"): OAuth client credentials, Orders v2 create / get /
// capture with a deterministic `PayPal-Request-Id`, captures fetched again before acting, and webhook
// signatures verified by PayPal itself (`verify-webhook-signature`). Plain HTTP calls over the
// transport: the official SDK has no webhook verification, and this is a handful of calls.

type PaypalConfig = PaymentsConfig['paypal']

interface PaypalAmount {
  currency_code: string
  value: string
}

export interface PaypalCapture {
  id: string
  status: string
  amount?: PaypalAmount
  custom_id?: string
  status_details?: { reason?: string }
  create_time?: string
  update_time?: string
  supplementary_data?: { related_ids?: { order_id?: string } }
}

/** A refund of a capture (Payments v2), also the resource of PAYMENT.CAPTURE.REFUNDED / REVERSED webhooks. */
export interface PaypalRefund {
  id: string
  status: string
  amount?: PaypalAmount
  /** What we sent as `custom_id`: our refund's id, for a refund we asked for. */
  custom_id?: string
  invoice_id?: string
  note_to_payer?: string
  status_details?: { reason?: string }
  create_time?: string
  update_time?: string
  links?: { rel: string; href: string }[]
}

export interface PaypalOrder {
  id: string
  status: string
  links?: { rel: string; href: string }[]
  payer?: { address?: { country_code?: string } }
  purchase_units?: {
    custom_id?: string
    amount?: PaypalAmount
    payments?: { captures?: PaypalCapture[] }
  }[]
}

/** A PayPal error answer: its name and the first detail's issue (`INSTRUMENT_DECLINED`…). */
export class PaypalError extends Error {
  constructor(
    readonly status: number,
    readonly issue: string,
  ) {
    super(`PayPal answered ${status} ${issue}`)
    this.name = 'PaypalError'
  }
}

function failure(response: HttpResponse): PaypalError {
  const body = jsonOf<{ name?: string; details?: { issue?: string }[]; error?: string }>(response)
  return new PaypalError(response.status, body?.details?.[0]?.issue ?? body?.name ?? body?.error ?? 'UNKNOWN')
}

export interface PaypalClient {
  createOrder(input: {
    requestId: string
    reference: string
    intentId: string
    value: string
    description: string
    returnUrl: string
    cancelUrl: string
  }): Promise<PaypalOrder>
  getOrder(orderId: string): Promise<PaypalOrder>
  /** `mockResponse`: PayPal's negative-testing header (docs/payments.md "The sandbox"), for tests only. */
  captureOrder(orderId: string, requestId: string, mockResponse?: string): Promise<PaypalOrder>
  getCapture(captureId: string): Promise<PaypalCapture>
  /** Refunds (part of) a capture; the same `requestId` is the same refund (PayPal-Request-Id). */
  refundCapture(
    captureId: string,
    requestId: string,
    input: { value: string; customId: string; invoiceId: string; note: string },
    mockResponse?: string,
  ): Promise<PaypalRefund>
  getRefund(refundId: string): Promise<PaypalRefund>
  /** Asks PayPal whether a webhook delivery is genuine, with the body exactly as received. */
  verifyWebhook(headers: Record<string, string | string[] | undefined>, rawBody: string): Promise<boolean>
}

export function createPaypalClient(config: PaypalConfig, transport: Transport, now: () => number): PaypalClient {
  let token: { value: string; until: number } | null = null

  async function accessToken(): Promise<string> {
    if (token && token.until > now()) return token.value
    const response = await transport({
      method: 'POST',
      url: `${config.apiUrl}/v1/oauth2/token`,
      headers: {
        authorization: `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    })
    const body = jsonOf<{ access_token?: string; expires_in?: number }>(response)
    if (response.status !== 200 || !body?.access_token) throw failure(response)
    // Renewed a minute early, so that a token never expires between the check and the call.
    token = { value: body.access_token, until: now() + Math.max(0, (body.expires_in ?? 0) - 60) * 1000 }
    return token.value
  }

  async function api<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    requestId?: string,
    mockResponse?: string,
  ): Promise<T> {
    const response = await transport({
      method,
      url: `${config.apiUrl}${path}`,
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        accept: 'application/json',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(requestId ? { 'paypal-request-id': requestId } : {}),
        ...(mockResponse ? { 'paypal-mock-response': mockResponse } : {}),
        prefer: 'return=representation',
      },
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    })
    if (response.status === 401) token = null
    if (response.status < 200 || response.status >= 300) throw failure(response)
    const parsed = jsonOf<T>(response)
    if (parsed === null) throw new PaypalError(response.status, 'INVALID_RESPONSE')
    return parsed
  }

  return {
    createOrder: (input) =>
      api<PaypalOrder>(
        'POST',
        '/v2/checkout/orders',
        {
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: input.intentId,
              custom_id: input.reference,
              invoice_id: input.reference,
              description: input.description.slice(0, 127),
              amount: { currency_code: 'USD', value: input.value },
            },
          ],
          payment_source: {
            paypal: {
              experience_context: {
                brand_name: 'Maps Portal',
                shipping_preference: 'NO_SHIPPING',
                user_action: 'PAY_NOW',
                return_url: input.returnUrl,
                cancel_url: input.cancelUrl,
              },
            },
          },
        },
        input.requestId,
      ),
    getOrder: (orderId) => api<PaypalOrder>('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`),
    captureOrder: (orderId, requestId, mockResponse) =>
      api<PaypalOrder>(
        'POST',
        `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`,
        {},
        requestId,
        mockResponse,
      ),
    getCapture: (captureId) => api<PaypalCapture>('GET', `/v2/payments/captures/${encodeURIComponent(captureId)}`),
    refundCapture: (captureId, requestId, input, mockResponse) =>
      api<PaypalRefund>(
        'POST',
        `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
        {
          amount: { currency_code: 'USD', value: input.value },
          custom_id: input.customId,
          invoice_id: input.invoiceId,
          note_to_payer: input.note.slice(0, 255),
        },
        requestId,
        mockResponse,
      ),
    getRefund: (refundId) => api<PaypalRefund>('GET', `/v2/payments/refunds/${encodeURIComponent(refundId)}`),
    async verifyWebhook(headers, rawBody) {
      const header = (name: string) => {
        const value = headers[name]
        return typeof value === 'string' ? value : ''
      }
      const fields = {
        auth_algo: header('paypal-auth-algo'),
        cert_url: header('paypal-cert-url'),
        transmission_id: header('paypal-transmission-id'),
        transmission_sig: header('paypal-transmission-sig'),
        transmission_time: header('paypal-transmission-time'),
        webhook_id: config.webhookId,
      }
      if (Object.values(fields).some((v) => v === '')) return false
      // The event goes back byte for byte as it came: a re-serialised copy could differ from what was signed.
      const body = `${JSON.stringify(fields).slice(0, -1)},"webhook_event":${rawBody}}`
      const answer = await api<{ verification_status?: string }>(
        'POST',
        '/v1/notifications/verify-webhook-signature',
        body,
      )
      return answer.verification_status === 'SUCCESS'
    },
  }
}

/** The approval page of an order (`payer-action` for orders created with a payment source, else `approve`). */
export function approveLink(order: PaypalOrder): string | null {
  return order.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve')?.href ?? null
}

/** The capture a refund belongs to (its `up` link: `…/v2/payments/captures/{id}`). */
export function refundedCaptureId(refund: PaypalRefund): string | null {
  const up = refund.links?.find((l) => l.rel === 'up')?.href ?? ''
  const m = /\/v2\/payments\/captures\/([^/?#]+)/.exec(up)
  return m?.[1] ? decodeURIComponent(m[1]) : null
}

/** The first capture of an order, if it has been captured. */
export function firstCapture(order: PaypalOrder): PaypalCapture | null {
  return order.purchase_units?.[0]?.payments?.captures?.[0] ?? null
}
