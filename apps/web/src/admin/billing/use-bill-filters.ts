import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { usePageParam } from '../../ui/use-page-param.ts'
import { type BillFilters, filtersFromParams, withFilters } from './bill-filters.ts'

type FilterChange = Parameters<typeof withFilters>[1]

/**
 * The billing manager's keyword, month, year, payment status, sort and page, read from and written to
 * the URL. Any change but the page's goes back to the first page.
 */
export function useBillFilters(): {
  filters: BillFilters
  setFilters: (change: FilterChange) => void
  setPage: (page: number) => void
} {
  const [searchParams, setSearchParams] = useSearchParams()
  const [, setPage] = usePageParam()
  const filters = useMemo(() => filtersFromParams(searchParams), [searchParams])
  const setFilters = useCallback(
    (change: FilterChange) => setSearchParams((params) => withFilters(params, change)),
    [setSearchParams],
  )
  return { filters, setFilters, setPage }
}
