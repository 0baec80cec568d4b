import * as contract from '@app/contract'
import { translate } from '@app/contract'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  call,
  createUser,
  freshEmail,
  freshIp,
  lastMailTo,
  PASSWORD,
  setUser,
  signIn,
  userWithToken,
  useTestApp,
} from '../../../test/helpers.ts'
import { softAuthenticator } from '../../../test/webauthn.ts'
import { passkeys, webauthnChallenges } from '../../db/schema/index.ts'
import { codeAt, stepAt } from '../two-factor/totp.ts'

const HOUR = 3_600_000

// Passkeys (issue 16; docs/auth.md "Passkeys"), with a software authenticator that answers as a
// browser would (test/webauthn.ts).
describe('passkeys', async () => {
  const t = await useTestApp()
  const site = { origin: t.config.passkey.origin, rpId: t.config.passkey.rpId }

  const stepUp = (token: string) => call(t, contract.stepUp, { body: { password: PASSWORD } }, { token })
  const registrationOptions = (token: string) => call(t, contract.passkeyRegistrationOptions, {}, { token })
  const signInOptions = () => call(t, contract.passkeySignInOptions, {}, { ip: freshIp() })
  const signInWith = (attempt_id: string, credential: unknown, lang?: string) =>
    call(
      t,
      contract.loginPasskey,
      { body: { attempt_id, credential: credential as never } },
      { ip: freshIp(), ...(lang ? { lang } : {}) },
    )

  /** A customer with one passkey on a fresh authenticator. */
  async function withPasskey(name = 'Laptop') {
    const { user, token } = await userWithToken(t)
    const authenticator = softAuthenticator(site)
    expect((await stepUp(token)).status).toBe(200)
    const options = await registrationOptions(token)
    expect(options.status).toBe(200)
    const added = await call(
      t,
      contract.addPasskey,
      {
        body: {
          attempt_id: options.body.data.attempt_id,
          name,
          credential: authenticator.register(options.body.data.options) as never,
        },
      },
      { token },
    )
    expect(added.status).toBe(200)
    return { user, token, authenticator, passkey: added.body.data }
  }

  async function passwordless(authenticator: ReturnType<typeof softAuthenticator>, tamper = {}) {
    const options = await signInOptions()
    expect(options.status).toBe(200)
    const answer = authenticator.assert(options.body.data.options, undefined, tamper)
    return {
      res: await signInWith(options.body.data.attempt_id, answer),
      answer,
      attempt: options.body.data.attempt_id,
    }
  }

  async function rowOf(id: string) {
    const [row] = await t.ctx.db.select().from(passkeys).where(eq(passkeys.id, id))
    return row
  }

  it('adding a passkey needs a step-up of this session', async () => {
    const { token } = await userWithToken(t)
    const res = await registrationOptions(token)
    expect(res.status).toBe(403)
    expect(res.body.error_code).toBe('STEP_UP_REQUIRED')
    expect(await t.ctx.db.select().from(webauthnChallenges)).toEqual([])
  })

  it('adds a passkey with a genuine registration: listed with its name, e-mailed, public key only', async () => {
    const { user, token } = await userWithToken(t)
    expect((await stepUp(token)).status).toBe(200)
    const options = await registrationOptions(token)
    expect(options.status).toBe(200)
    const creation = options.body.data.options as {
      rp: { id: string; name: string }
      user: { id: string; name: string }
      challenge: string
      authenticatorSelection: { residentKey: string }
    }
    expect(creation.rp).toEqual({ id: 'localhost', name: 'Maps Portal' })
    expect(creation.user.name).toBe(user.email)
    expect(Buffer.from(creation.user.id, 'base64url').toString()).toBe(user.id)
    expect(creation.authenticatorSelection.residentKey).toBe('required')
    const authenticator = softAuthenticator(site)
    const added = await call(
      t,
      contract.addPasskey,
      {
        body: {
          attempt_id: options.body.data.attempt_id,
          name: '  Work   laptop ',
          credential: authenticator.register(options.body.data.options) as never,
        },
      },
      { token },
    )
    expect(added.status).toBe(200)
    expect(added.body.message).toBe(translate('en', 'passkeys.added'))
    expect(added.body.data).toMatchObject({ name: 'Work laptop', last_used_at: null, backed_up: false })
    const listed = await call(t, contract.listPasskeys, {}, { token })
    expect(listed.body.data).toEqual([added.body.data])
    expect(Object.keys(listed.body.data[0] ?? {}).sort()).toEqual([
      'backed_up',
      'created_at',
      'id',
      'last_used_at',
      'name',
    ])
    const mail = await lastMailTo(t, user.email)
    expect(mail?.subject).toBe(translate('en', 'passkeys.mail.addedSubject'))
    expect(mail?.textBody).toContain('Work laptop')
    // The challenge was taken by the registration.
    expect(await t.ctx.db.select().from(webauthnChallenges)).toEqual([])
    // The same authenticator's options now exclude it.
    const again = await registrationOptions(token)
    const excluded = (again.body.data.options as { excludeCredentials: { id: string }[] }).excludeCredentials
    expect(excluded.map((c) => c.id)).toEqual([authenticator.credentials[0]?.id.toString('base64url')])
  })

  it('refuses a registration from another origin, for another RP ID, or for another challenge', async () => {
    const { token } = await userWithToken(t)
    expect((await stepUp(token)).status).toBe(200)
    const authenticator = softAuthenticator(site)
    for (const tamper of [
      { origin: 'https://evil.example' },
      { rpId: 'evil.example' },
      { challenge: Buffer.from('another challenge').toString('base64url') },
      { type: 'webauthn.get' },
    ]) {
      const options = await registrationOptions(token)
      const res = await call(
        t,
        contract.addPasskey,
        {
          body: {
            attempt_id: options.body.data.attempt_id,
            name: 'Phone',
            credential: authenticator.register(options.body.data.options, tamper) as never,
          },
        },
        { token, lang: 'vi' },
      )
      expect(res.status, JSON.stringify(tamper)).toBe(422)
      expect(res.body).toMatchObject({
        error_code: 'PASSKEY_REFUSED',
        message: translate('vi', 'passkeys.notVerified'),
      })
    }
    expect((await call(t, contract.listPasskeys, {}, { token })).body.data).toEqual([])
  })

  it('a registration attempt is single-use, short-lived, and bound to the session that asked', async () => {
    const { user, token } = await userWithToken(t)
    expect((await stepUp(token)).status).toBe(200)
    const authenticator = softAuthenticator(site)
    const options = await registrationOptions(token)
    const credential = authenticator.register(options.body.data.options)
    const body = { attempt_id: options.body.data.attempt_id, name: 'Phone', credential: credential as never }
    // Another session of the same account cannot finish it.
    const other = await signIn(t, user.email)
    const foreign = await call(t, contract.addPasskey, { body }, { token: other })
    expect(foreign.status).toBe(400)
    expect(foreign.body.error_code).toBe('TOKEN_EXPIRED')
    expect((await call(t, contract.addPasskey, { body }, { token })).status).toBe(200)
    // Replayed: the attempt is gone.
    const replay = await call(t, contract.addPasskey, { body }, { token })
    expect(replay.status).toBe(400)
    expect(replay.body.message).toBe(translate('en', 'passkeys.attemptInvalid'))
    // Expired: five minutes.
    const late = await registrationOptions(token)
    t.clock.advance(5 * 60_000 + 1_000)
    const expired = await call(
      t,
      contract.addPasskey,
      {
        body: {
          attempt_id: late.body.data.attempt_id,
          name: 'Late',
          credential: authenticator.register(late.body.data.options) as never,
        },
      },
      { token },
    )
    expect(expired.status).toBe(400)
  })

  it('signs in password-less with a passkey: the same session as a password one', async () => {
    const { user, authenticator, passkey } = await withPasskey()
    const options = await signInOptions()
    expect(options.status).toBe(200)
    const request = options.body.data.options as {
      rpId: string
      userVerification: string
      allowCredentials?: unknown[]
    }
    expect(request.rpId).toBe('localhost')
    expect(request.userVerification).toBe('required')
    expect(request.allowCredentials ?? []).toEqual([])
    const res = await signInWith(options.body.data.attempt_id, authenticator.assert(options.body.data.options))
    expect(res.status).toBe(200)
    const session = contract.Session.parse(res.body.data)
    expect(session.user_id).toBe(user.id)
    expect(res.body.message).toBe(translate('en', 'auth.welcome', { name: session.full_name }))
    expect((await call(t, contract.getOwnProfile, {}, { token: session.token })).status).toBe(200)
    // It can end as any session does.
    expect((await call(t, contract.logout, {}, { token: session.token })).status).toBe(200)
    expect((await call(t, contract.getOwnProfile, {}, { token: session.token })).status).toBe(401)
    const row = await rowOf(passkey.id)
    expect(row?.signCount).toBe(1)
    expect(row?.lastUsedAt?.toISOString()).toBe(t.clock.now().toISOString())
  })

  it('refuses a replayed challenge, another origin or RP ID, and a counter that went back', async () => {
    const { authenticator, passkey } = await withPasskey()
    const first = await passwordless(authenticator)
    expect(first.res.status).toBe(200)
    // The same attempt again: it was taken.
    const replay = await signInWith(first.attempt, first.answer)
    expect(replay.status).toBe(400)
    expect(replay.body.error_code).toBe('TOKEN_EXPIRED')
    // The same signed answer with a new attempt: it signed another challenge.
    const options = await signInOptions()
    const replayed = await signInWith(options.body.data.attempt_id, first.answer, 'my')
    expect(replayed.status).toBe(401)
    expect(replayed.body).toMatchObject({
      error_code: 'BAD_CREDENTIALS',
      message: translate('my', 'passkeys.signInFailed'),
    })

    expect((await passwordless(authenticator, { origin: 'https://evil.example' })).res.status).toBe(401)
    expect((await passwordless(authenticator, { rpId: 'evil.example' })).res.status).toBe(401)
    // A cloned authenticator: a counter not above the stored one.
    const stored = (await rowOf(passkey.id))?.signCount ?? 0
    expect(stored).toBeGreaterThan(0)
    expect((await passwordless(authenticator, { counter: stored })).res.status).toBe(401)
    expect((await passwordless(authenticator, { counter: stored - 1 })).res.status).toBe(401)
    expect((await rowOf(passkey.id))?.signCount).toBe(stored)
    // The genuine authenticator still works.
    expect((await passwordless(authenticator)).res.status).toBe(200)
  })

  it('password-less sign-in needs user verification (a PIN or biometrics), and an unknown passkey fails', async () => {
    const { authenticator } = await withPasskey()
    expect((await passwordless(authenticator, { userVerified: false })).res.status).toBe(401)
    const stranger = softAuthenticator(site)
    stranger.register({ challenge: 'x', user: { id: Buffer.from('usr_nobody').toString('base64url') } })
    expect((await passwordless(stranger)).res.status).toBe(401)
  })

  it('two sign-ins racing with one attempt: exactly one session', async () => {
    const { authenticator } = await withPasskey()
    const options = await signInOptions()
    const answer = authenticator.assert(options.body.data.options)
    const answers = await Promise.all([1, 2, 3].map(() => signInWith(options.body.data.attempt_id, answer)))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400])
  })

  it('follows the password sign-in: unverified after 24 hours refused, maintenance, suspended still signs in', async () => {
    const late = await withPasskey()
    await setUser(t, late.user.id, { emailVerifiedAt: null, createdAt: new Date(t.clock.now().getTime() - 25 * HOUR) })
    const refused = (await passwordless(late.authenticator)).res
    expect(refused.status).toBe(403)
    expect(refused.body.error_code).toBe('VERIFY_EXPIRED')

    const suspended = await withPasskey()
    await setUser(t, suspended.user.id, { status: 'suspended' })
    const res = (await passwordless(suspended.authenticator)).res
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ status: 'suspended' })

    const admin = await userWithToken(t, ['admin'])
    const customer = await withPasskey()
    await call(t, contract.setMaintenance, { body: { enabled: true } }, { token: admin.token })
    try {
      expect((await passwordless(customer.authenticator)).res.status).toBe(503)
    } finally {
      await call(t, contract.setMaintenance, { body: { enabled: false } }, { token: admin.token })
    }
  })

  it("removes one's own passkey (e-mailed); another account's is not found; a removed one signs in no more", async () => {
    const { user, token, authenticator, passkey } = await withPasskey('Old phone')
    const other = await userWithToken(t)
    const foreign = await call(t, contract.deletePasskey, { params: { id: passkey.id } }, { token: other.token })
    expect(foreign.status).toBe(404)
    // A minute later, so that the mail of the removal is the newest one.
    t.clock.advance(60_000)
    const res = await call(t, contract.deletePasskey, { params: { id: passkey.id } }, { token })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe(translate('en', 'passkeys.deleted'))
    const mail = await lastMailTo(t, user.email)
    expect(mail?.subject).toBe(translate('en', 'passkeys.mail.removedSubject'))
    expect(mail?.textBody).toContain('Old phone')
    expect((await passwordless(authenticator)).res.status).toBe(401)
  })

  it('an account has at most ten passkeys', async () => {
    const { token } = await withPasskey()
    const authenticator = softAuthenticator(site)
    for (let i = 2; i <= contract.PASSKEYS_MAX; i++) {
      const options = await registrationOptions(token)
      const credential = authenticator.register(options.body.data.options)
      const body = { attempt_id: options.body.data.attempt_id, name: `Key ${i}`, credential: credential as never }
      expect((await call(t, contract.addPasskey, { body }, { token })).status).toBe(200)
    }
    const full = await registrationOptions(token)
    expect(full.status).toBe(409)
    expect(full.body.message).toBe(translate('en', 'passkeys.tooMany', { max: contract.PASSKEYS_MAX }))
  })

  describe('as the second step of a sign-in with 2FA on', () => {
    /** A customer with a passkey who then turned 2FA on. */
    async function twoFactorWithPasskey() {
      const owner = await withPasskey()
      const secret = (await call(t, contract.generateTwoFactorSecret, {}, { token: owner.token })).body.data.secret_key
      t.clock.set(new Date((stepAt(t.clock.now()) + 1) * 30_000 + 1_000))
      const on = await call(
        t,
        contract.enableTwoFactor,
        { body: { code: codeAt(secret, t.clock.now()), secret_key: secret } },
        { token: owner.token },
      )
      expect(on.status).toBe(200)
      return owner
    }
    async function challengeFor(email: string) {
      const res = await call(t, contract.login, { body: { email, password: PASSWORD } }, { ip: freshIp() })
      if (!contract.needsSecondFactor(res.body.data)) throw new Error('expected a two-factor challenge')
      return res.body.data.token
    }
    const optionsFor = (token: string) => call(t, contract.passkeySecondFactorOptions, { body: { token } }, {})
    const verify = (token: string, attempt_id: string, credential: unknown) =>
      call(t, contract.verifyTwoFactorPasskey, { body: { token, attempt_id, credential: credential as never } }, {})

    it('a passkey of the account finishes the sign-in', async () => {
      const { user, authenticator, passkey } = await twoFactorWithPasskey()
      const token = await challengeFor(user.email)
      const options = await optionsFor(token)
      expect(options.status).toBe(200)
      const request = options.body.data.options as { allowCredentials: { id: string }[] }
      expect(request.allowCredentials.map((c) => c.id)).toEqual([
        authenticator.credentials[0]?.id.toString('base64url'),
      ])
      const res = await verify(token, options.body.data.attempt_id, authenticator.assert(options.body.data.options))
      expect(res.status).toBe(200)
      expect(contract.Session.parse(res.body.data).user_id).toBe(user.id)
      expect((await rowOf(passkey.id))?.lastUsedAt).not.toBeNull()
      // A password-less sign-in with the passkey needs no code either: it is both factors.
      expect((await passwordless(authenticator)).res.status).toBe(200)
    })

    it("refuses another account's passkey, an attempt of another challenge's account, and a bad challenge", async () => {
      const a = await twoFactorWithPasskey()
      const b = await twoFactorWithPasskey()
      const token = await challengeFor(a.user.email)
      const options = await optionsFor(token)
      const foreign = await verify(
        token,
        options.body.data.attempt_id,
        b.authenticator.assert(options.body.data.options),
      )
      expect(foreign.status).toBe(422)
      expect(foreign.body.error_code).toBe('PASSKEY_REFUSED')
      // B's challenge cannot finish an attempt made for A.
      const optionsA = await optionsFor(await challengeFor(a.user.email))
      const crossed = await verify(
        await challengeFor(b.user.email),
        optionsA.body.data.attempt_id,
        b.authenticator.assert(optionsA.body.data.options),
      )
      expect(crossed.status).toBe(400)
      expect((await optionsFor('not-a-challenge')).status).toBe(400)
    })

    it('an account without a passkey is told to use a code', async () => {
      const plain = await createUser(t, { email: freshEmail('nopasskey') })
      const own = await signIn(t, plain.email)
      const secret = (await call(t, contract.generateTwoFactorSecret, {}, { token: own })).body.data.secret_key
      t.clock.set(new Date((stepAt(t.clock.now()) + 1) * 30_000 + 1_000))
      await call(
        t,
        contract.enableTwoFactor,
        { body: { code: codeAt(secret, t.clock.now()), secret_key: secret } },
        { token: own },
      )
      const res = await optionsFor(await challengeFor(plain.email))
      expect(res.status).toBe(422)
      expect(res.body.message).toBe(translate('en', 'passkeys.noneForAccount'))
    })
  })

  it('keeps no challenge longer than it lives', async () => {
    await signInOptions()
    t.clock.advance(6 * 60_000)
    await signInOptions()
    const rows = (await t.ctx.db.execute(sql`select expires_at from webauthn_challenges`)) as unknown as {
      rows: { expires_at: string | Date }[]
    }
    for (const row of rows.rows) expect(new Date(row.expires_at).getTime()).toBeGreaterThan(t.clock.now().getTime())
  })
})
