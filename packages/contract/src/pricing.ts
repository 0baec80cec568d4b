import { z } from 'zod'
import { isCalendarDate } from './campaign-rules.ts'
import { Id, IdParams, IsoDateTime, Money } from './common.ts'
import { endpoint } from './endpoint.ts'
import { RANGE_BOUND_MAX } from './limits.ts'
import {
  checkCents,
  checkExchangeRate,
  checkRateInput,
  MONEY_BOUNDS,
  type MoneyBound,
  unreadableMoney,
} from './money-rules.ts'
import { isDecimal, parseMoney, parseRate, UNLIMITED } from './pricing-rules.ts'
import { refineWith } from './problem.ts'
import { ADMIN_ONLY, ALL_ROLES } from './roles.ts'
import { SERVICE_TYPES } from './services.ts'

// Rate settings per service (`settings-weight`), their graduated ranges, the free settings, and the
// price book one user is billed by (docs/requirements.md §8, docs/pricing.md). Writes are admin-only
// and audit-logged.

const tag = 'Pricing'

/** A per-request rate in USD: a decimal string above 0 with at most 8 decimal places (never a JSON number: docs/requirements.md §10.1). */
export const RateInput = z
  .string()
  .superRefine(refineWith(checkRateInput))
  .transform((value) => value.trim())
/** VND per USD: above 0, at most `EXCHANGE_RATE_MAX` (limits.ts "Money bounds"). */
export const ExchangeRateInput = z
  .string()
  .superRefine(refineWith(checkExchangeRate))
  .transform((value) => value.trim())

/** USD typed as a string ("12.5" or "12.50"), at most 2 decimals, read as cents; `bound` names its messages. */
const moneyRead = (bound?: MoneyBound) =>
  z.string().transform((value, ctx) => {
    const cents = parseMoney(value)
    if (cents === null) {
      const problem = unreadableMoney(value, bound)
      ctx.addIssue({ code: 'custom', message: problem.key, params: problem.params })
      return z.NEVER
    }
    return cents
  })

/** Money in USD entered by staff as a string ("12.5" or "12.50"), at most 2 decimals; returned as cents. */
export const MoneyInput = moneyRead()

/** Money within one of the money bounds of money-rules.ts: above 0 (or 0 where allowed), at most its maximum. */
export const boundedMoney = (bound: MoneyBound) =>
  moneyRead(bound).superRefine(refineWith((cents: bigint) => checkCents(cents, bound)))

export const ServiceTypeEnum = z.enum(SERVICE_TYPES)

const RangeBound = z.number().int().min(UNLIMITED).max(RANGE_BOUND_MAX)

export const RangeRequest = z.object({
  id: z.string(),
  setting_id: z.string(),
  request_from: z.number().int(),
  /** -1: no upper bound. */
  request_to: z.number().int(),
  rate: z.string(),
  rate_per_1000: Money,
  user_id: z.string().nullable(),
  create_by_id: z.string().nullable(),
  update_by_id: z.string().nullable(),
})
export type RangeRequest = z.infer<typeof RangeRequest>

export const RateSetting = z.object({
  id: z.string(),
  type: ServiceTypeEnum,
  rate: z.string(),
  rate_per_1000: Money,
  /** Free requests a month before charging starts. */
  free: z.number().int(),
  prefix: z.string(),
  paths: z.string(),
  subpath: z.string().nullable(),
  is_new: z.boolean(),
  /** Set on a user's private setting, which overrides the common one of its type. */
  user_id: z.string().nullable(),
  user_email: z.string().nullable(),
  ranges: z.array(RangeRequest),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
})
export type RateSetting = z.infer<typeof RateSetting>

const PathList = z
  .string()
  .trim()
  .min(1, { error: 'validation.required' })
  .max(1000)
  .refine((v) => v.split(',').every((p) => /^\/[\w\-./]*$/.test(p.trim())), { error: 'pricing.pathsInvalid' })
const Prefix = z
  .string()
  .trim()
  .min(1, { error: 'validation.required' })
  .max(200)
  .regex(/^\/[\w\-./]*$/, { error: 'pricing.pathsInvalid' })
const Subpath = z
  .string()
  .trim()
  .max(200)
  .regex(/^(\/[\w\-./]*)?$/, { error: 'pricing.pathsInvalid' })
  .transform((v) => (v === '' ? null : v))

const RateSettingFields = {
  rate: RateInput,
  free: z.number().int().min(0).max(RANGE_BOUND_MAX),
  prefix: Prefix,
  paths: PathList,
  subpath: Subpath.nullish(),
  is_new: z.boolean().default(true),
}

export const listRateSettings = endpoint({
  method: 'GET',
  path: '/v1/settings-weight',
  roles: ADMIN_ONLY,
  tag,
  summary: "Rate settings of one price book: the common ones, or a user's private ones with `user_id`.",
  query: z.strictObject({
    is_new: z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => v !== 'false'),
    user_id: Id.optional(),
  }),
  data: z.array(RateSetting),
})

export const createRateSetting = endpoint({
  method: 'POST',
  path: '/v1/settings-weight',
  roles: ADMIN_ONLY,
  tag,
  summary: 'Create a rate setting; with `user_id`, a private setting for that user (one per type and book).',
  body: z.strictObject({ type: ServiceTypeEnum, ...RateSettingFields, user_id: Id.nullish() }),
  data: RateSetting,
  successStatus: 201,
})

export const getRateSetting = endpoint({
  method: 'GET',
  path: '/v1/settings-weight/{id}',
  roles: ADMIN_ONLY,
  tag,
  summary: 'One rate setting with its ranges.',
  params: IdParams,
  data: RateSetting,
})

export const updateRateSetting = endpoint({
  method: 'PUT',
  path: '/v1/settings-weight/{id}',
  roles: ADMIN_ONLY,
  tag,
  summary: 'Change a rate setting (its type and owner stay).',
  params: IdParams,
  body: z.strictObject({ type: ServiceTypeEnum.optional(), ...RateSettingFields }),
  data: RateSetting,
})

export const deleteRateSetting = endpoint({
  method: 'DELETE',
  path: '/v1/settings-weight/{id}',
  roles: ADMIN_ONLY,
  tag,
  summary: 'Delete a private setting (the user falls back to the common one) or an unused common one.',
  params: IdParams,
  data: z.null(),
})

const RangeBody = z.strictObject({ request_from: RangeBound, request_to: RangeBound, rate: RateInput })

export const createRange = endpoint({
  method: 'POST',
  path: '/v1/settings-weight/{id}/range-request',
  roles: ADMIN_ONLY,
  tag,
  summary: "Add a range to a setting; the setting's ranges must stay contiguous from 0.",
  params: IdParams,
  body: RangeBody,
  data: RateSetting,
  successStatus: 201,
})

export const updateRange = endpoint({
  method: 'PUT',
  path: '/v1/settings-weight/{id}/range-request/{rangeId}',
  roles: ADMIN_ONLY,
  tag,
  summary: 'Change a range; the whole set is checked again.',
  params: z.object({ id: Id, rangeId: Id }),
  body: RangeBody,
  data: RateSetting,
})

export const deleteRange = endpoint({
  method: 'DELETE',
  path: '/v1/settings-weight/{id}/range-request/{rangeId}',
  roles: ADMIN_ONLY,
  tag,
  summary: 'Remove a range; the remaining set must still be valid (remove from the top down).',
  params: z.object({ id: Id, rangeId: Id }),
  data: RateSetting,
})

export const FreeSetting = z.object({ free: Money })

export const getFreeMonth = endpoint({
  method: 'GET',
  path: '/v1/settings-free/month',
  roles: ADMIN_ONLY,
  tag,
  summary: 'The free credit (USD) every bill gets each month.',
  data: FreeSetting,
})

export const setFreeMonth = endpoint({
  method: 'POST',
  path: '/v1/settings-free/month',
  roles: ADMIN_ONLY,
  tag,
  summary: 'Set the monthly free credit (USD, above 0).',
  body: z.strictObject({ free: boundedMoney(MONEY_BOUNDS.freeCredit) }),
  data: FreeSetting,
})

export const getFreeFirstRegister = endpoint({
  method: 'GET',
  path: '/v1/settings-free/first-register',
  roles: ADMIN_ONLY,
  tag,
  summary: 'The credit (USD) a new account gets once, when it is verified.',
  data: FreeSetting,
})

export const setFreeFirstRegister = endpoint({
  method: 'POST',
  path: '/v1/settings-free/first-register',
  roles: ADMIN_ONLY,
  tag,
  summary: 'Set the first-registration credit (USD, above 0).',
  body: z.strictObject({ free: boundedMoney(MONEY_BOUNDS.freeCredit) }),
  data: FreeSetting,
})

export const BillingSettings = z.object({
  /** Percentage off for users whose enjoy-discount flag is on. */
  discount_percent: z.string(),
  /** VND per USD for bank transfer and VNPay amounts on new bills. */
  exchange_rate: z.string(),
})

export const getBillingSettings = endpoint({
  method: 'GET',
  path: '/v1/settings-billing',
  roles: ADMIN_ONLY,
  tag,
  summary: 'The discount percentage and the USD→VND exchange rate new bills use.',
  data: BillingSettings,
})

export const setBillingSettings = endpoint({
  method: 'PUT',
  path: '/v1/settings-billing',
  roles: ADMIN_ONLY,
  tag,
  summary: 'Change the discount percentage (0–100) and the exchange rate (above 0).',
  body: z.strictObject({
    discount_percent: z
      .string()
      .transform((v) => v.trim())
      .refine((v) => isDecimal(v) && parseRate(v) <= 100n * 10n ** 8n, { error: 'pricing.discountInvalid' }),
    exchange_rate: ExchangeRateInput,
  }),
  data: BillingSettings,
})

/** A rival's list prices per 1000 requests for each popup tier, for the pricing popup's comparison. */
export const RivalRates = z.object({
  name: z.string(),
  /**
   * The day these list prices were published or last checked (YYYY-MM-DD), shown beside the
   * comparison so that a customer knows how current it is; null for a comparison saved before
   * the date was kept.
   */
  as_of: z.string().nullable(),
  services: z.array(
    z.object({
      service: ServiceTypeEnum,
      /** Per 1000 requests, one per `POPUP_TIERS` column; null where the rival has no such product. */
      per_1000: z.array(Money.nullable()).length(4),
      free: z.number().int(),
    }),
  ),
})
export type RivalRates = z.infer<typeof RivalRates>

export const getRivalRates = endpoint({
  method: 'GET',
  path: '/v1/settings-rival',
  roles: ALL_ROLES,
  tag,
  summary: "The rival's list prices the pricing popup compares with (Google Maps Platform by default).",
  data: RivalRates,
})

export const setRivalRates = endpoint({
  method: 'PUT',
  path: '/v1/settings-rival',
  roles: ADMIN_ONLY,
  tag,
  summary: "Change the rival's name, the day its prices were checked and the prices.",
  body: z.strictObject({
    name: z.string().trim().min(1, { error: 'validation.required' }).max(100),
    /** A calendar date, not after today (the server checks that, in UTC). */
    as_of: z.string().refine(isCalendarDate, { error: 'pricing.rivalDateInvalid' }),
    services: z
      .array(
        z.strictObject({
          service: ServiceTypeEnum,
          per_1000: z
            .array(
              z
                .string()
                .regex(/^\d{1,8}(\.\d{1,2})?$/, { error: 'pricing.moneyInvalid' })
                .nullable(),
            )
            .length(4),
          free: z.number().int().min(0).max(RANGE_BOUND_MAX),
        }),
      )
      .max(SERVICE_TYPES.length),
  }),
  data: RivalRates,
})

export const ServicePriceRow = z.object({
  service: ServiceTypeEnum,
  rate: z.string(),
  rate_per_1000: Money,
  free: z.number().int(),
  /** From the user's private setting rather than the common one. */
  private: z.boolean(),
  ranges: z.array(z.object({ request_from: z.number().int(), request_to: z.number().int(), rate: z.string() })),
  /** The popup's four tier columns, per 1000 requests. */
  popup: z.array(Money).length(4),
})

export const PriceBook = z.object({
  user: z.object({ id: z.string(), email: z.string() }).nullable(),
  is_new: z.boolean(),
  free_month: Money,
  discount_percent: z.string(),
  enjoy_discount: z.boolean(),
  services: z.array(ServicePriceRow),
})
export type PriceBook = z.infer<typeof PriceBook>

export const priceOfOneUser = endpoint({
  method: 'GET',
  path: '/v1/settings-weight-price/price-of-one-user',
  roles: ALL_ROLES,
  tag,
  summary:
    'The effective price book of one user (own for customers; staff name one by e-mail): what bills and the popup use.',
  query: z.strictObject({ email: z.string().trim().max(255).optional() }),
  data: PriceBook,
})

export const setUserPriceBook = endpoint({
  method: 'PUT',
  path: '/v1/settings-weight/price-book/{id}',
  roles: ADMIN_ONLY,
  tag,
  summary: 'Bill a user by the current (is_new true) or the legacy price book.',
  params: IdParams,
  body: z.strictObject({ is_new: z.boolean() }),
  data: z.object({ user_id: z.string(), is_new: z.boolean() }),
})
