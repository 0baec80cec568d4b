import { z } from 'zod'
import { IsoDateTime } from './common.ts'
import { endpoint } from './endpoint.ts'
import { ALL_ROLES } from './roles.ts'
import { GivenPassword } from './schemas.ts'
import { TotpCode } from './two-factor.ts'

// Step-up: a fresh proof of identity on the current session before a sensitive act (revealing an API
// key's secret), even though the session itself lasts days (docs/auth.md "Step-up").

const tag = 'Step-up'

/**
 * The proofs the server accepts: the password when two-factor authentication is off, the code from the
 * authenticator app when it is on (the password alone is then not enough). More kinds (a recovery code,
 * a passkey) join this list.
 */
export const StepUpMethod = z.enum(['password', 'totp'])
export type StepUpMethod = z.infer<typeof StepUpMethod>

export const StepUpStatus = z.object({
  /** What this account may prove itself with now; empty when it has neither a password nor 2FA. */
  methods: z.array(StepUpMethod),
  /** Until when the session's last proof counts; null when it has none that counts. */
  expires_at: IsoDateTime.nullable(),
})
export type StepUpStatus = z.infer<typeof StepUpStatus>

export const stepUpStatus = endpoint({
  method: 'GET',
  path: '/v1/users/step-up',
  roles: ALL_ROLES,
  tag,
  summary: 'How the signed-in account proves itself again, and until when the current proof counts.',
  data: StepUpStatus,
})

export const stepUp = endpoint({
  method: 'POST',
  path: '/v1/users/step-up',
  roles: ALL_ROLES,
  tag,
  summary:
    'Prove identity again (the password, or the 2FA code when 2FA is on); sensitive acts of this session are allowed for 10 minutes.',
  body: z.strictObject({
    password: GivenPassword.optional(),
    code: TotpCode.optional(),
  }),
  data: StepUpStatus,
})
