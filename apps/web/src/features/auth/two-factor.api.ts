import * as contract from '@app/contract'
import { useMutation } from '@tanstack/react-query'
import { call } from '../../api/client.ts'
import { signIn } from '../../app/session.ts'

// Calls of a sign-in's second step (docs/auth.md). Only the lazily loaded pages import this module, never
// /login's first load.

const CHALLENGE_KEY = 'two-factor-challenge'

/** The challenge of a sign-in waiting for its code: kept for this tab only, so a reload keeps the step. */
export function keepChallenge(challenge: contract.TwoFactorChallenge) {
  sessionStorage.setItem(CHALLENGE_KEY, JSON.stringify({ token: challenge.token, expires_at: challenge.expires_at }))
}

export function readChallenge(): { token: string; expires_at: string } | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(CHALLENGE_KEY) ?? 'null') as {
      token?: unknown
      expires_at?: unknown
    } | null
    if (typeof value?.token !== 'string' || typeof value.expires_at !== 'string') return null
    return { token: value.token, expires_at: value.expires_at }
  } catch {
    return null
  }
}

export function forgetChallenge() {
  sessionStorage.removeItem(CHALLENGE_KEY)
}

export function useVerifyTwoFactor() {
  return useMutation({
    mutationFn: (body: { token: string; code: string }) => call(contract.verifyTwoFactorCode, { body }),
    onSuccess: ({ data }) => {
      forgetChallenge()
      signIn(data)
    },
    meta: { silent: true },
  })
}
