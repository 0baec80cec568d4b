import { z } from 'zod'
import { Id, IdParams, IsoDateTime, Money, pageQueryFields } from './common.ts'
import { endpoint } from './endpoint.ts'
import { pageOf } from './envelope.ts'
import { MONEY_BOUNDS } from './money-rules.ts'
import { boundedMoney } from './pricing.ts'
import { ADMIN_ONLY, ALL_ROLES } from './roles.ts'

// Coupons (docs/requirements.md §11, docs/coupons.md): a
// coupon credits its `credit` (USD) to the balance; the credit expires `balance_expires_day` days
// after redemption (what is unspent is deducted, logged); `limit` redemptions (-1 unlimited) counted
// down atomically; one user redeems one coupon once.

const tag = 'Coupons'

/** An event code uses A–Z, 0–9, _ and - (docs/requirements.md §11.1). */
export const EVENT_CODE_PATTERN = /^[A-Z0-9_-]+$/

export const CouponType = z.object({
  id: z.string(),
  name: z.string(),
  /** How many coupons of this type may exist (-1: unlimited). */
  limit: z.number().int(),
  description: z.string().nullable(),
  event_code: z.string(),
  coupons: z.number().int(),
  time_create: IsoDateTime,
})
export type CouponType = z.infer<typeof CouponType>

export const listCouponTypes = endpoint({
  method: 'GET',
  path: '/v1/coupon-types/',
  roles: ADMIN_ONLY,
  tag,
  summary: 'Coupon types, searched by name or event code.',
  query: z.strictObject({ ...pageQueryFields, keyword: z.string().trim().max(255).optional() }),
  data: pageOf(CouponType),
})

export const getCouponType = endpoint({
  method: 'GET',
  path: '/v1/coupon-types/{id}',
  roles: ADMIN_ONLY,
  tag,
  summary: 'One coupon type.',
  params: IdParams,
  data: CouponType,
})

export const createCouponType = endpoint({
  method: 'POST',
  path: '/v1/coupon-types/',
  roles: ADMIN_ONLY,
  tag,
  summary: 'Create a coupon type (name and event code required; the event code is unique).',
  body: z.strictObject({
    name: z.string().trim().min(1, { error: 'coupons.typeNameRequired' }).max(255),
    limit: z
      .number()
      .int()
      .min(-1)
      .max(1_000_000)
      .refine((v) => v !== 0, { error: 'coupons.limitInvalid' })
      .default(-1),
    description: z
      .string()
      .trim()
      .max(1000)
      .nullish()
      .transform((v) => (v ? v : null)),
    event_code: z
      .string()
      .trim()
      .min(1, { error: 'coupons.eventCodeRequired' })
      .max(64)
      .regex(EVENT_CODE_PATTERN, { error: 'coupons.eventCodeInvalid' }),
  }),
  data: CouponType,
  successStatus: 201,
})

export const Coupon = z.object({
  id: z.string(),
  type_id: z.string(),
  type_name: z.string(),
  code: z.string(),
  credit: Money,
  description: z.string().nullable(),
  /** The last day (UTC) the coupon can be redeemed. */
  date_expried: z.string(),
  /** Days the credited amount stays spendable after redemption. */
  balance_expires_day: z.number().int(),
  /** Redemptions allowed (-1: unlimited). */
  limit: z.number().int(),
  /** Redemptions left; null when unlimited. */
  remaining: z.number().int().nullable(),
  redeemed: z.number().int(),
  /** False once disabled or past its expiry date or used up. */
  available: z.boolean(),
  disabled: z.boolean(),
  created_at: IsoDateTime,
})
export type Coupon = z.infer<typeof Coupon>

export const listCoupons = endpoint({
  method: 'GET',
  path: '/v1/coupons/',
  roles: ADMIN_ONLY,
  tag,
  summary: 'Coupons, searched by code or description, filtered by type and availability.',
  query: z.strictObject({
    ...pageQueryFields,
    keyword: z.string().trim().max(255).optional(),
    type_id: Id.optional(),
    available: z.enum(['true', 'false']).optional(),
  }),
  data: pageOf(Coupon),
})

export const createCoupon = endpoint({
  method: 'POST',
  path: '/v1/coupons/',
  roles: ADMIN_ONLY,
  tag,
  summary: 'Create a coupon with a generated unique code.',
  body: z.strictObject({
    type_id: Id,
    credit: boundedMoney(MONEY_BOUNDS.couponCredit),
    description: z
      .string()
      .trim()
      .max(1000)
      .nullish()
      .transform((v) => (v ? v : null)),
    /** YYYY-MM-DD, today or later. */
    date_expried: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'coupons.dateExpiredInvalid' }),
    balance_expires_day: z.number().int().min(2, { error: 'coupons.expiryDaysInvalid' }).max(3650),
    limit: z
      .number()
      .int()
      .min(-1)
      .max(1_000_000)
      .refine((v) => v !== 0, { error: 'coupons.limitInvalid' }),
  }),
  data: Coupon,
  successStatus: 201,
})

export const disableCoupon = endpoint({
  method: 'PUT',
  path: '/v1/coupons/{id}/disable',
  roles: ADMIN_ONLY,
  tag,
  summary: 'Disable a coupon: it can no longer be redeemed (credits already given stay).',
  params: IdParams,
  data: Coupon,
})

export const CouponLog = z.object({
  id: z.string(),
  user_id: z.string(),
  user_email: z.string(),
  coupon_id: z.string(),
  code: z.string(),
  type_name: z.string(),
  credit: Money,
  redeemed_at: IsoDateTime,
  /** When the credit's unspent part is taken back. */
  expires_at: IsoDateTime,
  /** Unspent credit still on the balance (0 once spent or expired). */
  unspent: Money,
  /** Taken back at expiry; null until then. */
  expired_amount: Money.nullable(),
  status: z.enum(['active', 'spent', 'expired']),
})
export type CouponLog = z.infer<typeof CouponLog>

export const userCouponLogs = endpoint({
  method: 'GET',
  path: '/v1/coupon-logs/user/{id}',
  roles: ALL_ROLES,
  tag,
  summary: "One user's redemptions (customers their own; staff any user's).",
  params: IdParams,
  query: z.strictObject({ ...pageQueryFields }),
  data: pageOf(CouponLog),
})

export const allCouponLogs = endpoint({
  method: 'GET',
  path: '/v1/coupon-logs/',
  roles: ADMIN_ONLY,
  tag,
  summary: 'Every redemption, searched by code or user e-mail.',
  query: z.strictObject({ ...pageQueryFields, keyword: z.string().trim().max(255).optional() }),
  data: pageOf(CouponLog),
})

export const useCoupon = endpoint({
  method: 'POST',
  path: '/v1/users/use-coupon',
  roles: ALL_ROLES,
  tag,
  summary: 'Redeem a coupon code: its credit is added to your balance until it expires.',
  body: z.strictObject({ coupon: z.string().trim().min(1, { error: 'coupons.codeRequired' }).max(64) }),
  data: z.object({ log: CouponLog, balance: Money }),
})
