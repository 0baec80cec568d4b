import * as contract from '@app/contract'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../api/client.ts'

// Calls of the two-factor part of /settings/security.

export const twoFactorInfoQuery = () =>
  queryOptions({
    queryKey: ['two-factor'],
    queryFn: async () => (await call(contract.twoFactorInfo)).data,
  })

export function useGenerateTwoFactorSecret() {
  return useMutation({
    mutationFn: () => call(contract.generateTwoFactorSecret),
    meta: { silent: true },
  })
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { code: string; secret_key: string }) => call(contract.enableTwoFactor, { body }),
    onSuccess: ({ data: { recovery_codes: _shownOnce, ...info } }) => {
      // The recovery codes are shown once by the caller and kept in no cache.
      queryClient.setQueryData(['two-factor'], info)
      void queryClient.invalidateQueries({ queryKey: ['recovery-codes'] })
    },
    meta: { silent: true },
  })
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { code: string; password?: string }) => call(contract.disableTwoFactor, { body }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(['two-factor'], data)
      void queryClient.invalidateQueries({ queryKey: ['recovery-codes'] })
    },
    meta: { silent: true },
  })
}
