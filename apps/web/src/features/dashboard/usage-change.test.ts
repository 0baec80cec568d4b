import { describe, expect, it } from 'vitest'
import { formatChange, percentChange } from './usage-change.ts'

describe('the month-on-month change', () => {
  it('is the growth over last month in percent', () => {
    expect(percentChange(125, 100)).toBe(25)
    expect(percentChange(50, 200)).toBe(-75)
    expect(percentChange(100, 100)).toBe(0)
  })

  it('has no value without usage last month, and is flat when both months are empty', () => {
    expect(percentChange(10, 0)).toBeNull()
    expect(percentChange(0, 0)).toBe(0)
  })

  it('is written with its sign and at most one decimal', () => {
    expect(formatChange(25, 'en')).toBe('+25%')
    expect(formatChange(-12.345, 'en')).toBe('-12.3%')
    expect(formatChange(0, 'en')).toBe('0%')
    expect(formatChange(percentChange(1000, 3) ?? 0, 'en')).toBe('+33,233.3%')
  })
})
