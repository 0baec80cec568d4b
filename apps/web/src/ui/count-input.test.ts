import { describe, expect, it } from 'vitest'
import { countInputProps, groupedNumber, readGroupedNumber } from './count-input.ts'

describe('whole numbers typed with thousands separators', () => {
  it('groups as the reader’s language does, in Latin digits', () => {
    expect(groupedNumber(10000, 'en')).toBe('10,000')
    expect(groupedNumber(1234567, 'vi')).toBe('1.234.567')
    expect(groupedNumber(1234567, 'my')).toBe('1,234,567')
    expect(groupedNumber('1.5', 'en')).toBe('1.5')
    expect(groupedNumber('1234.5', 'vi')).toBe('1.234,5')
    expect(groupedNumber(undefined, 'en')).toBe('')
    expect(groupedNumber('', 'en')).toBe('')
  })

  it('reads back what was typed, separators and Myanmar digits included, without rounding', () => {
    expect(readGroupedNumber('10,000', 'en')).toBe('10000')
    expect(readGroupedNumber(' 1.234.567 ', 'vi')).toBe('1234567')
    expect(readGroupedNumber('1,5', 'vi')).toBe('1.5')
    expect(readGroupedNumber('၁၀,၀၀၀', 'my')).toBe('10000')
    expect(readGroupedNumber('1.5', 'en')).toBe('1.5')
    expect(readGroupedNumber('-3', 'en')).toBe('-3')
    expect(readGroupedNumber('', 'en')).toBe('')
  })

  it('leaves what is being typed as it is, and formats it once typed', () => {
    const { formatter } = countInputProps('en')
    expect(formatter(10000, { userTyping: true, input: '10000' })).toBe('10000')
    expect(formatter(10000, { userTyping: false, input: '10000' })).toBe('10,000')
  })
})
