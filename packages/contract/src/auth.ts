import { z } from 'zod'
import { IsoDateTime, Money } from './common.ts'
import { endpoint } from './endpoint.ts'
import { ALL_ROLES } from './roles.ts'
import {
  Email,
  FullName,
  GivenPassword,
  JobTitle,
  LoginEmail,
  Organization,
  Password,
  Phone,
  RoleSchema,
} from './schemas.ts'

export const UserStatus = z.enum(['active', 'suspended'])
export type UserStatus = z.infer<typeof UserStatus>

/** The signed-in user as the portal knows them: the session fields of docs/requirements.md §4.1 plus account state. */
export const Profile = z.object({
  id: z.string(),
  user_id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  phone_number: z.string().nullable(),
  /** Whether the phone number was confirmed by SMS code; keys need a verified phone (docs/requirements.md §5.3, `E401`). */
  phone_verified: z.boolean(),
  organization: z.string().nullable(),
  job_title: z.string().nullable(),
  /** A path on the account server (`/files/…`); clients make it absolute. */
  avatar: z.string().nullable(),
  status: UserStatus,
  roles: z.array(RoleSchema),
  email_verified: z.boolean(),
  /** Until when an unverified account may still sign in (verify within 24 hours, docs/requirements.md §4.3). */
  verify_deadline: IsoDateTime.nullable(),
  must_change_password: z.boolean(),
  name_of_user_plan_id: z.string().nullable(),
  /** USD balance. */
  balance: Money,
  enjoy_discount: z.boolean(),
  last_login: IsoDateTime.nullable(),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
})
export type Profile = z.infer<typeof Profile>

export const Session = Profile.extend({
  token: z.string(),
  expires_at: IsoDateTime,
})
export type Session = z.infer<typeof Session>

/**
 * With two-factor authentication on, a correct password (or provider token) gives this instead of a
 * session: a short-lived challenge token that `POST /v1/users/2fa/verify-code` exchanges, with a code,
 * for the session (docs/requirements.md §4.5).
 */
export const TwoFactorChallenge = z.object({
  two_factor_required: z.literal(true),
  token: z.string(),
  expires_at: IsoDateTime,
})
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallenge>

/** What a sign-in answers: the session, or the second-factor challenge. */
export const LoginResult = z.union([TwoFactorChallenge, Session])
export type LoginResult = z.infer<typeof LoginResult>

const tag = 'Auth'

export const login = endpoint({
  method: 'POST',
  path: '/v1/login',
  roles: 'public',
  duringMaintenance: true,
  tag,
  summary: 'Sign in with e-mail and password; returns the session and its bearer token, or a two-factor challenge.',
  body: z.strictObject({ email: LoginEmail, password: GivenPassword }),
  data: LoginResult,
})

export const logout = endpoint({
  method: 'POST',
  path: '/v1/logout',
  roles: ALL_ROLES,
  duringMaintenance: true,
  tag,
  summary: 'End the current session on the server.',
  data: z.null(),
})

export const RegisterBody = z
  .strictObject({
    full_name: FullName,
    email: Email,
    phone_number: Phone,
    password: Password,
    confirm_password: z.string(),
    organization: Organization.optional(),
    job_title: JobTitle.optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.confirm_password) {
      ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: 'validation.password.confirmRequired' })
    } else if (value.password !== value.confirm_password) {
      ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: 'validation.password.mismatch' })
    }
  })

export const register = endpoint({
  method: 'POST',
  path: '/v1/register',
  roles: 'public',
  tag,
  summary: 'Create a customer account (unverified) and e-mail a verification link.',
  body: RegisterBody,
  data: z.object({ user_id: z.string(), email: z.string() }),
  successStatus: 201,
})

export const verifyEmail = endpoint({
  method: 'POST',
  path: '/v1/verify-token-user/{token}',
  roles: 'public',
  tag,
  summary: 'Confirm an e-mail address with the token from the verification link.',
  params: z.object({ token: z.string().min(1).max(200) }),
  data: z.object({ email: z.string() }),
})

export const sendVerifyEmail = endpoint({
  method: 'POST',
  path: '/v1/send-verify-email',
  roles: 'public',
  tag,
  summary: 'Send a new verification link (answers the same whether or not the account exists).',
  body: z.strictObject({ email: LoginEmail }),
  data: z.null(),
})

export const forgotPassword = endpoint({
  method: 'POST',
  path: '/v1/forgot-password',
  roles: 'public',
  tag,
  summary: 'E-mail a password reset link (answers the same whether or not the account exists).',
  body: z.strictObject({ email: LoginEmail }),
  data: z.null(),
})

export const checkResetToken = endpoint({
  method: 'GET',
  path: '/v1/users-reset-password-token',
  roles: 'public',
  tag,
  summary: 'Tell whether a password reset token can still be used.',
  query: z.object({ token: z.string().min(1).max(200) }),
  data: z.object({ valid: z.literal(true), email: z.string() }),
})

export const resetPassword = endpoint({
  method: 'PUT',
  path: '/v1/reset-password',
  roles: 'public',
  tag,
  summary: 'Set a new password with a reset token; every session of the account ends.',
  body: z
    .strictObject({ token: z.string().min(1).max(200), password: Password, confirm_password: z.string() })
    .superRefine((value, ctx) => {
      if (value.password !== value.confirm_password) {
        ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: 'validation.password.mismatch' })
      }
    }),
  data: z.null(),
})

export const checkEmailExisted = endpoint({
  method: 'POST',
  path: '/v1/check-email-existed',
  roles: 'public',
  tag,
  summary: 'Tell whether an e-mail address already has an account.',
  body: z.strictObject({ email: Email }),
  data: z.object({ existed: z.boolean() }),
})

export const changePassword = endpoint({
  method: 'PUT',
  path: '/v1/users/change-password',
  roles: ALL_ROLES,
  tag,
  summary: 'Change the password; the other sessions of the account end.',
  body: z
    .strictObject({ current_password: GivenPassword, new_password: Password, confirm_password: z.string() })
    .superRefine((value, ctx) => {
      if (value.new_password !== value.confirm_password) {
        ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: 'validation.password.mismatch' })
      }
    }),
  data: z.null(),
})
