import { z } from 'zod'
import { Session } from './auth.ts'
import { IdParams, IsoDateTime } from './common.ts'
import { endpoint } from './endpoint.ts'
import { refineWith } from './problem.ts'
import { ADMIN_ONLY, ALL_ROLES } from './roles.ts'
import { checkTwoFactorOffReason } from './two-factor-rules.ts'

// Two-factor authentication (TOTP, RFC 6238) and the second step of a sign-in (docs/requirements.md §4.5,
// docs/auth.md).

const tag = 'Two-factor'

/** Six digits from an authenticator app (spaces a user may type are dropped). */
export const TotpCode = z
  .string({ error: 'twoFactor.codeFormat' })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { error: 'twoFactor.codeFormat' }))

export const TwoFactorInfo = z.object({
  enabled: z.boolean(),
  enabled_at: IsoDateTime.nullable(),
  /** Whether turning it off asks for the password too (accounts made by Google or Facebook have none). */
  has_password: z.boolean(),
})
export type TwoFactorInfo = z.infer<typeof TwoFactorInfo>

export const TwoFactorSecret = z.object({
  /** Base32, for typing into an authenticator app. */
  secret_key: z.string(),
  /** The `otpauth://totp/…` address the QR code holds. */
  otpauth_url: z.string(),
  issuer: z.string(),
  account: z.string(),
})
export type TwoFactorSecret = z.infer<typeof TwoFactorSecret>

export const twoFactorInfo = endpoint({
  method: 'GET',
  path: '/v1/users/2fa/info',
  roles: ALL_ROLES,
  tag,
  summary: 'Whether two-factor authentication is on for the signed-in account.',
  data: TwoFactorInfo,
})

export const generateTwoFactorSecret = endpoint({
  method: 'POST',
  path: '/v1/users/2fa/generate-secret',
  roles: ALL_ROLES,
  tag,
  summary: 'Make a new TOTP secret to enrol (kept sealed on the server until confirmed with a code).',
  data: TwoFactorSecret,
})

/** Turning 2FA on also makes the first set of recovery codes, shown in this answer only (docs/auth.md). */
export const TwoFactorEnabled = TwoFactorInfo.extend({ recovery_codes: z.array(z.string()) })
export type TwoFactorEnabled = z.infer<typeof TwoFactorEnabled>

export const enableTwoFactor = endpoint({
  method: 'POST',
  path: '/v1/users/2fa/enable',
  roles: ALL_ROLES,
  tag,
  summary:
    'Turn two-factor authentication on: the generated secret and a current code from the app. The answer carries the ten recovery codes, shown this once.',
  body: z.strictObject({ code: TotpCode, secret_key: z.string().min(16).max(128) }),
  data: TwoFactorEnabled,
})

export const disableTwoFactor = endpoint({
  method: 'POST',
  path: '/v1/users/2fa/disable',
  roles: ALL_ROLES,
  tag,
  summary: 'Turn two-factor authentication off: a current code, and the password when the account has one.',
  body: z.strictObject({ code: TotpCode, password: z.string().max(512).optional() }),
  data: TwoFactorInfo,
})

/** An account's two-factor status as the back office sees it. */
export const AccountTwoFactor = z.object({
  enabled: z.boolean(),
  enabled_at: IsoDateTime.nullable(),
})
export type AccountTwoFactor = z.infer<typeof AccountTwoFactor>

export const accountTwoFactor = endpoint({
  method: 'GET',
  path: '/v1/users/{id}/2fa',
  roles: ADMIN_ONLY,
  tag,
  summary: 'Whether an account has two-factor authentication on (administrators).',
  params: IdParams,
  data: AccountTwoFactor,
})

export const turnOffAccountTwoFactor = endpoint({
  method: 'POST',
  path: '/v1/users/{id}/2fa/disable',
  roles: ADMIN_ONLY,
  tag,
  summary:
    "Turn off another account's two-factor authentication, for a user who lost their authenticator. A reason is required; the user is e-mailed it. Not for one's own account (that takes a code). Audit-logged.",
  params: IdParams,
  body: z.strictObject({
    reason: z
      .string()
      .superRefine(refineWith(checkTwoFactorOffReason))
      .transform((v) => v.trim()),
  }),
  data: AccountTwoFactor,
})

export const verifyTwoFactorCode = endpoint({
  method: 'POST',
  path: '/v1/users/2fa/verify-code',
  roles: 'public',
  duringMaintenance: true,
  tag,
  summary: 'Finish a sign-in: the challenge token the sign-in gave and a code from the app.',
  body: z.strictObject({ code: TotpCode, token: z.string().min(1).max(2000) }),
  data: Session,
})
