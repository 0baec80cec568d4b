import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import * as contract from '@app/contract'
import { translate } from '@app/contract'
import { and, eq } from 'drizzle-orm'
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose'
import { afterAll, describe, expect, it } from 'vitest'
import { call, createTestApp, createUser, freshEmail, freshIp, PASSWORD, setUser } from '../../../test/helpers.ts'
import { userIdentities } from '../../db/schema/index.ts'
import { codeAt } from '../two-factor/totp.ts'

// Google and Facebook sign-in against a local stand-in: one HTTP server that publishes a JWKS (our own
// key pair) and answers the Graph API's debug_token and /me for tokens the test registers.

const CLIENT_ID = 'portal-client.apps.googleusercontent.com'
const APP_ID = '4242'
const APP_SECRET = 'facebook-app-secret'

interface FbToken {
  userId: string
  appId?: string
  valid?: boolean
  profile: { id?: string; name?: string; email?: string; first_name?: string; last_name?: string }
}

const { publicKey, privateKey } = await generateKeyPair('RS256')
const { privateKey: strangerKey } = await generateKeyPair('RS256')
const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' }
const fbTokens = new Map<string, FbToken>()
let graphHits: string[] = []

const fake: Server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost')
  const json = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }
  graphHits.push(url.pathname)
  if (url.pathname === '/certs') return json(200, { keys: [jwk] })
  if (url.pathname === '/graph/debug_token') {
    if (url.searchParams.get('access_token') !== `${APP_ID}|${APP_SECRET}`) return json(400, { error: 'app token' })
    const token = fbTokens.get(url.searchParams.get('input_token') ?? '')
    if (!token) return json(200, { data: { is_valid: false } })
    return json(200, {
      data: { is_valid: token.valid ?? true, app_id: token.appId ?? APP_ID, user_id: token.userId, expires_at: 0 },
    })
  }
  if (url.pathname === '/graph/me') {
    const token = fbTokens.get(url.searchParams.get('access_token') ?? '')
    if (!token || !url.searchParams.get('appsecret_proof')) return json(400, { error: 'bad token' })
    return json(200, { id: token.userId, ...token.profile })
  }
  json(404, {})
})
await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve))
const base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`
afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())))

describe('sign-in with Google and Facebook', async () => {
  const t = await createTestApp({
    signIn: {
      google: {
        clientId: CLIENT_ID,
        jwksUrl: `${base}/certs`,
        issuers: ['https://accounts.google.com', 'accounts.google.com'],
        authUrl: `${base}/auth`,
      },
      facebook: { appId: APP_ID, appSecret: APP_SECRET, graphUrl: `${base}/graph`, dialogUrl: `${base}/dialog` },
      totpIssuer: 'Maps Portal',
    },
  })
  afterAll(() => t.close())
  let subjects = 0

  /** What the browser does before leaving for Google: ask the server for a nonce (and its secret). */
  async function startAttempt() {
    const res = await call(t, contract.startGoogleSignIn, {}, { ip: freshIp() })
    expect(res.status).toBe(200)
    return contract.GoogleSignInStart.parse(res.body.data)
  }

  interface Signed {
    credential: string
    attempt: string
  }

  /** An ID token as Google would sign it for a fresh attempt (the attempt's nonce inside), and the attempt. */
  async function googleToken(
    claims: Record<string, unknown> = {},
    options: {
      key?: typeof privateKey
      aud?: string
      iss?: string
      expIn?: number | null
      /** null: no nonce claim at all. */
      nonce?: string | null
      header?: Record<string, unknown>
    } = {},
  ): Promise<Signed> {
    const started = await startAttempt()
    const now = Math.floor(t.clock.now().getTime() / 1000)
    const nonce = options.nonce === undefined ? started.nonce : options.nonce
    const jwt = new SignJWT({ email_verified: true, ...(nonce === null ? {} : { nonce }), ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key', typ: 'JWT', ...options.header })
      .setIssuer(options.iss ?? 'https://accounts.google.com')
      .setAudience(options.aud ?? CLIENT_ID)
      .setSubject(String(claims.sub ?? `g-${++subjects}`))
      .setIssuedAt(now)
    if (options.expIn !== null) jwt.setExpirationTime(now + (options.expIn ?? 3600))
    return { credential: await jwt.sign(options.key ?? privateKey), attempt: started.attempt }
  }

  const google = (signed: Signed, extra: { lang?: string } = {}) =>
    call(t, contract.loginGoogle, { body: signed }, { ip: freshIp(), ...(extra.lang ? { lang: extra.lang } : {}) })
  const facebook = (access_token: string, facebook_id: string) =>
    call(t, contract.loginFacebook, { body: { access_token, facebook_id } }, { ip: freshIp() })

  async function identitiesOf(userId: string) {
    return t.ctx.db.select().from(userIdentities).where(eq(userIdentities.userId, userId))
  }

  it('lists the configured providers in app-config, without the app secret', async () => {
    const res = await call(t, contract.appConfig)
    expect(res.body.data.sign_in).toEqual({
      google: { client_id: CLIENT_ID, auth_url: `${base}/auth` },
      facebook: { app_id: APP_ID, dialog_url: `${base}/dialog` },
    })
    expect(JSON.stringify(res.body)).not.toContain(APP_SECRET)
  })

  it('Google: a new address makes a verified customer with the identity; the next sign-in finds it', async () => {
    const email = freshEmail('google')
    const token = await googleToken({ sub: 'g-new', email, given_name: 'Linh', family_name: 'Nguyen' })
    const res = await google(token)
    expect(res.status).toBe(200)
    const session = contract.Session.parse(res.body.data)
    expect(session).toMatchObject({ email, first_name: 'Linh', last_name: 'Nguyen', roles: ['customer'] })
    expect(session.email_verified).toBe(true)
    expect(await identitiesOf(session.user_id)).toMatchObject([{ provider: 'google', subject: 'g-new', email }])
    // A session like any other.
    expect((await call(t, contract.getOwnProfile, {}, { token: session.token })).status).toBe(200)
    // The same subject later — even with another address at Google — is the same account.
    const again = await google(await googleToken({ sub: 'g-new', email: freshEmail('renamed') }))
    expect(again.body.data).toMatchObject({ user_id: session.user_id, email })
  })

  it('Google: links to an existing account whose address is confirmed', async () => {
    const user = await createUser(t, { email: freshEmail('verified') })
    const res = await google(await googleToken({ sub: 'g-link', email: user.email }))
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ user_id: user.id })
    expect(await identitiesOf(user.id)).toHaveLength(1)
  })

  it('Google: never takes over an account whose address is not confirmed', async () => {
    const user = await createUser(t, { email: freshEmail('unverified'), verified: false })
    const res = await google(await googleToken({ sub: 'g-takeover', email: user.email }))
    expect(res.status).toBe(409)
    expect(res.body.message).toBe(translate('en', 'social.unverifiedAccount'))
    expect(await identitiesOf(user.id)).toHaveLength(0)
  })

  it('Google: refuses an address Google does not vouch for', async () => {
    const email = freshEmail('unvouched')
    const res = await google(await googleToken({ email, email_verified: false }))
    expect(res.status).toBe(401)
    expect(res.body.message).toBe(translate('en', 'social.noEmail'))
  })

  it('Google: "Login Google fail" for a wrong audience, issuer, key, expiry or garbage', async () => {
    const email = freshEmail('bad')
    const bad = [
      await googleToken({ email }, { aud: 'someone-else' }),
      await googleToken({ email }, { iss: 'https://evil.example.com' }),
      await googleToken({ email }, { key: strangerKey }),
      await googleToken({ email }, { expIn: -60 }),
      { credential: 'not.a.jwt', attempt: (await startAttempt()).attempt },
    ]
    for (const signed of bad) {
      const res = await google(signed)
      expect(res.status, signed.credential).toBe(401)
      expect(res.body.message).toBe('Login Google fail')
      expect(res.body.error_code).toBe('BAD_CREDENTIALS')
    }
    // Localised.
    const vi = await google({ credential: 'not.a.jwt', attempt: 'x' }, { lang: 'vi' })
    expect(vi.body.message).toBe(translate('vi', 'social.googleFailed'))
  })

  // docs/security.md "Tokens": no token without an end, none that names its own key or certificate,
  // none whose key id is not a plain key-set id. Each is signed with Google's real (test) key.
  it.each([
    ['no exp', { expIn: null }],
    ['a jku header', { header: { jku: `${base}/certs` } }],
    ['a jwk header', { header: { jwk: { kty: 'RSA', n: 'AQAB', e: 'AQAB' } } }],
    ['an x5u header', { header: { x5u: 'https://evil.example.com/cert.pem' } }],
    ['no kid', { header: { kid: undefined } }],
    ['a kid that is no key-set id', { header: { kid: '../../etc/passwd' } }],
  ] as const)('Google: refuses an ID token with %s, localised', async (_, options) => {
    const email = freshEmail('header')
    const res = await google(await googleToken({ email }, options), { lang: 'my' })
    expect(res.status).toBe(401)
    expect(res.body).toMatchObject({
      error_code: 'BAD_CREDENTIALS',
      message: translate('my', 'social.googleFailed'),
    })
  })

  it('Google: the nonce the server issued is required, with the attempt that proves it, once', async () => {
    const email = freshEmail('nonce')
    // No nonce in the token; a nonce the server never issued; another attempt's nonce.
    const other = await startAttempt()
    for (const options of [{ nonce: null }, { nonce: 'made-up-nonce' }, { nonce: other.nonce }] as const) {
      const res = await google(await googleToken({ email }, options))
      expect(res.status, String(options.nonce)).toBe(401)
      expect(res.body.message).toBe('Login Google fail')
    }
    // The right token with another attempt's secret (the token was stolen, the secret was not).
    const signed = await googleToken({ sub: 'g-nonce', email })
    expect((await google({ ...signed, attempt: other.attempt })).status).toBe(401)
    expect((await google({ ...signed, attempt: 'guess' })).status).toBe(401)
    // A request without the attempt is refused by the contract, in the caller's language.
    const missing = await call(
      t,
      contract.loginGoogle,
      { body: { credential: signed.credential } as never },
      { ip: freshIp(), lang: 'vi' },
    )
    expect(missing.status).toBe(400)
    expect(missing.body.error_code).toBe('VALIDATION')
    // The browser's own attempt signs in, once: a replay of the same token and secret is refused.
    expect((await google(signed)).status).toBe(200)
    const replay = await google(signed)
    expect(replay.status).toBe(401)
    expect(replay.body.message).toBe('Login Google fail')
  })

  it('Google: a nonce expires after ten minutes', async () => {
    const signed = await googleToken({ email: freshEmail('late') }, { expIn: 3600 })
    t.clock.advance(11 * 60_000)
    const res = await google(signed)
    expect(res.status).toBe(401)
    expect(res.body.message).toBe('Login Google fail')
  })

  it('Facebook: debug_token and /me give the identity; a new verified customer', async () => {
    const email = freshEmail('fb')
    fbTokens.set('fb-token-1', { userId: '1001', profile: { email, first_name: 'Aung', last_name: 'Kyaw' } })
    graphHits = []
    const res = await facebook('fb-token-1', '1001')
    expect(res.status).toBe(200)
    expect(graphHits).toEqual(['/graph/debug_token', '/graph/me'])
    const session = contract.Session.parse(res.body.data)
    expect(session).toMatchObject({ email, first_name: 'Aung', last_name: 'Kyaw', email_verified: true })
    const [identity] = await identitiesOf(session.user_id)
    expect(identity).toMatchObject({ provider: 'facebook', subject: '1001' })
    // The browser of a redirect sign-in does not know the id: the token's user is taken.
    expect(
      (await call(t, contract.loginFacebook, { body: { access_token: 'fb-token-1' } }, { ip: freshIp() })).body.data,
    ).toMatchObject({ email })
  })

  it('Facebook: "Login Facebook fail" for an invalid token, another app’s token or another user id', async () => {
    fbTokens.set('fb-invalid', { userId: '2001', valid: false, profile: { email: freshEmail('x') } })
    fbTokens.set('fb-other-app', { userId: '2002', appId: '999', profile: { email: freshEmail('x') } })
    fbTokens.set('fb-ok', { userId: '2003', profile: { email: freshEmail('x') } })
    for (const [token, id] of [
      ['fb-invalid', '2001'],
      ['fb-other-app', '2002'],
      ['fb-ok', '9999'],
      ['fb-unknown', '2004'],
    ] as const) {
      const res = await facebook(token, id)
      expect(res.status, token).toBe(401)
      expect(res.body.message).toBe('Login Facebook fail')
    }
  })

  it('Facebook: an account without a shared e-mail is refused', async () => {
    fbTokens.set('fb-no-mail', { userId: '3001', profile: { name: 'No Mail' } })
    const res = await facebook('fb-no-mail', '3001')
    expect(res.status).toBe(401)
    expect(res.body.message).toBe(translate('en', 'social.noEmail'))
  })

  it('a linked account with 2FA on gets the challenge, not a session', async () => {
    const user = await createUser(t, { email: freshEmail('twofa') })
    const login = await call(t, contract.login, { body: { email: user.email, password: PASSWORD } }, { ip: freshIp() })
    const token = contract.Session.parse(login.body.data).token
    const secret = (await call(t, contract.generateTwoFactorSecret, {}, { token })).body.data.secret_key
    const enabled = await call(
      t,
      contract.enableTwoFactor,
      { body: { code: codeAt(secret, t.clock.now()), secret_key: secret } },
      { token },
    )
    expect(enabled.status).toBe(200)
    const res = await google(await googleToken({ sub: 'g-2fa', email: user.email }))
    expect(res.status).toBe(200)
    expect(contract.needsSecondFactor(res.body.data)).toBe(true)
    expect(res.body.data).not.toHaveProperty('user_id')
  })

  it('a suspended account still signs in (and sees its status), as with a password', async () => {
    const user = await createUser(t, { email: freshEmail('suspended') })
    await setUser(t, user.id, { status: 'suspended' })
    const res = await google(await googleToken({ sub: 'g-suspended', email: user.email }))
    expect(res.body.data).toMatchObject({ status: 'suspended' })
    const rows = await t.ctx.db
      .select()
      .from(userIdentities)
      .where(and(eq(userIdentities.provider, 'google'), eq(userIdentities.subject, 'g-suspended')))
    expect(rows).toHaveLength(1)
  })
})

describe('sign-in providers not configured', async () => {
  const t = await createTestApp()
  afterAll(() => t.close())

  it('are not offered and their calls answer 404', async () => {
    expect((await call(t, contract.appConfig)).body.data.sign_in).toEqual({ google: null, facebook: null })
    const g = await call(t, contract.loginGoogle, { body: { credential: 'x', attempt: 'y' } }, { ip: freshIp() })
    expect(g.status).toBe(404)
    expect(g.body.message).toBe(translate('en', 'social.notConfigured'))
    expect((await call(t, contract.startGoogleSignIn, {}, { ip: freshIp() })).status).toBe(404)
    const f = await call(
      t,
      contract.loginFacebook,
      { body: { access_token: 'x', facebook_id: '1' } },
      { ip: freshIp() },
    )
    expect(f.status).toBe(404)
  })
})
