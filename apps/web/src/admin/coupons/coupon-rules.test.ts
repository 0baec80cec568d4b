import { EVENT_CODE_PATTERN as CONTRACT_EVENT_CODE } from '@app/contract'
import { describe, expect, it } from 'vitest'
import {
  checkCredit,
  checkEventCode,
  checkExpiryDays,
  checkLimit,
  EVENT_CODE_PATTERN,
  limitOf,
  normalizeEventCode,
  utcToday,
} from './coupon-rules.ts'

describe('coupon rules', () => {
  it('judges event codes as the server does (A–Z, 0–9, _ and -)', () => {
    expect(EVENT_CODE_PATTERN.source).toBe(CONTRACT_EVENT_CODE.source)
    expect(checkEventCode('SUMMER_2026-B')).toBeNull()
    expect(checkEventCode('  ')).toEqual({ key: 'coupons.eventCodeRequired' })
    for (const bad of ['SUMMER 2026', 'summer', 'ÉTÉ', 'A.B', 'A/B']) {
      expect(checkEventCode(bad)).toEqual({ key: 'coupons.eventCodeInvalid' })
    }
    expect(normalizeEventCode('summer_2026-b')).toBe('SUMMER_2026-B')
    expect(normalizeEventCode(undefined)).toBe('')
  })

  it('wants credit above 0 USD with at most 2 decimals', () => {
    expect(checkCredit('0.01')).toBeNull()
    expect(checkCredit('12.5')).toBeNull()
    expect(checkCredit('0')).toEqual({ key: 'coupons.creditNotPositive' })
    expect(checkCredit('')).toEqual({ key: 'coupons.creditNotPositive' })
    expect(checkCredit('1.234')).toEqual({ key: 'pricing.moneyInvalid' })
    expect(checkCredit('-5')).toEqual({ key: 'coupons.creditNotPositive' })
    expect(checkCredit('abc')).toEqual({ key: 'validation.money.notNumber' })
  })

  it('wants balance expiry days above 1 and a limit of -1 or at least 1', () => {
    expect(checkExpiryDays(2)).toBeNull()
    expect(checkExpiryDays(1)).toEqual({ key: 'coupons.expiryDaysInvalid' })
    expect(checkExpiryDays(2.5)).toEqual({ key: 'coupons.expiryDaysInvalid' })
    expect(checkExpiryDays(null)).toEqual({ key: 'coupons.expiryDaysInvalid' })
    expect(checkLimit(-1)).toBeNull()
    expect(checkLimit(1)).toBeNull()
    expect(checkLimit(0)).toEqual({ key: 'coupons.limitInvalid' })
    expect(checkLimit(-2)).toEqual({ key: 'coupons.limitInvalid' })
    expect(limitOf(true, 20)).toBe(-1)
    expect(limitOf(false, 20)).toBe(20)
    expect(limitOf(false, null)).toBeNull()
  })

  it('counts days on the UTC calendar', () => {
    expect(utcToday(new Date('2026-11-22T23:30:00-07:00'))).toBe('2026-11-23')
  })
})
