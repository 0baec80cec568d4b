import { describe, expect, it } from 'vitest'
import {
  checkDiscount,
  checkFreeCredit,
  checkPathList,
  checkRangeChange,
  checkRate,
  checkRivalPrice,
  nextRangeStart,
} from './rate-rules.ts'

const tiers = [
  { id: 'a', request_from: 0, request_to: 100_000, rate: '0.005' },
  { id: 'b', request_from: 100_000, request_to: 200_000, rate: '0.004' },
]

describe('the rate forms’ checks', () => {
  it('wants a rate above 0 with at most 8 decimal places', () => {
    expect(checkRate('0.005')).toBeNull()
    expect(checkRate(' 0.00000001 ')).toBeNull()
    expect(checkRate('0')).toEqual({ key: 'pricing.rateNotPositive' })
    expect(checkRate('0.000000001')).toEqual({ key: 'pricing.rateNotPositive' })
    expect(checkRate('-1')).toEqual({ key: 'pricing.rateNotPositive' })
    expect(checkRate('1e-3')).toEqual({ key: 'pricing.rateNotPositive' })
  })

  it('wants paths that start with / in a comma-separated list', () => {
    expect(checkPathList('/geocode, /search')).toBeNull()
    expect(checkPathList('/geocode,search')).toEqual({ key: 'pricing.pathsInvalid' })
    expect(checkPathList('/geo code')).toEqual({ key: 'pricing.pathsInvalid' })
  })

  it('wants a free credit in USD above 0 with at most 2 decimals, and a discount from 0 to 100', () => {
    expect(checkFreeCredit('7.5')).toBeNull()
    expect(checkFreeCredit('0')).toEqual({ key: 'pricing.freeNotPositive' })
    expect(checkFreeCredit('1.234')).toEqual({ key: 'pricing.moneyInvalid' })
    expect(checkDiscount('0')).toBeNull()
    expect(checkDiscount('100')).toBeNull()
    expect(checkDiscount('100.00000001')).toEqual({ key: 'pricing.discountInvalid' })
    expect(checkRivalPrice('5.00')).toBeNull()
    expect(checkRivalPrice('5.005')).toEqual({ key: 'pricing.moneyInvalid' })
  })
})

describe('a range change, judged on the whole set', () => {
  it('starts a new range where the last bounded one ends, and none after an unlimited one', () => {
    expect(nextRangeStart([])).toBe(0)
    expect(nextRangeStart(tiers)).toBe(200_000)
    expect(nextRangeStart([...tiers, { request_from: 200_000, request_to: -1, rate: '0.003' }])).toBeNull()
  })

  it('accepts a range that continues the set, and names the rule a wrong one breaks', () => {
    expect(checkRangeChange(tiers, null, { request_from: 200_000, request_to: -1, rate: '0.003' })).toBeNull()
    expect(checkRangeChange(tiers, null, { request_from: 250_000, request_to: -1, rate: '0.003' })).toMatchObject({
      key: 'pricing.rangeGap',
      from: 200_000,
    })
    expect(checkRangeChange(tiers, null, { request_from: 150_000, request_to: -1, rate: '0.003' })).toMatchObject({
      key: 'pricing.rangeOverlap',
      from: 200_000,
    })
    // Moving the end of the middle of three ranges would leave the next one overlapping.
    const three = [...tiers, { id: 'c', request_from: 200_000, request_to: -1, rate: '0.003' }]
    expect(checkRangeChange(three, 'b', { request_from: 100_000, request_to: 300_000, rate: '0.004' })).toMatchObject({
      key: 'pricing.rangeOverlap',
    })
    // Editing a rate alone keeps the set as it was.
    expect(checkRangeChange(three, 'b', { request_from: 100_000, request_to: 200_000, rate: '0.0035' })).toBeNull()
  })

  it('leaves a set that was already wrong to the server', () => {
    const broken = [tiers[0], { id: 'x', request_from: 150_000, request_to: 200_000, rate: '0.004' }].filter(
      (range) => range !== undefined,
    )
    expect(checkRangeChange(broken, null, { request_from: 200_000, request_to: -1, rate: '0.003' })).toBeNull()
  })
})
