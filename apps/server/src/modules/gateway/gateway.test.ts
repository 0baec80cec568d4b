import { createHash, randomBytes } from 'node:crypto'
import * as contract from '@app/contract'
import {
  compileRestrictions,
  type KeyType,
  type RestrictionRow,
  SERVICE_TYPES,
  type ServiceType,
  type VerifyResult,
} from '@app/contract'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  call,
  createUser,
  errorEnvelope,
  freshEmail,
  setUser,
  signIn,
  type TestApp,
  usePeerApp,
  userWithToken,
  useTestApp,
} from '../../../test/helpers.ts'
import { keys } from '../../db/schema/index.ts'
import { announceChange } from './gateway.ts'

// The gateway's key check (docs/requirements.md §6.1, docs/gateway.md): who may ask, every reason in the order decide.ts
// applies them, and how quickly changes reach the in-memory cache, on one instance and across two.

type VerifyBody = { key: string; service: ServiceType; origin?: string; referer?: string; ip?: string }

/** Polls until `accept` holds or `timeoutMs` passes, and returns the last answer either way. */
async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 2000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (accept(value) || Date.now() > deadline) return value
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex')

/**
 * Waits until `app` has heard every change announced so far. NOTIFY reaches a listener in commit
 * order, so once a marker announced now has evicted its cache entry, every earlier one has arrived too.
 */
async function quiesce(app: TestApp) {
  const marker = `key_marker${randomBytes(6).toString('hex')}`
  const now = () => app.clock.now().getTime()
  app.ctx.gateway.cache.set(
    marker,
    {
      keyId: marker,
      userId: marker,
      type: 'api_key',
      keyStatus: 'active',
      deleted: false,
      secretExpiresAt: null,
      userStatus: 'active',
      userVerified: true,
      checkBalance: false,
      balancePositive: false,
      matcher: compileRestrictions(null),
      services: null,
      capBlockedUntil: null,
      plan: null,
    },
    now(),
  )
  await announceChange(app.ctx.db, { key: marker })
  const heard = await eventually(
    async () => app.ctx.gateway.cache.get(marker, now()) === undefined,
    (gone) => gone,
  )
  expect(heard, 'the marker announcement arrived').toBe(true)
}

describe('gateway', async () => {
  const t = await useTestApp()
  const admin = await userWithToken(t, ['admin'])

  async function customer(options: Parameters<typeof createUser>[1] = {}) {
    const user = await createUser(t, { email: freshEmail('customer'), phoneVerified: true, ...options })
    return { user, token: await signIn(t, user.email) }
  }

  async function newKey(
    token: string,
    body: {
      type?: KeyType
      restriction_list?: RestrictionRow[] | null
      user_id?: string
      services?: ServiceType[] | null
    } = {},
  ) {
    const res = await call(
      t,
      contract.createKey,
      { body: { name: 'Gateway test', type: 'api_key', restriction_list: null, ...body } },
      { token },
    )
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body.data
  }

  /** Asks both forms of the check, POST with a body and GET with a header, and expects one answer. */
  async function verifyOn(app: TestApp, body: VerifyBody): Promise<VerifyResult> {
    const res = await call(app, contract.gatewayVerify, { body }, { token: app.config.gatewayToken })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const { key, ...query } = body
    const viaGet = await call(
      app,
      contract.gatewayVerifyGet,
      { query },
      { token: app.config.gatewayToken, headers: { 'x-api-key': key } },
    )
    expect(viaGet.status, JSON.stringify(viaGet.body)).toBe(200)
    expect(viaGet.body.data, 'the GET form answers what the POST form answers').toEqual(res.body.data)
    return contract.VerifyResult.parse(res.body.data)
  }

  const verify = (key: string, service: ServiceType = 'GEOCODE', extra: Omit<VerifyBody, 'key' | 'service'> = {}) =>
    verifyOn(t, { key, service, ...extra })

  /** A change made behind the API's back, then announced the way the services do it. */
  async function changeUser(userId: string, changes: Parameters<typeof setUser>[2]) {
    await setUser(t, userId, changes)
    await announceChange(t.ctx.db, { user: userId })
  }

  describe('who may ask', () => {
    const body = { key: `mk_${'x'.repeat(40)}`, service: 'GEOCODE' as const }

    it('refuses a call without a token with 401', async () => {
      const res = await call(t, contract.gatewayVerify, { body })
      expect(res.status).toBe(401)
      expect(errorEnvelope(res.body).error_code).toBe('401')
    })

    it('refuses a signed-in user’s session token with 403', async () => {
      for (const token of [admin.token, (await customer()).token]) {
        const res = await call(t, contract.gatewayVerify, { body }, { token })
        expect(res.status).toBe(403)
        expect(errorEnvelope(res.body).error_code).toBe('FORBIDDEN')
      }
    })

    it('refuses a wrong gateway token with 403', async () => {
      for (const token of [`${t.config.gatewayToken}x`, t.config.gatewayToken.slice(0, -1), 'nope']) {
        const res = await call(t, contract.gatewayVerify, { body }, { token })
        expect(res.status, token).toBe(403)
        expect(errorEnvelope(res.body).error_code).toBe('FORBIDDEN')
      }
    })

    it('refuses a token that is not sent as a bearer token', async () => {
      const res = await call(
        t,
        contract.gatewayVerify,
        { body },
        { headers: { authorization: `Basic ${t.config.gatewayToken}` } },
      )
      expect(res.status).toBe(401)
    })

    it('asks the GET form for its key in X-Api-Key, and a known service, in the caller’s language', async () => {
      const token = t.config.gatewayToken
      const noKey = await call(t, contract.gatewayVerifyGet, { query: { service: 'GEOCODE' } }, { token })
      expect(noKey.status).toBe(400)
      expect(errorEnvelope(noKey.body)).toMatchObject({ error_code: 'VALIDATION', message: 'x-api-key is required' })
      const headers = { 'x-api-key': body.key }
      const badService = await call(
        t,
        contract.gatewayVerifyGet,
        { query: { service: 'TELEPORT' as string as ServiceType } },
        { token, headers },
      )
      expect(badService.status).toBe(400)
      // A key in the query string is refused rather than read: it would end up in access logs.
      const keyInUrl = await call(
        t,
        contract.gatewayVerifyGet,
        { query: { service: 'GEOCODE', key: body.key } },
        { token, headers },
      )
      expect(keyInUrl.status).toBe(400)
      expect(errorEnvelope(keyInUrl.body).error_code).toBe('VALIDATION')
      const anonymous = await call(t, contract.gatewayVerifyGet, { query: { service: 'GEOCODE' } }, { headers })
      expect(anonymous.status).toBe(401)
      const customerToken = (await customer()).token
      const asCustomer = await call(
        t,
        contract.gatewayVerifyGet,
        { query: { service: 'GEOCODE' } },
        { token: customerToken, headers },
      )
      expect(asCustomer.status).toBe(403)
    })

    it('answers the gateway token, and keeps answering during maintenance', async () => {
      expect((await verify(body.key)).reason).toBe('NOT_FOUND')
      const on = await call(t, contract.setMaintenance, { body: { enabled: true } }, { token: admin.token })
      expect(on.status).toBe(200)
      try {
        expect((await verify(body.key)).reason).toBe('NOT_FOUND')
      } finally {
        await call(t, contract.setMaintenance, { body: { enabled: false } }, { token: admin.token })
      }
    })
  })

  describe('reasons, in the order they are checked', () => {
    it('OK: an active key of an active, verified user, with its ids and the default (unlimited) plan', async () => {
      const { user, token } = await customer()
      const key = await newKey(token)
      expect(await verify(key.key)).toEqual({
        allowed: true,
        reason: 'OK',
        key_id: key.id,
        user_id: user.id,
        plan: { request_limit: null, load_limit: null, durations: { request: null, load: null } },
        remaining: null,
      })
    })

    it('NOT_FOUND: a secret no key has, and tells nothing about any key', async () => {
      const { token } = await customer()
      const key = await newKey(token)
      // The same key with one character changed.
      const forged = `${key.key.slice(0, -1)}${key.key.endsWith('A') ? 'B' : 'A'}`
      for (const secret of [forged, `mk_${'0'.repeat(40)}`, 'x']) {
        expect(await verify(secret)).toEqual({
          allowed: false,
          reason: 'NOT_FOUND',
          key_id: null,
          user_id: null,
          plan: null,
          remaining: null,
        })
      }
    })

    it('DELETED comes before KEY_SUSPENDED', async () => {
      const { token } = await customer()
      const key = await newKey(token)
      await call(t, contract.suspendKey, { params: { id: key.id } }, { token: admin.token })
      expect((await verify(key.key)).reason).toBe('KEY_SUSPENDED')
      await call(t, contract.deleteKey, { params: { id: key.id }, body: {} }, { token })
      expect(await verify(key.key)).toMatchObject({ allowed: false, reason: 'DELETED', key_id: key.id })
    })

    it('KEY_SUSPENDED comes before USER_SUSPENDED', async () => {
      const { user, token } = await customer()
      const key = await newKey(token)
      await call(t, contract.suspendKey, { params: { id: key.id } }, { token: admin.token })
      await changeUser(user.id, { status: 'suspended' })
      expect(
        (
          await eventually(
            () => verify(key.key),
            (r) => r.reason !== 'OK',
          )
        ).reason,
      ).toBe('KEY_SUSPENDED')
      await call(t, contract.unsuspendKey, { params: { id: key.id } }, { token: admin.token })
      expect((await verify(key.key)).reason).toBe('USER_SUSPENDED')
    })

    it('USER_SUSPENDED for every key of a suspended user, until the account is active again', async () => {
      const { user, token } = await customer()
      const first = await newKey(token)
      const second = await newKey(token, { type: 'maptiles_key' })
      expect((await verify(first.key)).reason).toBe('OK')
      expect((await verify(second.key, 'LOAD_MAP')).reason).toBe('OK')

      await changeUser(user.id, { status: 'suspended' })
      const suspended = await eventually(
        () => verify(first.key),
        (r) => r.reason !== 'OK',
      )
      expect(suspended).toMatchObject({ allowed: false, reason: 'USER_SUSPENDED', user_id: user.id })
      expect(
        (
          await eventually(
            () => verify(second.key, 'LOAD_MAP'),
            (r) => r.reason !== 'OK',
          )
        ).reason,
      ).toBe('USER_SUSPENDED')

      await changeUser(user.id, { status: 'active' })
      expect(
        (
          await eventually(
            () => verify(first.key),
            (r) => r.reason === 'OK',
          )
        ).reason,
      ).toBe('OK')
    })

    it('USER_SUSPENDED comes before UNVERIFIED', async () => {
      const { user, token } = await customer()
      const key = await newKey(token)
      await changeUser(user.id, { status: 'suspended', emailVerifiedAt: null })
      expect(
        (
          await eventually(
            () => verify(key.key),
            (r) => r.reason !== 'OK',
          )
        ).reason,
      ).toBe('USER_SUSPENDED')
    })

    it('UNVERIFIED: a key staff made for an account that is not verified yet, until it is', async () => {
      const { user } = await customer({ verified: false, phone: null })
      const key = await newKey(admin.token, { user_id: user.id })
      expect(await verify(key.key)).toMatchObject({ allowed: false, reason: 'UNVERIFIED', user_id: user.id })
      await changeUser(user.id, { emailVerifiedAt: t.clock.now() })
      expect(
        (
          await eventually(
            () => verify(key.key),
            (r) => r.reason === 'OK',
          )
        ).reason,
      ).toBe('OK')
    })

    it('UNVERIFIED comes before WRONG_KEY_TYPE', async () => {
      const { user } = await customer({ verified: false })
      const key = await newKey(admin.token, { user_id: user.id, type: 'maptiles_key' })
      expect((await verify(key.key, 'GEOCODE')).reason).toBe('UNVERIFIED')
    })

    it.each(SERVICE_TYPES.map((s) => [s] as const))(
      'WRONG_KEY_TYPE: a map-tiles key serves %s only if it draws maps; an API key serves it',
      async (service) => {
        const { token } = await customer()
        const tiles = await newKey(token, { type: 'maptiles_key' })
        const api = await newKey(token, { type: 'api_key' })
        const expected = service === 'LOAD_MAP' || service === 'STATIC_MAP' ? 'OK' : 'WRONG_KEY_TYPE'
        expect(await verify(tiles.key, service)).toMatchObject({
          allowed: expected === 'OK',
          reason: expected,
          key_id: tiles.id,
        })
        expect((await verify(api.key, service)).reason).toBe('OK')
      },
    )

    it('WRONG_KEY_TYPE comes before the restrictions', async () => {
      const { token } = await customer()
      const key = await newKey(token, {
        type: 'maptiles_key',
        restriction_list: [{ type: 'ip', value: '203.0.113.7' }],
      })
      expect((await verify(key.key, 'DIRECTION', { ip: '198.51.100.1' })).reason).toBe('WRONG_KEY_TYPE')
      expect((await verify(key.key, 'LOAD_MAP', { ip: '198.51.100.1' })).reason).toBe('IP_NOT_ALLOWED')
    })

    describe('SERVICE_NOT_ALLOWED: a key limited to some services', () => {
      it('serves the services in its scope only, after the type and before the restrictions', async () => {
        const { token } = await customer()
        const key = await newKey(token, {
          services: ['GEOCODE', 'REVERSE_GEOCODE'],
          restriction_list: [{ type: 'ip', value: '203.0.113.7' }],
        })
        expect(key.services).toEqual(['GEOCODE', 'REVERSE_GEOCODE'])
        const inside = { ip: '203.0.113.7' }
        expect((await verify(key.key, 'GEOCODE', inside)).reason).toBe('OK')
        expect((await verify(key.key, 'REVERSE_GEOCODE', inside)).reason).toBe('OK')
        expect((await verify(key.key, 'LOAD_MAP', inside)).reason).toBe('SERVICE_NOT_ALLOWED')
        // Out of scope is said before a restriction that would also refuse.
        expect((await verify(key.key, 'DIRECTION', { ip: '198.51.100.1' })).reason).toBe('SERVICE_NOT_ALLOWED')
        expect((await verify(key.key, 'GEOCODE', { ip: '198.51.100.1' })).reason).toBe('IP_NOT_ALLOWED')
      })

      it('follows an edit of the scope at once, keeps it when an edit leaves it out, and lifts it with null', async () => {
        const { token } = await customer()
        const key = await newKey(token, { services: ['LOAD_MAP'] })
        expect((await verify(key.key, 'GEOCODE')).reason).toBe('SERVICE_NOT_ALLOWED')
        const edit = (services?: ServiceType[] | null) =>
          call(
            t,
            contract.updateKey,
            { params: { id: key.id }, body: { name: 'Scoped', restriction_list: null, services } },
            { token },
          )
        expect((await edit(['GEOCODE'])).status).toBe(200)
        expect((await verify(key.key, 'GEOCODE')).reason).toBe('OK')
        expect((await verify(key.key, 'LOAD_MAP')).reason).toBe('SERVICE_NOT_ALLOWED')
        const kept = await edit(undefined)
        expect(kept.body.data?.services).toEqual(['GEOCODE'])
        expect((await edit(null)).body.data?.services).toBeNull()
        expect((await verify(key.key, 'LOAD_MAP')).reason).toBe('OK')
      })

      it('refuses a scope that is empty, repeats a service, or names one the key type cannot call', async () => {
        const { token } = await customer()
        const create = (type: 'api_key' | 'maptiles_key', services: ServiceType[]) =>
          call(
            t,
            contract.createKey,
            { body: { name: 'Bad scope', type, restriction_list: null, services } },
            { token },
          )
        for (const [type, services, message] of [
          ['api_key', [], 'keys.servicesEmpty'],
          ['api_key', ['GEOCODE', 'GEOCODE'], 'keys.servicesRepeated'],
          ['maptiles_key', ['LOAD_MAP', 'GEOCODE'], 'keys.servicesNotForType'],
        ] as const) {
          const res = await create(type, [...services])
          expect(res.status, JSON.stringify(res.body)).toBe(400)
          expect(JSON.stringify(res.body)).toContain('services')
          // Said in the caller's words, not as the message's key.
          expect(JSON.stringify(res.body)).toContain(contract.translate('en', message))
        }
        const tiles = await newKey(token, { type: 'maptiles_key', services: ['STATIC_MAP'] })
        const edit = await call(
          t,
          contract.updateKey,
          { params: { id: tiles.id }, body: { name: 'Tiles', restriction_list: null, services: ['GEOCODE'] } },
          { token },
        )
        expect(edit.status, JSON.stringify(edit.body)).toBe(400)
        expect((await verify(tiles.key, 'LOAD_MAP')).reason).toBe('SERVICE_NOT_ALLOWED')
        expect((await verify(tiles.key, 'STATIC_MAP')).reason).toBe('OK')
      })
    })

    describe('ORIGIN_NOT_ALLOWED and IP_NOT_ALLOWED', () => {
      const mixed: RestrictionRow[] = [
        { type: 'domain', value: 'https://*.example.com/*' },
        { type: 'ip', value: '203.0.113.0/24' },
      ]

      it.each([
        ['a page on an allowed site', { referer: 'https://maps.example.com/shop?x=1' }, 'OK'],
        ['an allowed origin without a referer', { origin: 'https://a.b.example.com' }, 'OK'],
        ['a page on another site', { referer: 'https://example.org/' }, 'ORIGIN_NOT_ALLOWED'],
        ['the bare domain the wildcard does not cover', { referer: 'https://example.com/' }, 'ORIGIN_NOT_ALLOWED'],
        ['plain http where https is required', { referer: 'http://maps.example.com/' }, 'ORIGIN_NOT_ALLOWED'],
        ['an allowed address without a page', { ip: '203.0.113.200' }, 'OK'],
        ['an IPv4-mapped allowed address', { ip: '::ffff:203.0.113.9' }, 'OK'],
        ['another address without a page', { ip: '198.51.100.1' }, 'IP_NOT_ALLOWED'],
        ['neither page nor address', {}, 'IP_NOT_ALLOWED'],
        ['a foreign page from an allowed address', { referer: 'https://evil.test/', ip: '203.0.113.5' }, 'OK'],
        [
          'a foreign page from a foreign address',
          { referer: 'https://evil.test/', ip: '198.51.100.1' },
          'ORIGIN_NOT_ALLOWED',
        ],
      ] as const)('with domain and IP rows: %s → %s', async (_, request, expected) => {
        const { token } = await customer()
        const key = await newKey(token, { restriction_list: mixed })
        expect(await verify(key.key, 'GEOCODE', request)).toMatchObject({
          allowed: expected === 'OK',
          reason: expected,
        })
      })

      it('with domain rows only, a call without a page is an origin refusal', async () => {
        const { token } = await customer()
        const key = await newKey(token, { restriction_list: [{ type: 'domain', value: 'http*://example.com/app/*' }] })
        expect((await verify(key.key, 'GEOCODE', { referer: 'http://example.com/app/page' })).reason).toBe('OK')
        expect((await verify(key.key, 'GEOCODE', { referer: 'https://example.com/other' })).reason).toBe(
          'ORIGIN_NOT_ALLOWED',
        )
        expect((await verify(key.key, 'GEOCODE', { ip: '203.0.113.1' })).reason).toBe('ORIGIN_NOT_ALLOWED')
      })

      it('with IP rows only, a page from a foreign address is an address refusal', async () => {
        const { token } = await customer()
        const key = await newKey(token, { restriction_list: [{ type: 'ip', value: '203.0.113.7' }] })
        expect((await verify(key.key, 'GEOCODE', { ip: '203.0.113.7' })).reason).toBe('OK')
        expect((await verify(key.key, 'GEOCODE', { referer: 'https://example.com/', ip: '203.0.113.8' })).reason).toBe(
          'IP_NOT_ALLOWED',
        )
      })
    })

    it('NO_BALANCE only when the balance is checked and not positive, after the restrictions', async () => {
      const { user, token } = await customer()
      const key = await newKey(token, { restriction_list: [{ type: 'ip', value: '203.0.113.7' }] })
      const allowedIp = { ip: '203.0.113.7' }
      expect((await verify(key.key, 'GEOCODE', allowedIp)).reason).toBe('OK')

      await changeUser(user.id, { checkBalance: true })
      expect(
        (
          await eventually(
            () => verify(key.key, 'GEOCODE', allowedIp),
            (r) => r.reason !== 'OK',
          )
        ).reason,
      ).toBe('NO_BALANCE')
      expect((await verify(key.key, 'GEOCODE', { ip: '198.51.100.1' })).reason).toBe('IP_NOT_ALLOWED')

      await changeUser(user.id, { balanceCents: 1n })
      expect(
        (
          await eventually(
            () => verify(key.key, 'GEOCODE', allowedIp),
            (r) => r.reason === 'OK',
          )
        ).reason,
      ).toBe('OK')
      await changeUser(user.id, { balanceCents: 0n })
      expect(
        (
          await eventually(
            () => verify(key.key, 'GEOCODE', allowedIp),
            (r) => r.reason !== 'OK',
          )
        ).reason,
      ).toBe('NO_BALANCE')
      await changeUser(user.id, { checkBalance: false })
      expect(
        (
          await eventually(
            () => verify(key.key, 'GEOCODE', allowedIp),
            (r) => r.reason === 'OK',
          )
        ).reason,
      ).toBe('OK')
    })
  })

  describe('the cache', () => {
    it('answers from memory until a change is announced', async () => {
      const { token } = await customer()
      const key = await newKey(token)
      // The key's creation was announced too: let that arrive before relying on what is cached.
      await quiesce(t)
      expect((await verify(key.key)).reason).toBe('OK')
      expect(t.ctx.gateway.cache.get(hashOf(key.key), t.clock.now().getTime())).toMatchObject({ keyId: key.id })
      // Behind the API's back and unannounced: the cached answer stands…
      await t.ctx.db.update(keys).set({ status: 'suspended' }).where(eq(keys.id, key.id))
      expect((await verify(key.key)).reason).toBe('OK')
      // …until the change is announced.
      await announceChange(t.ctx.db, { key: key.id })
      expect(
        (
          await eventually(
            () => verify(key.key),
            (r) => r.reason !== 'OK',
          )
        ).reason,
      ).toBe('KEY_SUSPENDED')
    })

    it('forgets a cached answer after five minutes even without an announcement', async () => {
      const { token } = await customer()
      const key = await newKey(token)
      await quiesce(t)
      expect((await verify(key.key)).reason).toBe('OK')
      await t.ctx.db.update(keys).set({ status: 'suspended' }).where(eq(keys.id, key.id))
      t.clock.advance(5 * 60_000)
      expect((await verify(key.key)).reason).toBe('OK')
      t.clock.advance(1)
      expect((await verify(key.key)).reason).toBe('KEY_SUSPENDED')
    })

    it('reflects the owner’s edits, deletion and rolls, and an administrator’s suspension, at the next call', async () => {
      const { token } = await customer()
      const key = await newKey(token)
      const params = { id: key.id }
      const fromElsewhere = { ip: '198.51.100.1' }
      expect((await verify(key.key, 'GEOCODE', fromElsewhere)).reason).toBe('OK')

      const edited = await call(
        t,
        contract.updateKey,
        { params, body: { name: 'Locked down', restriction_list: [{ type: 'ip', value: '203.0.113.7' }] } },
        { token },
      )
      expect(edited.status).toBe(200)
      expect((await verify(key.key, 'GEOCODE', fromElsewhere)).reason).toBe('IP_NOT_ALLOWED')
      expect((await verify(key.key, 'GEOCODE', { ip: '203.0.113.7' })).reason).toBe('OK')

      await call(t, contract.updateKey, { params, body: { name: 'Open', restriction_list: null } }, { token })
      expect((await verify(key.key, 'GEOCODE', fromElsewhere)).reason).toBe('OK')

      await call(t, contract.suspendKey, { params }, { token: admin.token })
      expect((await verify(key.key)).reason).toBe('KEY_SUSPENDED')
      await call(t, contract.unsuspendKey, { params }, { token: admin.token })
      expect((await verify(key.key)).reason).toBe('OK')

      const rolled = await call(t, contract.rollKey, { params, body: { grace_hours: 0 } }, { token })
      expect(rolled.status).toBe(200)
      expect((await verify(key.key)).reason).toBe('NOT_FOUND')
      expect((await verify(rolled.body.data.key)).reason).toBe('OK')

      await call(t, contract.deleteKey, { params, body: {} }, { token })
      expect((await verify(rolled.body.data.key)).reason).toBe('DELETED')
    })

    it('forgets every cached secret of a user when the account changes', async () => {
      const { user, token } = await customer()
      const keysOfUser = [await newKey(token), await newKey(token), await newKey(token)]
      for (const key of keysOfUser) expect((await verify(key.key)).reason).toBe('OK')
      await changeUser(user.id, { status: 'suspended' })
      for (const key of keysOfUser) {
        expect(
          (
            await eventually(
              () => verify(key.key),
              (r) => r.reason !== 'OK',
            )
          ).reason,
        ).toBe('USER_SUSPENDED')
      }
    })

    it('answers many parallel checks of one key alike', async () => {
      const { token } = await customer()
      const key = await newKey(token)
      const answers = await Promise.all(Array.from({ length: 20 }, () => verify(key.key)))
      expect(new Set(answers.map((a) => `${a.reason}:${a.key_id}`))).toEqual(new Set([`OK:${key.id}`]))
    })
  })

  describe('two instances on one database', async () => {
    // On PostgreSQL the second instance has its own pool and LISTEN connection to the same database;
    // on PGlite (in memory, one embedded session) it shares the first one's Database object, and the
    // NOTIFY reaches both instances' listeners. Either way each instance keeps its own cache.
    const peer = await usePeerApp(t)
    // docs/gateway.md "Caching": a change reaches every instance within a second.
    const PROPAGATION_MS = 1000

    it('are two apps with caches of their own', () => {
      expect(peer.app).not.toBe(t.app)
      expect(peer.ctx.gateway).not.toBe(t.ctx.gateway)
      expect(peer.ctx.gateway.cache).not.toBe(t.ctx.gateway.cache)
    })

    it('a deletion through instance A reaches instance B’s cache', async () => {
      const { token } = await customer()
      const key = await newKey(token)
      const body = { key: key.key, service: 'GEOCODE' as const }
      expect((await verifyOn(t, body)).reason).toBe('OK')
      await quiesce(peer)
      expect((await verifyOn(peer, body)).reason).toBe('OK')
      // B answers from its own cache from now on, until it hears of a change.
      expect(peer.ctx.gateway.cache.get(hashOf(key.key), peer.clock.now().getTime())).toMatchObject({ keyId: key.id })

      const deleted = await call(t, contract.deleteKey, { params: { id: key.id }, body: {} }, { token })
      expect(deleted.status).toBe(200)
      const seen = await eventually(
        () => verifyOn(peer, body),
        (r) => r.reason === 'DELETED',
        PROPAGATION_MS,
      )
      expect(seen.reason).toBe('DELETED')
      expect((await verifyOn(t, body)).reason).toBe('DELETED')
    })

    it('a suspension through instance B reaches instance A’s cache, and so does reactivation', async () => {
      const { token } = await customer()
      const key = await newKey(token)
      const body = { key: key.key, service: 'GEOCODE' as const }
      await quiesce(t)
      expect((await verifyOn(t, body)).reason).toBe('OK')
      expect(t.ctx.gateway.cache.get(hashOf(key.key), t.clock.now().getTime())).toMatchObject({ keyId: key.id })
      expect((await verifyOn(peer, body)).reason).toBe('OK')

      const res = await call(peer, contract.suspendKey, { params: { id: key.id } }, { token: admin.token })
      expect(res.status).toBe(200)
      const seen = await eventually(
        () => verifyOn(t, body),
        (r) => r.reason === 'KEY_SUSPENDED',
        PROPAGATION_MS,
      )
      expect(seen.reason).toBe('KEY_SUSPENDED')

      await call(peer, contract.unsuspendKey, { params: { id: key.id } }, { token: admin.token })
      expect(
        (
          await eventually(
            () => verifyOn(t, body),
            (r) => r.reason === 'OK',
            PROPAGATION_MS,
          )
        ).reason,
      ).toBe('OK')
    })

    it('an edit and a roll through A reach B', async () => {
      const { token } = await customer()
      const key = await newKey(token)
      const body = { key: key.key, service: 'GEOCODE' as const, ip: '198.51.100.1' }
      await quiesce(peer)
      expect((await verifyOn(peer, body)).reason).toBe('OK')

      await call(
        t,
        contract.updateKey,
        {
          params: { id: key.id },
          body: { name: 'Office only', restriction_list: [{ type: 'ip', value: '10.0.0.0/8' }] },
        },
        { token },
      )
      expect(
        (
          await eventually(
            () => verifyOn(peer, body),
            (r) => r.reason === 'IP_NOT_ALLOWED',
            PROPAGATION_MS,
          )
        ).reason,
      ).toBe('IP_NOT_ALLOWED')

      const inside = { ...body, ip: '10.1.2.3' }
      expect((await verifyOn(peer, inside)).reason).toBe('OK')
      await call(t, contract.rollKey, { params: { id: key.id }, body: { grace_hours: 0 } }, { token })
      expect(
        (
          await eventually(
            () => verifyOn(peer, inside),
            (r) => r.reason === 'NOT_FOUND',
            PROPAGATION_MS,
          )
        ).reason,
      ).toBe('NOT_FOUND')
    })

    it('a user change announced on A reaches B', async () => {
      const { user, token } = await customer()
      const key = await newKey(token)
      const body = { key: key.key, service: 'GEOCODE' as const }
      await quiesce(peer)
      expect((await verifyOn(peer, body)).reason).toBe('OK')
      await changeUser(user.id, { status: 'suspended' })
      expect(
        (
          await eventually(
            () => verifyOn(peer, body),
            (r) => r.reason === 'USER_SUSPENDED',
            PROPAGATION_MS,
          )
        ).reason,
      ).toBe('USER_SUSPENDED')
    })

    it('a plan change through A reaches B’s answers', async () => {
      const { user, token } = await customer()
      const key = await newKey(token)
      const body = { key: key.key, service: 'GEOCODE' as const }
      // One form only: each answer OK counts against the plan, so two forms would differ in `remaining`.
      const verifyOnce = async (app: TestApp, input: VerifyBody) =>
        (await call(app, contract.gatewayVerify, { body: input }, { token: app.config.gatewayToken })).body.data
      const planBody = {
        name: `Propagation ${Date.now()}`,
        request_limit: 1000,
        request_limit_duration: 'day' as const,
      }
      const plan = await call(t, contract.createPlan, { body: planBody }, { token: admin.token })
      expect(plan.status, JSON.stringify(plan.body)).toBe(201)
      const moved = await call(
        t,
        contract.changeUserPlan,
        { params: { id: user.id }, body: { user_plan_id: plan.body.data.id } },
        { token: admin.token },
      )
      expect(moved.status, JSON.stringify(moved.body)).toBe(200)
      const before = await eventually(
        () => verifyOnce(peer, body),
        (r) => r.plan?.request_limit === 1000,
        PROPAGATION_MS,
      )
      expect(before.plan?.request_limit).toBe(1000)

      const updated = await call(
        t,
        contract.updatePlan,
        { params: { id: plan.body.data.id }, body: { ...planBody, request_limit: 5 } },
        { token: admin.token },
      )
      expect(updated.status, JSON.stringify(updated.body)).toBe(200)
      const after = await eventually(
        () => verifyOnce(peer, body),
        (r) => r.plan?.request_limit === 5,
        PROPAGATION_MS,
      )
      expect(after.plan?.request_limit).toBe(5)
    })

    it('a balance credit through A reaches B’s answers', async () => {
      const { user, token } = await customer()
      const key = await newKey(token)
      const body = { key: key.key, service: 'GEOCODE' as const }
      const flag = await call(t, contract.changeCheckBalance, { params: { id: user.id } }, { token: admin.token })
      expect(flag.status, JSON.stringify(flag.body)).toBe(200)
      expect(
        (
          await eventually(
            () => verifyOn(peer, body),
            (r) => r.reason === 'NO_BALANCE',
            PROPAGATION_MS,
          )
        ).reason,
      ).toBe('NO_BALANCE')
      const credited = await call(
        t,
        contract.addBalance,
        { params: { id: user.id }, body: { amount: '10.00', description: 'Propagation test' } },
        { token: admin.token },
      )
      expect(credited.status, JSON.stringify(credited.body)).toBe(200)
      expect(
        (
          await eventually(
            () => verifyOn(peer, body),
            (r) => r.reason === 'OK',
            PROPAGATION_MS,
          )
        ).reason,
      ).toBe('OK')
    })

    it('a rate setting’s new path through A classifies B’s usage', async () => {
      const { token } = await customer()
      const key = await newKey(token)
      const settings = await call(t, contract.listRateSettings, { query: {} }, { token: admin.token })
      const geocode = settings.body.data.find((row) => row.type === 'GEOCODE')
      if (!geocode) throw new Error('no common GEOCODE setting')
      // A request path is the setting's prefix, one of its paths, then its subpath.
      const segment = `/propagation-${Date.now().toString(36)}`
      const path = `${geocode.prefix.replace(/\/+$/, '')}${segment}${geocode.subpath ?? ''}/search`
      let batches = 0
      const report = async () =>
        (
          await call(
            peer,
            contract.gatewayUsage,
            {
              body: {
                batch_id: `propagation-${Date.now()}-${batches++}`,
                events: [{ key: key.key, path, at: peer.clock.now().toISOString(), status: 200, latency_ms: 5 }],
              },
            },
            { token: peer.config.gatewayToken },
          )
        ).body.data
      // B has read the paths (and keeps them): the new one is not among them yet.
      expect(await report()).toMatchObject({ accepted: 1, unclassified: 1 })
      const changed = await call(
        t,
        contract.updateRateSetting,
        {
          params: { id: geocode.id },
          body: {
            rate: geocode.rate,
            free: geocode.free,
            prefix: geocode.prefix,
            paths: `${geocode.paths},${segment}`,
            subpath: geocode.subpath,
            is_new: geocode.is_new,
          },
        },
        { token: admin.token },
      )
      expect(changed.status, JSON.stringify(changed.body)).toBe(200)
      const seen = await eventually(report, (data) => data.unclassified === 0 && data.accepted === 1, PROPAGATION_MS)
      expect(seen).toMatchObject({ accepted: 1, unclassified: 0 })
    })
  })
})
