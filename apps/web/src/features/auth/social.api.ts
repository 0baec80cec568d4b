import * as contract from '@app/contract'
import { useMutation } from '@tanstack/react-query'
import { call } from '../../api/client.ts'
import { signIn } from '../../app/session.ts'
import { keepChallenge } from './two-factor.api.ts'

// Calls of Google and Facebook sign-in (docs/auth.md "Google and Facebook"). Only the provider buttons and
// return pages import this module, never /login's first load.

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
