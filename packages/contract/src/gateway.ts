import { z } from 'zod'
import { endpoint } from './endpoint.ts'
import { SERVICE_TYPES } from './services.ts'

// The maps API gateway's contract with the portal (DESIGN §4 "Gateway"): it asks, for every call it
// receives, whether the key may make it. Authenticated with `Authorization: Bearer $GATEWAY_TOKEN`.

export const VERIFY_REASONS = [
  'OK',
  'NOT_FOUND',
  'DELETED',
  'KEY_SUSPENDED',
  'USER_SUSPENDED',
  'UNVERIFIED',
  'ORIGIN_NOT_ALLOWED',
  'IP_NOT_ALLOWED',
  'WRONG_KEY_TYPE',
  'QUOTA_EXCEEDED',
  'NO_BALANCE',
] as const
export type VerifyReason = (typeof VERIFY_REASONS)[number]

export const ServiceTypeSchema = z.enum(SERVICE_TYPES)

export const PlanLimits = z.object({
  request_limit: z.number().int().nullable(),
  load_limit: z.number().int().nullable(),
  durations: z.object({ request: z.string().nullable(), load: z.string().nullable() }),
})

export const VerifyResult = z.object({
  allowed: z.boolean(),
  reason: z.enum(VERIFY_REASONS),
  key_id: z.string().nullable(),
  user_id: z.string().nullable(),
  /** The user's plan limits; null until the user has a plan. */
  plan: PlanLimits.nullable(),
  /** Requests left in the current window; null when no limit applies. */
  remaining: z.number().int().nullable(),
})
export type VerifyResult = z.infer<typeof VerifyResult>

export const gatewayVerify = endpoint({
  method: 'POST',
  path: '/v1/gateway/verify',
  roles: 'gateway',
  duringMaintenance: true,
  hot: true,
  tag: 'Gateway',
  summary: 'May this key make this call? Answered from an in-memory cache kept fresh across instances.',
  body: z.strictObject({
    key: z.string().min(1).max(256),
    service: ServiceTypeSchema,
    origin: z.string().max(2048).nullish(),
    referer: z.string().max(4096).nullish(),
    ip: z.string().max(64).nullish(),
  }),
  data: VerifyResult,
})
