import { useCallback } from 'react'
import { useSearchParams } from 'react-router'

/**
 * Search parameters of a list kept in the URL (`?keyword=`, `?type_id=`…), so reload, back and a
 * shared link show the same list. Setting one drops it when empty and goes back to the first page.
 */
export function useListParam(name: string): [string, (value: string | null) => void] {
  const [searchParams, setSearchParams] = useSearchParams()
  const value = (searchParams.get(name) ?? '').trim()
  const setValue = useCallback(
    (next: string | null) =>
      setSearchParams((params) => {
        const copy = new URLSearchParams(params)
        if (next?.trim()) copy.set(name, next.trim())
        else copy.delete(name)
        copy.delete('page')
        return copy
      }),
    [name, setSearchParams],
  )
  return [value, setValue]
}
