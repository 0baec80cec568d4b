import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, integer, jsonb, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { bills } from './billing.ts'
import { tstz } from './columns.ts'
import { users } from './users.ts'

/**
 * One payment attempt (docs/payments.md): a top-up or a bill, by VNPay, PayPal or bank transfer. Amounts
 * are integers in the charged currency's minor unit (VND đồng, USD cents); `credit_cents` is what the
 * balance receives on success (the customer pays `total_minor` = amount + fee). A provider's
 * transaction id and order id name one intent at most; the ledger credits an intent at most once
 * (`balance_logs_once_key` on (type, reference = intent id)).
 */
export const paymentIntents = pgTable(
  'payment_intents',
  {
    id: text('id').primaryKey(),
    /** VNPay's TxnRef, PayPal's custom_id, or the bank top-up's transfer code. */
    reference: text('reference').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['vnpay', 'paypal', 'bank'] }).notNull(),
    purpose: text('purpose', { enum: ['topup', 'bill'] }).notNull(),
    billId: text('bill_id').references(() => bills.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ['pending', 'succeeded', 'failed', 'cancelled', 'review'] }).notNull(),
    creditCents: bigint('credit_cents', { mode: 'bigint' }).notNull(),
    currency: text('currency', { enum: ['VND', 'USD'] }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    feeMinor: bigint('fee_minor', { mode: 'bigint' }).notNull(),
    totalMinor: bigint('total_minor', { mode: 'bigint' }).notNull(),
    exchangeRate: numeric('exchange_rate', { precision: 18, scale: 8 }),
    paypalDomestic: boolean('paypal_domestic'),
    transferContent: text('transfer_content'),
    providerOrderId: text('provider_order_id'),
    /** PayPal: the order's approval page, where a buyer whose card was declined picks another funding source. */
    approveUrl: text('approve_url'),
    providerTxnId: text('provider_txn_id'),
    bankCode: text('bank_code'),
    bankTranNo: text('bank_tran_no'),
    cardType: text('card_type'),
    responseCode: text('response_code'),
    transactionStatus: text('transaction_status'),
    payDate: tstz('pay_date'),
    /** A message key (`payments.alert.*`) and its parameters: something a person must look at. */
    alert: text('alert'),
    alertParams: jsonb('alert_params'),
    alertAt: tstz('alert_at'),
    note: text('note'),
    decidedBy: text('decided_by'),
    balanceLogId: text('balance_log_id'),
    clientIp: text('client_ip'),
    createdAt: tstz('created_at').notNull(),
    updatedAt: tstz('updated_at').notNull(),
    expiresAt: tstz('expires_at'),
    completedAt: tstz('completed_at'),
    /** Reconciliation: the last time the gateway was asked about this intent, and how often. */
    checkedAt: tstz('checked_at'),
    checks: integer('checks').notNull().default(0),
  },
  (t) => [
    uniqueIndex('payment_intents_reference_key').on(t.reference),
    uniqueIndex('payment_intents_provider_txn_key').on(t.provider, t.providerTxnId),
    uniqueIndex('payment_intents_provider_order_key').on(t.provider, t.providerOrderId),
    index('payment_intents_user_idx').on(t.userId, t.createdAt),
    index('payment_intents_status_idx').on(t.status, t.createdAt),
    index('payment_intents_bill_idx').on(t.billId),
    check(
      'payment_intents_amounts_check',
      sql`${t.creditCents} > 0 and ${t.feeMinor} >= 0 and ${t.totalMinor} = ${t.amountMinor} + ${t.feeMinor}`,
    ),
    check('payment_intents_bill_check', sql`(${t.purpose} = 'bill') = (${t.billId} is not null)`),
  ],
)

/**
 * What the gateways told us (signed IPNs, PayPal webhooks and capture answers), for the back office and
 * for de-duplication: a PayPal webhook event id is handled once (unique (provider, event_id)).
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: text('id').primaryKey(),
    provider: text('provider', { enum: ['vnpay', 'paypal', 'bank'] }).notNull(),
    kind: text('kind', { enum: ['ipn', 'webhook', 'capture', 'query', 'decision', 'refund'] }).notNull(),
    eventId: text('event_id'),
    intentId: text('intent_id').references(() => paymentIntents.id, { onDelete: 'cascade' }),
    outcome: text('outcome').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('payment_events_event_key').on(t.provider, t.eventId),
    index('payment_events_intent_idx').on(t.intentId, t.createdAt),
  ],
)

/**
 * A refund or chargeback of a payment (docs/payments.md "Refunds"): asked by an administrator through
 * the provider's refund API, or reported by the provider (PayPal's PAYMENT.CAPTURE.REFUNDED / REVERSED
 * webhooks). `amount_minor` is what goes back to the customer in the charged currency; `credit_cents`
 * is what it takes from the balance once completed (its share of what the payment credited). A
 * provider refund id names one row at most, and a payment has at most one refund in flight.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: text('id').primaryKey(),
    intentId: text('intent_id')
      .notNull()
      .references(() => paymentIntents.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['vnpay', 'paypal'] }).notNull(),
    /** `refund`: money given back; `reversal`: taken back by the payer's bank or PayPal (a chargeback). */
    kind: text('kind', { enum: ['refund', 'reversal'] }).notNull(),
    /** Who started it: an administrator from the back office, or the provider (its own dashboard, a dispute). */
    origin: text('origin', { enum: ['admin', 'provider'] }).notNull(),
    status: text('status', { enum: ['pending', 'completed', 'failed'] }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    creditCents: bigint('credit_cents', { mode: 'bigint' }),
    providerRefundId: text('provider_refund_id'),
    responseCode: text('response_code'),
    reason: text('reason'),
    /** The back office's `Idempotency-Key`: the same key on one payment is the same refund. */
    requestKey: text('request_key'),
    createdBy: text('created_by'),
    balanceLogId: text('balance_log_id'),
    createdAt: tstz('created_at').notNull(),
    updatedAt: tstz('updated_at').notNull(),
    completedAt: tstz('completed_at'),
  },
  (t) => [
    uniqueIndex('payment_refunds_provider_key').on(t.provider, t.providerRefundId),
    uniqueIndex('payment_refunds_request_key').on(t.intentId, t.requestKey),
    uniqueIndex('payment_refunds_in_flight_key').on(t.intentId).where(sql`${t.status} = 'pending'`),
    index('payment_refunds_intent_idx').on(t.intentId, t.createdAt),
    check('payment_refunds_amount_check', sql`${t.amountMinor} > 0`),
  ],
)

/** A saved card: the gateway's token and display data only, never a card number (docs/payments.md "Saved cards"). */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['vnpay', 'paypal'] }).notNull(),
    token: text('token').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('saved_cards_token_key').on(t.provider, t.token),
    index('saved_cards_user_idx').on(t.userId),
    check('saved_cards_last4_check', sql`${t.last4} ~ '^[0-9]{4}$'`),
  ],
)

/**
 * The built-in sandbox's side of both gateways (docs/payments.md "The sandbox"): its orders and payments, so that a
 * tester's choice, a pending capture or a replay survive a restart and any instance can answer.
 */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    id: text('id').primaryKey(),
    provider: text('provider', { enum: ['vnpay', 'paypal'] }).notNull(),
    data: jsonb('data').notNull(),
    /** VNPay: when the next IPN attempt is due (retries 5 minutes apart, 10 at most). */
    nextNotifyAt: tstz('next_notify_at'),
    createdAt: tstz('created_at').notNull(),
    updatedAt: tstz('updated_at').notNull(),
  },
  (t) => [index('sandbox_payments_notify_idx').on(t.nextNotifyAt)],
)
