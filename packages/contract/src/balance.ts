import { z } from 'zod'
import { Id, IdParams, IsoDateTime, Money, pageQueryFields } from './common.ts'
import { endpoint } from './endpoint.ts'
import { pageOf } from './envelope.ts'
import { MONEY_BOUNDS } from './money-rules.ts'
import { boundedMoney } from './pricing.ts'
import { ADMIN_ONLY, ALL_ROLES } from './roles.ts'

// docs/requirements.md §10.2: the balance is a ledger. Every change is an append-only
// balance-log row written in the same transaction as the cached balance on the user, so balance = Σ log.

const tag = 'Balance'

/** What moved the balance (docs/requirements.md §10.2's list of movements). */
export const BALANCE_LOG_TYPES = [
  'topup_vnpay',
  'topup_paypal',
  'topup_bank',
  'admin_add',
  'coupon',
  'first_register',
  'bill_payment',
  'plan_purchase',
  // a plan's monthly renewal, charged by the plans-renew job (reference: the plan).
  'plan_renewal',
  'credit_expiry',
  // refunds: a refund or chargeback of a payment taken back from the balance (docs/balance.md).
  'payment_refund',
] as const
export type BalanceLogType = (typeof BALANCE_LOG_TYPES)[number]

export const BalanceLog = z.object({
  id: z.string(),
  user_id: z.string(),
  user_email: z.string(),
  user_name: z.string(),
  type: z.enum(BALANCE_LOG_TYPES),
  /** Signed: credits positive, debits negative. */
  amount: Money,
  balance_after: Money,
  description: z.string().nullable(),
  /** What it concerns: a bill code, a coupon code, a plan name, a payment reference. */
  reference: z.string().nullable(),
  created_by: z.string().nullable(),
  /** Who wrote it by hand, by name and e-mail: for staff only (null for the system and for customers). */
  created_by_name: z.string().nullable(),
  created_by_email: z.string().nullable(),
  created_at: IsoDateTime,
})
export type BalanceLog = z.infer<typeof BalanceLog>

const LogQuery = {
  ...pageQueryFields,
  /** One movement type, or `credit` / `debit` for every credit or debit; `all` (default) for everything. */
  filter_type: z.enum(['all', 'credit', 'debit', ...BALANCE_LOG_TYPES]).default('all'),
  sort_by: z.enum(['created_at', 'amount']).default('created_at'),
  order_by: z.enum(['asc', 'desc']).default('desc'),
}

export const userBalanceLogs = endpoint({
  method: 'GET',
  path: '/v1/balance-logs/{id}',
  roles: ALL_ROLES,
  tag,
  summary: "One user's balance log (customers their own; staff any user's).",
  params: IdParams,
  query: z.strictObject(LogQuery),
  data: pageOf(BalanceLog).extend({ balance: Money }),
})

export const allBalanceLogs = endpoint({
  method: 'GET',
  path: '/v1/balance-logs/',
  roles: ADMIN_ONLY,
  tag,
  summary: 'Every balance movement, filtered by type and by a user keyword (e-mail or name).',
  query: z.strictObject({ ...LogQuery, user_keyword: z.string().trim().max(255).optional() }),
  data: pageOf(BalanceLog),
})

export const addBalance = endpoint({
  method: 'PUT',
  path: '/v1/users/{id}/add-balance',
  roles: ADMIN_ONLY,
  tag,
  summary: "Credit a user's balance (USD) with a required description; audit-logged.",
  params: IdParams,
  body: z.strictObject({
    amount: boundedMoney(MONEY_BOUNDS.addBalance),
    description: z.string().trim().min(1, { error: 'balance.descriptionRequired' }).max(500),
  }),
  data: z.object({ user_id: z.string(), balance: Money, log: BalanceLog }),
})

/** `Idempotency-Key` on calls that move money: the same key and body answer the stored first answer. */
export const IdempotencyHeaders = z.looseObject({ 'idempotency-key': z.string().min(8).max(255).optional() })

export const payBill = endpoint({
  method: 'PUT',
  path: '/v1/bills/pay/{id}',
  roles: ALL_ROLES,
  tag,
  summary: 'Pay one of your bills from the balance (once; 422 INSUFFICIENT_BALANCE when it is short).',
  params: IdParams,
  headers: IdempotencyHeaders,
  data: z.object({ bill_id: z.string(), paid_at: IsoDateTime, balance: Money }),
})

export const BalanceSummary = z.object({
  balance: Money,
  /** This month's spend so far (bill estimate) and, at that pace, about how many days the balance lasts. */
  month_spend: Money,
  runway_days: z.number().int().nullable(),
  /** E-mail me when my balance falls below this (null: never). */
  alert_threshold: Money.nullable(),
})

export const balanceSummary = endpoint({
  method: 'GET',
  path: '/v1/balance',
  roles: ALL_ROLES,
  tag,
  summary: 'Your balance, its runway at this month’s spend, and your low-balance alert.',
  query: z.strictObject({ user_id: Id.optional() }),
  data: BalanceSummary,
})

export const setBalanceAlert = endpoint({
  method: 'PUT',
  path: '/v1/balance/alert',
  roles: ALL_ROLES,
  tag,
  summary: 'Set (or clear with null) the balance below which you are e-mailed.',
  body: z.strictObject({
    threshold: boundedMoney(MONEY_BOUNDS.balanceAlert).nullable(),
  }),
  data: BalanceSummary,
})
