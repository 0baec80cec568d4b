import type { AccountGroup, AccountSortField, CreateUserBody, ProfileUpdate, Role, UserStatus } from '@app/contract'
import * as contract from '@app/contract'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../api/client.ts'

// The back office's account calls (docs/accounts.md). Everything sits under ['users'], so a
// change here (or a plan change, or added balance elsewhere) refreshes every list and account view.
// Mutations are silent: each screen says what failed in its own words.

export const ACCOUNTS_PAGE_SIZE = 20

/** `sort_by` values the list offers (the contract's enum; the browser build carries no schemas). */
export const SORT_FIELDS: readonly AccountSortField[] = [
  'created_at',
  'email',
  'full_name',
  'last_login',
  'balance',
  'status',
]

export interface AccountFilters {
  group: AccountGroup
  keyword: string
  status: UserStatus | null
  sortBy: AccountSortField
  sortMode: 'asc' | 'desc'
  page: number
  pageSize: number
}

export const accountsQuery = (filters: AccountFilters) =>
  queryOptions({
    queryKey: ['users', 'accounts', 'list', filters],
    queryFn: async () =>
      (
        await call(contract.listUsers, {
          query: {
            page: filters.page,
            page_size: filters.pageSize,
            group: filters.group,
            sort_by: filters.sortBy,
            sort_mode: filters.sortMode,
            ...(filters.keyword ? { keyword: filters.keyword } : {}),
            ...(filters.status ? { status: filters.status } : {}),
          },
        })
      ).data,
    placeholderData: keepPreviousData,
  })

/** Staff accounts, for the access-rights page (one generous page: staff are few). */
export const staffQuery = () =>
  queryOptions({
    queryKey: ['users', 'accounts', 'staff'],
    queryFn: async () =>
      (
        await call(contract.listUsers, {
          query: { group: 'staff', page_size: 100, sort_by: 'email', sort_mode: 'asc' },
        })
      ).data,
  })

export const accountQuery = (id: string) =>
  queryOptions({
    queryKey: ['users', 'accounts', 'one', id],
    queryFn: async () => (await call(contract.getAccount, { params: { id } })).data,
  })

function useInvalidateUsers() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: ['users'] })
}

export function useCreateAccount() {
  const invalidate = useInvalidateUsers()
  return useMutation({
    mutationFn: (body: CreateUserBody) => call(contract.createUser, { body }),
    meta: { silent: true },
    onSuccess: invalidate,
  })
}

export function useUpdateAccountProfile() {
  const invalidate = useInvalidateUsers()
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: ProfileUpdate }) =>
      call(contract.updateProfile, { params: { id }, body: changes }),
    meta: { silent: true },
    onSuccess: invalidate,
  })
}

export function useSetAccountStatus() {
  const invalidate = useInvalidateUsers()
  return useMutation({
    mutationFn: ({ id, suspend }: { id: string; suspend: boolean }) =>
      call(suspend ? contract.suspendUser : contract.unsuspendUser, { params: { id } }),
    meta: { silent: true },
    onSuccess: invalidate,
  })
}

export function useSetAccountRole() {
  const invalidate = useInvalidateUsers()
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) =>
      call(contract.setUserAdmin, { query: { user_id: id, name: role } }),
    meta: { silent: true },
    onSuccess: invalidate,
  })
}

export type AccountFlag = 'enjoy_discount' | 'check_balance' | 'active_after_created'

const FLAG_ENDPOINTS = {
  enjoy_discount: contract.changeEnjoyDiscount,
  check_balance: contract.changeCheckBalance,
  active_after_created: contract.changeActiveAfterCreated,
} as const

/** Turns a per-user flag over (the PUT calls take no body). */
export function useToggleAccountFlag() {
  const invalidate = useInvalidateUsers()
  return useMutation({
    mutationFn: ({ id, flag }: { id: string; flag: AccountFlag }) => call(FLAG_ENDPOINTS[flag], { params: { id } }),
    meta: { silent: true },
    onSuccess: invalidate,
  })
}

/** An account's two-factor status (administrators). */
export const accountTwoFactorQuery = (id: string) =>
  queryOptions({
    queryKey: ['users', 'accounts', 'two-factor', id],
    queryFn: async () => (await call(contract.accountTwoFactor, { params: { id } })).data,
  })

/** Turns off another account's two-factor authentication, with the reason the user is told. */
export const turnOffTwoFactorCall = {
  mutationFn: ({ id, reason }: { id: string; reason: string }) =>
    call(contract.turnOffAccountTwoFactor, { params: { id }, body: { reason } }),
  invalidates: [['users']],
}
