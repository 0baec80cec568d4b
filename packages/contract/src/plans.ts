import { z } from 'zod'
import { Id, IdParams, IsoDateTime, Money } from './common.ts'
import { endpoint } from './endpoint.ts'
import { MONEY_BOUNDS } from './money-rules.ts'
import { boundedMoney } from './pricing.ts'
import { ADMIN_ONLY, ALL_ROLES, STAFF_ROLES } from './roles.ts'

// Plans (docs/requirements.md §12, docs/pricing.md). A plan names the upstream
// plan ids and carries limits the gateway enforces (QUOTA_EXCEEDED) and a monthly price.

const tag = 'Plans'

export const LIMIT_DURATIONS = ['minute', 'day', 'month'] as const
export type LimitDuration = (typeof LIMIT_DURATIONS)[number]
export const LimitDurationSchema = z.enum(LIMIT_DURATIONS)

/** A plan's name and description in one language. */
const PlanWords = z.object({ name: z.string(), description: z.string().nullable() })

/**
 * The plan's name and description in Burmese and Vietnamese where staff wrote them (issue 20);
 * customers reading another language get the English ones (`inLanguage`, localized.ts).
 */
export const PlanTranslations = z.object({ my: PlanWords.optional(), vi: PlanWords.optional() })
export type PlanTranslations = z.infer<typeof PlanTranslations>

export const Plan = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  translations: PlanTranslations,
  rsapi_plan_id: z.string().nullable(),
  maptile_plan_id: z.string().nullable(),
  /** Monthly price in USD. */
  price: Money,
  /** API requests allowed per `request_limit_duration`; null: unlimited. */
  request_limit: z.number().int().nullable(),
  request_limit_duration: LimitDurationSchema,
  /** Map loads allowed per `load_limit_duration`; null: unlimited. */
  load_limit: z.number().int().nullable(),
  load_limit_duration: LimitDurationSchema,
  /** The plan of every user who has not chosen one. */
  is_default: z.boolean(),
  /** Offered to customers; an inactive plan keeps its users but is not sold. */
  active: z.boolean(),
  users: z.number().int(),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
})
export type Plan = z.infer<typeof Plan>

const Limit = z.number().int().min(1).max(2_000_000_000).nullable()
const OptionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null))

const PlanName = z.string().trim().min(1, { error: 'validation.required' }).max(100)
const PlanWordsBody = z.strictObject({ name: PlanName, description: OptionalText(500) })

const PlanBody = z.strictObject({
  name: PlanName,
  description: OptionalText(500),
  /** Burmese and Vietnamese: a name (and a description, optional) for each language written. */
  translations: z.strictObject({ my: PlanWordsBody.optional(), vi: PlanWordsBody.optional() }).default({}),
  rsapi_plan_id: OptionalText(100),
  maptile_plan_id: OptionalText(100),
  price: boundedMoney(MONEY_BOUNDS.planPrice).default(0n),
  request_limit: Limit.default(null),
  request_limit_duration: LimitDurationSchema.default('month'),
  load_limit: Limit.default(null),
  load_limit_duration: LimitDurationSchema.default('month'),
  is_default: z.boolean().default(false),
  active: z.boolean().default(true),
})

export const listPlans = endpoint({
  method: 'GET',
  path: '/v1/users-plans',
  roles: ALL_ROLES,
  tag,
  summary: 'Plans: every plan for staff; the plans on sale for customers.',
  data: z.array(Plan),
})

export const createPlan = endpoint({
  method: 'POST',
  path: '/v1/users-plans',
  roles: STAFF_ROLES,
  tag,
  summary: 'Create a plan.',
  body: PlanBody,
  data: Plan,
  successStatus: 201,
})

export const updatePlan = endpoint({
  method: 'PUT',
  path: '/v1/users-plans/{id}',
  roles: STAFF_ROLES,
  tag,
  summary: "Change a plan; its users' gateway limits follow at once.",
  params: IdParams,
  body: PlanBody,
  data: Plan,
})

export const PlanWindowUse = z.object({
  limit: z.number().int().nullable(),
  duration: LimitDurationSchema,
  /** Used in the current window (as the gateway counts it). */
  used: z.number().int(),
})

/** The user's plan info, plus what the plan card needs to offer an upgrade. */
export const PlanDashboard = z.object({
  plan: Plan,
  name_of_user_plan_id: z.string(),
  request_limit: z.number().int().nullable(),
  request_limit_duration: LimitDurationSchema,
  load_limit: z.number().int().nullable(),
  load_limit_duration: LimitDurationSchema,
  balance: Money,
  enjoy_discount: z.boolean(),
  requests: PlanWindowUse,
  loads: PlanWindowUse,
  /** Plans on sale other than the current one. */
  offers: z.array(Plan),
  /** Whether plans can be bought from the balance now (true since the ledger exists). */
  purchase_available: z.boolean(),
  /**
   * When the plan is next charged from the balance (docs/pricing.md "Plans renew"); null when it does
   * not renew from the balance (a free plan, the default, or a plan staff set without a charge).
   */
  renews_at: IsoDateTime.nullable(),
  /** Set when a renewal failed for a short balance: the plan stays until then, then the default plan. */
  grace_until: IsoDateTime.nullable(),
  /** The plan the account moves to when a renewal stays unpaid. */
  default_plan_name: z.string(),
})
export type PlanDashboard = z.infer<typeof PlanDashboard>

export const planDashboard = endpoint({
  method: 'GET',
  path: '/v1/users-plans-dashboard',
  roles: ALL_ROLES,
  tag,
  summary: "The signed-in user's plan, its limits and use, and the plans they can move to.",
  data: PlanDashboard,
})

export const buyPlan = endpoint({
  method: 'POST',
  path: '/v1/users-plans/{id}/buy',
  roles: ALL_ROLES,
  tag,
  summary: 'Buy or upgrade to a plan, paid from the balance.',
  params: IdParams,
  data: PlanDashboard,
})

export const changeUserPlan = endpoint({
  method: 'PUT',
  path: '/v1/users/change-plan/{id}',
  roles: ADMIN_ONLY,
  tag,
  summary: "Set a user's plan (no charge); audit-logged.",
  params: IdParams,
  body: z.strictObject({ user_plan_id: Id }),
  data: z.object({ user_id: z.string(), user_plan_id: z.string(), name_of_user_plan_id: z.string() }),
})
