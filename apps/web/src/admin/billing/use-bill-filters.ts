import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { type ListPaging, useListPaging } from '../../ui/ListFrame.tsx'
import { type BillFilters, filtersFromParams, withFilters } from './bill-filters.ts'
import { BILLS_PAGE_SIZE } from './billing.api.ts'

type FilterChange = Parameters<typeof withFilters>[1]

/**
 * The billing manager's keyword, month, year, payment status, sort and page, read from and written to
 * the URL. Any change but the page's goes back to the first page.
 */
export function useBillFilters(): {
  filters: BillFilters
  setFilters: (change: FilterChange) => void
  paging: ListPaging
} {
  const [searchParams, setSearchParams] = useSearchParams()
  const paging = useListPaging(BILLS_PAGE_SIZE)
  const filters = useMemo(() => filtersFromParams(searchParams), [searchParams])
  const setFilters = useCallback(
    (change: FilterChange) => setSearchParams((params) => withFilters(params, change)),
    [setSearchParams],
  )
  return { filters, setFilters, paging }
}
