import { sql } from 'drizzle-orm'
import { bigint, check, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { tstz } from './columns.ts'
import { users } from './users.ts'

/** A described movement's parameters: text and numbers as they are, dates as `{ date: ISO }` (formatted when read). */
export type DescriptionParams = Record<string, string | number | { date: string }>

/**
 * The balance ledger (docs/requirements.md §10.2): append-only, one row per movement, written in the same transaction
 * as `users.balance_cents`, so that balance = Σ amount always holds. Debits are negative.
 */
export const balanceLogs = pgTable(
  'balance_logs',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', {
      enum: [
        'topup_vnpay',
        'topup_paypal',
        'topup_bank',
        'admin_add',
        'coupon',
        'first_register',
        'bill_payment',
        'plan_purchase',
        'plan_renewal',
        'credit_expiry',
        // refunds: a provider refund or chargeback of a payment (reference: the payment_refunds row).
        'payment_refund',
      ],
    }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
    balanceAfterCents: bigint('balance_after_cents', { mode: 'bigint' }).notNull(),
    /** The text in the customer's language when written (a staff member's own words for `admin_add`). */
    description: text('description'),
    /**
     * A system-written description as a catalogue key and its parameters, so that each reader sees it in
     * their own language (docs/balance.md "Descriptions"); null for staff-written text and older rows.
     */
    descriptionKey: text('description_key'),
    descriptionParams: jsonb('description_params').$type<DescriptionParams>(),
    /** A bill id, coupon log id, plan id or payment reference: unique per type where it must happen once. */
    reference: text('reference'),
    createdBy: text('created_by'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    /**
     * The ledger's order (docs/balance.md): rows of one user are written under a lock on that user, so
     * this sequence is the order their balances chain in, even for rows of the same millisecond.
     */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  },
  (t) => [
    index('balance_logs_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('balance_logs_seq_key').on(t.seq),
    index('balance_logs_user_seq_idx').on(t.userId, t.seq),
    index('balance_logs_created_idx').on(t.createdAt),
    // What may happen only once: a bill paid, a provider transaction credited, a welcome credit given.
    uniqueIndex('balance_logs_once_key')
      .on(t.type, t.reference)
      .where(
        sql`${t.type} in ('bill_payment', 'topup_vnpay', 'topup_paypal', 'topup_bank', 'coupon', 'credit_expiry', 'payment_refund')`,
      ),
    uniqueIndex('balance_logs_first_register_key').on(t.userId).where(sql`${t.type} = 'first_register'`),
    check('balance_logs_amount_check', sql`${t.amountCents} <> 0`),
    // No debit takes a balance below 0, except a provider refund or chargeback (money already gone):
    // then the account owes the difference, and credits that follow may still leave it below 0.
    check(
      'balance_logs_after_check',
      sql`${t.balanceAfterCents} >= 0 or ${t.amountCents} > 0 or ${t.type} = 'payment_refund'`,
    ),
  ],
)

/** Stored answers of money-moving calls by `Idempotency-Key` (same key and body → the same answer). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** `PUT /v1/bills/pay/{id}` with the id filled in. */
    request: text('request').notNull(),
    /** SHA-256 of the request body (empty body: of ""). */
    bodyHash: text('body_hash').notNull(),
    status: integer('status').notNull(),
    response: jsonb('response').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
)

export const couponTypes = pgTable(
  'coupon_types',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** How many coupons of this type may exist; -1 unlimited. */
    limit: integer('limit').notNull().default(-1),
    description: text('description'),
    eventCode: text('event_code').notNull(),
    createdBy: text('created_by'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('coupon_types_event_code_key').on(t.eventCode)],
)

export const coupons = pgTable(
  'coupons',
  {
    id: text('id').primaryKey(),
    typeId: text('type_id')
      .notNull()
      .references(() => couponTypes.id, { onDelete: 'restrict' }),
    code: text('code').notNull(),
    creditCents: bigint('credit_cents', { mode: 'bigint' }).notNull(),
    description: text('description'),
    /** The last day (UTC) it can be redeemed. */
    dateExpired: date('date_expired', { mode: 'string' }).notNull(),
    balanceExpiresDay: integer('balance_expires_day').notNull(),
    /** Redemptions allowed; -1 unlimited. */
    limit: integer('limit').notNull(),
    /** Redemptions left, counted down atomically; null when unlimited. */
    remaining: integer('remaining'),
    redeemed: integer('redeemed').notNull().default(0),
    disabledAt: tstz('disabled_at'),
    createdBy: text('created_by'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_code_key').on(t.code),
    index('coupons_type_idx').on(t.typeId),
    check('coupons_credit_check', sql`${t.creditCents} > 0`),
    check('coupons_remaining_check', sql`${t.remaining} is null or ${t.remaining} >= 0`),
  ],
)

/**
 * A redemption (a coupon-log row): one per user and coupon. `unspent_cents` is the part of the credit
 * still on the balance: debits spend coupon credit first (soonest expiry first), and at `expires_at`
 * what is unspent is taken back by a `credit_expiry` ledger row.
 */
export const couponLogs = pgTable(
  'coupon_logs',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    couponId: text('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'restrict' }),
    creditCents: bigint('credit_cents', { mode: 'bigint' }).notNull(),
    unspentCents: bigint('unspent_cents', { mode: 'bigint' }).notNull(),
    redeemedAt: tstz('redeemed_at').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    expiredAt: tstz('expired_at'),
    expiredAmountCents: bigint('expired_amount_cents', { mode: 'bigint' }),
  },
  (t) => [
    uniqueIndex('coupon_logs_user_coupon_key').on(t.userId, t.couponId),
    index('coupon_logs_due_idx').on(t.expiresAt).where(sql`${t.expiredAt} is null`),
    index('coupon_logs_user_idx').on(t.userId, t.redeemedAt),
    check('coupon_logs_unspent_check', sql`${t.unspentCents} >= 0 and ${t.unspentCents} <= ${t.creditCents}`),
  ],
)
