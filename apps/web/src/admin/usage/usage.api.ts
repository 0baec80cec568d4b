import * as contract from '@app/contract'
import { infiniteQueryOptions, keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query'
import { call, download } from '../../api/client.ts'
import { type DateRange, type MonthChoice, rangeQuery } from './usage-range.ts'

// The back office's statistics calls (docs/usage.md). Everything sits under ['statistics'].

export const USAGE_USERS_PAGE_SIZE = 20
const RECENT_REQUESTS_PAGE_SIZE = 50

/** Every user together, per service and time unit. */
export const allUsersUsageQuery = (range: DateRange, unit: contract.UsageUnit) =>
  queryOptions({
    queryKey: ['usage', 'all-users', { range, unit }],
    queryFn: async () => (await call(contract.hitsAllUsers, { query: { ...rangeQuery(range), perTime: unit } })).data,
    placeholderData: keepPreviousData,
  })

/** Usage per user over the range, busiest first, searchable by e-mail or name. */
export const usersUsageQuery = (range: DateRange, keyword: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['usage', 'per-user', { range, keyword, page, pageSize }],
    queryFn: async () =>
      (
        await call(contract.hitsPerUser, {
          query: {
            ...rangeQuery(range),
            page,
            page_size: pageSize,
            ...(keyword ? { keyword } : {}),
          },
        })
      ).data,
    placeholderData: keepPreviousData,
  })

/** One user's usage, optionally for one of their keys; the answer names the user. */
export const userUsageQuery = (userId: string, range: DateRange, unit: contract.UsageUnit, keyId: string | null) =>
  queryOptions({
    queryKey: ['usage', 'user', userId, { range, unit, keyId }],
    queryFn: async () =>
      (
        await call(contract.hitsOneUserByUserId, {
          query: { user_id: userId, ...rangeQuery(range), perTime: unit, ...(keyId ? { key_id: keyId } : {}) },
        })
      ).data,
    placeholderData: keepPreviousData,
  })

/** Per key of one user: hits, answers by status class and latency over the range. */
export const keyHealthQuery = (userId: string, range: DateRange) =>
  queryOptions({
    queryKey: ['usage', 'key-health', userId, { range }],
    queryFn: async () => (await call(contract.keyHealth, { query: { user_id: userId, ...rangeQuery(range) } })).data,
    placeholderData: keepPreviousData,
  })

/** One user's requests of a month, newest first, a page at a time (`nextId` from the previous page). */
export const recentRequestsQuery = (userId: string, month: MonthChoice) =>
  infiniteQueryOptions({
    queryKey: ['usage', 'recent', userId, month],
    queryFn: async ({ pageParam }) =>
      (
        await call(contract.recentRequests, {
          query: {
            user_id: userId,
            year: month.year,
            month: month.month,
            pageSize: RECENT_REQUESTS_PAGE_SIZE,
            ...(pageParam ? { nextId: pageParam } : {}),
          },
        })
      ).data,
    initialPageParam: '',
    getNextPageParam: (last) => last.next_id ?? undefined,
  })

/** How many requests the month holds, and how many of them the CSV export would contain. */
export const recentRequestsCountQuery = (userId: string, month: MonthChoice) =>
  queryOptions({
    queryKey: ['usage', 'recent-count', userId, month],
    queryFn: async () =>
      (
        await call(contract.recentRequestsCount, {
          query: { user_id: userId, year: month.year, month: month.month },
        })
      ).data,
  })

/** The user's requests of a month as CSV, saved as usage-<user>-YYYY-MM.csv. */
async function downloadUsageCsv(userId: string, month: MonthChoice, fileStem: string): Promise<void> {
  const pad = String(month.month).padStart(2, '0')
  await download(
    contract.exportUsageCsv,
    { query: { user_id: userId, year: month.year, month: month.month } },
    `usage-${fileStem}-${month.year}-${pad}.csv`,
  )
}

/** The export as a mutation: a refusal is shown by the mutation cache like any failed action. */
export function useDownloadUsageCsv() {
  return useMutation({
    mutationFn: ({ userId, month, fileStem }: { userId: string; month: MonthChoice; fileStem: string }) =>
      downloadUsageCsv(userId, month, fileStem),
  })
}
