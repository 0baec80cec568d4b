import type { LoginResult, TwoFactorChallenge } from './auth.ts'

/** Whether a sign-in answered the two-factor challenge instead of a session (DESIGN §4). */
export function needsSecondFactor(result: LoginResult): result is TwoFactorChallenge {
  return 'two_factor_required' in result && result.two_factor_required === true
}
