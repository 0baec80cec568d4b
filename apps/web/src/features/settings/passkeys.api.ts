import * as contract from '@app/contract'
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../api/client.ts'

// Calls of the recovery-code and passkey parts of /settings/security (docs/auth.md). The WebAuthn
// browser library is loaded only when a passkey is added.

export const recoveryCodesQuery = () =>
  queryOptions({
    queryKey: ['recovery-codes'],
    queryFn: async () => (await call(contract.recoveryCodesInfo)).data,
  })

export const passkeysQuery = () =>
  queryOptions({
    queryKey: ['passkeys'],
    queryFn: async () => (await call(contract.listPasskeys)).data,
  })

/** New recovery codes; refused with STEP_UP_REQUIRED until this session proves itself again. */
export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => call(contract.regenerateRecoveryCodes),
    onSuccess: ({ data }) =>
      queryClient.setQueryData(['recovery-codes'], { remaining: data.remaining, generated_at: data.generated_at }),
    meta: { silent: true },
  })
}

/**
 * Adds a passkey: the server's options (refused with STEP_UP_REQUIRED until this session proves itself
 * again), the browser's dialog, then the answer with the name.
 */
export function useAddPasskey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (name: string) => {
      const { data } = await call(contract.passkeyRegistrationOptions)
      const { startRegistration } = await import('@simplewebauthn/browser')
      const credential = await startRegistration({
        optionsJSON: data.options as unknown as PublicKeyCredentialCreationOptionsJSON,
      })
      return call(contract.addPasskey, {
        body: { attempt_id: data.attempt_id, name, credential: credential as contract.RegistrationCredentialJSON },
      })
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['passkeys'] }),
    meta: { silent: true },
  })
}

export function useDeletePasskey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => call(contract.deletePasskey, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['passkeys'] }),
    meta: { silent: true },
  })
}
