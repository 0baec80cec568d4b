import { describe, expect, it } from 'vitest'
import { defaultUnit, isDay, matchingQuickRange, quickRange, rangeFromParams, recentMonths } from './usage-range.ts'

const now = new Date('2026-03-15T23:30:00Z')

describe('the statistics period', () => {
  it('reads quick ranges on the UTC calendar, the last day included', () => {
    expect(quickRange('today', now)).toEqual({ from: '2026-03-15', to: '2026-03-15' })
    expect(quickRange('last7Days', now)).toEqual({ from: '2026-03-09', to: '2026-03-15' })
    expect(quickRange('thisMonth', now)).toEqual({ from: '2026-03-01', to: '2026-03-15' })
    expect(quickRange('lastMonth', now)).toEqual({ from: '2026-02-01', to: '2026-02-28' })
    expect(quickRange('last3Months', now)).toEqual({ from: '2026-01-01', to: '2026-03-15' })
    expect(quickRange('last12Months', now)).toEqual({ from: '2025-04-01', to: '2026-03-15' })
    expect(quickRange('lastMonth', new Date('2026-01-10T00:00:00Z'))).toEqual({ from: '2025-12-01', to: '2025-12-31' })
  })

  it('follows the range rule for the unit: days up to 31 days, months beyond, years beyond 365', () => {
    expect(defaultUnit({ from: '2026-03-01', to: '2026-03-31' })).toBe('day')
    expect(defaultUnit({ from: '2026-03-01', to: '2026-04-01' })).toBe('month')
    expect(defaultUnit({ from: '2025-01-01', to: '2025-12-31' })).toBe('month')
    expect(defaultUnit({ from: '2025-01-01', to: '2026-01-01' })).toBe('year')
    expect(defaultUnit({ from: '2026-03-15', to: '2026-03-15' })).toBe('day')
  })

  it('takes the period and unit from the URL, and this month when the URL names none or nonsense', () => {
    expect(rangeFromParams(new URLSearchParams('from=2026-01-01&to=2026-03-01'), now)).toEqual({
      range: { from: '2026-01-01', to: '2026-03-01' },
      unit: 'month',
      isAutoUnit: true,
    })
    expect(rangeFromParams(new URLSearchParams('from=2026-03-10&to=2026-03-01&unit=hour'), now)).toEqual({
      range: { from: '2026-03-01', to: '2026-03-10' },
      unit: 'hour',
      isAutoUnit: false,
    })
    expect(rangeFromParams(new URLSearchParams('from=2026-02-30&to=x&unit=week'), now)).toEqual({
      range: { from: '2026-03-01', to: '2026-03-15' },
      unit: 'day',
      isAutoUnit: true,
    })
    expect(isDay('2026-02-29')).toBe(false)
    expect(isDay('2028-02-29')).toBe(true)
  })

  it('names the quick range a period is, if any', () => {
    expect(matchingQuickRange({ from: '2026-03-01', to: '2026-03-15' }, now)).toBe('thisMonth')
    expect(matchingQuickRange({ from: '2026-03-02', to: '2026-03-15' }, now)).toBeUndefined()
  })

  it('offers the last 13 months for recent requests, newest first', () => {
    const months = recentMonths(now)
    expect(months).toHaveLength(13)
    expect(months[0]).toEqual({ year: 2026, month: 3 })
    expect(months[12]).toEqual({ year: 2025, month: 3 })
  })
})
