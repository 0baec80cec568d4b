import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import {
  createRange,
  createRateSetting,
  ExchangeRateInput,
  listRateSettings,
  MoneyInput,
  priceOfOneUser,
  RateInput,
  setBillingSettings,
  setFreeFirstRegister,
  setFreeMonth,
  setRivalRates,
  setUserPriceBook,
  updateRange,
  updateRateSetting,
} from './pricing.ts'

/** The first issue's message per path ("" for the root), or null when the value is accepted. */
function problems(schema: z.ZodType, value: unknown): Record<string, string> | null {
  const result = schema.safeParse(value)
  if (result.success) return null
  const found: Record<string, string> = {}
  for (const issue of result.error.issues) {
    const path = issue.path.join('.')
    found[path] ??= issue.message
  }
  return found
}

/** The first issue's code per path, for zod's own type and range checks. */
function codes(schema: z.ZodType, value: unknown): Record<string, string> | null {
  const result = schema.safeParse(value)
  if (result.success) return null
  const found: Record<string, string> = {}
  for (const issue of result.error.issues) found[issue.path.join('.')] ??= issue.code
  return found
}

const USER_ID = `usr_${'a'.repeat(26)}`

describe('RateInput', () => {
  it.each([
    ['0.005', '0.005'],
    [' 0.005 ', '0.005'],
    ['0.00283', '0.00283'],
    ['0.00000001', '0.00000001'],
    ['10', '10'],
    ['100', '100'],
    ['0.1', '0.1'],
    ['10.5', '10.5'],
    ['12.50', '12.50'],
  ])('accepts %j as %j', (value, rate) => {
    expect(RateInput.parse(value)).toBe(rate)
  })

  it('takes an exchange rate of 25000 VND per USD as ExchangeRateInput, not as a per-request rate', () => {
    expect(ExchangeRateInput.parse('25000')).toBe('25000')
    expect(problems(RateInput, '25000')).toEqual({ '': 'pricing.rateTooLarge' })
  })

  it.each(['0', '0.0', '0.00000000', '-1', 'abc', '', '  ', '1e-3', '0.123456789', '12345678901'])(
    'refuses %j as not a rate above 0',
    (value) => {
      expect(problems(RateInput, value)).toEqual({ '': 'pricing.rateNotPositive' })
    },
  )

  it.each([0.005, 0.00283, 1e-8, 10, 100, 0.1, 10.5, 0, -1, -0.005, 1e-9])(
    'refuses a JSON number %j as not text',
    (value) => {
      expect(codes(RateInput, value)).toEqual({ '': 'invalid_type' })
      expect(problems(RateInput, value)?.['']).not.toMatch(/^rates\./)
    },
  )

  it('refuses values that are not text', () => {
    expect(codes(RateInput, true)).toEqual({ '': 'invalid_type' })
    expect(codes(RateInput, null)).toEqual({ '': 'invalid_type' })
    expect(codes(RateInput, undefined)).toEqual({ '': 'invalid_type' })
    expect(codes(RateInput, Number.NaN)).toEqual({ '': 'invalid_type' })
    expect(codes(RateInput, Number.POSITIVE_INFINITY)).toEqual({ '': 'invalid_type' })
  })
})

describe('MoneyInput', () => {
  it.each([
    ['12.5', 1250n],
    ['12.50', 1250n],
    [' 3 ', 300n],
    ['0', 0n],
    ['0.07', 7n],
  ])('reads %j as %s cents', (value, cents) => {
    expect(MoneyInput.parse(value)).toBe(cents)
  })

  it.each(['12.505', '-1', '12.345'])('refuses %j', (value) => {
    expect(problems(MoneyInput, value)).toEqual({ '': 'pricing.moneyInvalid' })
  })

  it.each(['abc', '', '1e3', '1.2.3'])('refuses %j', (value) => {
    expect(problems(MoneyInput, value)).toEqual({ '': 'validation.money.notNumber' })
  })

  it.each([12.5, 0.07, 0, -1, 12.345, 1e21])('refuses a JSON number %j as not text', (value) => {
    expect(codes(MoneyInput, value)).toEqual({ '': 'invalid_type' })
    expect(problems(MoneyInput, value)?.['']).not.toMatch(/^rates\./)
  })

  it('refuses NaN, Infinity and other non-text values', () => {
    expect(codes(MoneyInput, Number.NaN)).toEqual({ '': 'invalid_type' })
    expect(codes(MoneyInput, Number.NEGATIVE_INFINITY)).toEqual({ '': 'invalid_type' })
    expect(codes(MoneyInput, null)).toEqual({ '': 'invalid_type' })
    expect(codes(MoneyInput, true)).toEqual({ '': 'invalid_type' })
  })
})

describe('range body', () => {
  const body = createRange.body

  it('is the same schema for create and update', () => {
    expect(updateRange.body).toBe(body)
  })

  it('accepts bounds from 0, -1 as an unlimited end, and the largest bound', () => {
    expect(body.parse({ request_from: 0, request_to: 100_000, rate: '0.005' })).toEqual({
      request_from: 0,
      request_to: 100_000,
      rate: '0.005',
    })
    expect(body.parse({ request_from: 500_000, request_to: -1, rate: '0.003' })).toEqual({
      request_from: 500_000,
      request_to: -1,
      rate: '0.003',
    })
    expect(body.parse({ request_from: 0, request_to: 2_000_000_000, rate: '1' }).request_to).toBe(2_000_000_000)
  })

  it.each([
    [{ request_from: -2, request_to: 10, rate: '1' }, { request_from: 'too_small' }],
    [{ request_from: 0, request_to: -2, rate: '1' }, { request_to: 'too_small' }],
    [{ request_from: 0, request_to: 2_000_000_001, rate: '1' }, { request_to: 'too_big' }],
    [{ request_from: 0.5, request_to: 10, rate: '1' }, { request_from: 'invalid_type' }],
    [{ request_from: '0', request_to: 10, rate: '1' }, { request_from: 'invalid_type' }],
    [{ request_from: 0, request_to: 10 }, { rate: 'invalid_type' }],
    [{ request_from: 0, request_to: 10, rate: 0.003 }, { rate: 'invalid_type' }],
    [{ request_from: 0, request_to: 10, rate: 0 }, { rate: 'invalid_type' }],
    [{ request_from: 0, request_to: 10, rate: '1', user_id: USER_ID }, { '': 'unrecognized_keys' }],
  ])('refuses %j', (value, expected) => {
    expect(codes(body, value)).toEqual(expected)
  })

  it('refuses a rate of 0 with the rate message', () => {
    expect(problems(body, { request_from: 0, request_to: 10, rate: '0' })).toEqual({ rate: 'pricing.rateNotPositive' })
    expect(problems(body, { request_from: 0, request_to: 10, rate: '-0.5' })).toEqual({
      rate: 'pricing.rateNotPositive',
    })
  })
})

describe('rate setting body', () => {
  const valid = { type: 'GEOCODE', rate: '0.005', free: 40_000, prefix: '/api/v1', paths: '/geocode, /search' }

  it('fills the defaults and trims', () => {
    expect(createRateSetting.body.parse({ ...valid, prefix: ' /api/v1 ' })).toEqual({ ...valid, is_new: true })
    expect(
      createRateSetting.body.parse({ ...valid, rate: ' 0.007 ', is_new: false, subpath: '', user_id: USER_ID }),
    ).toEqual({ ...valid, rate: '0.007', is_new: false, subpath: null, user_id: USER_ID })
    expect(createRateSetting.body.parse({ ...valid, subpath: '/session' }).subpath).toBe('/session')
  })

  it('lets an update leave the type out', () => {
    const { type: _type, ...rest } = valid
    expect(updateRateSetting.body.parse(rest)).toEqual({ ...rest, is_new: true })
  })

  it.each([
    [{ rate: '0' }, { rate: 'pricing.rateNotPositive' }],
    [{ paths: 'geocode' }, { paths: 'pricing.pathsInvalid' }],
    [{ paths: '/geocode,search' }, { paths: 'pricing.pathsInvalid' }],
    [{ paths: '  ' }, { paths: 'validation.required' }],
    [{ prefix: '' }, { prefix: 'validation.required' }],
    [{ prefix: 'api' }, { prefix: 'pricing.pathsInvalid' }],
    [{ subpath: 'session' }, { subpath: 'pricing.pathsInvalid' }],
    [{ user_id: 'usr_1' }, { user_id: 'validation.invalid' }],
  ])('refuses %j with its message', (change, expected) => {
    expect(problems(createRateSetting.body, { ...valid, ...change })).toEqual(expected)
  })

  it.each([
    [{ type: 'WEATHER' }, { type: 'invalid_value' }],
    [{ rate: 0.007 }, { rate: 'invalid_type' }],
    [{ free: -1 }, { free: 'too_small' }],
    [{ free: 1.5 }, { free: 'invalid_type' }],
    [{ free: 2_000_000_001 }, { free: 'too_big' }],
    [{ weight: 1 }, { '': 'unrecognized_keys' }],
  ])('refuses %j', (change, expected) => {
    expect(codes(createRateSetting.body, { ...valid, ...change })).toEqual(expected)
  })
})

describe('rate setting list query', () => {
  it('defaults to the current price book', () => {
    expect(listRateSettings.query.parse({})).toEqual({ is_new: true })
    expect(listRateSettings.query.parse({ is_new: 'true' })).toEqual({ is_new: true })
    expect(listRateSettings.query.parse({ is_new: 'false', user_id: USER_ID })).toEqual({
      is_new: false,
      user_id: USER_ID,
    })
  })

  it('refuses other spellings and unknown fields', () => {
    expect(codes(listRateSettings.query, { is_new: 'no' })).toEqual({ is_new: 'invalid_value' })
    expect(codes(listRateSettings.query, { page: '1' })).toEqual({ '': 'unrecognized_keys' })
  })
})

describe('free settings bodies', () => {
  it.each([
    ['month', setFreeMonth],
    ['first-register', setFreeFirstRegister],
  ])('%s: takes USD above 0 as cents', (_name, spec) => {
    expect(spec.body.parse({ free: '10' })).toEqual({ free: 1000n })
    expect(spec.body.parse({ free: '2.5' })).toEqual({ free: 250n })
    expect(spec.body.parse({ free: '0.01' })).toEqual({ free: 1n })
    expect(problems(spec.body, { free: '0' })).toEqual({ free: 'pricing.freeNotPositive' })
    expect(codes(spec.body, { free: 0 })).toEqual({ free: 'invalid_type' })
    expect(codes(spec.body, { free: 2.5 })).toEqual({ free: 'invalid_type' })
    expect(problems(spec.body, { free: '-1' })).toEqual({ free: 'pricing.freeNotPositive' })
    expect(problems(spec.body, { free: '1.234' })).toEqual({ free: 'pricing.moneyInvalid' })
  })
})

describe('billing settings body', () => {
  const body = setBillingSettings.body

  it.each([
    ['0', '0'],
    ['100', '100'],
    ['100.00', '100.00'],
    ['7.5', '7.5'],
    ['12.25', '12.25'],
    ['10', '10'],
    [' 7.5 ', '7.5'],
  ])('accepts a discount of %j as %j', (discount, text) => {
    expect(body.parse({ discount_percent: discount, exchange_rate: '25450' })).toEqual({
      discount_percent: text,
      exchange_rate: '25450',
    })
  })

  it.each(['100.01', '101', '-1', 'abc', '', '1e1', '0.000000001'])('refuses a discount of %j', (discount) => {
    expect(problems(body, { discount_percent: discount, exchange_rate: '25000' })).toEqual({
      discount_percent: 'pricing.discountInvalid',
    })
  })

  it.each([10, 7.5, 0, 100, 101, -5, 1e-7])('refuses a discount given as the JSON number %j', (discount) => {
    expect(codes(body, { discount_percent: discount, exchange_rate: '25000' })).toEqual({
      discount_percent: 'invalid_type',
    })
    expect(problems(body, { discount_percent: discount, exchange_rate: '25000' })?.discount_percent).not.toMatch(
      /^rates\./,
    )
  })

  it('takes the exchange rate as a rate above 0', () => {
    expect(body.parse({ discount_percent: '0', exchange_rate: '25450.5' }).exchange_rate).toBe('25450.5')
    expect(problems(body, { discount_percent: '0', exchange_rate: '0' })).toEqual({
      exchange_rate: 'pricing.rateNotPositive',
    })
    expect(codes(body, { discount_percent: '0', exchange_rate: 25_450.5 })).toEqual({ exchange_rate: 'invalid_type' })
    expect(codes(body, { discount_percent: '0', exchange_rate: 0 })).toEqual({ exchange_rate: 'invalid_type' })
    expect(codes(body, { exchange_rate: '25000' })).toEqual({ discount_percent: 'invalid_type' })
  })
})

describe('rival rates body', () => {
  const body = setRivalRates.body
  const row = { service: 'GEOCODE', per_1000: ['5.00', '4.00', null, '3'], free: 40_000 }

  it('accepts four prices per service, null where the rival has none, and trims the name', () => {
    expect(body.parse({ name: ' Google ', as_of: '2025-02-28', services: [row] })).toEqual({
      name: 'Google',
      as_of: '2025-02-28',
      services: [row],
    })
  })

  it('refuses a price with more than 2 decimals, the wrong column count, an empty name and no real date', () => {
    const as_of = '2025-02-28'
    expect(problems(body, { name: 'G', as_of, services: [{ ...row, per_1000: ['5.001', null, null, null] }] })).toEqual(
      {
        'services.0.per_1000.0': 'pricing.moneyInvalid',
      },
    )
    expect(codes(body, { name: 'G', as_of, services: [{ ...row, per_1000: ['5', '4', '3'] }] })).toEqual({
      'services.0.per_1000': 'too_small',
    })
    expect(problems(body, { name: '  ', as_of, services: [] })).toEqual({ name: 'validation.required' })
    for (const day of ['2025-02-30', '28/02/2025', ''])
      expect(problems(body, { name: 'G', as_of: day, services: [] })).toEqual({ as_of: 'pricing.rivalDateInvalid' })
  })
})

describe('price book queries and bodies', () => {
  it('trims the e-mail of the user whose prices are asked for', () => {
    expect(priceOfOneUser.query.parse({})).toEqual({})
    expect(priceOfOneUser.query.parse({ email: ' ada@example.com ' })).toEqual({ email: 'ada@example.com' })
  })

  it('sets a user’s price book with a boolean only', () => {
    expect(setUserPriceBook.body.parse({ is_new: false })).toEqual({ is_new: false })
    expect(codes(setUserPriceBook.body, { is_new: 'false' })).toEqual({ is_new: 'invalid_type' })
  })
})
