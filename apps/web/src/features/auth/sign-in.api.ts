import * as contract from '@app/contract'
import { queryOptions, useMutation } from '@tanstack/react-query'
import { call } from '../../api/client.ts'
import { signIn } from '../../app/session.ts'

// Calls of the second sign-in step and of Google/Facebook sign-in. Only the lazily loaded pages and the
// provider buttons import this module, never /login's first load (docs/sign-in.md).

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

/** A provider sign-in ends with a session, or with the second step when the account has 2FA on. */
function settle(result: contract.LoginResult) {
  if (contract.needsSecondFactor(result)) keepChallenge(result)
  else signIn(result)
}

export function useLoginGoogle() {
  return useMutation({
    mutationFn: (body: { credential: string; attempt: string }) => call(contract.loginGoogle, { body }),
    onSuccess: ({ data }) => settle(data),
    meta: { silent: true },
  })
}

/** A Google sign-in starts on the server: a single-use nonce for Google and the secret this tab keeps. */
export function useStartGoogleSignIn() {
  return useMutation({
    mutationFn: async () => (await call(contract.startGoogleSignIn)).data,
    meta: { silent: true },
  })
}

export function useLoginFacebook() {
  return useMutation({
    mutationFn: (body: { access_token: string }) => call(contract.loginFacebook, { body }),
    onSuccess: ({ data }) => settle(data),
    meta: { silent: true },
  })
}

export const signInConfigQuery = () =>
  queryOptions({
    queryKey: ['app-config'],
    queryFn: async () => (await call(contract.appConfig)).data,
    staleTime: 300_000,
  })
