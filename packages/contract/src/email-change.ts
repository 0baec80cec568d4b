import { z } from 'zod'
import { Id, IdParams, IsoDateTime, pageQueryFields } from './common.ts'
import { checkChangeReason, checkNewEmail, checkRefuseReason, EMAIL_CHANGE_STATUSES } from './email-change-rules.ts'
import { endpoint } from './endpoint.ts'
import { pageOf } from './envelope.ts'
import { normalizeEmail } from './fields.ts'
import { refineWith } from './problem.ts'
import { ALL_ROLES, STAFF_ROLES } from './roles.ts'

// docs/requirements.md §13 and docs/email-change.md (paths as the customer wrote them, §3.2). A
// customer asks for a new address with a reason; staff
// complete the request (the address changes, the old one is told, every session ends) or refuse it
// with a reason. One unfinished request per user; a suspended account cannot ask.

const tag = 'Email change'

export const EmailChangeStatus = z.enum(EMAIL_CHANGE_STATUSES)

export const NewEmail = z.string().superRefine(refineWith(checkNewEmail)).transform(normalizeEmail)
const Reason = z
  .string()
  .superRefine(refineWith(checkChangeReason))
  .transform((v) => v.trim())
const RefuseReason = z
  .string()
  .superRefine(refineWith(checkRefuseReason))
  .transform((v) => v.trim())

export const EmailChangeRequest = z.object({
  id: z.string(),
  user_id: z.string(),
  /** The account's address now (the old one until the request is completed). */
  user_email: z.string(),
  user_name: z.string(),
  old_email: z.string(),
  new_email: z.string(),
  reason: z.string(),
  refuse_reason: z.string().nullable(),
  status: EmailChangeStatus,
  /** The staff member who completed or refused the request. */
  handled_by_email: z.string().nullable(),
  handled_at: IsoDateTime.nullable(),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
})
export type EmailChangeRequest = z.infer<typeof EmailChangeRequest>

export const requestEmailChange = endpoint({
  method: 'POST',
  path: '/v1/users/change-email',
  roles: ALL_ROLES,
  tag,
  summary:
    'Ask for a new e-mail address (valid, ≤ 255, not used) with a reason (≤ 512). Refused while another request is unfinished or the account is suspended.',
  body: z
    .strictObject({
      new_email: NewEmail,
      /** The address typed a second time; when sent it must be the same address. */
      confirm_new_email: z.string().max(1024).optional(),
      reason: Reason,
    })
    .superRefine((body, ctx) => {
      if (body.confirm_new_email !== undefined && normalizeEmail(body.confirm_new_email) !== body.new_email)
        ctx.addIssue({ code: 'custom', path: ['confirm_new_email'], message: 'emailChange.confirmMismatch' })
    }),
  data: EmailChangeRequest,
  successStatus: 201,
})

const listQuery = { ...pageQueryFields, keyword: z.string().trim().max(255).optional() }

export const listEmailChangeRequests = endpoint({
  method: 'GET',
  path: '/v1/users/change-email/get-requests',
  roles: STAFF_ROLES,
  tag,
  summary: 'Every request, newest first, searched by the old, new or current address or the name.',
  query: z.strictObject(listQuery),
  data: pageOf(EmailChangeRequest),
})

export const userEmailChangeRequests = endpoint({
  method: 'GET',
  path: '/v1/users/change-email/get-requests-by-user-id',
  roles: ALL_ROLES,
  tag,
  summary: "One user's requests, newest first (customers their own only; staff anyone's).",
  query: z.strictObject({ ...pageQueryFields, user_id: Id }),
  data: pageOf(EmailChangeRequest),
})

export const activeEmailChangeRequests = endpoint({
  method: 'GET',
  path: '/v1/users/change-email/get-requests-active',
  roles: STAFF_ROLES,
  tag,
  summary: 'Requests of one status (default: unaccomplished, the ones waiting for staff), oldest first.',
  query: z.strictObject({ ...listQuery, status: EmailChangeStatus.default('unaccomplished') }),
  data: pageOf(EmailChangeRequest),
})

export const checkNewEmailUsed = endpoint({
  method: 'GET',
  path: '/v1/users/change-email/check-new-email',
  roles: ALL_ROLES,
  tag,
  summary: 'Whether an address is free for a change request (not an account, not asked for by someone else).',
  query: z.strictObject({ new_email: NewEmail }),
  data: z.object({ new_email: z.string(), used: z.boolean() }),
})

export const completeEmailChange = endpoint({
  method: 'PUT',
  path: '/v1/users/change-email-by-request-id/{id}',
  roles: STAFF_ROLES,
  tag,
  summary:
    "Complete an unfinished request: the account's e-mail becomes the new one, the old address is told, every session ends; audit-logged.",
  params: IdParams,
  data: EmailChangeRequest,
})

export const refuseEmailChange = endpoint({
  method: 'PUT',
  path: '/v1/users/change-email-status/{id}',
  roles: STAFF_ROLES,
  tag,
  summary: 'Refuse an unfinished request with a reason (≤ 1024) the customer sees; audit-logged.',
  params: IdParams,
  body: z.strictObject({ refuse_reason: RefuseReason }),
  data: EmailChangeRequest,
})
