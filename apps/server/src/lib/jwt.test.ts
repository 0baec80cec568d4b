import { createHmac, randomBytes } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import * as contract from '@app/contract'
import { translate } from '@app/contract'
import { decodeJwt, type JWTPayload } from 'jose'
import { describe, expect, it } from 'vitest'
import { call, createUser, freshEmail, freshIp, PASSWORD, signIn, useTestApp } from '../../test/helpers.ts'
import { codeAt } from '../modules/two-factor/totp.ts'
import { deriveKey } from './crypto.ts'
import { verifyJwt } from './jwt.ts'

// The token rules of docs/security.md "Tokens": no JWT without `exp`, none that names its own key or
// certificate (`jku`, `jwk`, `x5u`, `x5c`, `x5t`, `crit`), none with a `kid` where no key set is used.
// Each forged token below is signed with the server's REAL key, so only these rules can refuse it.

type Header = Record<string, unknown>

const FORGERIES: readonly [string, { header?: Header; noExp?: boolean }][] = [
  ['no exp', { noExp: true }],
  ['a jku header', { header: { jku: 'https://evil.example.com/jwks.json' } }],
  ['a jwk header', { header: { jwk: { kty: 'oct', k: 'c2VjcmV0' } } }],
  ['an x5u header', { header: { x5u: 'https://evil.example.com/cert.pem' } }],
  ['an x5c header', { header: { x5c: ['MIIB'] } }],
  ['a kid header', { header: { kid: 'key-1' } }],
  ['a crit header', { header: { crit: ['exp'] } }],
]

/** HS256 by hand, so that any header at all can be signed (jose refuses to sign some of them). */
async function sign(key: Uint8Array, claims: JWTPayload, options: { header?: Header; noExp?: boolean; typ?: string }) {
  const { exp, ...rest } = claims
  const payload = options.noExp ? rest : { ...rest, exp }
  const header = { alg: 'HS256', typ: options.typ ?? 'JWT', ...options.header }
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const input = `${part(header)}.${part(payload)}`
  return `${input}.${createHmac('sha256', key).update(input).digest('base64url')}`
}

describe('verifyJwt', () => {
  const key = new Uint8Array(randomBytes(32))
  const now = new Date('2026-11-02T08:00:00Z')
  const claims = { sub: 'usr_1', exp: Math.floor(now.getTime() / 1000) + 60 }
  const verify = (token: string, kid: 'absent' | 'required' = 'absent') =>
    verifyJwt(token, key, { algorithms: ['HS256'], currentDate: now, kid })

  it('accepts a plain token with an expiry', async () => {
    const { payload } = await verify(await sign(key, claims, {}))
    expect(payload.sub).toBe('usr_1')
  })

  it.each(FORGERIES)('refuses a token with %s', async (_, options) => {
    await expect(verify(await sign(key, claims, options))).rejects.toThrow()
  })

  it('requires a plain kid where a key set is expected', async () => {
    await expect(verify(await sign(key, claims, {}), 'required')).rejects.toThrow()
    await expect(verify(await sign(key, claims, { header: { kid: 'a/../b' } }), 'required')).rejects.toThrow()
    expect((await verify(await sign(key, claims, { header: { kid: 'k-1_A' } }), 'required')).payload.sub).toBe('usr_1')
  })

  it('refuses garbage as a jose error, never another exception', async () => {
    for (const token of ['', 'x', 'a.b.c', '..', `${Buffer.from('{"alg":"HS256"').toString('base64url')}.e30.x`]) {
      await expect(verify(token)).rejects.toHaveProperty('code')
    }
  })

  it('is the only place of the server that verifies a JWT', () => {
    // A new verifier calling jose directly would skip the rules above.
    const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
    const offenders = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== path.join('lib', 'jwt.ts'))
      .filter((file) =>
        /\bjwtVerify\b|\bcompactVerify\b|\bflattenedVerify\b/.test(readFileSync(path.join(src, file), 'utf8')),
      )
    expect(offenders).toEqual([])
  })
})

describe('forged tokens through the API', async () => {
  const t = await useTestApp()

  it.each(FORGERIES)('a session token with %s answers the localised 401', async (_, options) => {
    const user = await createUser(t, { email: freshEmail('forged') })
    const token = await signIn(t, user.email)
    const claims = decodeJwt(token)
    // The genuine claims re-signed with the session key: accepted as they are…
    const genuine = await sign(t.ctx.keys.jwt, claims, {})
    expect((await call(t, contract.getOwnProfile, {}, { token: genuine })).status).toBe(200)
    // …and refused with the forged header or without an expiry.
    const res = await call(
      t,
      contract.getOwnProfile,
      {},
      { token: await sign(t.ctx.keys.jwt, claims, options), lang: 'vi' },
    )
    expect(res.status).toBe(401)
    expect(res.body).toMatchObject({ error_code: '401', message: translate('vi', 'error.tokenInvalid') })
  })

  it.each(FORGERIES)('a two-factor challenge with %s is refused as an invalid challenge', async (_, options) => {
    const user = await createUser(t, { email: freshEmail('challenge') })
    const session = await signIn(t, user.email)
    const secret = (await call(t, contract.generateTwoFactorSecret, {}, { token: session })).body.data.secret_key
    const enable = { code: codeAt(secret, t.clock.now()), secret_key: secret }
    expect((await call(t, contract.enableTwoFactor, { body: enable }, { token: session })).status).toBe(200)
    t.clock.advance(30_000)
    const code = codeAt(secret, t.clock.now())
    const key = new Uint8Array(deriveKey(t.config.secret, 'totp-challenge-hs256'))
    const now = Math.floor(t.clock.now().getTime() / 1000)
    const claims = { sub: user.id, iss: 'maps-portal', aud: 'maps-portal-2fa', iat: now, exp: now + 300 }
    const verifyCode = (token: string) =>
      call(t, contract.verifyTwoFactorCode, { body: { code, token } }, { ip: freshIp(), lang: 'my' })
    // With the right code, the forged challenge is refused…
    const res = await verifyCode(await sign(key, claims, { ...options, typ: 'mfa-challenge+jwt' }))
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({
      error_code: 'TOKEN_EXPIRED',
      message: translate('my', 'twoFactor.challengeInvalid'),
    })
    // …and the genuine form of it opens the session.
    expect((await verifyCode(await sign(key, claims, { typ: 'mfa-challenge+jwt' }))).status).toBe(200)
  })

  it('a password sign-in still works (the rules refuse nothing the server itself issues)', async () => {
    const user = await createUser(t, { email: freshEmail('plain') })
    const res = await call(t, contract.login, { body: { email: user.email, password: PASSWORD } }, { ip: freshIp() })
    expect(res.status).toBe(200)
  })
})
