import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { tstz } from './columns.ts'
import { settingsWeight } from './usage.ts'
import { users } from './users.ts'

/**
 * Graduated ranges of a rate setting (docs/requirements.md §8.2): requests numbered `request_from + 1`
 * … `request_to` of the month cost `rate` each; `request_to` -1 has no end. A setting's ranges are
 * contiguous from 0 (checked by the contract's `checkRanges` on every change, under a row lock).
 */
export const rangeRequests = pgTable(
  'range_requests',
  {
    id: text('id').primaryKey(),
    settingId: text('setting_id')
      .notNull()
      .references(() => settingsWeight.id, { onDelete: 'cascade' }),
    requestFrom: integer('request_from').notNull(),
    requestTo: integer('request_to').notNull(),
    rate: numeric('rate', { precision: 18, scale: 8 }).notNull(),
    /** The private setting's user, copied for the customer's `user_id` field; null on common settings. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createById: text('create_by_id'),
    updateById: text('update_by_id'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('range_requests_setting_from_key').on(t.settingId, t.requestFrom),
    check('range_requests_rate_check', sql`${t.rate} > 0`),
  ],
)

/** Serial numbers of bill codes (`INV-202611-000123`). */
export const billCodeSeq = pgSequence('bill_code_seq', { startWith: 1 })

/**
 * A month's bill of one user (docs/requirements.md §9.1): a snapshot. `lines` keeps each service's hits, free
 * allowance, tiers and rates as priced, so later rate changes never rewrite an issued bill.
 */
export const bills = pgTable(
  'bills',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    code: text('code').notNull(),
    billDate: tstz('bill_date').notNull(),
    billedFrom: date('billed_from', { mode: 'string' }).notNull(),
    billedTo: date('billed_to', { mode: 'string' }).notNull(),
    isNew: boolean('is_new').notNull(),
    /** The lines in a compact array form (`StoredLine` in modules/billing/queries.ts: service, hits, free, billable, private, subtotal, tiers); `toBillDetail` reads them back as the contract's `BillLine`. */
    lines: jsonb('lines').notNull(),
    amountBeforeDiscountCents: bigint('amount_before_discount_cents', { mode: 'bigint' }).notNull(),
    discountPercent: numeric('discount_percent', { precision: 18, scale: 8 }).notNull(),
    discountCents: bigint('discount_cents', { mode: 'bigint' }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
    freeCreditCents: bigint('free_credit_cents', { mode: 'bigint' }).notNull(),
    totalCents: bigint('total_cents', { mode: 'bigint' }).notNull(),
    exchangeRate: numeric('exchange_rate', { precision: 18, scale: 8 }).notNull(),
    totalVnd: bigint('total_vnd', { mode: 'bigint' }).notNull(),
    transferContent: text('transfer_content').notNull(),
    paidAt: tstz('paid_at'),
    /** Who set it paid: the staff member who marked it, the customer who paid it from the balance, or null for a zero bill. */
    paidBy: text('paid_by'),
    /** The customer's VAT invoice request (`VatInfo`), the latest one. */
    vat: jsonb('vat'),
    /**
     * The seller printed on the bill (`Seller`: name, address, tax number) as set when the bill was
     * made, so a later change of the setting does not rewrite issued bills; null for bills made before
     * the setting existed, which show the current one (docs/billing.md "The seller").
     */
    seller: jsonb('seller'),
    /**
     * When the bill was last e-mailed to its customer: by the `bills-notify` job after the bill run, or
     * by an administrator's "send again" (docs/billing.md "The bill by e-mail"). Null: not sent yet.
     */
    emailedAt: tstz('emailed_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bills_user_month_key').on(t.userId, t.year, t.month),
    // The bills still to announce, which the job reads by age; empty once they are sent.
    index('bills_to_email_idx').on(t.createdAt).where(sql`${t.emailedAt} is null and ${t.totalCents} > 0`),
    uniqueIndex('bills_code_key').on(t.code),
    index('bills_month_idx').on(t.year, t.month),
    index('bills_date_idx').on(t.billDate),
    check('bills_month_check', sql`${t.month} between 1 and 12`),
    check('bills_total_check', sql`${t.totalCents} >= 0`),
  ],
)

/**
 * One bill generation of a month (scheduled or started by an admin). At most one runs per month at
 * a time (partial unique index); a run whose heartbeat stopped is marked failed and may be redone,
 * which is safe because a user's bill of a month is unique.
 */
export const billingRuns = pgTable(
  'billing_runs',
  {
    id: text('id').primaryKey(),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    status: text('status', { enum: ['running', 'done', 'failed'] }).notNull(),
    trigger: text('trigger', { enum: ['schedule', 'admin'] }).notNull(),
    startedBy: text('started_by'),
    startedAt: tstz('started_at').notNull(),
    heartbeatAt: tstz('heartbeat_at').notNull(),
    finishedAt: tstz('finished_at'),
    users: integer('users').notNull().default(0),
    created: integer('created').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    error: text('error'),
  },
  (t) => [
    uniqueIndex('billing_runs_one_running').on(t.year, t.month).where(sql`${t.status} = 'running'`),
    index('billing_runs_started_idx').on(t.startedAt),
  ],
)
