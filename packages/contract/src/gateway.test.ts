import { describe, expect, it } from 'vitest'
import { gatewayVerifyGet } from './gateway.ts'

// A hot endpoint's hand-written checks may only ever accept what its schema accepts, unchanged:
// otherwise the fast path would let through input the contract refuses.
describe('gatewayVerifyGet.accepts', () => {
  const { accepts, query, headers } = gatewayVerifyGet
  const long = (n: number) => 'x'.repeat(n)

  const queries: [string, unknown, boolean][] = [
    ['service only', { service: 'GEOCODE' }, true],
    [
      'every field',
      { service: 'LOAD_MAP', origin: 'https://a.test', referer: 'https://a.test/p', ip: '1.2.3.4' },
      true,
    ],
    ['the longest fields', { service: 'TRIP', origin: long(2048), referer: long(4096), ip: long(64) }, true],
    ['no service', { origin: 'https://a.test' }, false],
    ['an unknown service', { service: 'TELEPORT' }, false],
    ['a service in lower case', { service: 'geocode' }, false],
    ['an unknown field', { service: 'GEOCODE', key: 'mk_x' }, false],
    ['an origin too long', { service: 'GEOCODE', origin: long(2049) }, false],
    ['a referer too long', { service: 'GEOCODE', referer: long(4097) }, false],
    ['an ip too long', { service: 'GEOCODE', ip: long(65) }, false],
    ['a repeated field (an array)', { service: 'GEOCODE', ip: ['1.2.3.4', '5.6.7.8'] }, false],
    ['a repeated service', { service: ['GEOCODE', 'TRIP'] }, false],
    ['nothing', {}, false],
    ['null', null, false],
    ['a string', 'service=GEOCODE', false],
  ]

  it.each(queries)('query: %s', (_, value, expected) => {
    expect(accepts.query(value)).toBe(expected)
    const parsed = query.safeParse(value)
    // What the check accepts, the schema accepts as it is; what it refuses, the schema refuses too
    // (every case here is one the schema judges the same way).
    expect(parsed.success).toBe(expected)
    if (expected) expect(parsed.data).toEqual(value)
  })

  const headerCases: [string, unknown, boolean][] = [
    ['a key among other headers', { 'x-api-key': 'mk_abc', host: 'x', authorization: 'Bearer t' }, true],
    ['a key of 256 characters', { 'x-api-key': long(256) }, true],
    ['no key', { host: 'x' }, false],
    ['an empty key', { 'x-api-key': '' }, false],
    ['a key of 257 characters', { 'x-api-key': long(257) }, false],
    ['a key sent twice (an array)', { 'x-api-key': ['a', 'b'] }, false],
    ['null', null, false],
  ]

  it.each(headerCases)('headers: %s', (_, value, expected) => {
    expect(accepts.headers(value)).toBe(expected)
    const parsed = headers.safeParse(value)
    expect(parsed.success).toBe(expected)
    if (expected) expect(parsed.data).toEqual(value)
  })
})
