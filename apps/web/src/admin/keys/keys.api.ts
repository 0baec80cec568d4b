import * as contract from '@app/contract'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../api/client.ts'

// The back office's key calls. Queries sit under ['keys'] like the customer's, so a change made here
// (or in the shared key form) refreshes every key list.

export const ADMIN_KEYS_PAGE_SIZE = 20

export type KeyStatusFilter = 'active' | 'suspended'

/** Every live key, newest first, searchable by key name or owner e-mail, filtered by status. */
export const allKeysQuery = (page: number, pageSize: number, keyword: string, status: KeyStatusFilter | null) =>
  queryOptions({
    queryKey: ['keys', 'all', { page, pageSize, keyword, status }],
    queryFn: async () =>
      (
        await call(contract.listAllKeys, {
          query: {
            page,
            page_size: pageSize,
            ...(keyword ? { keyword } : {}),
            ...(status ? { status } : {}),
          },
        })
      ).data,
    placeholderData: keepPreviousData,
  })

/** One user's live keys. */
export const keysOfUserQuery = (userId: string, page: number, pageSize: number, keyword: string) =>
  queryOptions({
    queryKey: ['keys', 'of-user', { userId, page, pageSize, keyword }],
    queryFn: async () =>
      (
        await call(contract.listUserKeys, {
          query: { user_id: userId, page, page_size: pageSize, ...(keyword ? { keyword } : {}) },
        })
      ).data,
    placeholderData: keepPreviousData,
  })

/** Whose keys these are, for the page's heading. */
export const ownerQuery = (userId: string) =>
  queryOptions({
    queryKey: ['users', 'profile', userId],
    queryFn: async () => (await call(contract.getProfile, { params: { id: userId } })).data,
  })

/** Suspends or reactivates a key (audit-logged on the server); the screen reports the outcome. */
export function useSetKeyStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, suspend }: { id: string; suspend: boolean }) =>
      call(suspend ? contract.suspendKey : contract.unsuspendKey, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['keys'] }),
    meta: { silent: true },
  })
}
