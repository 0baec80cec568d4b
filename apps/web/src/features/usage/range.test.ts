import { describe, expect, it } from 'vitest'
import {
  defaultUnit,
  effectiveUnit,
  exportFileName,
  isUnitAllowed,
  matchingQuickRange,
  parseMonth,
  parseRange,
  quickRange,
  rangeDays,
} from './range.ts'

// 03:00 UTC on 15 November 2026.
const now = new Date('2026-11-15T03:00:00.000Z')

describe('quick ranges', () => {
  it('end today (UTC) and start where their names say', () => {
    expect(quickRange('today', now)).toEqual({ start: '2026-11-15', end: '2026-11-15' })
    expect(quickRange('last7Days', now)).toEqual({ start: '2026-11-09', end: '2026-11-15' })
    expect(quickRange('thisMonth', now)).toEqual({ start: '2026-11-01', end: '2026-11-15' })
    expect(quickRange('last3Months', now)).toEqual({ start: '2026-08-16', end: '2026-11-15' })
    expect(quickRange('thisYear', now)).toEqual({ start: '2026-01-01', end: '2026-11-15' })
    expect(quickRange('last2Years', now)).toEqual({ start: '2024-11-16', end: '2026-11-15' })
  })

  it('are recognised from a range, so the chosen one is marked', () => {
    expect(matchingQuickRange({ start: '2026-11-09', end: '2026-11-15' }, now)).toBe('last7Days')
    expect(matchingQuickRange({ start: '2026-11-08', end: '2026-11-15' }, now)).toBeNull()
  })
})

describe('the default unit', () => {
  it('is days up to 31 days, months beyond, years beyond 365 days', () => {
    expect(defaultUnit(quickRange('today', now))).toBe('day')
    expect(defaultUnit({ start: '2026-10-01', end: '2026-10-31' })).toBe('day')
    expect(rangeDays({ start: '2026-10-01', end: '2026-11-01' })).toBe(32)
    expect(defaultUnit({ start: '2026-10-01', end: '2026-11-01' })).toBe('month')
    expect(defaultUnit(quickRange('last3Months', now))).toBe('month')
    expect(defaultUnit({ start: '2026-01-01', end: '2026-12-31' })).toBe('month')
    expect(defaultUnit(quickRange('last2Years', now))).toBe('year')
  })

  it('keeps a chosen unit only when it suits the range: hours up to 62 days', () => {
    const twoMonths = { start: '2026-09-15', end: '2026-11-15' }
    expect(rangeDays(twoMonths)).toBe(62)
    expect(isUnitAllowed('hour', twoMonths)).toBe(true)
    expect(effectiveUnit('hour', twoMonths)).toBe('hour')
    const longer = { start: '2026-09-14', end: '2026-11-15' }
    expect(isUnitAllowed('hour', longer)).toBe(false)
    expect(effectiveUnit('hour', longer)).toBe('month')
    expect(effectiveUnit('year', longer)).toBe('year')
    expect(effectiveUnit('weekly', longer)).toBe('month')
    expect(effectiveUnit(null, quickRange('last7Days', now))).toBe('day')
  })
})

describe('the address bar', () => {
  it('falls back to this month for a missing, malformed or inverted range', () => {
    const thisMonth = { start: '2026-11-01', end: '2026-11-15' }
    expect(parseRange('2026-10-01', '2026-10-20', now)).toEqual({ start: '2026-10-01', end: '2026-10-20' })
    expect(parseRange(null, '2026-10-20', now)).toEqual(thisMonth)
    expect(parseRange('2026-13-45', '2026-10-20', now)).toEqual(thisMonth)
    expect(parseRange('2026-10-20', '2026-10-01', now)).toEqual(thisMonth)
  })

  it('reads the export month, and names the file after it', () => {
    expect(parseMonth('2026-03', now)).toEqual({ year: 2026, month: 3 })
    expect(parseMonth('2026-13', now)).toEqual({ year: 2026, month: 11 })
    expect(exportFileName({ year: 2026, month: 3 })).toBe('usage-2026-03.csv')
  })
})
