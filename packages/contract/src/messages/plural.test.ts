import { describe, expect, it } from 'vitest'
import { interpolate } from './index.ts'

const BILLS = '{{count, plural, one {# bill} other {# bills}}} created'

describe('plurals in messages', () => {
  it('picks English one/other, and the other branch in Burmese and Vietnamese', () => {
    expect(interpolate(BILLS, { count: 1 })).toBe('1 bill created')
    expect(interpolate(BILLS, { count: 0 })).toBe('0 bills created')
    expect(interpolate(BILLS, { count: 2 })).toBe('2 bills created')
    expect(interpolate('{{count, plural, other {# ငွေတောင်းခံလွှာ}}}', { count: 1 }, 'my')).toBe('1 ငွေတောင်းခံလွှာ')
    expect(interpolate('{{count, plural, one {X} other {# hóa đơn}}}', { count: 1 }, 'vi')).toBe('1 hóa đơn')
  })

  it('keeps a formatted count as given, and reads it by its digits', () => {
    expect(interpolate(BILLS, { count: '1,250' })).toBe('1,250 bills created')
    expect(interpolate(BILLS, { count: '1' })).toBe('1 bill created')
  })

  it('takes an exact branch first, fills other placeholders, and several blocks in one message', () => {
    const text =
      '{{created, plural, =0 {No bills} one {# bill} other {# bills}}} for {{month}}, {{users, plural, one {# user} other {# users}}}'
    expect(interpolate(text, { created: 0, month: 'October', users: 1 })).toBe('No bills for October, 1 user')
    expect(interpolate(text, { created: 3, month: 'October', users: 12 })).toBe('3 bills for October, 12 users')
  })

  it('leaves a block whose value is missing as it is', () => {
    expect(interpolate(BILLS, { other: 1 })).toBe(BILLS)
  })
})
