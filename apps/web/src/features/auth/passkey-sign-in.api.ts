import * as contract from '@app/contract'
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser'
import { useMutation } from '@tanstack/react-query'
import { call } from '../../api/client.ts'
import { signIn } from '../../app/session.ts'
import { forgetChallenge } from './two-factor.api.ts'

// Passkey sign-in and the second step's other ways (a passkey, a recovery code); docs/auth.md. Only
// lazily loaded parts of /login and /login/two-factor import this module and the WebAuthn library.

/** The browser's WebAuthn dialog for the server's request options. */
async function askAuthenticator(options: Record<string, unknown>) {
  const { startAuthentication } = await import('@simplewebauthn/browser')
  const answer = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  })
  return answer as contract.AuthenticationCredentialJSON
}

/** Password-less: any passkey of this site the person picks; the session follows. */
export function usePasskeySignIn() {
  return useMutation({
    mutationFn: async () => {
      const { data } = await call(contract.passkeySignInOptions)
      const credential = await askAuthenticator(data.options)
      return call(contract.loginPasskey, { body: { attempt_id: data.attempt_id, credential } })
    },
    onSuccess: ({ data }) => signIn(data),
    meta: { silent: true },
  })
}

/** The second step with one of the account's passkeys. */
export function usePasskeySecondFactor() {
  return useMutation({
    mutationFn: async (token: string) => {
      const { data } = await call(contract.passkeySecondFactorOptions, { body: { token } })
      const credential = await askAuthenticator(data.options)
      return call(contract.verifyTwoFactorPasskey, { body: { token, attempt_id: data.attempt_id, credential } })
    },
    onSuccess: ({ data }) => {
      forgetChallenge()
      signIn(data)
    },
    meta: { silent: true },
  })
}

/** The second step with a recovery code instead of the app's code. */
export function useVerifyRecoveryCode() {
  return useMutation({
    mutationFn: (body: { token: string; code: string }) => call(contract.verifyRecoveryCode, { body }),
    onSuccess: ({ data }) => {
      forgetChallenge()
      signIn(data)
    },
    meta: { silent: true },
  })
}
