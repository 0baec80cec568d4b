import type { Bill, BillDetail, Lang, Page } from '@app/contract'
import * as contract from '@app/contract'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { call, download } from '../../api/client.ts'
import { type BillFilters, filtersQuery, type MonthChoice } from './bill-filters.ts'

// The back office's bill calls (docs/billing.md). Everything sits under ['bills'], so a change made
// here refreshes the customer's bill screens too.

export const BILLS_PAGE_SIZE = 20
export const USER_BILLS_PAGE_SIZE = 10

/** One page of every bill, as the filters, sort and page of the URL say. */
export const allBillsQuery = (filters: BillFilters, pageSize: number) =>
  queryOptions({
    queryKey: ['bills', 'all', filters, pageSize],
    queryFn: async () =>
      (
        await call(contract.listAllBills, {
          query: { ...filtersQuery(filters), page: filters.page, page_size: pageSize },
        })
      ).data,
    placeholderData: keepPreviousData,
  })

/** One user's bills, newest month first. */
export const userBillsQuery = (userId: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['bills', 'user', { userId, page, pageSize }],
    queryFn: async () =>
      (await call(contract.listBills, { query: { user_id: userId, page, page_size: pageSize } })).data,
    placeholderData: keepPreviousData,
  })

/** One bill with its lines, tiers and VAT request. */
export const billQuery = (id: string) =>
  queryOptions({
    queryKey: ['bills', 'bill', id],
    queryFn: async () => (await call(contract.getBill, { params: { id } })).data,
  })

/** How many bills a month has, how many are paid, and their totals. */
export const billCountQuery = (choice: MonthChoice) =>
  queryOptions({
    queryKey: ['bills', 'count-by-month', choice],
    queryFn: async () => (await call(contract.countBillsByMonth, { query: choice })).data,
    placeholderData: keepPreviousData,
  })

/** The latest bill generation runs, newest first. */
export const billingRunsQuery = () =>
  queryOptions({
    queryKey: ['bills', 'runs'],
    queryFn: async () => (await call(contract.listBillingRuns)).data,
  })

/**
 * Sets a bill paid or back to unpaid (audit-logged on the server). The answer replaces the bill
 * wherever it is on screen at once; the lists and counts are then asked again, since a filtered list
 * may no longer hold it. The screen reports the outcome itself.
 */
export function useSetBillPaid() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, paid }: { id: string; paid: boolean }) =>
      call(contract.setBillPaid, { params: { id }, body: { paid } }),
    onSuccess: ({ data: bill }) => {
      const replace = (page: Page<Bill> | undefined) =>
        page && { ...page, items: page.items.map((item) => (item.id === bill.id ? bill : item)) }
      queryClient.setQueriesData<Page<Bill>>({ queryKey: ['bills', 'all'] }, replace)
      queryClient.setQueriesData<Page<Bill>>({ queryKey: ['bills', 'user'] }, replace)
      queryClient.setQueryData<BillDetail>(['bills', 'bill', bill.id], (detail) => detail && { ...detail, ...bill })
      return queryClient.invalidateQueries({ queryKey: ['bills'] })
    },
    meta: { silent: true },
  })
}

/** E-mails a bill to its customer again (at most once a minute; the server says so otherwise). */
export function useEmailBill() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => call(contract.emailBill, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['bills'] }),
    meta: { silent: true },
  })
}

/** The bills the filters select (every page) as an XLSX workbook, saved as bills-YYYY-MM.xlsx. */
export function useExportBills() {
  return useMutation({
    mutationFn: ({ filters, lang }: { filters: BillFilters; lang: Lang }) =>
      download(
        contract.exportBills,
        { query: { ...filtersQuery(filters), lang: lang === 'vi' ? 'vi' : 'en' } },
        exportFileName(filters),
      ),
    meta: { silent: true },
  })
}

export function exportFileName(filters: Pick<BillFilters, 'month' | 'year'>): string {
  const parts = ['bills']
  if (filters.year) parts.push(String(filters.year))
  if (filters.month) parts.push(String(filters.month).padStart(2, '0'))
  if (parts.length === 1) parts.push('all')
  return `${parts.join('-')}.xlsx`
}

/** Generates the bills of a closed month now; users already billed for it are skipped. */
export function useGenerateBills() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (choice: MonthChoice) => call(contract.generateBills, { body: choice }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['bills'] }),
    meta: { silent: true },
  })
}
