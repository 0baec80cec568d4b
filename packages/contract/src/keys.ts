import { z } from 'zod'
import { Id, IdParams, IsoDateTime, Money, pageQueryFields } from './common.ts'
import { endpoint } from './endpoint.ts'
import { pageOf } from './envelope.ts'
import { checkKeyDescription, checkKeyName } from './fields.ts'
import { checkRequestCap } from './key-caps.ts'
import { KEY_ROLL_MAX_GRACE_HOURS, MAX_RESTRICTION_ROWS } from './limits.ts'
import { MONEY_BOUNDS } from './money-rules.ts'
import { boundedMoney } from './pricing.ts'
import { refineWith } from './problem.ts'
import { checkRestrictionRow } from './restrictions.ts'
import { ADMIN_ONLY, ALL_ROLES } from './roles.ts'
import { checkKeyServices, KEY_TYPES, SERVICE_TYPES } from './services.ts'

const tag = 'Keys'

export const KeyTypeSchema = z.enum(KEY_TYPES)
export const KeyStatus = z.enum(['active', 'suspended', 'deleted'])
export type KeyStatus = z.infer<typeof KeyStatus>

export const RestrictionRowSchema = z
  .strictObject({ type: z.enum(['domain', 'ip']), value: z.string().max(2048) })
  .superRefine((row, ctx) => {
    const problem = checkRestrictionRow(row)
    if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: problem.key, params: problem.params })
  })

export const RestrictionList = z
  .array(RestrictionRowSchema)
  .min(1, { error: 'keys.fillTheField' })
  .max(MAX_RESTRICTION_ROWS, { error: 'keys.tooManyRows' })

export const KeyName = z
  .string()
  .superRefine(refineWith(checkKeyName))
  .transform((v) => v.trim())
export const KeyDescription = z.string().superRefine(refineWith(checkKeyDescription))

/** A key as lists show it: the secret itself only through `revealKey` (and once at creation). */
export const Key = z.object({
  id: z.string(),
  user_id: z.string(),
  user_email: z.string(),
  name: z.string(),
  type: KeyTypeSchema,
  description: z.string().nullable(),
  /** `mk_…w3Zq`: enough to tell keys apart, useless to a thief. */
  key_preview: z.string(),
  status: KeyStatus,
  restriction_list: z.array(z.object({ type: z.enum(['domain', 'ip']), value: z.string() })).nullable(),
  created_at: IsoDateTime,
  last_modified: IsoDateTime,
  deleted_at: IsoDateTime.nullable(),
  /** After a roll, until when the previous secret still works. */
  previous_key_expires_at: IsoDateTime.nullable(),
  /** The services the key may call; null: every service its type serves. */
  services: z.array(z.enum(SERVICE_TYPES)).nullable(),
  /** Calls per UTC month, all services together (docs/gateway.md "Monthly caps"); null: no request cap. */
  request_cap: z.number().int().nullable(),
  /** USD per UTC month; null: no spend cap. */
  spend_cap: Money.nullable(),
  /** This month's use of the caps as last measured; null when the key has no cap. */
  cap_use: z
    .object({
      /** 'YYYY-MM' (UTC). */
      month: z.string(),
      requests: z.number().int(),
      spend: Money,
      /** The larger share of its cap used, in percent (may pass 100). */
      percent: z.number(),
      /** `reached`: the gateway refuses the key (KEY_CAP_REACHED) until the month ends or a cap is raised. */
      state: z.enum(['ok', 'warn', 'reached']),
      /** When the use was measured (usage reaches the portal within seconds); null: not yet this month. */
      measured_at: IsoDateTime.nullable(),
    })
    .nullable(),
})
export type Key = z.infer<typeof Key>

/** A request cap in a form: a whole number of calls; null (or left out when creating) for none. */
export const KeyRequestCap = z.number().superRefine(refineWith(checkRequestCap))
/** A spend cap in a form: USD as a string, above 0; null for none. */
export const KeySpendCap = boundedMoney(MONEY_BOUNDS.keySpendCap)

/** A key's service scope in a form: null (or left out when creating) for every service. */
export const KeyServices = z.array(z.enum(SERVICE_TYPES)).max(SERVICE_TYPES.length)

/** The scope must suit the key's type (a map-tiles key only loads maps). */
function scopeFitsType(
  body: { type?: z.infer<typeof KeyTypeSchema>; services?: z.infer<typeof KeyServices> | null },
  ctx: z.RefinementCtx,
) {
  if (!body.services) return
  const problem = checkKeyServices(body.type ?? 'api_key', body.services)
  if (problem) ctx.addIssue({ code: 'custom', path: ['services'], message: problem })
}

export const KeyWithSecret = Key.extend({ key: z.string() })
export type KeyWithSecret = z.infer<typeof KeyWithSecret>

export const createKey = endpoint({
  method: 'POST',
  path: '/v1/keys',
  roles: ALL_ROLES,
  tag,
  summary: 'Create a key (customers for themselves; staff for anyone). Returns the secret once.',
  body: z
    .strictObject({
      user_id: Id.optional(),
      name: KeyName,
      type: KeyTypeSchema,
      description: KeyDescription.nullish(),
      restriction_list: RestrictionList.nullable(),
      services: KeyServices.nullish(),
      request_cap: KeyRequestCap.nullish(),
      spend_cap: KeySpendCap.nullish(),
    })
    .superRefine(scopeFitsType),
  data: KeyWithSecret,
  successStatus: 201,
})

export const updateKey = endpoint({
  method: 'PUT',
  path: '/v1/keys-unDelete/{id}',
  roles: ALL_ROLES,
  tag,
  summary:
    'Edit a key: name, description, restrictions, service scope, monthly caps (its type is fixed; a scope or cap left out stays as it is).',
  params: IdParams,
  body: z.strictObject({
    name: KeyName,
    type: KeyTypeSchema.optional(),
    description: KeyDescription.nullish(),
    restriction_list: RestrictionList.nullable(),
    services: KeyServices.nullish(),
    request_cap: KeyRequestCap.nullish(),
    spend_cap: KeySpendCap.nullish(),
  }),
  data: Key,
})

export const deleteKey = endpoint({
  method: 'PUT',
  path: '/v1/keys/{id}/delete',
  roles: ALL_ROLES,
  tag,
  summary: 'Delete a key (soft: it moves to the deleted list and never verifies again).',
  params: IdParams,
  body: z.strictObject({ user_id: Id.optional() }).nullish(),
  data: Key,
})

export const getKey = endpoint({
  method: 'GET',
  path: '/v1/keys/{id}',
  roles: ALL_ROLES,
  tag,
  summary: 'One key (its owner, or staff).',
  params: IdParams,
  data: Key,
})

export const revealKey = endpoint({
  method: 'GET',
  path: '/v1/keys/{id}/secret',
  roles: ALL_ROLES,
  tag,
  summary: "A key's secret, to copy it (its owner, or an administrator; staff reveals are audit-logged).",
  params: IdParams,
  data: z.object({ key: z.string() }),
})

const KeyListQuery = z.object({ ...pageQueryFields, user_id: Id.optional(), keyword: z.string().max(255).optional() })

export const listUserKeys = endpoint({
  method: 'GET',
  path: '/v1/user_keys-unDelete',
  roles: ALL_ROLES,
  tag,
  summary: "A user's keys that are not deleted, newest first (customers: their own; staff: any user_id).",
  query: KeyListQuery,
  data: pageOf(Key),
})

export const listDeletedKeys = endpoint({
  method: 'GET',
  path: '/v1/keys/deleted',
  roles: ALL_ROLES,
  tag,
  summary: "A user's deleted keys, newest deletion first.",
  query: KeyListQuery,
  data: pageOf(Key),
})

export const listAllKeys = endpoint({
  method: 'GET',
  path: '/v1/keys-unDelete',
  roles: ADMIN_ONLY,
  tag,
  summary: 'Every key that is not deleted, newest first, with its owner (admin: key-and-bill and settings pages).',
  query: z.object({
    ...pageQueryFields,
    keyword: z.string().max(255).optional(),
    status: z.enum(['active', 'suspended']).optional(),
  }),
  data: pageOf(Key),
})

export const duplicateKey = endpoint({
  method: 'POST',
  path: '/v1/keys/{id}/duplicate',
  roles: ALL_ROLES,
  tag,
  summary: 'Create a copy of a key (same type, description and restrictions; a new secret).',
  params: IdParams,
  data: KeyWithSecret,
  successStatus: 201,
})

export const rollKey = endpoint({
  method: 'POST',
  path: '/v1/keys/{id}/roll',
  roles: ALL_ROLES,
  tag,
  summary: 'Issue a new secret; the old one keeps working for the grace period (0–72 hours), then stops.',
  params: IdParams,
  body: z.strictObject({
    grace_hours: z
      .number()
      .int()
      .refine((hours) => hours >= 0 && hours <= KEY_ROLL_MAX_GRACE_HOURS, {
        error: 'keys.graceRange',
        params: { max: KEY_ROLL_MAX_GRACE_HOURS },
      }),
  }),
  data: KeyWithSecret,
})

export const suspendKey = endpoint({
  method: 'POST',
  path: '/v1/keys-unDelete/suspend/{id}',
  roles: ADMIN_ONLY,
  tag,
  summary: 'Suspend a key: the gateway answers KEY_SUSPENDED until it is reactivated (audit-logged).',
  params: IdParams,
  data: Key,
})

export const unsuspendKey = endpoint({
  method: 'POST',
  path: '/v1/keys-unDelete/unsuspend/{id}',
  roles: ADMIN_ONLY,
  tag,
  summary: 'Reactivate a suspended key (audit-logged).',
  params: IdParams,
  data: Key,
})

export const sendPhoneCode = endpoint({
  method: 'GET',
  path: '/v1/users/verify_phone',
  roles: ALL_ROLES,
  tag: 'Users',
  summary: "Send a 6-digit code to the profile's phone number (by SMS; the built-in outbox without one).",
  data: z.object({ phone_number: z.string(), expires_at: IsoDateTime }),
})

export const verifyPhone = endpoint({
  method: 'POST',
  path: '/v1/users/verify_phone',
  roles: ALL_ROLES,
  tag: 'Users',
  summary: 'Confirm the phone number with the code.',
  body: z.strictObject({ code: z.string().regex(/^\d{6}$/, { error: 'phone.codeFormat' }) }),
  data: z.object({ phone_number: z.string(), phone_verified: z.literal(true) }),
})
