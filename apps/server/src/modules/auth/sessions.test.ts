import { randomBytes } from 'node:crypto'
import * as contract from '@app/contract'
import { translate } from '@app/contract'
import { eq } from 'drizzle-orm'
import { decodeJwt, SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import {
  call,
  createUser,
  errorEnvelope,
  freshEmail,
  signIn,
  tokenFromMail,
  useTestApp,
} from '../../../test/helpers.ts'
import { sessions } from '../../db/schema/index.ts'

const HOUR = 3_600_000

describe('bearer tokens and sessions', async () => {
  const t = await useTestApp()

  async function signedIn() {
    const user = await createUser(t, { email: freshEmail('session') })
    return { user, token: await signIn(t, user.email) }
  }

  const profileWith = (token: string | null, lang?: string) =>
    call(t, contract.getOwnProfile, {}, { token, ...(lang ? { lang } : {}) })

  /** A token like ours but signed with another key: its signature must not verify. */
  async function forge(token: string, key: Uint8Array) {
    const claims = decodeJwt(token)
    return new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.sub))
      .setIssuer(String(claims.iss))
      .setAudience(claims.aud ?? '')
      .setIssuedAt(Number(claims.iat))
      .setExpirationTime(Number(claims.exp))
      .sign(key)
  }

  it('asks a caller without a token to sign in, with error_code 401', async () => {
    const res = await profileWith(null, 'vi')
    expect(res.status).toBe(401)
    expect(errorEnvelope(res.body)).toEqual({
      status: 'error',
      data: null,
      message: translate('vi', 'error.unauthenticated'),
      error_code: '401',
    })
  })

  it('refuses an Authorization header that is not a bearer token', async () => {
    const { token } = await signedIn()
    for (const header of [`Basic ${token}`, 'Bearer', `Bearer ${token} extra`, token]) {
      const res = await call(t, contract.getOwnProfile, {}, { headers: { authorization: header } })
      expect(res.status, header).toBe(401)
      expect(res.body.error_code, header).toBe('401')
    }
  })

  it.each([
    ['garbage', 'not-a-jwt'],
    ['a truncated token', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0'],
  ])('refuses %s with error_code 401', async (_, token) => {
    const res = await profileWith(token)
    expect(res.status).toBe(401)
    expect(errorEnvelope(res.body)).toMatchObject({
      error_code: '401',
      message: 'An error occurred. Please log in again!',
    })
  })

  it('refuses a token signed with another key', async () => {
    const { token } = await signedIn()
    expect((await profileWith(token)).status).toBe(200)
    const forged = await forge(token, randomBytes(32))
    const res = await profileWith(forged)
    expect(res.status).toBe(401)
    expect(res.body.error_code).toBe('401')
  })

  it('refuses an unsigned token (alg none)', async () => {
    const { token } = await signedIn()
    const [, payload] = token.split('.')
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')
    const res = await profileWith(`${header}.${payload}.`)
    expect(res.status).toBe(401)
    expect(res.body.error_code).toBe('401')
  })

  it('refuses a well-signed token whose session does not exist', async () => {
    const { token } = await signedIn()
    const claims = decodeJwt(token)
    const orphan = await new SignJWT({ sid: `ses_${'0'.repeat(26)}` })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.sub))
      .setIssuer(String(claims.iss))
      .setAudience(claims.aud ?? '')
      .setIssuedAt(Number(claims.iat))
      .setExpirationTime(Number(claims.exp))
      .sign(t.ctx.keys.jwt)
    const res = await profileWith(orphan)
    expect(res.status).toBe(401)
    expect(res.body.error_code).toBe('401')
  })

  it('expires a token after the session lifetime', async () => {
    const { token } = await signedIn()
    t.clock.advance(t.config.sessionTtlHours * HOUR - 1000)
    expect((await profileWith(token)).status).toBe(200)
    t.clock.advance(1000)
    const res = await profileWith(token)
    expect(res.status).toBe(401)
    expect(res.body.error_code).toBe('401')
  })

  it('ends the session on logout: the token then gets error_code 401', async () => {
    const { token } = await signedIn()
    const out = await call(t, contract.logout, {}, { token })
    expect(out.status).toBe(200)
    expect(out.body).toEqual({ status: 'success', data: null, message: 'You have been signed out.', error_code: null })

    const after = await profileWith(token)
    expect(after.status).toBe(401)
    expect(after.body.error_code).toBe('401')
    expect((await call(t, contract.logout, {}, { token })).status).toBe(401)
  })

  it('logging out one session leaves the other sessions of the account open', async () => {
    const { user, token } = await signedIn()
    const other = await signIn(t, user.email)
    await call(t, contract.logout, {}, { token })
    expect((await profileWith(other)).status).toBe(200)
  })

  it('ends the other sessions on a password change with error_code 403, keeping the current one', async () => {
    const { user, token: current } = await signedIn()
    const other = await signIn(t, user.email)
    const changed = await call(
      t,
      contract.changePassword,
      {
        body: {
          current_password: 'correct-horse-battery',
          new_password: 'new-password-1',
          confirm_password: 'new-password-1',
        },
      },
      { token: current },
    )
    expect(changed.status).toBe(200)

    expect((await profileWith(current)).status).toBe(200)
    const ended = await profileWith(other, 'my')
    expect(ended.status).toBe(401)
    expect(errorEnvelope(ended.body)).toMatchObject({
      error_code: '403',
      message: translate('my', 'error.sessionEnded'),
    })
    const rows = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))
    expect(rows.filter((s) => s.revokedAt === null)).toHaveLength(1)
    expect(rows.find((s) => s.revokedAt !== null)?.revokedReason).toBe('password_changed')
  })

  it('ends every session of the account on a password reset', async () => {
    const { user, token: first } = await signedIn()
    const second = await signIn(t, user.email)
    expect((await call(t, contract.forgotPassword, { body: { email: user.email } })).status).toBe(200)
    const resetToken = await tokenFromMail(t, user.email)
    const reset = await call(t, contract.resetPassword, {
      body: { token: resetToken, password: 'brand-new-pass', confirm_password: 'brand-new-pass' },
    })
    expect(reset.status).toBe(200)

    for (const token of [first, second]) {
      const res = await profileWith(token)
      expect(res.status).toBe(401)
      expect(res.body.error_code).toBe('403')
    }
  })

  it('records when a session was last used, at most every few minutes', async () => {
    const { user, token } = await signedIn()
    const [before] = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))
    t.clock.advance(10 * 60_000)
    expect((await profileWith(token)).status).toBe(200)
    const [after] = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))
    expect(after?.lastSeenAt).toEqual(t.clock.now())
    expect(after?.lastSeenAt).not.toEqual(before?.lastSeenAt)
  })
})
