import { z } from 'zod'
import { UserStatus } from './auth.ts'
import { Id, IdParams, IsoDateTime, Money, pageQueryFields } from './common.ts'
import { endpoint } from './endpoint.ts'
import { pageOf } from './envelope.ts'
import { ADMIN_ONLY, STAFF_ROLES } from './roles.ts'
import { Email, JobTitle, NamePart, Organization, Password, Phone, RoleSchema } from './schemas.ts'

// docs/requirements.md §4.1, §4.7, §4.8 and docs/accounts.md: the back office's
// account lists, creating an account, suspension, the role change and the per-user flags. Profile
// edits by staff stay on `PUT /v1/users/profile/{id}` (users.ts); the plan change is in plans.ts and
// adding balance in balance.ts.

const tag = 'Accounts'

/** One account as the back office sees it: the profile plus the per-user flags. */
export const Account = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  phone_number: z.string().nullable(),
  organization: z.string().nullable(),
  job_title: z.string().nullable(),
  avatar: z.string().nullable(),
  status: UserStatus,
  roles: z.array(RoleSchema),
  email_verified: z.boolean(),
  /** USD balance. */
  balance: Money,
  enjoy_discount: z.boolean(),
  check_balance: z.boolean(),
  active_after_created: z.boolean(),
  user_plan_id: z.string().nullable(),
  name_of_user_plan_id: z.string().nullable(),
  last_login: IsoDateTime.nullable(),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
})
export type Account = z.infer<typeof Account>

/** Columns the lists sort by (`sort_by`), in the direction of `sort_mode`. */
export const ACCOUNT_SORT_FIELDS = ['created_at', 'email', 'full_name', 'last_login', 'balance', 'status'] as const
export type AccountSortField = (typeof ACCOUNT_SORT_FIELDS)[number]
/** Which list: customers (no staff role) or staff (admin or support). */
export const ACCOUNT_GROUPS = ['customer', 'staff'] as const
export type AccountGroup = (typeof ACCOUNT_GROUPS)[number]

export const AccountListQuery = z.strictObject({
  ...pageQueryFields,
  /** Searched in the e-mail, the name, the phone number and the organisation. */
  keyword: z.string().trim().max(255).optional(),
  sort_by: z.enum(ACCOUNT_SORT_FIELDS).default('created_at'),
  sort_mode: z.enum(['asc', 'desc']).default('desc'),
  status: UserStatus.optional(),
  group: z.enum(ACCOUNT_GROUPS).optional(),
  /** Only accounts that hold this role. */
  role: RoleSchema.optional(),
})

export const listUsers = endpoint({
  method: 'GET',
  path: '/v1/users',
  roles: STAFF_ROLES,
  tag,
  summary: 'Accounts, searched by keyword, sorted (`sort_by`, `sort_mode`), filtered by group, role and status.',
  query: AccountListQuery,
  data: pageOf(Account),
})

export const getAccount = endpoint({
  method: 'GET',
  path: '/v1/users/{id}/account',
  roles: STAFF_ROLES,
  tag,
  summary: 'One account with its flags, for the edit page.',
  params: IdParams,
  data: Account,
})

export const CreateUserBody = z
  .strictObject({
    first_name: NamePart,
    last_name: NamePart,
    email: Email,
    phone_number: Phone,
    organization: Organization.optional(),
    job_title: JobTitle.optional(),
    password: Password,
    confirm_password: z.string(),
    /** Support may only create customers. */
    role: RoleSchema.default('customer'),
    /** Off: the account starts suspended until staff activate it. Only administrators may turn it off. */
    active_after_created: z.boolean().default(true),
    enjoy_discount: z.boolean().default(false),
    check_balance: z.boolean().default(false),
    user_plan_id: Id.nullish(),
  })
  .superRefine((value, ctx) => {
    if (!value.confirm_password) {
      ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: 'validation.password.confirmRequired' })
    } else if (value.password !== value.confirm_password) {
      ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: 'validation.password.mismatch' })
    }
  })
export type CreateUserBody = z.input<typeof CreateUserBody>

export const createUser = endpoint({
  method: 'POST',
  path: '/v1/users',
  roles: STAFF_ROLES,
  tag,
  summary:
    'Create an account (e-mail verified, staff-set password). Support create customers only; the flags and other roles are for administrators. Audit-logged.',
  body: CreateUserBody,
  data: Account,
  successStatus: 201,
})

export const suspendUser = endpoint({
  method: 'POST',
  path: '/v1/users/{id}/suspend',
  roles: STAFF_ROLES,
  tag,
  summary:
    'Suspend an account: its sessions end and the gateway refuses its keys (USER_SUSPENDED). Support suspend customers only. Audit-logged.',
  params: IdParams,
  data: Account,
})

export const unsuspendUser = endpoint({
  method: 'POST',
  path: '/v1/users/{id}/unsuspend',
  roles: STAFF_ROLES,
  tag,
  summary: 'Reactivate a suspended account. Support reactivate customers only. Audit-logged.',
  params: IdParams,
  data: Account,
})

export const setUserAdmin = endpoint({
  method: 'POST',
  path: '/v1/set-user-admin',
  roles: ADMIN_ONLY,
  tag,
  summary:
    'Make an account admin, support or customer (its only role). The last administrator stays one. Audit-logged.',
  query: z.strictObject({ user_id: Id, name: RoleSchema }),
  data: Account,
})

export const changeActiveAfterCreated = endpoint({
  method: 'PUT',
  path: '/v1/users/profile/changeActiveAfterCreated/{id}',
  roles: ADMIN_ONLY,
  tag,
  summary:
    'Toggle active-after-created. Turning it on activates an account that is still held suspended since its creation. Audit-logged.',
  params: IdParams,
  data: Account,
})

export const changeCheckBalance = endpoint({
  method: 'PUT',
  path: '/v1/users/change-check-balance/{id}',
  roles: ADMIN_ONLY,
  tag,
  summary: 'Toggle check-balance: when on, the gateway refuses calls (NO_BALANCE) while the balance is not positive.',
  params: IdParams,
  data: Account,
})

export const changeEnjoyDiscount = endpoint({
  method: 'PUT',
  path: '/v1/users/change-enjoy-discount/{id}',
  roles: ADMIN_ONLY,
  tag,
  summary: "Toggle enjoy-discount: when on, the user's bills take the discount percentage setting.",
  params: IdParams,
  data: Account,
})
