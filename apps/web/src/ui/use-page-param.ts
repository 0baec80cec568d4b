import { useCallback } from 'react'
import { useSearchParams } from 'react-router'

/**
 * The page number of a list, kept in the URL (`?page=`), so reload, back and a shared link show the
 * same page. Other search parameters are left as they are; page 1 is the bare address.
 */
export function usePageParam(): [number, (page: number) => void] {
  const [searchParams, setSearchParams] = useSearchParams()
  const parsed = Number.parseInt(searchParams.get('page') ?? '', 10)
  const page = Number.isFinite(parsed) && parsed > 0 ? parsed : 1
  const setPage = useCallback(
    (next: number) =>
      setSearchParams((params) => {
        const copy = new URLSearchParams(params)
        if (next > 1) copy.set('page', String(next))
        else copy.delete('page')
        return copy
      }),
    [setSearchParams],
  )
  return [page, setPage]
}
