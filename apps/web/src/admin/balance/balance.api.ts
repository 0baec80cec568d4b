import * as contract from '@app/contract'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { call } from '../../api/client.ts'
import { type BalanceLogFilters, logQuery } from './balance-filters.ts'

// The back office's balance calls (docs/balance.md). Everything sits under
// ['balance'], so adding balance here refreshes every log and summary on screen.

export const BALANCE_LOG_PAGE_SIZE = 20

/** One account's movements and its balance now. */
export const userBalanceLogsQuery = (userId: string, filters: BalanceLogFilters, pageSize: number) =>
  queryOptions({
    queryKey: ['balance', 'logs', 'user', userId, { ...logQuery(filters), page: filters.page, pageSize }],
    queryFn: async () =>
      (
        await call(contract.userBalanceLogs, {
          params: { id: userId },
          query: { ...logQuery(filters), page: filters.page, page_size: pageSize },
        })
      ).data,
    placeholderData: keepPreviousData,
  })

/** Every account's movements, searched by the account's e-mail or name. */
export const allBalanceLogsQuery = (filters: BalanceLogFilters, pageSize: number) =>
  queryOptions({
    queryKey: [
      'balance',
      'logs',
      'all',
      { ...logQuery(filters), keyword: filters.keyword, page: filters.page, pageSize },
    ],
    queryFn: async () =>
      (
        await call(contract.allBalanceLogs, {
          query: {
            ...logQuery(filters),
            ...(filters.keyword ? { user_keyword: filters.keyword } : {}),
            page: filters.page,
            page_size: pageSize,
          },
        })
      ).data,
    placeholderData: keepPreviousData,
  })

/**
 * Credits a user's balance (audit-logged on the server). The logs and the account's profile (which
 * carries its balance) are asked again.
 */
export const addBalanceCall = {
  mutationFn: ({ userId, amount, description }: { userId: string; amount: string; description: string }) =>
    call(contract.addBalance, { params: { id: userId }, body: { amount, description } }),
  invalidates: [['balance'], ['users']],
}
