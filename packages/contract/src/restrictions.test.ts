import { describe, expect, it } from 'vitest'
import { RestrictionList, RestrictionRowSchema } from './keys.ts'
import { MAX_RESTRICTION_ROWS } from './limits.ts'
import {
  checkRestrictionList,
  checkRestrictionRow,
  clientIpv4,
  compileRestrictions,
  globMatches,
  parseDomainPattern,
  parseIpRule,
  parseIpv4,
  type RestrictionRequest,
  type RestrictionRow,
  type RestrictionVerdict,
  restrictionCounts,
} from './restrictions.ts'

// The matcher the key form's tester and the gateway's key check share. Each case names the key's
// rows, the call as the gateway saw it, and the verdict.

const domain = (value: string): RestrictionRow => ({ type: 'domain', value })
const ip = (value: string): RestrictionRow => ({ type: 'ip', value })

/** A browser call from a page (the Referer carries the page's address). */
const fromPage = (referer: string): RestrictionRequest => ({ referer })
/** A server-to-server call: no page, only the caller's address. */
const fromServer = (address: string): RestrictionRequest => ({ ip: address })

type Case = [title: string, rows: RestrictionRow[], request: RestrictionRequest, verdict: RestrictionVerdict]

const cases: Case[] = [
  // scheme wildcards
  ['http* matches http', [domain('http*://example.com')], fromPage('http://example.com/'), 'OK'],
  ['http* matches https', [domain('http*://example.com')], fromPage('https://example.com/'), 'OK'],
  ['*:// matches https', [domain('*://example.com')], fromPage('https://example.com/a'), 'OK'],
  ['*:// matches http', [domain('*://example.com')], fromPage('http://example.com/a'), 'OK'],
  ['no scheme written matches http', [domain('example.com')], fromPage('http://example.com/'), 'OK'],
  ['no scheme written matches https', [domain('example.com')], fromPage('https://example.com/'), 'OK'],
  ['https:// refuses http', [domain('https://example.com')], fromPage('http://example.com/'), 'ORIGIN_NOT_ALLOWED'],
  ['http:// refuses https', [domain('http://example.com')], fromPage('https://example.com/'), 'ORIGIN_NOT_ALLOWED'],
  [
    'a page that is not on the web never matches',
    [domain('*://example.com')],
    fromPage('ftp://example.com/'),
    'ORIGIN_NOT_ALLOWED',
  ],
  [
    'a file page never matches',
    [domain('example.com')],
    fromPage('file:///home/example.com/index.html'),
    'ORIGIN_NOT_ALLOWED',
  ],

  // subdomain wildcards
  ['*.example.com matches one label', [domain('*.example.com')], fromPage('https://a.example.com/'), 'OK'],
  ['*.example.com matches two labels', [domain('*.example.com')], fromPage('https://a.b.example.com/'), 'OK'],
  [
    '*.example.com does not match example.com',
    [domain('*.example.com')],
    fromPage('https://example.com/'),
    'ORIGIN_NOT_ALLOWED',
  ],
  [
    '*.example.com does not match a look-alike',
    [domain('*.example.com')],
    fromPage('https://evil-example.com/'),
    'ORIGIN_NOT_ALLOWED',
  ],
  [
    '*.example.com does not match a suffix trick',
    [domain('*.example.com')],
    fromPage('https://a.example.com.evil.net/'),
    'ORIGIN_NOT_ALLOWED',
  ],
  [
    'example.com does not match www.example.com',
    [domain('example.com')],
    fromPage('https://www.example.com/'),
    'ORIGIN_NOT_ALLOWED',
  ],
  ['a wildcard label in the middle', [domain('api.*.example.com')], fromPage('https://api.eu.example.com/'), 'OK'],
  [
    'a wildcard label in the middle needs its neighbours',
    [domain('api.*.example.com')],
    fromPage('https://web.eu.example.com/'),
    'ORIGIN_NOT_ALLOWED',
  ],

  // paths
  [
    '/maps/* matches a page under it',
    [domain('https://example.com/maps/*')],
    fromPage('https://example.com/maps/city?x=1'),
    'OK',
  ],
  [
    '/maps/* matches deeper pages',
    [domain('https://example.com/maps/*')],
    fromPage('https://example.com/maps/a/b/c'),
    'OK',
  ],
  [
    '/maps/* refuses a sibling path',
    [domain('https://example.com/maps/*')],
    fromPage('https://example.com/shop/maps/'),
    'ORIGIN_NOT_ALLOWED',
  ],
  [
    '/maps/* refuses /maps itself',
    [domain('https://example.com/maps/*')],
    fromPage('https://example.com/maps'),
    'ORIGIN_NOT_ALLOWED',
  ],
  ['an exact path matches itself', [domain('example.com/contact')], fromPage('https://example.com/contact'), 'OK'],
  [
    'an exact path refuses what lies below it',
    [domain('example.com/contact')],
    fromPage('https://example.com/contact/us'),
    'ORIGIN_NOT_ALLOWED',
  ],
  [
    'an exact path ignores the query string',
    [domain('example.com/contact')],
    fromPage('https://example.com/contact?from=ad#top'),
    'OK',
  ],
  [
    'a dot in a path is literal',
    [domain('example.com/a.html')],
    fromPage('https://example.com/aXhtml'),
    'ORIGIN_NOT_ALLOWED',
  ],
  ['no path means any path', [domain('example.com')], fromPage('https://example.com/any/page/at/all'), 'OK'],
  ['/ alone means any path', [domain('example.com/')], fromPage('https://example.com/deep/page'), 'OK'],
  ['a wildcard inside a path', [domain('example.com/*/map')], fromPage('https://example.com/vn/map'), 'OK'],

  // ports
  [
    'an explicit port matches that port',
    [domain('http://localhost:8080')],
    fromPage('http://localhost:8080/app'),
    'OK',
  ],
  [
    'an explicit port refuses another',
    [domain('http://localhost:8080')],
    fromPage('http://localhost:8081/app'),
    'ORIGIN_NOT_ALLOWED',
  ],
  [
    'an explicit port refuses the default one',
    [domain('http://localhost:8080')],
    fromPage('http://localhost/app'),
    'ORIGIN_NOT_ALLOWED',
  ],
  [':* matches any port', [domain('example.com:*')], fromPage('https://example.com:8443/'), 'OK'],
  [':* matches the default port', [domain('example.com:*')], fromPage('https://example.com/'), 'OK'],
  [
    'no port means the default port only',
    [domain('example.com')],
    fromPage('https://example.com:8443/'),
    'ORIGIN_NOT_ALLOWED',
  ],
  [
    'https :443 written out is the default port',
    [domain('https://example.com:443')],
    fromPage('https://example.com/'),
    'OK',
  ],
  [
    'http :80 written out is the default port',
    [domain('http://example.com:80')],
    fromPage('http://example.com/'),
    'OK',
  ],
  [
    'a page naming port 443 matches a pattern without a port',
    [domain('https://example.com')],
    fromPage('https://example.com:443/'),
    'OK',
  ],

  // spelling of the host
  ['upper case in the pattern', [domain('HTTPS://Shop.EXAMPLE.com')], fromPage('https://shop.example.com/'), 'OK'],
  ['upper case in the page', [domain('shop.example.com')], fromPage('https://SHOP.Example.COM/'), 'OK'],
  ['a trailing dot in the pattern', [domain('example.com.')], fromPage('https://example.com/'), 'OK'],
  ['a trailing dot in the page', [domain('example.com')], fromPage('https://example.com./'), 'OK'],
  ['surrounding spaces in the pattern', [domain('  example.com  ')], fromPage('https://example.com/'), 'OK'],

  // Origin and Referer
  ['Origin alone is used when there is no Referer', [domain('example.com')], { origin: 'https://example.com' }, 'OK'],
  ['Origin alone can be refused', [domain('example.com')], { origin: 'https://other.com' }, 'ORIGIN_NOT_ALLOWED'],
  [
    'the Referer is preferred to the Origin',
    [domain('example.com/maps/*')],
    { origin: 'https://example.com', referer: 'https://example.com/shop/' },
    'ORIGIN_NOT_ALLOWED',
  ],
  [
    'the Referer decides even when the Origin would not match',
    [domain('example.com/maps/*')],
    { origin: 'https://other.com', referer: 'https://example.com/maps/x' },
    'OK',
  ],
  [
    'an unreadable Referer falls back to the Origin',
    [domain('example.com')],
    { referer: 'not a url', origin: 'https://example.com' },
    'OK',
  ],
  ['a "null" Origin is no page', [domain('example.com')], { origin: 'null' }, 'ORIGIN_NOT_ALLOWED'],
  ['a domain-only key refuses a call without a page', [domain('example.com')], {}, 'ORIGIN_NOT_ALLOWED'],

  // IPv4 rules
  ['a single address matches itself', [ip('203.0.113.7')], fromServer('203.0.113.7'), 'OK'],
  ['a single address refuses its neighbour', [ip('203.0.113.7')], fromServer('203.0.113.8'), 'IP_NOT_ALLOWED'],
  ['0.0.0.0 is an address like any other', [ip('0.0.0.0')], fromServer('0.0.0.0'), 'OK'],
  ['255.255.255.255 is an address like any other', [ip('255.255.255.255')], fromServer('255.255.255.255'), 'OK'],
  ['/0 matches everything (low end)', [ip('0.0.0.0/0')], fromServer('0.0.0.1'), 'OK'],
  ['/0 matches everything (high end)', [ip('0.0.0.0/0')], fromServer('255.255.255.255'), 'OK'],
  ['/32 matches one address', [ip('198.51.100.20/32')], fromServer('198.51.100.20'), 'OK'],
  ['/32 refuses the next one', [ip('198.51.100.20/32')], fromServer('198.51.100.21'), 'IP_NOT_ALLOWED'],
  ['/24 matches its first address', [ip('192.0.2.0/24')], fromServer('192.0.2.0'), 'OK'],
  ['/24 matches its last address', [ip('192.0.2.0/24')], fromServer('192.0.2.255'), 'OK'],
  ['/24 refuses the next block', [ip('192.0.2.0/24')], fromServer('192.0.3.0'), 'IP_NOT_ALLOWED'],
  ['/24 written with host bits set is the same block', [ip('192.0.2.77/24')], fromServer('192.0.2.1'), 'OK'],
  ['/31 holds two addresses (first)', [ip('10.0.0.4/31')], fromServer('10.0.0.4'), 'OK'],
  ['/31 holds two addresses (second)', [ip('10.0.0.4/31')], fromServer('10.0.0.5'), 'OK'],
  ['/31 refuses the third', [ip('10.0.0.4/31')], fromServer('10.0.0.6'), 'IP_NOT_ALLOWED'],
  ['/1 over the top half', [ip('128.0.0.0/1')], fromServer('200.1.2.3'), 'OK'],
  ['/1 refuses the bottom half', [ip('128.0.0.0/1')], fromServer('127.255.255.255'), 'IP_NOT_ALLOWED'],
  ['an IPv4-mapped IPv6 client is its IPv4 address', [ip('203.0.113.0/24')], fromServer('::ffff:203.0.113.9'), 'OK'],
  ['an IPv4-mapped IPv6 client in capitals', [ip('203.0.113.9')], fromServer('::FFFF:203.0.113.9'), 'OK'],
  [
    'an IPv4-mapped client outside the block',
    [ip('203.0.113.0/24')],
    fromServer('::ffff:203.0.114.9'),
    'IP_NOT_ALLOWED',
  ],
  ['an IPv6 client never matches IPv4 rules', [ip('0.0.0.0/0')], fromServer('2001:db8::1'), 'IP_NOT_ALLOWED'],
  ['a call without an address is refused by IP rules', [ip('0.0.0.0/0')], {}, 'IP_NOT_ALLOWED'],
  ['a garbled client address is refused', [ip('0.0.0.0/0')], fromServer('1.2.3'), 'IP_NOT_ALLOWED'],
  ['any of several IP rows may match', [ip('192.0.2.1'), ip('198.51.100.0/24')], fromServer('198.51.100.99'), 'OK'],

  // keys with both kinds of rows
  [
    'a server call from a listed address passes a key that also has domain rows',
    [domain('example.com'), ip('203.0.113.7')],
    fromServer('203.0.113.7'),
    'OK',
  ],
  [
    'a browser call from a listed page passes whatever its address',
    [domain('example.com'), ip('203.0.113.7')],
    { referer: 'https://example.com/', ip: '192.0.2.200' },
    'OK',
  ],
  [
    'a browser call from a wrong page is an origin refusal',
    [domain('example.com'), ip('203.0.113.7')],
    { referer: 'https://other.com/', ip: '192.0.2.200' },
    'ORIGIN_NOT_ALLOWED',
  ],
  [
    'a browser call from a wrong page but a listed address passes',
    [domain('example.com'), ip('203.0.113.7')],
    { referer: 'https://other.com/', ip: '203.0.113.7' },
    'OK',
  ],
  [
    'a server call from an unlisted address is an address refusal',
    [domain('example.com'), ip('203.0.113.7')],
    fromServer('192.0.2.200'),
    'IP_NOT_ALLOWED',
  ],
  [
    'an IP-only key refuses a page call from an unlisted address by address',
    [ip('203.0.113.7')],
    { referer: 'https://example.com/', ip: '192.0.2.200' },
    'IP_NOT_ALLOWED',
  ],

  // no restriction
  ['no rows: any page', [], fromPage('https://anything.example/'), 'OK'],
  ['no rows: any address', [], fromServer('192.0.2.1'), 'OK'],
  ['no rows: nothing known about the call', [], {}, 'OK'],
]

describe('compileRestrictions(rows).check(request)', () => {
  it('has a table of at least 40 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40)
  })

  it.each(cases)('%s', (_, rows, request, verdict) => {
    expect(compileRestrictions(rows).check(request)).toBe(verdict)
  })

  it('treats a key without a restriction list (null) as unrestricted', () => {
    expect(compileRestrictions(null).check({ referer: 'https://x.example/' })).toBe('OK')
    expect(compileRestrictions(undefined).check({ ip: '192.0.2.1' })).toBe('OK')
  })

  it('fails closed on stored rows that no longer parse, rather than allowing everything', () => {
    const matcher = compileRestrictions([domain('not a domain'), ip('300.1.1.1')])
    expect(matcher.check({ referer: 'https://example.com/', ip: '192.0.2.1' })).not.toBe('OK')
    expect(matcher.check({})).not.toBe('OK')
  })
})

describe('parseIpv4', () => {
  it.each([
    ['0.0.0.0', 0],
    ['0.0.0.1', 1],
    ['1.0.0.0', 16_777_216],
    ['192.168.1.1', 3_232_235_777],
    ['255.255.255.255', 4_294_967_295],
  ])('reads %s as %d', (text, value) => {
    expect(parseIpv4(text)).toBe(value)
  })

  it.each([
    ['a part of 256', '256.0.0.1'],
    ['a part of 999', '1.2.3.999'],
    ['a leading zero', '01.2.3.4'],
    ['a padded zero', '1.2.3.00'],
    ['three parts', '1.2.3'],
    ['five parts', '1.2.3.4.5'],
    ['an empty part', '1..3.4'],
    ['a trailing dot', '1.2.3.4.'],
    ['a negative part', '1.2.-3.4'],
    ['a plus sign', '1.2.+3.4'],
    ['hex', '0x7f.0.0.1'],
    ['a single number', '3232235777'],
    ['letters', 'a.b.c.d'],
    ['spaces inside', '1.2. 3.4'],
    ['an empty string', ''],
  ])('refuses %s (%s)', (_, text) => {
    expect(parseIpv4(text)).toBeNull()
  })
})

describe('parseIpRule', () => {
  it('reads a bare address as a /32', () => {
    expect(parseIpRule('203.0.113.7')).toEqual({ network: parseIpv4('203.0.113.7'), prefix: 32 })
  })

  it('masks the host bits of a block', () => {
    expect(parseIpRule('192.0.2.77/24')).toEqual({ network: parseIpv4('192.0.2.0'), prefix: 24 })
    expect(parseIpRule('255.255.255.255/0')).toEqual({ network: 0, prefix: 0 })
    expect(parseIpRule('255.255.255.255/1')).toEqual({ network: parseIpv4('128.0.0.0'), prefix: 1 })
  })

  it.each(['0', '1', '8', '16', '24', '31', '32'])('accepts the prefix /%s', (bits) => {
    expect(parseIpRule(`10.0.0.0/${bits}`)?.prefix).toBe(Number(bits))
  })

  it.each([
    ['/33', '10.0.0.0/33'],
    ['/-1', '10.0.0.0/-1'],
    ['/08 (a leading zero)', '10.0.0.0/08'],
    ['/100', '10.0.0.0/100'],
    ['an empty prefix', '10.0.0.0/'],
    ['a prefix of letters', '10.0.0.0/ab'],
    ['two prefixes', '10.0.0.0/8/8'],
    ['a bad address before a good prefix', '10.0.0.256/8'],
    ['a mask written out', '10.0.0.0/255.0.0.0'],
    ['an IPv6 block', '2001:db8::/32'],
  ])('refuses %s', (_, text) => {
    expect(parseIpRule(text)).toBeNull()
  })
})

describe('clientIpv4', () => {
  it('reads plain and IPv4-mapped IPv6 addresses', () => {
    expect(clientIpv4('192.0.2.1')).toBe(parseIpv4('192.0.2.1'))
    expect(clientIpv4('::ffff:192.0.2.1')).toBe(parseIpv4('192.0.2.1'))
    expect(clientIpv4(' 192.0.2.1 ')).toBe(parseIpv4('192.0.2.1'))
  })

  it('has no IPv4 address for IPv6 clients or nothing at all', () => {
    expect(clientIpv4('::1')).toBeNull()
    expect(clientIpv4('2001:db8::1')).toBeNull()
    expect(clientIpv4('::ffff:1.2.3')).toBeNull()
    expect(clientIpv4('')).toBeNull()
    expect(clientIpv4(null)).toBeNull()
    expect(clientIpv4(undefined)).toBeNull()
  })
})

describe('globMatches', () => {
  it.each([
    ['/maps/*', '/maps/x', true],
    ['/maps/*', '/maps/', true],
    ['/maps/*', '/maps', false],
    ['/a*b*c', '/aXXbYYc', true],
    ['/a*b*c', '/aXXbYY', false],
    ['*', '', true],
    ['/a.html', '/aXhtml', false],
    ['/*/edit', '/x/y/edit', true],
    ['/x', '/x/', false],
  ])('%s against %s is %s', (glob, text, expected) => {
    expect(globMatches(glob, text)).toBe(expected)
  })
})

// A key's pattern is the customer's input and the Referer is the caller's: neither may make a check
// spin. These inputs took exponential time with regular expressions and recursive label matching; the
// test's own time limit is the assertion that they no longer do.
describe('hostile patterns and pages', () => {
  it('matches a host of many labels against many wildcards at once', () => {
    const matcher = compileRestrictions([{ type: 'domain', value: `x.${'*.'.repeat(20)}com` }])
    expect(matcher.check({ referer: `https://${'a.'.repeat(120)}com/` })).toBe('ORIGIN_NOT_ALLOWED')
    expect(matcher.check({ referer: `https://x.${'a.'.repeat(120)}com/` })).toBe('OK')
  })

  it('matches a long path against many wildcards at once', () => {
    const matcher = compileRestrictions([{ type: 'domain', value: `example.com/${'*a'.repeat(30)}*b` }])
    expect(matcher.check({ referer: `https://example.com/${'a'.repeat(20_000)}` })).toBe('ORIGIN_NOT_ALLOWED')
    expect(matcher.check({ referer: `https://example.com/${'a'.repeat(20_000)}b` })).toBe('OK')
  })
})

describe('parseDomainPattern', () => {
  it('reads scheme, host labels, port and path', () => {
    const pattern = parseDomainPattern('https://*.Example.com:8443/maps/*')
    expect(pattern).toMatchObject({ scheme: 'https', labels: ['*', 'example', 'com'], port: '8443' })
    expect(pattern?.path).toBe('/maps/*')
  })

  it('leaves scheme, port and path open when they are not written', () => {
    expect(parseDomainPattern('example.com')).toEqual({
      scheme: null,
      labels: ['example', 'com'],
      port: null,
      path: null,
    })
    expect(parseDomainPattern('http*://example.com/*')?.scheme).toBeNull()
    expect(parseDomainPattern('*://example.com')?.scheme).toBeNull()
  })

  it('accepts localhost, the one single-label host', () => {
    expect(parseDomainPattern('http://localhost:3000')).not.toBeNull()
    expect(parseDomainPattern('intranet')).toBeNull()
  })
})

describe('checkRestrictionRow', () => {
  it.each([
    'example.com',
    'http*://example.com/*',
    '*.example.com',
    'https://shop.example.com/maps/*',
    'http://localhost:8080',
    'example.com:*',
    'sub-domain.example.co.uk',
    'xn--bcher-kva.example',
  ])('accepts the domain pattern %s', (value) => {
    expect(checkRestrictionRow(domain(value))).toBeNull()
  })

  it.each([
    ['a scheme with no host', 'http://'],
    ['a lone wildcard', '*'],
    ['wildcards only', '*.*'],
    ['a wildcard scheme and host', '*://*'],
    ['a space inside', 'exa mple.com'],
    ['a script address', 'javascript:alert(1)'],
    ['a data address', 'data:text/html,hi'],
    ['an unknown scheme', 'ftp://example.com'],
    ['a half wildcard scheme', 'ht*p://example.com'],
    ['a single label', 'example'],
    ['a label starting with a hyphen', '-example.com'],
    ['an empty label', 'example..com'],
    ['a label over 63 characters', `${'a'.repeat(64)}.com`],
    ['a partial wildcard label', 'ex*ample.com'],
    ['user information', 'user@example.com'],
    ['port 0', 'example.com:0'],
    ['port 65536', 'example.com:65536'],
    ['a query string', 'example.com/?q=1'],
    ['a fragment', 'example.com/#top'],
    ['an IPv6 host', 'http://[::1]/'],
    ['a very long string', `${'a.'.repeat(5000)}com`],
    ['a very long label run', 'a'.repeat(10_000)],
  ])('refuses %s as a domain', (_, value) => {
    expect(checkRestrictionRow(domain(value))).toEqual({ key: 'keys.invalidDomain' })
  })

  it.each(['203.0.113.7', '0.0.0.0', '255.255.255.255', '10.0.0.0/8', '0.0.0.0/0', '192.0.2.1/32', ' 192.0.2.1 '])(
    'accepts the address %s',
    (value) => {
      expect(checkRestrictionRow(ip(value))).toBeNull()
    },
  )

  it.each([
    '256.1.1.1',
    '01.2.3.4',
    '1.2.3',
    '1.2.3.4.5',
    '10.0.0.0/33',
    '10.0.0.0/-1',
    '10.0.0.0/08',
    'example.com',
    '::1',
    `${'1.'.repeat(3000)}1`,
  ])('refuses %s as an address', (value) => {
    expect(checkRestrictionRow(ip(value))).toEqual({ key: 'keys.invalidIp' })
  })

  it('asks to fill an empty or blank value, whatever the type', () => {
    expect(checkRestrictionRow(domain(''))).toEqual({ key: 'keys.fillTheField' })
    expect(checkRestrictionRow(ip('   '))).toEqual({ key: 'keys.fillTheField' })
  })

  it('reports the row check through the zod schema, on the value', () => {
    const result = RestrictionRowSchema.safeParse(ip('300.0.0.1'))
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]).toMatchObject({ message: 'keys.invalidIp', path: ['value'] })
  })
})

describe('checkRestrictionList', () => {
  it(`accepts up to ${MAX_RESTRICTION_ROWS} rows`, () => {
    const rows = Array.from({ length: MAX_RESTRICTION_ROWS }, (_, i) => ip(`10.0.${Math.floor(i / 256)}.${i % 256}`))
    expect(checkRestrictionList(rows)).toBeNull()
    expect(RestrictionList.safeParse(rows).success).toBe(true)
  })

  it(`refuses ${MAX_RESTRICTION_ROWS + 1} rows`, () => {
    const rows = Array.from({ length: MAX_RESTRICTION_ROWS + 1 }, () => domain('example.com'))
    expect(checkRestrictionList(rows)).toEqual({ key: 'keys.tooManyRows', params: { max: MAX_RESTRICTION_ROWS } })
    expect(RestrictionList.safeParse(rows).error?.issues[0]?.message).toBe('keys.tooManyRows')
  })

  it('asks for a row when restriction is on and there are none', () => {
    expect(checkRestrictionList([])).toEqual({ key: 'keys.fillTheField' })
    expect(RestrictionList.safeParse([]).error?.issues[0]?.message).toBe('keys.fillTheField')
  })

  it('reports the first bad row', () => {
    expect(checkRestrictionList([domain('example.com'), ip(''), domain('bad domain')])).toEqual({
      key: 'keys.fillTheField',
    })
    expect(checkRestrictionList([domain('example.com'), domain('bad domain')])).toEqual({ key: 'keys.invalidDomain' })
  })
})

describe('restrictionCounts', () => {
  it('counts domain and address rows for the key list', () => {
    expect(restrictionCounts([domain('a.com'), domain('b.com'), ip('192.0.2.1')])).toEqual({ domains: 2, ips: 1 })
    expect(restrictionCounts(null)).toEqual({ domains: 0, ips: 0 })
  })
})
