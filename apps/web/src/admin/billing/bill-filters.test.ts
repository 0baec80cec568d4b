import { describe, expect, it } from 'vitest'
import {
  filtersFromParams,
  filtersQuery,
  isClosedMonth,
  lastClosedMonth,
  summaryMonth,
  withFilters,
} from './bill-filters.ts'
import { formatDay, formatDecimal, formatExactUsd, monthLabel } from './bill-format.ts'
import { exportFileName } from './billing.api.ts'

const params = (text: string) => new URLSearchParams(text)

describe('the billing manager’s URL state', () => {
  it('reads every filter from the URL, and every bill newest first when it names none', () => {
    expect(filtersFromParams(params(''))).toEqual({
      keyword: '',
      month: null,
      year: null,
      paid: 'all',
      sortBy: 'bill_date',
      sortMode: 'desc',
      page: 1,
    })
    expect(
      filtersFromParams(
        params('keyword=%20minh%20&month=9&year=2026&filters=unpaid&sort_by=total&sort_mode=asc&page=3'),
      ),
    ).toEqual({ keyword: 'minh', month: 9, year: 2026, paid: 'unpaid', sortBy: 'total', sortMode: 'asc', page: 3 })
  })

  it('drops what the server would refuse instead of asking for it', () => {
    expect(filtersFromParams(params('month=13&year=1999&filters=late&sort_by=amount&sort_mode=up&page=-2'))).toEqual({
      keyword: '',
      month: null,
      year: null,
      paid: 'all',
      sortBy: 'bill_date',
      sortMode: 'desc',
      page: 1,
    })
    expect(filtersFromParams(params('month=1.5&year=2026x')).month).toBeNull()
    expect(filtersFromParams(params('month=1.5&year=2026x')).year).toBeNull()
  })

  it('sends only the filters that are set, with the sort, to bills/all and the export', () => {
    expect(filtersQuery(filtersFromParams(params('')))).toEqual({
      filters: 'all',
      sort_by: 'bill_date',
      sort_mode: 'desc',
    })
    expect(filtersQuery(filtersFromParams(params('keyword=lan&month=10&year=2026&filters=paid&page=4')))).toEqual({
      keyword: 'lan',
      month: 10,
      year: 2026,
      filters: 'paid',
      sort_by: 'bill_date',
      sort_mode: 'desc',
    })
  })

  it('writes a change into the URL, leaves defaults out of it and goes back to the first page', () => {
    const start = params('keyword=lan&page=3&user=keep')
    expect(withFilters(start, { month: 9, paid: 'unpaid' }).toString()).toBe(
      'keyword=lan&user=keep&month=9&filters=unpaid',
    )
    expect(withFilters(start, { keyword: '  ', paid: 'all', month: null }).toString()).toBe('user=keep')
    expect(withFilters(start, { sort: { by: 'total', mode: 'asc' } }).toString()).toBe(
      'keyword=lan&user=keep&sort_by=total&sort_mode=asc',
    )
    expect(
      withFilters(params('sort_by=total&sort_mode=asc'), { sort: { by: 'bill_date', mode: 'desc' } }).toString(),
    ).toBe('')
  })

  it('counts the month the filters name, or else the last month that has ended', () => {
    const now = new Date('2026-01-10T08:00:00Z')
    expect(lastClosedMonth(now)).toEqual({ year: 2025, month: 12 })
    expect(lastClosedMonth(new Date('2026-11-30T23:59:59Z'))).toEqual({ year: 2026, month: 10 })
    expect(summaryMonth(filtersFromParams(params('month=9&year=2024')), now)).toEqual({ year: 2024, month: 9 })
    expect(summaryMonth(filtersFromParams(params('month=9')), now)).toEqual({ year: 2025, month: 12 })
  })

  it('lets bills be generated only for months that have ended', () => {
    const now = new Date('2026-11-01T00:00:00Z')
    expect(isClosedMonth({ year: 2026, month: 10 }, now)).toBe(true)
    expect(isClosedMonth({ year: 2025, month: 12 }, now)).toBe(true)
    expect(isClosedMonth({ year: 2026, month: 11 }, now)).toBe(false)
    expect(isClosedMonth({ year: 2027, month: 1 }, now)).toBe(false)
  })

  it('names the export after the month and year it holds', () => {
    expect(exportFileName({ month: 9, year: 2026 })).toBe('bills-2026-09.xlsx')
    expect(exportFileName({ month: null, year: 2026 })).toBe('bills-2026.xlsx')
    expect(exportFileName({ month: null, year: null })).toBe('bills-all.xlsx')
  })
})

describe('how bills are written', () => {
  it('writes months and days on the UTC calendar in the reader’s language', () => {
    expect(monthLabel({ year: 2026, month: 10 }, 'en')).toBe('October 2026')
    expect(monthLabel({ year: 2026, month: 10 }, 'vi')).toBe('tháng 10 năm 2026')
    expect(formatDay('2026-10-31', 'en')).toBe('Oct 31, 2026')
    expect(formatDay('2026-10-01', 'en')).toBe('Oct 1, 2026')
  })

  it('shows a tier’s exact amount without rounding it, and decimals without empty zeros', () => {
    expect(formatExactUsd('12.00000001', 'en')).toBe('$12.00000001')
    expect(formatExactUsd('0.5', 'en')).toBe('$0.50')
    expect(formatExactUsd('123456789.12345678', 'en')).toBe('$123,456,789.12345678')
    expect(formatDecimal('10.00', 'en')).toBe('10')
    expect(formatDecimal('12.50', 'en')).toBe('12.5')
    expect(formatDecimal('25400.5', 'vi')).toBe('25.400,5')
  })
})
