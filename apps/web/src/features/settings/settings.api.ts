import * as contract from '@app/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../api/client.ts'
import { refreshSession } from '../../app/session.ts'

// Calls of the account settings pages. The profile query and the password change live in
// features/auth/auth.api.ts, beside sign-in, because the shell and the sign-in flow use them too.

export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: contract.ProfileUpdate) => call(contract.updateOwnProfile, { body }),
    onSuccess: ({ data }) => {
      // The header and sidebar read the stored session: update it now rather than after the refetch.
      refreshSession(data)
      queryClient.setQueryData(['profile'], data)
      void queryClient.invalidateQueries({ queryKey: ['profile'] })
    },
    meta: { silent: true },
  })
}

/** Stores an image for the avatar without changing the profile yet; saving the profile uses its path. */
export function useUploadAvatar() {
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData()
      body.append('file', file)
      return call(contract.uploadAvatarWithoutSave, { body })
    },
    meta: { silent: true },
  })
}

/** Sends a 6-digit code by SMS to the saved phone number (at most one a minute). */
export function useSendPhoneCode() {
  return useMutation({
    mutationFn: () => call(contract.sendPhoneCode),
    meta: { silent: true },
  })
}

/** Confirms the saved phone number with its code; the profile then says it is verified. */
export function useVerifyPhone() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (code: string) => call(contract.verifyPhone, { body: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['profile'] }),
    meta: { silent: true },
  })
}
