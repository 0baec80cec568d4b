import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { changeUserPlan, createPlan, LIMIT_DURATIONS, updatePlan } from './plans.ts'

/** The first issue's message and code per path, or null when the value is accepted. */
function issues(schema: z.ZodType, value: unknown): Record<string, [string, string]> | null {
  const result = schema.safeParse(value)
  if (result.success) return null
  const found: Record<string, [string, string]> = {}
  for (const issue of result.error.issues) found[issue.path.join('.')] ??= [issue.code, issue.message]
  return found
}
const codeAt = (schema: z.ZodType, value: unknown, path: string) => issues(schema, value)?.[path]?.[0]
const messageAt = (schema: z.ZodType, value: unknown, path: string) => issues(schema, value)?.[path]?.[1]

const body = createPlan.body

describe('plan body', () => {
  it('is the same schema for create and update', () => {
    expect(updatePlan.body).toBe(body)
  })

  it('fills the defaults: free, unlimited per month, on sale, not the default plan', () => {
    expect(body.parse({ name: 'Gold' })).toEqual({
      name: 'Gold',
      description: null,
      translations: {},
      rsapi_plan_id: null,
      maptile_plan_id: null,
      price: 0n,
      request_limit: null,
      request_limit_duration: 'month',
      load_limit: null,
      load_limit_duration: 'month',
      is_default: false,
      active: true,
    })
  })

  it('reads a whole plan, trimming text, with the price in cents', () => {
    expect(
      body.parse({
        name: ' Standard ',
        description: ' For production apps ',
        translations: { my: { name: ' စံ ', description: ' ' } },
        rsapi_plan_id: ' standard ',
        maptile_plan_id: 'standard',
        price: '49',
        request_limit: 50_000,
        request_limit_duration: 'day',
        load_limit: 20_000,
        load_limit_duration: 'minute',
        is_default: true,
        active: false,
      }),
    ).toEqual({
      name: 'Standard',
      description: 'For production apps',
      translations: { my: { name: 'စံ', description: null } },
      rsapi_plan_id: 'standard',
      maptile_plan_id: 'standard',
      price: 4900n,
      request_limit: 50_000,
      request_limit_duration: 'day',
      load_limit: 20_000,
      load_limit_duration: 'minute',
      is_default: true,
      active: false,
    })
  })

  it('refuses a translation without a name, and a language the portal does not speak', () => {
    expect(body.safeParse({ name: 'P', translations: { vi: { name: ' ', description: 'Mô tả' } } }).success).toBe(false)
    expect(body.safeParse({ name: 'P', translations: { fr: { name: 'Or', description: null } } }).success).toBe(false)
  })

  it.each([
    ['49.99', 4999n],
    ['199', 19_900n],
    ['12.5', 1250n],
    ['0', 0n],
  ])('takes a price of %j as %s cents', (price, cents) => {
    expect(body.parse({ name: 'P', price }).price).toBe(cents)
  })

  it.each(['49.999', '-1'])('refuses a price of %j', (price) => {
    expect(messageAt(body, { name: 'P', price }, 'price')).toBe('pricing.moneyInvalid')
  })

  it.each(['free', ''])('refuses a price of %j', (price) => {
    expect(messageAt(body, { name: 'P', price }, 'price')).toBe('validation.money.notNumber')
  })

  it.each([199, 12.5, 0, -1])('refuses a price given as the JSON number %j', (price) => {
    expect(codeAt(body, { name: 'P', price }, 'price')).toBe('invalid_type')
    expect(messageAt(body, { name: 'P', price }, 'price')).not.toMatch(/^rates\./)
  })

  it('turns blank or null optional text into null', () => {
    const parsed = body.parse({ name: 'P', description: '   ', rsapi_plan_id: null, maptile_plan_id: '' })
    expect([parsed.description, parsed.rsapi_plan_id, parsed.maptile_plan_id]).toEqual([null, null, null])
  })

  it('asks for a name', () => {
    expect(messageAt(body, { name: '' }, 'name')).toBe('validation.required')
    expect(messageAt(body, { name: '   ' }, 'name')).toBe('validation.required')
    expect(codeAt(body, {}, 'name')).toBe('invalid_type')
  })

  it('caps the lengths of the texts', () => {
    expect(body.parse({ name: 'n'.repeat(100) }).name).toHaveLength(100)
    expect(codeAt(body, { name: 'n'.repeat(101) }, 'name')).toBe('too_big')
    expect(body.parse({ name: 'P', description: 'd'.repeat(500) }).description).toHaveLength(500)
    expect(codeAt(body, { name: 'P', description: 'd'.repeat(501) }, 'description')).toBe('too_big')
    expect(codeAt(body, { name: 'P', rsapi_plan_id: 'r'.repeat(101) }, 'rsapi_plan_id')).toBe('too_big')
  })

  it.each([
    [1, null],
    [2_000_000_000, null],
    [null, null],
    [0, 'too_small'],
    [-1, 'too_small'],
    [2_000_000_001, 'too_big'],
    [1.5, 'invalid_type'],
    ['100', 'invalid_type'],
  ])('judges a limit of %j (%s)', (limit, code) => {
    for (const field of ['request_limit', 'load_limit']) {
      const value = { name: 'P', [field]: limit }
      if (code === null) expect(body.parse(value)[field as 'request_limit' | 'load_limit']).toBe(limit)
      else expect(codeAt(body, value, field)).toBe(code)
    }
  })

  it('takes the durations minute, day and month only', () => {
    expect(LIMIT_DURATIONS).toEqual(['minute', 'day', 'month'])
    for (const duration of LIMIT_DURATIONS) {
      expect(body.parse({ name: 'P', request_limit_duration: duration }).request_limit_duration).toBe(duration)
      expect(body.parse({ name: 'P', load_limit_duration: duration }).load_limit_duration).toBe(duration)
    }
    expect(codeAt(body, { name: 'P', request_limit_duration: 'week' }, 'request_limit_duration')).toBe('invalid_value')
    expect(codeAt(body, { name: 'P', load_limit_duration: 'year' }, 'load_limit_duration')).toBe('invalid_value')
  })

  it('refuses unknown fields and non-boolean flags', () => {
    expect(codeAt(body, { name: 'P', users: 3 }, '')).toBe('unrecognized_keys')
    expect(codeAt(body, { name: 'P', is_default: 'true' }, 'is_default')).toBe('invalid_type')
    expect(codeAt(body, { name: 'P', active: 1 }, 'active')).toBe('invalid_type')
  })
})

describe('change-plan body', () => {
  const planId = 'pln_seedstandard00000000000000'

  it('takes a plan id', () => {
    expect(changeUserPlan.body.parse({ user_plan_id: planId })).toEqual({ user_plan_id: planId })
  })

  it('refuses a malformed id, a missing one and other fields', () => {
    expect(messageAt(changeUserPlan.body, { user_plan_id: 'standard' }, 'user_plan_id')).toBe('validation.invalid')
    expect(codeAt(changeUserPlan.body, {}, 'user_plan_id')).toBe('invalid_type')
    expect(codeAt(changeUserPlan.body, { user_plan_id: planId, price: '0' }, '')).toBe('unrecognized_keys')
  })
})
