import type { UsageUnit } from '@app/contract'
import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { type DateRange, type RangeState, rangeFromParams } from './usage-range.ts'

/**
 * The period and unit of a statistics screen, read from and written to the URL. A new range drops
 * the chosen unit (it follows the range again) and the page number of the list below.
 */
export function useUsageRange(): RangeState & {
  setRange: (range: DateRange) => void
  setUnit: (unit: UsageUnit) => void
} {
  const [searchParams, setSearchParams] = useSearchParams()
  const state = useMemo(() => rangeFromParams(searchParams, new Date()), [searchParams])

  const setRange = useCallback(
    (range: DateRange) =>
      setSearchParams((params) => {
        const next = new URLSearchParams(params)
        next.set('from', range.from)
        next.set('to', range.to)
        next.delete('unit')
        next.delete('page')
        return next
      }),
    [setSearchParams],
  )

  const setUnit = useCallback(
    (unit: UsageUnit) =>
      setSearchParams((params) => {
        const next = new URLSearchParams(params)
        next.set('unit', unit)
        return next
      }),
    [setSearchParams],
  )

  return { ...state, setRange, setUnit }
}
