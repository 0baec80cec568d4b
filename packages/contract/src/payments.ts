import { z } from 'zod'
import { IdempotencyHeaders } from './balance.ts'
import { Id, IdParams, IsoDateTime, Money, pageQueryFields } from './common.ts'
import { endpoint } from './endpoint.ts'
import { pageOf } from './envelope.ts'
import { MONEY_BOUNDS } from './money-rules.ts'
import { looksLikeCardNumber, PAYMENT_PROVIDERS, PAYMENT_PURPOSES, PAYMENT_STATUSES } from './payment-rules.ts'
import { boundedMoney } from './pricing.ts'
import { ADMIN_ONLY, ALL_ROLES } from './roles.ts'

// docs/requirements.md §10 (money, balance and payments). One payment intent per attempt (VNPay, PayPal, bank transfer), for a
// top-up or a bill. Only server-to-server signals move money: the VNPay IPN, the PayPal capture answer
// and verified PayPal webhooks; an administrator confirms bank transfers. See docs/payments.md.

const tag = 'Payments'

/** An amount in the charged currency: VND whole đồng ("2526000"), USD with two decimals ("104.70"). */
const MinorAmount = z.string().regex(/^\d+(\.\d{2})?$/)

export const Payment = z.object({
  id: z.string(),
  /** Our reference sent to the gateway (VNPay's TxnRef, PayPal's custom_id) or the bank top-up code. */
  reference: z.string(),
  user_id: z.string(),
  user_email: z.string(),
  user_name: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  purpose: z.enum(PAYMENT_PURPOSES),
  bill_id: z.string().nullable(),
  bill_code: z.string().nullable(),
  status: z.enum(PAYMENT_STATUSES),
  /** USD credited to the balance on success (the fee is paid on top of it). */
  amount: Money,
  currency: z.enum(['VND', 'USD']),
  /** The amount in the charged currency, the gateway's fee, and what the customer pays (their sum). */
  charge_amount: MinorAmount,
  fee: MinorAmount,
  total: MinorAmount,
  exchange_rate: z.string().nullable(),
  paypal_domestic: z.boolean().nullable(),
  /** What the customer writes in the bank transfer (a bill code or the top-up code). */
  transfer_content: z.string().nullable(),
  provider_order_id: z.string().nullable(),
  provider_txn_id: z.string().nullable(),
  bank_code: z.string().nullable(),
  bank_tran_no: z.string().nullable(),
  card_type: z.string().nullable(),
  /** The gateway's answer (VNPay response code, PayPal status or error name). */
  response_code: z.string().nullable(),
  pay_date: IsoDateTime.nullable(),
  /** Something a person must look at (an amount that differs, a late success). */
  alert: z.string().nullable(),
  note: z.string().nullable(),
  decided_by: z.string().nullable(),
  created_at: IsoDateTime,
  completed_at: IsoDateTime.nullable(),
  expires_at: IsoDateTime.nullable(),
  // refunds (docs/payments.md "Refunds"): in the charged currency, like `total`.
  /** Given back to the customer so far (completed refunds and chargebacks). */
  refunded: MinorAmount,
  /** What an administrator may still refund: the total less completed and in-flight refunds; 0 when not refundable. */
  refundable: MinorAmount,
  /** A refund was asked and the provider has not confirmed it yet. */
  refund_pending: z.boolean(),
})
export type Payment = z.infer<typeof Payment>

export const BankDetails = z.object({
  bank_name: z.string(),
  account_name: z.string(),
  account_number: z.string(),
  branch: z.string(),
  swift: z.string(),
  notes: z.string(),
})
export type BankDetails = z.infer<typeof BankDetails>

export const PaymentOptions = z.object({
  vnpay: z.boolean(),
  paypal: z.boolean(),
  /** The bank account to transfer to; null while an administrator has not filled it in. */
  bank: BankDetails.nullable(),
  /** VND per USD: VNPay and bank transfers are charged in VND at this rate. */
  exchange_rate: z.string(),
  /** The built-in sandbox stands in for a gateway without credentials (never in production). */
  sandbox: z.boolean(),
})

export const paymentOptions = endpoint({
  method: 'GET',
  path: '/v1/payments/options',
  roles: ALL_ROLES,
  tag,
  summary: 'Which payment methods are available, the bank details and the exchange rate fees are computed with.',
  data: PaymentOptions,
})

/** A top-up's amount: above 0 and at most `TOP_UP_MAX_CENTS` (limits.ts "Money bounds"). */
const TopUpAmount = boundedMoney(MONEY_BOUNDS.topUp)

export const createPayment = endpoint({
  method: 'POST',
  path: '/v1/payments',
  roles: ALL_ROLES,
  tag,
  summary:
    'Start a top-up (amount in USD) or the payment of one of your bills: VNPay and PayPal answer the gateway page to open; a bank transfer is declared and waits for an administrator.',
  body: z
    .strictObject({
      provider: z.enum(PAYMENT_PROVIDERS),
      purpose: z.enum(PAYMENT_PURPOSES),
      /** USD, for a top-up. */
      amount: TopUpAmount.nullable(),
      /** The bill, for a bill payment. */
      bill_id: Id.nullable(),
      /** PayPal: the customer's PayPal account is domestic (3.9% instead of 4.4%). */
      paypal_domestic: z.boolean(),
    })
    .superRefine((body, ctx) => {
      if (body.purpose === 'topup' && body.amount === null)
        ctx.addIssue({ code: 'custom', path: ['amount'], message: 'payments.amountRequired' })
      if (body.purpose === 'bill' && body.bill_id === null)
        ctx.addIssue({ code: 'custom', path: ['bill_id'], message: 'payments.billRequired' })
    }),
  data: z.object({ payment: Payment, redirect_url: z.string().nullable() }),
  successStatus: 201,
})

export const myPayments = endpoint({
  method: 'GET',
  path: '/v1/payments',
  roles: ALL_ROLES,
  tag,
  summary: 'Your payments, newest first.',
  query: z.strictObject({ ...pageQueryFields, status: z.enum(PAYMENT_STATUSES).optional() }),
  data: pageOf(Payment),
})

export const getPayment = endpoint({
  method: 'GET',
  path: '/v1/payments/{id}',
  roles: ALL_ROLES,
  tag,
  summary: 'One payment (yours; administrators any).',
  params: IdParams,
  data: Payment,
})

export const cancelPayment = endpoint({
  method: 'PUT',
  path: '/v1/payments/{id}/cancel',
  roles: ALL_ROLES,
  tag,
  summary: 'Cancel your pending PayPal payment (before capture) or bank transfer declaration.',
  params: IdParams,
  data: Payment,
})

export const vnpayReturn = endpoint({
  method: 'GET',
  path: '/v1/payments/vnpay/return',
  roles: ALL_ROLES,
  tag,
  summary:
    "VNPay's return parameters as the browser got them: the signature is checked and the payment as the server knows it is answered. Display only: nothing changes.",
  data: z.object({ payment: Payment, gateway_response_code: z.string() }),
})

export const VnpayIpnReply = z.object({ RspCode: z.string(), Message: z.string() })

export const vnpayIpn = endpoint({
  method: 'GET',
  path: '/v1/payments/vnpay/ipn',
  roles: 'public',
  duringMaintenance: true,
  raw: true,
  tag,
  summary:
    "VNPay's server-to-server payment notification (IPN). Answers VNPay's {RspCode, Message}: 97 bad signature, 01 order not found, 04 invalid amount, 02 already confirmed, 00 recorded, 99 retry.",
  data: VnpayIpnReply,
})

export const paypalCapture = endpoint({
  method: 'POST',
  path: '/v1/payments/paypal/capture',
  roles: ALL_ROLES,
  tag,
  summary: 'Capture your PayPal order after approval (the return page calls it); idempotent.',
  body: z.strictObject({ order_id: z.string().trim().min(1).max(64) }),
  data: Payment,
})

export const paypalWebhook = endpoint({
  method: 'POST',
  path: '/v1/payments/paypal/webhook',
  roles: 'public',
  duringMaintenance: true,
  raw: true,
  rawBody: true,
  tag,
  summary:
    'PayPal webhook events: the signature is verified with PayPal, each event is handled once (by event id), and the capture is fetched again before anything changes.',
  data: z.object({ received: z.boolean() }),
})

const DecisionNote = z.strictObject({ note: z.string().trim().max(500) })

export const confirmPayment = endpoint({
  method: 'PUT',
  path: '/v1/payments/{id}/confirm',
  roles: ADMIN_ONLY,
  tag,
  summary:
    'Confirm a pending bank transfer or a payment in review: credits the top-up (and pays the bill), once; audit-logged.',
  params: IdParams,
  body: DecisionNote,
  data: Payment,
})

export const rejectPayment = endpoint({
  method: 'PUT',
  path: '/v1/payments/{id}/reject',
  roles: ADMIN_ONLY,
  tag,
  summary: 'Reject a pending bank transfer or a payment in review (nothing is credited); audit-logged.',
  params: IdParams,
  body: z.strictObject({ note: z.string().trim().min(1, { error: 'payments.noteRequired' }).max(500) }),
  data: Payment,
})

export const allPayments = endpoint({
  method: 'GET',
  path: '/v1/payments/all',
  roles: ADMIN_ONLY,
  tag,
  summary: 'Every payment, filtered by provider, status, user and alert.',
  query: z.strictObject({
    ...pageQueryFields,
    provider: z.enum(PAYMENT_PROVIDERS).optional(),
    status: z.enum(PAYMENT_STATUSES).optional(),
    user_id: Id.optional(),
    user_keyword: z.string().trim().max(255).optional(),
    alert: z.enum(['true', 'false']).optional(),
  }),
  data: pageOf(Payment).extend({
    pending_bank: z.number().int(),
    in_review: z.number().int(),
    alerts: z.number().int(),
  }),
})

// ── Refunds (docs/payments.md "Refunds") ───────────────────────────────────────────────────────────

/** Whole đồng for VND, up to 2 decimals for USD; the payment's refundable amount bounds it on the server. */
const RefundAmount = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, { error: 'payments.refund.amountInvalid' })

export const refundPayment = endpoint({
  method: 'POST',
  path: '/v1/payments/{id}/refund',
  roles: ADMIN_ONLY,
  tag,
  summary:
    "Refund a succeeded VNPay or PayPal top-up through the provider's refund API, fully or partly (in the charged currency, at most what remains refundable). The balance loses the refund's share of the credit once the provider confirms, once; audit-logged. `Idempotency-Key`: the same key is the same refund.",
  params: IdParams,
  headers: IdempotencyHeaders,
  body: z.strictObject({
    amount: RefundAmount,
    reason: z.string().trim().min(1, { error: 'payments.refund.reasonRequired' }).max(500),
  }),
  data: Payment,
})

/**
 * Asks VNPay now (querydr) what became of this payment's refund still in flight — one whose refund call
 * got no answer — and settles it by VNPay's signed answer: completed (taken from the balance once) or
 * failed (nothing taken; the payment can be refunded again). Unsettled while VNPay is unsure.
 */
export const checkRefund = endpoint({
  method: 'POST',
  path: '/v1/payments/{id}/refund/check',
  roles: ADMIN_ONLY,
  tag,
  summary:
    "Check with VNPay (querydr) the payment's refund still in flight and settle it by VNPay's signed answer: completed once, or failed and released; unchanged while VNPay has not settled it. Audit-logged.",
  params: IdParams,
  data: Payment,
})

export const reconcilePayments = endpoint({
  method: 'POST',
  path: '/v1/payments/reconcile',
  roles: ADMIN_ONLY,
  tag,
  summary: 'Ask the gateways now about payments still pending after their expiry (VNPay querydr, PayPal order).',
  data: z.object({ checked: z.number().int(), settled: z.number().int() }),
})

// ── Bank transfer details (an admin setting) ───────────────────────────────────────────────────────

const BankField = (max: number) => z.string().trim().max(max)

export const getBankSettings = endpoint({
  method: 'GET',
  path: '/v1/settings-bank',
  roles: ADMIN_ONLY,
  tag,
  summary: 'The bank account customers transfer to (empty fields while not set).',
  data: BankDetails,
})

export const setBankSettings = endpoint({
  method: 'PUT',
  path: '/v1/settings-bank',
  roles: ADMIN_ONLY,
  tag,
  summary: 'Set the bank account customers transfer to; audit-logged. Bank name, account name and number go together.',
  body: z
    .strictObject({
      bank_name: BankField(120),
      account_name: BankField(120),
      account_number: BankField(40).regex(/^[0-9A-Za-z -]*$/, { error: 'payments.bank.accountNumberInvalid' }),
      branch: BankField(120),
      swift: BankField(11).regex(/^([A-Za-z0-9]{8}|[A-Za-z0-9]{11})?$/, { error: 'payments.bank.swiftInvalid' }),
      notes: BankField(500),
    })
    .superRefine((body, ctx) => {
      const any = body.bank_name !== '' || body.account_name !== '' || body.account_number !== ''
      if (!any) return
      for (const field of ['bank_name', 'account_name', 'account_number'] as const)
        if (body[field] === '') ctx.addIssue({ code: 'custom', path: [field], message: 'payments.bank.required' })
    }),
  data: BankDetails,
})

// ── Saved cards (add-card) ───────────────────────────────────────────────────────────────────────────

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'jcb', 'unionpay', 'napas', 'other'] as const

export const SavedCard = z.object({
  id: z.string(),
  provider: z.enum(['vnpay', 'paypal']),
  brand: z.enum(CARD_BRANDS),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  created_at: IsoDateTime,
})
export type SavedCard = z.infer<typeof SavedCard>

const noCardNumber = (value: string) => !looksLikeCardNumber(value)

/**
 * What `card` holds: the gateway's token for a card it keeps (VNPay's card token, PayPal's vault
 * payment-token id) and what a person needs to recognise the card. Never a card number: a field that
 * looks like one is refused.
 */
export const CardInput = z.strictObject({
  provider: z.enum(['vnpay', 'paypal']),
  token: z
    .string()
    .min(8)
    .max(128)
    .regex(/^[A-Za-z0-9_.:-]+$/, { error: 'payments.card.tokenInvalid' })
    .refine(noCardNumber, { error: 'payments.card.numberRefused' }),
  brand: z.enum(CARD_BRANDS),
  last4: z.string().regex(/^\d{4}$/, { error: 'payments.card.last4Invalid' }),
  exp_month: z.number().int().min(1).max(12),
  exp_year: z.number().int().min(2000).max(2100),
})

export const addCard = endpoint({
  method: 'POST',
  path: '/v1/users/add-card',
  roles: ALL_ROLES,
  tag,
  summary:
    "Save a card for later payments: the gateway's token and display data (brand, last four digits, expiry), never a card number.",
  body: z.strictObject({ card: CardInput }),
  data: SavedCard,
  successStatus: 201,
})

export const listCards = endpoint({
  method: 'GET',
  path: '/v1/users/cards',
  roles: ALL_ROLES,
  tag,
  summary: 'Your saved cards.',
  data: z.array(SavedCard),
})

export const removeCard = endpoint({
  method: 'DELETE',
  path: '/v1/users/cards/{id}',
  roles: ALL_ROLES,
  tag,
  summary: 'Remove one of your saved cards.',
  params: IdParams,
  data: z.null(),
})
