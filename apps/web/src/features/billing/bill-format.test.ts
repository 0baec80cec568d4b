import { describe, expect, it } from 'vitest'
import { formatCount, formatDay, formatDecimal, formatMonth, formatPercent, isZero } from './bill-format.ts'

describe('bill amounts', () => {
  it('group the integer part and keep every decimal the server sent', () => {
    expect(formatDecimal('12345.6')).toBe('12,345.60')
    expect(formatDecimal('0.00283', 'en', 0)).toBe('0.00283')
    expect(formatDecimal('6.63635')).toBe('6.63635')
    expect(formatDecimal('981.64')).toBe('981.64')
    expect(formatDecimal('100')).toBe('100.00')
    expect(formatDecimal('-1234.50')).toBe('-1,234.50')
    expect(formatDecimal('22186392', 'en', 0)).toBe('22,186,392')
    expect(formatDecimal('007.5')).toBe('7.50')
  })

  it('stay exact beyond what a float holds', () => {
    expect(formatDecimal('123456789012345678.99')).toBe('123,456,789,012,345,678.99')
    expect(formatDecimal('0.30000000000000004')).toBe('0.30000000000000004')
  })

  it('use Burmese digits and separators in Burmese', () => {
    expect(formatDecimal('12345.60', 'my')).toBe('၁၂,၃၄၅.၆၀')
  })

  it('show anything that is not a decimal as it came', () => {
    expect(formatDecimal('n/a')).toBe('n/a')
    expect(formatDecimal('1e5')).toBe('1e5')
  })

  it('write counts, percentages and zero', () => {
    expect(formatCount(250_000)).toBe('250,000')
    expect(formatPercent('10')).toBe('10')
    expect(formatPercent('7.50')).toBe('7.5')
    expect(formatPercent('10.00')).toBe('10')
    expect(isZero('0.00')).toBe(true)
    expect(isZero('0')).toBe(true)
    expect(isZero('0.01')).toBe(false)
    expect(isZero('10')).toBe(false)
    expect(isZero('')).toBe(false)
  })
})

describe('bill dates', () => {
  it('name the month and read a day as that day wherever the reader is', () => {
    expect(formatMonth(2026, 10)).toBe('October 2026')
    expect(formatMonth(2026, 1)).toBe('January 2026')
    expect(formatDay('2026-10-01')).toBe('Oct 1, 2026')
    expect(formatDay('2026-10-31')).toBe('Oct 31, 2026')
    expect(formatDay('not a date')).toBe('not a date')
  })
})
