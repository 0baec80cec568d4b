import * as contract from '@app/contract'
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query'
import { call, download } from '../../api/client.ts'
import { currentLang } from '../../i18n/lang.ts'
import { type DayRange, exportFileName, type UsageMonth } from './range.ts'

// Calls of the customer's usage screens (the dashboard's cards and charts, /statistics). Usage only
// grows while a page is open, so the figures refresh every minute.

const REFRESH_MS = 60_000
const RECENT_PAGE_SIZE = 20

/** The signed-in user's hits per service and unit over a range, optionally for one key. */
export const usageQuery = (range: DayRange, unit: contract.UsageUnit, keyId?: string) =>
  queryOptions({
    queryKey: ['usage', 'usage', { ...range, unit, keyId: keyId ?? null }],
    queryFn: async () =>
      (
        await call(contract.hitsOneUser, {
          query: { start_at: range.start, end_at: range.end, perTime: unit, ...(keyId ? { key_id: keyId } : {}) },
        })
      ).data,
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  })

/** This month against last month, with the month-end forecast (the dashboard's cards). */
export const monthSummaryQuery = () =>
  queryOptions({
    queryKey: ['usage', 'month-summary'],
    queryFn: async () => (await call(contract.hitsOneUserPerMonth, {})).data,
    refetchInterval: REFRESH_MS,
  })

/** Per key: hits, answers by status class and latency over the range. */
export const keyHealthQuery = (range: DayRange) =>
  queryOptions({
    queryKey: ['usage', 'key-health', range],
    queryFn: async () => (await call(contract.keyHealth, { query: { start_at: range.start, end_at: range.end } })).data,
    placeholderData: keepPreviousData,
  })

/** A month's recent requests, newest first, a page at a time ("load more" passes the last id). */
export const recentRequestsQuery = (month: UsageMonth) =>
  infiniteQueryOptions({
    queryKey: ['usage', 'recent', month],
    queryFn: async ({ pageParam }) =>
      (
        await call(contract.recentRequests, {
          query: { ...month, pageSize: RECENT_PAGE_SIZE, ...(pageParam ? { nextId: pageParam } : {}) },
        })
      ).data,
    initialPageParam: '',
    getNextPageParam: (last) => last.next_id ?? undefined,
  })

/** How many recent requests the month holds, and how many of them the CSV export would contain. */
export const recentCountQuery = (month: UsageMonth) =>
  queryOptions({
    queryKey: ['usage', 'recent-count', month],
    queryFn: async () => (await call(contract.recentRequestsCount, { query: month })).data,
  })

/** Downloads the month's CSV and saves it as usage-YYYY-MM.csv. */
export async function downloadUsageCsv(month: UsageMonth): Promise<void> {
  await download(
    contract.exportUsageCsv,
    { query: { year: month.year, month: month.month, lang: currentLang() } },
    exportFileName(month),
  )
}
