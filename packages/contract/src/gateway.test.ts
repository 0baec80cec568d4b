import { describe, expect, it } from 'vitest'
import { gatewayUsage, gatewayVerifyGet } from './gateway.ts'

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

describe('gatewayUsage.accepts.body', () => {
  const { accepts, body } = gatewayUsage
  const event = { key: 'mk_abc', service: 'GEOCODE', at: '2026-11-02T07:10:00Z', count: 1, status: 200, latency_ms: 12 }
  const batch = (events: unknown[]) => ({ batch_id: 'b-1', events })

  // Accepted by the hand-written check: the schema must accept it too, unchanged.
  it.each([
    ['an event by secret and service', [event]],
    [
      'an event by key id and path',
      [{ ...event, key: undefined, key_id: `key_${'a'.repeat(26)}`, service: undefined, path: '/api/v1/geocode' }],
    ],
    ['epoch milliseconds', [{ ...event, at: 1_790_000_000_000 }]],
    ['an offset and fractions of a second', [{ ...event, at: '2026-02-28T23:59:59.999+07:00' }]],
    ['29 February of a leap year', [{ ...event, at: '2028-02-29T12:00:00Z' }]],
  ])('accepts %s exactly as the schema does', (_, events) => {
    const value = JSON.parse(JSON.stringify(batch(events)))
    expect(accepts.body(value)).toBe(true)
    const parsed = body.safeParse(value)
    expect(parsed.success).toBe(true)
    expect(parsed.data).toEqual(value)
  })

  // Not accepted by the check: the schema decides (and explains), so these must not pass the check.
  it.each([
    ['month 13', [{ ...event, at: '2026-13-01T00:00:00Z' }], false],
    ['30 February', [{ ...event, at: '2026-02-30T10:00:00Z' }], false],
    ['29 February of a common year', [{ ...event, at: '2026-02-29T10:00:00Z' }], false],
    ['hour 25', [{ ...event, at: '2026-11-01T25:00:00Z' }], false],
    ['no offset', [{ ...event, at: '2026-11-01T10:00:00' }], false],
    ['both key and key_id', [{ ...event, key_id: `key_${'a'.repeat(26)}` }], false],
    ['neither service nor path', [{ ...event, service: undefined }], false],
    ['status 99', [{ ...event, status: 99 }], false],
    ['an unknown field', [{ ...event, extra: 1 }], false],
    ['no events', [], false],
    ['no count (the schema fills in 1)', [{ ...event, count: undefined }], true],
  ])('leaves %s to the schema', (_, events, schemaAccepts) => {
    const value = JSON.parse(JSON.stringify(batch(events)))
    expect(accepts.body(value)).toBe(false)
    expect(body.safeParse(value).success).toBe(schemaAccepts)
  })
})
