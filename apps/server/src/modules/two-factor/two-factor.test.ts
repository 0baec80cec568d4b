import * as contract from '@app/contract'
import { translate } from '@app/contract'
import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  call,
  createUser,
  freshEmail,
  freshIp,
  lastMailTo,
  PASSWORD,
  signIn,
  type TestApp,
  userWithToken,
  useTestApp,
} from '../../../test/helpers.ts'
import { auditLog, userTotp } from '../../db/schema/index.ts'
import { codeAt, codeForStep, stepAt } from './totp.ts'

const STEP_MS = 30_000

describe('two-factor authentication', async () => {
  const t = await useTestApp()

  /** Moves the clock to the start of a fresh 30-second step, so `codeAt(now)` is new. */
  const nextStep = () => t.clock.set(new Date((stepAt(t.clock.now()) + 1) * STEP_MS + 1_000))

  const info = (token: string) => call(t, contract.twoFactorInfo, {}, { token })
  const generate = (token: string) => call(t, contract.generateTwoFactorSecret, {}, { token })
  const enable = (token: string, code: string, secret_key: string) =>
    call(t, contract.enableTwoFactor, { body: { code, secret_key } }, { token })
  const disable = (token: string, body: { code: string; password?: string }) =>
    call(t, contract.disableTwoFactor, { body }, { token })
  const login = (email: string, password = PASSWORD, lang?: string) =>
    call(t, contract.login, { body: { email, password } }, { ip: freshIp(), ...(lang ? { lang } : {}) })
  const verify = (token: string, code: string) =>
    call(t, contract.verifyTwoFactorCode, { body: { token, code } }, { ip: freshIp() })

  async function rowOf(userId: string) {
    const [row] = await t.ctx.db.select().from(userTotp).where(eq(userTotp.userId, userId))
    return row
  }

  /** A customer with 2FA on; returns the secret too. */
  async function enrolled(app: TestApp = t) {
    const { user, token } = await userWithToken(app)
    const secret = (await generate(token)).body.data.secret_key
    nextStep()
    const res = await enable(token, codeAt(secret, t.clock.now()), secret)
    expect(res.status).toBe(200)
    nextStep()
    return { user, token, secret }
  }

  async function challengeFor(email: string) {
    const res = await login(email)
    expect(res.status).toBe(200)
    if (!contract.needsSecondFactor(res.body.data)) throw new Error('expected a two-factor challenge')
    return res.body.data.token
  }

  it('is off for a new account; every role can see and use it', async () => {
    for (const role of ['customer', 'support', 'admin'] as const) {
      const { token } = await userWithToken(t, [role])
      const res = await info(token)
      expect(res.status).toBe(200)
      expect(res.body.data).toEqual({ enabled: false, enabled_at: null, has_password: true })
      expect((await generate(token)).status).toBe(200)
    }
  })

  it('refuses anonymous callers', async () => {
    expect((await call(t, contract.twoFactorInfo)).status).toBe(401)
    expect((await call(t, contract.generateTwoFactorSecret)).status).toBe(401)
    expect(
      (await call(t, contract.enableTwoFactor, { body: { code: '123456', secret_key: 'A'.repeat(32) } })).status,
    ).toBe(401)
  })

  it('generates a secret with its otpauth address and keeps it sealed, never in clear', async () => {
    const { user, token } = await userWithToken(t)
    const res = await generate(token)
    expect(res.status).toBe(200)
    const { secret_key, otpauth_url, issuer, account } = res.body.data
    expect(secret_key).toMatch(/^[A-Z2-7]{32}$/)
    expect(otpauth_url).toContain(`secret=${secret_key}`)
    expect(otpauth_url).toContain('issuer=Maps%20Portal')
    expect(issuer).toBe('Maps Portal')
    expect(account).toBe(user.email)
    const row = await rowOf(user.id)
    expect(row?.pendingCiphertext).toMatch(/^v1\./)
    expect(JSON.stringify(row)).not.toContain(secret_key)
    expect(row?.enabledAt).toBeNull()
  })

  it('enables with the generated key and a current code; the stored secret is not plaintext', async () => {
    const { user, token, secret } = await enrolled()
    const res = await info(token)
    expect(res.body.data.enabled).toBe(true)
    expect(res.body.data.enabled_at).not.toBeNull()
    const row = await rowOf(user.id)
    expect(row?.secretCiphertext).toMatch(/^v1\./)
    expect(row?.pendingCiphertext).toBeNull()
    // Neither the secret nor its bytes in any common encoding are in the row.
    const stored = JSON.stringify(row)
    expect(stored).not.toContain(secret)
    expect(stored).not.toContain(Buffer.from(secret).toString('base64'))
    // Asked straight from the database, too.
    const raw = await t.ctx.db.execute(sql`select * from user_totp where user_id = ${user.id}`)
    expect(JSON.stringify(raw)).not.toContain(secret)
    // The account is told, so that a change made by someone else shows; the secret is not in the mail.
    const mail = await lastMailTo(t, user.email)
    expect(mail?.subject).toBe(translate('en', 'twoFactor.mail.onSubject'))
    expect(mail?.textBody).not.toContain(secret)
  })

  it('refuses a wrong code, a key that is not the generated one, and a second enable', async () => {
    const { token } = await userWithToken(t)
    const secret = (await generate(token)).body.data.secret_key
    const now = t.clock.now()
    const wrong = codeForStep(secret, stepAt(now) + 5)
    const bad = await enable(token, wrong, secret)
    expect(bad.status).toBe(422)
    expect(bad.body.error_code).toBe('WRONG_CODE')
    expect(bad.body.message).toBe('The code is incorrect or has already been used')

    const otherKey = await enable(token, codeAt(secret, now), 'A'.repeat(32))
    expect(otherKey.status).toBe(400)
    expect(otherKey.body.message).toBe(translate('en', 'twoFactor.noPending'))

    expect((await enable(token, codeAt(secret, now), secret.toLowerCase())).status).toBe(200)
    expect((await generate(token)).status).toBe(409)
    nextStep()
    const again = await enable(token, codeAt(secret, t.clock.now()), secret)
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('Two-factor authentication is already on')
  })

  it('refuses a generated key that was not confirmed within 15 minutes', async () => {
    const { token } = await userWithToken(t)
    const secret = (await generate(token)).body.data.secret_key
    t.clock.advance(16 * 60_000)
    const res = await enable(token, codeAt(secret, t.clock.now()), secret)
    expect(res.status).toBe(400)
    expect(res.body.error_code).toBe('TOKEN_EXPIRED')
  })

  it('validates the code format in the caller’s language', async () => {
    const { token } = await userWithToken(t)
    const res = await call(
      t,
      contract.enableTwoFactor,
      { body: { code: '12ab', secret_key: 'A'.repeat(32) } },
      { token, lang: 'vi' },
    )
    expect(res.status).toBe(400)
    expect(res.body.status).toBe('error')
    expect(JSON.stringify(res.body)).toContain(translate('vi', 'twoFactor.codeFormat'))
  })

  it('with 2FA on, the password gives a challenge, not a session; the code finishes the sign-in', async () => {
    const { user, secret } = await enrolled()
    const first = await login(user.email)
    expect(first.status).toBe(200)
    expect(first.body.message).toBe(translate('en', 'twoFactor.required'))
    const challenge = contract.TwoFactorChallenge.parse(first.body.data)
    expect(challenge.two_factor_required).toBe(true)
    expect(Object.keys(first.body.data).sort()).toEqual(['expires_at', 'token', 'two_factor_required'])
    // The challenge is no access token.
    expect((await call(t, contract.getOwnProfile, {}, { token: challenge.token })).status).toBe(401)

    const done = await verify(challenge.token, codeAt(secret, t.clock.now()))
    expect(done.status).toBe(200)
    const session = contract.Session.parse(done.body.data)
    expect(session.user_id).toBe(user.id)
    expect((await call(t, contract.getOwnProfile, {}, { token: session.token })).status).toBe(200)
  })

  it('never accepts a code twice, even within its window or with a new challenge', async () => {
    const { user, secret } = await enrolled()
    const code = codeAt(secret, t.clock.now())
    expect((await verify(await challengeFor(user.email), code)).status).toBe(200)
    const replay = await verify(await challengeFor(user.email), code)
    expect(replay.status).toBe(422)
    expect(replay.body.error_code).toBe('WRONG_CODE')
    t.clock.advance(STEP_MS)
    expect((await verify(await challengeFor(user.email), code)).status).toBe(422)
    // The next step's code works.
    expect((await verify(await challengeFor(user.email), codeAt(secret, t.clock.now()))).status).toBe(200)
  })

  it('accepts one step of drift either way and no more', async () => {
    const { user, secret } = await enrolled()
    // A step after the one enabling used, so that the step before now is still unused.
    nextStep()
    const step = stepAt(t.clock.now())
    expect((await verify(await challengeFor(user.email), codeForStep(secret, step + 2))).status).toBe(422)
    expect((await verify(await challengeFor(user.email), codeForStep(secret, step - 2))).status).toBe(422)
    expect((await verify(await challengeFor(user.email), codeForStep(secret, step - 1))).status).toBe(200)
    expect((await verify(await challengeFor(user.email), codeForStep(secret, step + 1))).status).toBe(200)
  })

  it('locks after five wrong codes for 15 minutes, even for the right code', async () => {
    const { user, secret } = await enrolled()
    const challenge = await challengeFor(user.email)
    const wrong = codeForStep(secret, stepAt(t.clock.now()) + 7)
    for (let i = 0; i < 4; i++) expect((await verify(challenge, wrong)).status).toBe(422)
    const fifth = await verify(challenge, wrong)
    expect(fifth.status).toBe(429)
    expect(fifth.body.error_code).toBe('RATE_LIMITED')
    expect((await verify(challenge, codeAt(secret, t.clock.now()))).status).toBe(429)
    t.clock.advance(16 * 60_000)
    expect((await verify(await challengeFor(user.email), codeAt(secret, t.clock.now()))).status).toBe(200)
  })

  it('refuses an expired, forged or foreign challenge', async () => {
    const { user, secret } = await enrolled()
    const challenge = await challengeFor(user.email)
    t.clock.advance(6 * 60_000)
    const expired = await verify(challenge, codeAt(secret, t.clock.now()))
    expect(expired.status).toBe(400)
    expect(expired.body.message).toBe(translate('en', 'twoFactor.challengeInvalid'))
    // An access token is no challenge either.
    const access = await signIn(t, (await createUser(t, { email: freshEmail('plain') })).email)
    expect((await verify(access, '123456')).status).toBe(400)
    const [header = '', , sig = ''] = (await challengeFor(user.email)).split('.')
    const forged = `${header}.${Buffer.from(JSON.stringify({ sub: 'usr_x' })).toString('base64url')}.${sig}`
    expect((await verify(forged, '123456')).status).toBe(400)
  })

  it('disables with the password and a current code; sign-in is one step again', async () => {
    const { user, token, secret } = await enrolled()
    const noPassword = await disable(token, { code: codeAt(secret, t.clock.now()) })
    expect(noPassword.status).toBe(400)
    expect(noPassword.body.message).toBe(translate('en', 'twoFactor.passwordRequired'))
    const wrongPassword = await disable(token, { code: codeAt(secret, t.clock.now()), password: 'wrong-password' })
    expect(wrongPassword.status).toBe(422)
    expect(wrongPassword.body.error_code).toBe('WRONG_PASSWORD')
    const wrongCode = await disable(token, {
      code: codeForStep(secret, stepAt(t.clock.now()) + 9),
      password: PASSWORD,
    })
    expect(wrongCode.status).toBe(422)
    expect((await info(token)).body.data.enabled).toBe(true)

    const res = await disable(token, { code: codeAt(secret, t.clock.now()), password: PASSWORD })
    expect(res.status).toBe(200)
    expect(res.body.data.enabled).toBe(false)
    expect(await rowOf(user.id)).toBeUndefined()
    const mail = await lastMailTo(t, user.email)
    expect(mail?.subject).toBe(translate('en', 'twoFactor.mail.offSubject'))
    expect(mail?.textBody).toContain('signing in needs only your password now')
    const plain = await login(user.email)
    expect(contract.needsSecondFactor(plain.body.data)).toBe(false)
    expect(plain.body.data).toMatchObject({ user_id: user.id })
  })

  it('refuses to disable when it is off, and a challenge issued before it was turned off', async () => {
    const { token } = await userWithToken(t)
    const off = await disable(token, { code: '123456', password: PASSWORD })
    expect(off.status).toBe(409)
    expect(off.body.message).toBe('Two-factor authentication is not on')

    const { user, token: own, secret } = await enrolled()
    const challenge = await challengeFor(user.email)
    expect((await disable(own, { code: codeAt(secret, t.clock.now()), password: PASSWORD })).status).toBe(200)
    nextStep()
    expect((await verify(challenge, codeAt(secret, t.clock.now()))).status).toBe(400)
  })

  it('one customer’s calls touch only their own second factor', async () => {
    const a = await enrolled()
    const b = await userWithToken(t)
    expect((await info(b.token)).body.data.enabled).toBe(false)
    // B cannot turn off A's 2FA with A's code: B has none.
    expect((await disable(b.token, { code: codeAt(a.secret, t.clock.now()), password: PASSWORD })).status).toBe(409)
    expect((await info(a.token)).body.data.enabled).toBe(true)
  })

  it('two requests racing with one code: exactly one session', async () => {
    const { user, secret } = await enrolled()
    const code = codeAt(secret, t.clock.now())
    const challenges = [await challengeFor(user.email), await challengeFor(user.email)]
    const answers = await Promise.all(challenges.map((c) => verify(c, code)))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422])
  })

  describe('an administrator turning it off for someone who lost their authenticator', () => {
    const statusOf = (token: string, id: string) => call(t, contract.accountTwoFactor, { params: { id } }, { token })
    const turnOff = (token: string, id: string, reason: string) =>
      call(t, contract.turnOffAccountTwoFactor, { params: { id }, body: { reason } }, { token })

    it('turns it off with a reason: audited, e-mailed, and sign-in is one step again', async () => {
      const admin = await userWithToken(t, ['admin'])
      const { user } = await enrolled()
      const before = await statusOf(admin.token, user.id)
      expect(before.status).toBe(200)
      expect(before.body.data).toEqual({ enabled: true, enabled_at: expect.any(String) })

      const res = await turnOff(admin.token, user.id, '  Lost phone; identity checked by video call  ')
      expect(res.status).toBe(200)
      expect(res.body.data).toEqual({ enabled: false, enabled_at: null })
      expect(res.body.message).toBe(translate('en', 'twoFactor.turnedOff'))
      expect(await rowOf(user.id)).toBeUndefined()
      expect((await statusOf(admin.token, user.id)).body.data.enabled).toBe(false)

      const [audit] = await t.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'user.two_factor_off'), eq(auditLog.targetId, user.id)))
      expect(audit).toMatchObject({
        actorId: admin.user.id,
        before: { two_factor: true },
        after: { two_factor: false, reason: 'Lost phone; identity checked by video call' },
      })
      const mail = await lastMailTo(t, user.email)
      expect(mail?.subject).toBe(translate('en', 'twoFactor.mail.offSubject'))
      expect(mail?.textBody).toContain('Reason: Lost phone; identity checked by video call.')

      const plain = await login(user.email)
      expect(contract.needsSecondFactor(plain.body.data)).toBe(false)
      // Turned off already: a second call changes nothing and says so.
      const again = await turnOff(admin.token, user.id, 'Again')
      expect(again.status).toBe(409)
      expect(again.body.message).toBe(translate('en', 'twoFactor.notEnabled'))
    })

    it('needs a reason within 512 characters, in the caller’s language', async () => {
      const admin = await userWithToken(t, ['admin'])
      const { user } = await enrolled()
      const blank = await turnOff(admin.token, user.id, '   ')
      expect(blank.status).toBe(400)
      expect(blank.body.data).toMatchObject({ fields: { reason: translate('en', 'twoFactor.offReasonRequired') } })
      const long = await call(
        t,
        contract.turnOffAccountTwoFactor,
        { params: { id: user.id }, body: { reason: 'x'.repeat(513) } },
        { token: admin.token, lang: 'vi' },
      )
      expect(long.status).toBe(400)
      expect(long.body.data).toMatchObject({ fields: { reason: 'Lý do tối đa 512 ký tự' } })
      expect((await rowOf(user.id))?.enabledAt).toBeTruthy()
    })

    it('is for administrators only, not for one’s own account, and knows no stranger', async () => {
      const admin = await userWithToken(t, ['admin'])
      const support = await userWithToken(t, ['support'])
      const { user, token } = await enrolled()
      for (const caller of [support.token, token]) {
        expect((await turnOff(caller, user.id, 'Lost phone')).status).toBe(403)
        expect((await statusOf(caller, user.id)).status).toBe(403)
      }
      expect((await rowOf(user.id))?.enabledAt).toBeTruthy()

      const own = await enrolledAdmin()
      const self = await turnOff(own.token, own.user.id, 'Lost phone')
      expect(self.status).toBe(422)
      expect(self.body.error_code).toBe('SELF_TWO_FACTOR')
      expect((await rowOf(own.user.id))?.enabledAt).toBeTruthy()

      expect((await turnOff(admin.token, 'usr_00000000000000000000000000', 'Lost phone')).status).toBe(404)
      expect((await statusOf(admin.token, 'usr_00000000000000000000000000')).status).toBe(404)
    })

    /** An administrator with 2FA on, signed in through both steps. */
    async function enrolledAdmin() {
      const { user, token } = await userWithToken(t, ['admin'])
      const secret = (await generate(token)).body.data.secret_key
      nextStep()
      expect((await enable(token, codeAt(secret, t.clock.now()), secret)).status).toBe(200)
      nextStep()
      return { user, token }
    }
  })
})
