import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ErrorCode, LOGOUT_ERROR_CODES } from './codes.ts'
import { Id, Money, pageQueryFields } from './common.ts'
import { envelopeSchema, pageOf } from './envelope.ts'
import { refineWith } from './problem.ts'

describe('ids', () => {
  it('accepts a prefixed lower-case ULID', () => {
    expect(Id.safeParse(`usr_${'0'.repeat(26)}`).success).toBe(true)
    expect(Id.safeParse('fil_01jdz3k8q9abcdefghjkmnpqrs').success).toBe(true)
  })

  it.each([
    'usr_123',
    `USR_${'0'.repeat(26)}`,
    `usr-${'0'.repeat(26)}`,
    `usr_${'0'.repeat(27)}`,
    '1',
    `u_${'0'.repeat(26)}`,
  ])('refuses %s', (value) => {
    const result = Id.safeParse(value)
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe('validation.invalid')
  })
})

describe('money on the wire', () => {
  it('is a decimal string with exactly two places', () => {
    expect(Money.safeParse('12.50').success).toBe(true)
    expect(Money.safeParse('-0.05').success).toBe(true)
    expect(Money.safeParse('12.5').success).toBe(false)
    expect(Money.safeParse(12.5).success).toBe(false)
  })
})

describe('paging query', () => {
  const Query = z.object(pageQueryFields)

  it('starts at page 1 and reads numbers from the query string', () => {
    expect(Query.parse({})).toEqual({ page: 1 })
    expect(Query.parse({ page: '3', page_size: '20', size: '5' })).toEqual({ page: 3, page_size: 20, size: 5 })
  })

  it('refuses page 0, sizes over 100 and non-numbers', () => {
    expect(Query.safeParse({ page: '0' }).success).toBe(false)
    expect(Query.safeParse({ page_size: '101' }).success).toBe(false)
    expect(Query.safeParse({ size: 'ten' }).success).toBe(false)
    expect(Query.safeParse({ page: '1.5' }).success).toBe(false)
  })
})

describe('envelope', () => {
  it('describes {status, data, message, error_code}', () => {
    const schema = envelopeSchema(z.object({ n: z.number() }))
    expect(schema.safeParse({ status: 'success', data: { n: 1 }, message: 'ok', error_code: null }).success).toBe(true)
    expect(
      schema.safeParse({ status: 'maintain', data: { n: 1 }, message: '', error_code: 'MAINTENANCE' }).success,
    ).toBe(true)
    expect(schema.safeParse({ status: 'ok', data: { n: 1 }, message: 'ok', error_code: null }).success).toBe(false)
    expect(schema.safeParse({ status: 'success', data: { n: 1 }, message: 'ok' }).success).toBe(false)
  })

  it('logs out on error codes 401 and 403 only, never on FORBIDDEN', () => {
    expect([...LOGOUT_ERROR_CODES].sort()).toEqual(['401', '403'])
    expect(LOGOUT_ERROR_CODES).not.toContain(ErrorCode.Forbidden)
    expect(ErrorCode.NoPhone).toBe('E401')
  })

  it('describes a page of items', () => {
    const schema = pageOf(z.string())
    expect(schema.safeParse({ items: ['a'], total: 1, page: 1, page_size: 10 }).success).toBe(true)
    expect(schema.safeParse({ items: [1], total: 1, page: 1, page_size: 10 }).success).toBe(false)
  })
})

describe('refineWith', () => {
  it('turns a check into a zod issue carrying the message key and its values', () => {
    const schema = z
      .string()
      .superRefine(
        refineWith((value: string) =>
          value.length > 3 ? { key: 'validation.text.tooLong', params: { max: 3 } } : null,
        ),
      )
    expect(schema.safeParse('abc').success).toBe(true)
    const result = schema.safeParse('abcd')
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]).toMatchObject({ message: 'validation.text.tooLong', params: { max: 3 } })
  })
})
