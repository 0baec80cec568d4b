import type { LoginResult, TwoFactorChallenge } from './auth.ts'
import { TWO_FACTOR_OFF_REASON_MAX } from './limits.ts'
import type { Check } from './problem.ts'

/** Whether a sign-in answered the two-factor challenge instead of a session (docs/requirements.md §4.5). */
export function needsSecondFactor(result: LoginResult): result is TwoFactorChallenge {
  return 'two_factor_required' in result && result.two_factor_required === true
}

/** Why an administrator turns off someone's two-factor authentication: told to the user and audited. */
export const checkTwoFactorOffReason: Check<string> = (raw) => {
  const value = raw.trim()
  if (!value) return { key: 'twoFactor.offReasonRequired' }
  if (value.length > TWO_FACTOR_OFF_REASON_MAX)
    return { key: 'twoFactor.offReasonTooLong', params: { max: TWO_FACTOR_OFF_REASON_MAX } }
  return null
}
