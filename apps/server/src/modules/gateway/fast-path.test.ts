import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { KeyType, RestrictionRow } from '@app/contract'
import * as contract from '@app/contract'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { call, createUser, freshEmail, signIn, type TestApp, userWithToken, useTestApp } from '../../../test/helpers.ts'

// The cached key check served ahead of Fastify (fast-path.ts) must be indistinguishable from the
// Fastify route: every request below is sent over real HTTP (where the fast path sits) and through
// app.inject() (which always takes Fastify's route), and the answers are compared byte for byte.

interface Answer {
  status: number
  headers: Record<string, string>
  body: string
}

/** Headers that describe the connection or the moment, not the answer. */
const TRANSPORT = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding'])

function answerOf(status: number, headers: Record<string, unknown>, body: string): Answer {
  const kept: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (!TRANSPORT.has(name) && value !== undefined) kept[name] = String(value)
  }
  return { status, headers: kept, body }
}

function overHttp(port: number, method: string, url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: url, headers }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        body += chunk
      })
      res.on('end', () => resolve(answerOf(res.statusCode ?? 0, res.headers, body)))
    })
    req.on('error', reject)
    req.end()
  })
}

async function throughFastify(t: TestApp, method: string, url: string, headers: Record<string, string>) {
  const res = await t.app.inject({ method: method as 'GET', url, headers })
  return answerOf(res.statusCode, res.headers, res.body)
}

describe('the gateway check’s fast path', async () => {
  const t = await useTestApp()
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  const port = (t.app.server.address() as AddressInfo).port
  const bearer = `Bearer ${t.config.gatewayToken}`

  const owner = await createUser(t, { email: freshEmail('fast'), phoneVerified: true })
  const ownerToken = await signIn(t, owner.email)
  async function newKey(type: KeyType, restriction_list: RestrictionRow[] | null) {
    const res = await call(
      t,
      contract.createKey,
      { body: { name: 'Fast path', type, restriction_list } },
      { token: ownerToken },
    )
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body.data
  }
  const open = (await newKey('api_key', null)).key
  const restricted = (
    await newKey('api_key', [
      { type: 'domain', value: 'http*://*.example.com/*' },
      { type: 'ip', value: '203.0.113.0/24' },
    ])
  ).key
  const tiles = (await newKey('maptiles_key', null)).key

  const verifyUrl = (query: Record<string, string>) => `/v1/gateway/verify?${new URLSearchParams(query)}`
  const spy = vi.spyOn(t.ctx.gateway, 'verifyCached')
  afterEach(() => spy.mockClear())

  /** Sends the request both ways, expects the same answer, and says whether the fast path gave it. */
  async function both(method: string, url: string, headers: Record<string, string>) {
    // Through Fastify first: it also fills the cache for a key seen for the first time.
    const viaFastify = await throughFastify(t, method, url, headers)
    spy.mockClear()
    const viaHttp = await overHttp(port, method, url, headers)
    expect(viaHttp).toEqual(viaFastify)
    const served = spy.mock.results.some((result) => result.type === 'return' && result.value !== undefined)
    return { answer: viaHttp, served }
  }

  const cases: [string, string, Record<string, string>][] = [
    ['an allowed call', verifyUrl({ service: 'GEOCODE' }), { 'x-api-key': open }],
    [
      'a restricted key from an allowed page and address',
      verifyUrl({ service: 'GEOCODE', referer: 'https://shop.example.com/map', ip: '203.0.113.7' }),
      { 'x-api-key': restricted },
    ],
    [
      'a restricted key from a foreign page',
      verifyUrl({ service: 'GEOCODE', referer: 'https://evil.test/', ip: '203.0.113.7' }),
      { 'x-api-key': restricted },
    ],
    ['a map-tiles key asked for geocoding', verifyUrl({ service: 'GEOCODE' }), { 'x-api-key': tiles }],
    ['an unknown secret', verifyUrl({ service: 'GEOCODE' }), { 'x-api-key': `mk_${'z'.repeat(40)}` }],
    ['Vietnamese', verifyUrl({ service: 'LOAD_MAP' }), { 'x-api-key': open, 'accept-language': 'vi' }],
    ['Burmese', verifyUrl({ service: 'LOAD_MAP' }), { 'x-api-key': open, 'accept-language': 'my,en;q=0.5' }],
  ]

  it.each(cases)('answers %s from the cache exactly as the route does', async (_, url, headers) => {
    const { answer, served } = await both('GET', url, { authorization: bearer, ...headers })
    expect(answer.status).toBe(200)
    expect(answer.headers['cache-control']).toBe('no-store')
    expect(answer.headers['x-content-type-options']).toBe('nosniff')
    expect(served, 'the fast path answered').toBe(true)
  })

  /** The gateway's token and a cached key: what every refused case below keeps unless it names otherwise. */
  const plain = { authorization: bearer, 'x-api-key': open }
  const refused: [string, string, string, Record<string, string>, number][] = [
    ['no token', 'GET', verifyUrl({ service: 'GEOCODE' }), { 'x-api-key': open }, 401],
    ['a wrong token', 'GET', verifyUrl({ service: 'GEOCODE' }), { ...plain, authorization: 'Bearer not-it' }, 403],
    ['no key', 'GET', verifyUrl({ service: 'GEOCODE' }), { authorization: bearer }, 400],
    ['an unknown service', 'GET', verifyUrl({ service: 'TELEPORT' }), plain, 400],
    ['an unknown field', 'GET', verifyUrl({ service: 'GEOCODE', colour: 'blue' }), plain, 400],
    ['a repeated field', 'GET', '/v1/gateway/verify?service=GEOCODE&ip=1.2.3.4&ip=5.6.7.8', plain, 400],
    ['a trailing slash', 'GET', '/v1/gateway/verify/?service=GEOCODE', plain, 200],
    ['a query cut by a semicolon', 'GET', '/v1/gateway/verify?service=GEOCODE;ip=1.2.3.4', plain, 400],
    ['HEAD', 'HEAD', verifyUrl({ service: 'GEOCODE' }), plain, 200],
  ]

  it.each(refused)('leaves %s to Fastify, with the same answer', async (_, method, url, headers, status) => {
    const { answer, served } = await both(method, url, headers)
    expect(answer.status).toBe(status)
    expect(served, 'Fastify answered').toBe(false)
  })

  // The auth sub-request's form (GET /v1/gateway/authorize, for nginx's auth_request): the verdict in
  // the status and headers, no body.
  const authorizeUrl = (service: string) => `/v1/gateway/authorize?service=${service}`
  const authorizeCases: [string, string, Record<string, string>, number, string, string][] = [
    ['an allowed call', authorizeUrl('GEOCODE'), { 'x-api-key': open }, 204, 'OK', '200'],
    [
      'a restricted key from an allowed page and address',
      authorizeUrl('GEOCODE'),
      { 'x-api-key': restricted, 'x-call-referer': 'https://shop.example.com/map', 'x-call-ip': '203.0.113.7' },
      204,
      'OK',
      '200',
    ],
    [
      'a restricted key from a foreign origin',
      authorizeUrl('LOAD_MAP'),
      { 'x-api-key': restricted, 'x-call-origin': 'https://evil.test', 'x-call-ip': '198.51.100.1' },
      403,
      'ORIGIN_NOT_ALLOWED',
      '403',
    ],
    [
      'a map-tiles key asked for geocoding',
      authorizeUrl('GEOCODE'),
      { 'x-api-key': tiles },
      403,
      'WRONG_KEY_TYPE',
      '403',
    ],
    ['an unknown secret', authorizeUrl('GEOCODE'), { 'x-api-key': `mk_${'z'.repeat(40)}` }, 401, 'NOT_FOUND', '401'],
  ]

  it.each(authorizeCases)(
    'answers the auth sub-request for %s from the cache exactly as the route does',
    async (_, url, headers, status, reason, clientStatus) => {
      const { answer, served } = await both('GET', url, { authorization: bearer, ...headers })
      expect([answer.status, answer.headers['x-gateway-reason'], answer.headers['x-gateway-status']]).toEqual([
        status,
        reason,
        clientStatus,
      ])
      expect(answer.body).toBe('')
      expect(answer.headers['cache-control']).toBe('no-store')
      if (reason !== 'NOT_FOUND') expect(answer.headers['x-gateway-key-id']).toMatch(/^key_/)
      expect(served, 'the fast path answered').toBe(true)
    },
  )

  it('tells a proxy not to keep a verdict that counted the call against a plan quota, and only that one', async () => {
    const admin = await userWithToken(t, ['admin'])
    const plan = await call(
      t,
      contract.createPlan,
      {
        body: {
          name: `Fast path quota ${Date.now()}`,
          price: '1.00',
          request_limit: 50,
          request_limit_duration: 'month',
        },
      },
      { token: admin.token },
    )
    expect(plan.status, JSON.stringify(plan.body)).toBe(201)
    const limited = await createUser(t, { email: freshEmail('fast-quota'), phoneVerified: true })
    const onPlan = await call(
      t,
      contract.changeUserPlan,
      { params: { id: limited.id }, body: { user_plan_id: plan.body.data.id } },
      { token: admin.token },
    )
    expect(onPlan.status, JSON.stringify(onPlan.body)).toBe(200)
    const created = await call(
      t,
      contract.createKey,
      { body: { name: 'Quota counted', type: 'api_key', restriction_list: null } },
      { token: await signIn(t, limited.email) },
    )
    expect(created.status, JSON.stringify(created.body)).toBe(201)

    // Each call is counted, so the two forms' answers differ in what remains: each is checked on its own.
    const headers = { authorization: bearer, 'x-api-key': created.body.data.key }
    const viaRoute = await throughFastify(t, 'GET', authorizeUrl('GEOCODE'), headers)
    expect([viaRoute.status, viaRoute.headers['x-accel-expires']]).toEqual([204, '0'])
    expect(viaRoute.headers['x-gateway-remaining']).toMatch(/^\d+$/)
    // The fast path answers once the key's facts stay cached: on PostgreSQL the notifications of the plan
    // change and the new key may arrive after the route's answer and evict them once more.
    let served = false
    for (let attempt = 0; attempt < 20 && !served; attempt++) {
      spy.mockClear()
      const answer = await overHttp(port, 'GET', authorizeUrl('GEOCODE'), headers)
      expect([answer.status, answer.headers['x-accel-expires']]).toEqual([204, '0'])
      expect(answer.headers['x-gateway-remaining']).toMatch(/^\d+$/)
      served = spy.mock.results.some((r) => r.type === 'return' && r.value !== undefined)
      if (!served) await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(served, 'the fast path answered').toBe(true)

    const unlimited = await both('GET', authorizeUrl('GEOCODE'), { authorization: bearer, 'x-api-key': open })
    expect(unlimited.answer.status).toBe(204)
    expect(unlimited.answer.headers['x-accel-expires']).toBeUndefined()
  })

  it.each([
    ['no key', authorizeUrl('GEOCODE'), { authorization: bearer }, 400],
    ['an unknown service', authorizeUrl('TELEPORT'), { ...plain }, 400],
    ['a field the sub-request does not take', `${authorizeUrl('GEOCODE')}&ip=1.2.3.4`, { ...plain }, 400],
    ['a wrong token', authorizeUrl('GEOCODE'), { ...plain, authorization: 'Bearer not-it' }, 403],
  ] as const)(
    'leaves an auth sub-request with %s to Fastify, with the same answer',
    async (_, url, headers, status) => {
      const { answer, served } = await both('GET', url, headers)
      expect(answer.status).toBe(status)
      expect(served).toBe(false)
    },
  )

  it('leaves the first sight of a key to Fastify, then answers it from the cache', async () => {
    const fresh = (await newKey('api_key', null)).key
    const url = verifyUrl({ service: 'GEOCODE' })
    const headers = { authorization: bearer, 'x-api-key': fresh }
    const first = await overHttp(port, 'GET', url, headers)
    expect(first.status).toBe(200)
    expect(JSON.parse(first.body).data).toMatchObject({ allowed: true, reason: 'OK' })
    expect(spy.mock.results.map((result) => result.value)).toEqual([undefined])
    const { served } = await both('GET', url, headers)
    expect(served).toBe(true)
  })

  it('leaves a call to Fastify when the cached check throws, and the route answers it', async () => {
    spy.mockImplementationOnce(() => {
      throw new Error('a bug in the check')
    })
    const answer = await overHttp(port, 'GET', verifyUrl({ service: 'GEOCODE' }), {
      authorization: bearer,
      'x-api-key': open,
    })
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body).data).toMatchObject({ allowed: true, reason: 'OK' })
    expect(spy.mock.results.map((result) => result.type)).toEqual(['throw'])
  })

  it('sees a suspension as soon as the cache does', async () => {
    const { id, key } = await newKey('api_key', null)
    const url = verifyUrl({ service: 'GEOCODE' })
    const headers = { authorization: bearer, 'x-api-key': key }
    expect(JSON.parse((await both('GET', url, headers)).answer.body).data.reason).toBe('OK')
    const admin = await createUser(t, { email: freshEmail('admin'), roles: ['admin'] })
    const adminToken = await signIn(t, admin.email)
    const res = await call(t, contract.suspendKey, { params: { id } }, { token: adminToken })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    // The suspension evicts the key at once on this instance (the NOTIFY on commit reaches others).
    let reason = ''
    for (let i = 0; i < 100 && reason !== 'KEY_SUSPENDED'; i++) {
      reason = JSON.parse((await overHttp(port, 'GET', url, headers)).body).data.reason
      if (reason !== 'KEY_SUSPENDED') await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect(reason).toBe('KEY_SUSPENDED')
  })
})
