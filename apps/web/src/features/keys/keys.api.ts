import * as contract from '@app/contract'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../api/client.ts'

// Calls of the key screens (customer list and form, the header's key history, the back office's
// key pages). Every change invalidates everything under ['keys'], so each list shows it at once.

const KEYS_PAGE_SIZE = 10

/** A user's live keys, newest first; without `userId` the signed-in user's own. */
export const userKeysQuery = (page: number, userId?: string) =>
  queryOptions({
    queryKey: ['keys', 'list', { page, userId: userId ?? null }],
    queryFn: async () =>
      (
        await call(contract.listUserKeys, {
          query: { page, page_size: KEYS_PAGE_SIZE, ...(userId ? { user_id: userId } : {}) },
        })
      ).data,
    placeholderData: keepPreviousData,
  })

export const deletedKeysQuery = (page: number) =>
  queryOptions({
    queryKey: ['keys', 'deleted', { page }],
    queryFn: async () => (await call(contract.listDeletedKeys, { query: { page, page_size: KEYS_PAGE_SIZE } })).data,
    placeholderData: keepPreviousData,
  })

export const keyQuery = (id: string) =>
  queryOptions({
    queryKey: ['keys', 'one', id],
    queryFn: async () => (await call(contract.getKey, { params: { id } })).data,
    // A key opened for editing must be the saved one, not a copy from a minute ago.
    staleTime: 0,
  })

/** Anything about keys changed: every list, the header's history and open keys refetch. */
function useInvalidateKeys() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: ['keys'] })
}

/** What the key forms send (the body as typed: the spend cap is a USD string). */
export type KeyBody = contract.RequestOf<typeof contract.updateKey>['body']

// The screens say what failed in its own words ("Delete key failed"…, docs/requirements.md §3.9), so the mutations are silent.

export function useCreateKey() {
  const invalidate = useInvalidateKeys()
  return useMutation({
    mutationFn: (body: KeyBody & { type: contract.KeyType; user_id?: string }) => call(contract.createKey, { body }),
    onSuccess: invalidate,
    meta: { silent: true },
  })
}

export function useUpdateKey() {
  const invalidate = useInvalidateKeys()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: KeyBody }) => call(contract.updateKey, { params: { id }, body }),
    onSuccess: invalidate,
    meta: { silent: true },
  })
}

export function useDeleteKey() {
  const invalidate = useInvalidateKeys()
  return useMutation({
    mutationFn: (id: string) => call(contract.deleteKey, { params: { id }, body: {} }),
    onSuccess: invalidate,
    meta: { silent: true },
  })
}

export function useDuplicateKey() {
  const invalidate = useInvalidateKeys()
  return useMutation({
    mutationFn: (id: string) => call(contract.duplicateKey, { params: { id } }),
    onSuccess: invalidate,
    meta: { silent: true },
  })
}

export function useRollKey() {
  const invalidate = useInvalidateKeys()
  return useMutation({
    mutationFn: ({ id, graceHours }: { id: string; graceHours: number }) =>
      call(contract.rollKey, { params: { id }, body: { grace_hours: graceHours } }),
    onSuccess: invalidate,
    meta: { silent: true },
  })
}

/** The secret of a key, fetched only at the moment it is copied; never cached. */
export async function revealSecret(id: string): Promise<string> {
  return (await call(contract.revealKey, { params: { id } })).data.key
}
