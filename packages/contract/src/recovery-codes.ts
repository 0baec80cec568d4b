import { z } from 'zod'
import { Session } from './auth.ts'
import { IsoDateTime } from './common.ts'
import { endpoint } from './endpoint.ts'
import { normaliseRecoveryCode, RECOVERY_CODE_LENGTH } from './passkey-rules.ts'
import { ALL_ROLES } from './roles.ts'

// Two-factor recovery codes (issue 16; docs/auth.md "Recovery codes"): ten single-use codes that
// stand in for the authenticator app at the second sign-in step, shown once when 2FA is turned on or
// the codes are made again.

const tag = 'Two-factor'

export const RecoveryCode = z
  .string({ error: 'recoveryCodes.format' })
  .max(64, { error: 'recoveryCodes.format' })
  .transform(normaliseRecoveryCode)
  .pipe(z.string().regex(new RegExp(`^[a-z2-7]{${RECOVERY_CODE_LENGTH}}$`), { error: 'recoveryCodes.format' }))

export const RecoveryCodesInfo = z.object({
  /** Unused codes left; 0 when 2FA is off. */
  remaining: z.number().int(),
  /** When the current set was made; null when there is none. */
  generated_at: IsoDateTime.nullable(),
})
export type RecoveryCodesInfo = z.infer<typeof RecoveryCodesInfo>

export const RecoveryCodes = RecoveryCodesInfo.extend({
  /** The new codes, formatted `abcd-efgh-…`: shown this once, never again. */
  codes: z.array(z.string()),
})
export type RecoveryCodes = z.infer<typeof RecoveryCodes>

export const recoveryCodesInfo = endpoint({
  method: 'GET',
  path: '/v1/users/2fa/recovery-codes',
  roles: ALL_ROLES,
  tag,
  summary: 'How many unused two-factor recovery codes the signed-in account has left.',
  data: RecoveryCodesInfo,
})

export const regenerateRecoveryCodes = endpoint({
  method: 'POST',
  path: '/v1/users/2fa/recovery-codes',
  roles: ALL_ROLES,
  tag,
  summary:
    'Make a new set of ten recovery codes (the previous ones stop working). Needs 2FA on and a step-up of this session (POST /v1/users/step-up) within the last 10 minutes. The codes are in this answer only.',
  data: RecoveryCodes,
})

export const verifyRecoveryCode = endpoint({
  method: 'POST',
  path: '/v1/users/2fa/verify-recovery-code',
  roles: 'public',
  duringMaintenance: true,
  tag,
  summary:
    'Finish a sign-in with a recovery code instead of the app’s code: the challenge token the sign-in gave and an unused code (each works once).',
  body: z.strictObject({ code: RecoveryCode, token: z.string().min(1).max(2000) }),
  data: Session,
})
