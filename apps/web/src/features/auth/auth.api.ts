import * as contract from '@app/contract'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { call } from '../../api/client.ts'
import { refreshSession, signIn, signOutHere } from '../../app/session.ts'

// Calls of the sign-in, sign-up and account pages. Components use these hooks, never fetch().

export const profileQuery = () =>
  queryOptions({
    queryKey: ['profile'],
    queryFn: async () => {
      const { data } = await call(contract.getOwnProfile)
      refreshSession(data)
      return data
    },
  })

export function useLogin() {
  return useMutation({
    mutationFn: (body: { email: string; password: string }) => call(contract.login, { body }),
    // With 2FA on the answer is a challenge, not a session: /login/two-factor finishes the sign-in.
    onSuccess: ({ data }) => {
      if (!contract.needsSecondFactor(data)) signIn(data)
    },
    meta: { silent: true },
  })
}

/**
 * Signs this tab out at once and tells the server in the background. The request has taken the token
 * before the session is forgotten, and a slow or failed answer must not keep anyone signed in here;
 * the guard then opens /login.
 */
export function useLogout() {
  const queryClient = useQueryClient()
  return useCallback(() => {
    void call(contract.logout).catch(() => null)
    signOutHere()
    queryClient.clear()
  }, [queryClient])
}

export function useRegister() {
  return useMutation({
    mutationFn: (body: contract.BodyOf<typeof contract.register>) => call(contract.register, { body }),
    meta: { silent: true },
  })
}

/** Whether an address already has an account; remembered a minute so blur after blur asks once. */
export const emailExistedQuery = (email: string) =>
  queryOptions({
    queryKey: ['email-existed', email],
    queryFn: async () => (await call(contract.checkEmailExisted, { body: { email } })).data,
    staleTime: 60_000,
    retry: false,
  })

/**
 * Confirms an address with the single-use token of the verification link. A query rather than a
 * mutation on purpose: the cache runs it once per token however often the page mounts (React's
 * StrictMode mounts twice in development), so a second call can never report the used token as bad.
 */
export const verifyEmailQuery = (token: string) =>
  queryOptions({
    queryKey: ['verify-email', token],
    queryFn: async () => call(contract.verifyEmail, { params: { token } }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  })

/** `silent`: the screen shows a failure itself instead of the usual notification. */
export function useSendVerifyEmail({ silent = false }: { silent?: boolean } = {}) {
  return useMutation({
    mutationFn: (email: string) => call(contract.sendVerifyEmail, { body: { email } }),
    meta: { silent },
  })
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => call(contract.forgotPassword, { body: { email } }),
    meta: { silent: true },
  })
}

export const resetTokenQuery = (token: string) =>
  queryOptions({
    queryKey: ['reset-token', token],
    queryFn: async () => (await call(contract.checkResetToken, { query: { token } })).data,
    retry: false,
  })

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; password: string; confirm_password: string }) =>
      call(contract.resetPassword, { body }),
    meta: { silent: true },
  })
}

export function useChangePassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { current_password: string; new_password: string; confirm_password: string }) =>
      call(contract.changePassword, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['profile'] }),
    meta: { silent: true },
  })
}
