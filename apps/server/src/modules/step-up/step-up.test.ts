import * as contract from '@app/contract'
import { STEP_UP_WINDOW_MINUTES, translate } from '@app/contract'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  call,
  createUser,
  errorEnvelope,
  freshEmail,
  PASSWORD,
  setUser,
  signIn,
  userWithToken,
  useTestApp,
} from '../../../test/helpers.ts'
import { auditLog, sessions } from '../../db/schema/index.ts'
import { codeAt, stepAt } from '../two-factor/totp.ts'

// Step-up (docs/auth.md "Step-up", docs/security.md): revealing a key's secret needs a proof of
// identity from the last 10 minutes on the same session; the key's creation still answers its secret.

const MINUTE = 60_000
const STEP_MS = 30_000

describe('step-up before revealing a key', async () => {
  const t = await useTestApp()

  /** A customer who may create keys, signed in, with one key; `secret` is what creation answered. */
  async function owner() {
    const user = await createUser(t, { email: freshEmail('owner'), phoneVerified: true })
    const token = await signIn(t, user.email)
    const created = await call(
      t,
      contract.createKey,
      { body: { name: 'Site', type: 'api_key', restriction_list: null } },
      { token },
    )
    expect(created.status).toBe(201)
    return { user, token, id: created.body.data.id, secret: created.body.data.key }
  }

  const reveal = (token: string, id: string, lang?: string) =>
    call(t, contract.revealKey, { params: { id } }, { token, ...(lang ? { lang } : {}) })
  const stepUp = (token: string, body: { password?: string; code?: string }) =>
    call(t, contract.stepUp, { body }, { token })
  const status = (token: string) => call(t, contract.stepUpStatus, {}, { token })

  function expectStepUpRequired(res: Awaited<ReturnType<typeof reveal>>, lang: 'en' | 'my' | 'vi' = 'en') {
    expect(res.status).toBe(403)
    expect(errorEnvelope(res.body)).toMatchObject({
      error_code: 'STEP_UP_REQUIRED',
      message: translate(lang, 'stepUp.required'),
    })
    expect(JSON.stringify(res.body)).not.toMatch(/mk_/)
  }

  /** Moves the clock to the start of a fresh 30-second step, so `codeAt(now)` has not been used. */
  const nextStep = () => t.clock.set(new Date((stepAt(t.clock.now()) + 1) * STEP_MS + 1_000))

  it('answers the secret once at creation, then refuses a reveal without a proof, in each language', async () => {
    const { token, id, secret } = await owner()
    expect(secret).toMatch(/^mk_/)
    expectStepUpRequired(await reveal(token, id))
    expectStepUpRequired(await reveal(token, id, 'my'), 'my')
    expectStepUpRequired(await reveal(token, id, 'vi'), 'vi')
  })

  it('reveals after the password, for 10 minutes, then asks again', async () => {
    const { token, id, secret } = await owner()
    expect((await status(token)).body.data).toEqual({ methods: ['password'], expires_at: null })

    const proved = await stepUp(token, { password: PASSWORD })
    expect(proved.status).toBe(200)
    const until = new Date(t.clock.now().getTime() + STEP_UP_WINDOW_MINUTES * MINUTE)
    expect(proved.body.data).toEqual({ methods: ['password'], expires_at: until.toISOString() })
    expect(proved.body.message).toBe(translate('en', 'stepUp.confirmed', { minutes: 10 }))
    expect((await status(token)).body.data.expires_at).toBe(until.toISOString())

    expect((await reveal(token, id)).body.data).toEqual({ key: secret })
    t.clock.advance(STEP_UP_WINDOW_MINUTES * MINUTE - 1_000)
    expect((await reveal(token, id)).status).toBe(200)
    t.clock.advance(1_000)
    expectStepUpRequired(await reveal(token, id))
    expect((await status(token)).body.data.expires_at).toBeNull()
  })

  it('binds the proof to the session: another session of the same user must prove itself too', async () => {
    const { user, token, id } = await owner()
    const other = await signIn(t, user.email)
    expect((await stepUp(token, { password: PASSWORD })).status).toBe(200)
    expect((await reveal(token, id)).status).toBe(200)
    expectStepUpRequired(await reveal(other, id))
  })

  it('does not count signing in as a proof', async () => {
    const { user, id } = await owner()
    const fresh = await signIn(t, user.email)
    expectStepUpRequired(await reveal(fresh, id))
  })

  it('refuses a wrong password, and locks step-up after five wrong ones even for the right password', async () => {
    const { token, id } = await owner()
    for (let i = 0; i < 4; i++) {
      const wrong = await stepUp(token, { password: 'not-the-password' })
      expect(wrong.status).toBe(422)
      expect(errorEnvelope(wrong.body)).toMatchObject({
        error_code: 'WRONG_PASSWORD',
        message: translate('en', 'stepUp.passwordWrong'),
      })
    }
    const fifth = await stepUp(token, { password: 'not-the-password' })
    expect(fifth.status).toBe(429)
    expect(errorEnvelope(fifth.body)).toMatchObject({
      error_code: 'RATE_LIMITED',
      message: translate('en', 'stepUp.locked', { minutes: 15, seconds: 900 }),
    })
    const right = await stepUp(token, { password: PASSWORD })
    expect(right.status).toBe(429)
    expectStepUpRequired(await reveal(token, id))

    t.clock.advance(15 * MINUTE + 1_000)
    expect((await stepUp(token, { password: PASSWORD })).status).toBe(200)
    expect((await reveal(token, id)).status).toBe(200)
  })

  it('asks an account with two-factor authentication for its code, not its password', async () => {
    const { user, token, id, secret } = await owner()
    const totp = (await call(t, contract.generateTwoFactorSecret, {}, { token })).body.data.secret_key
    nextStep()
    const enabled = await call(
      t,
      contract.enableTwoFactor,
      { body: { code: codeAt(totp, t.clock.now()), secret_key: totp } },
      { token },
    )
    expect(enabled.status).toBe(200)
    nextStep()
    expect((await status(token)).body.data.methods).toEqual(['totp'])

    const byPassword = await stepUp(token, { password: PASSWORD })
    expect(byPassword.status).toBe(400)
    expect(errorEnvelope(byPassword.body).message).toBe(translate('en', 'stepUp.useCode'))
    expectStepUpRequired(await reveal(token, id))

    const wrongCode = await stepUp(token, { code: codeAt(totp, new Date(t.clock.now().getTime() - 10 * MINUTE)) })
    expect(wrongCode.status).toBe(422)
    expect(errorEnvelope(wrongCode.body).error_code).toBe('WRONG_CODE')

    const code = codeAt(totp, t.clock.now())
    expect((await stepUp(token, { code })).status).toBe(200)
    expect((await reveal(token, id)).body.data.key).toBe(secret)
    const [row] = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id)).limit(1)
    expect(row?.stepUpMethod).toBe('totp')
    // A code proves once: replaying it is a wrong code.
    const replay = await stepUp(token, { code })
    expect(replay.status).toBe(422)
    expect(errorEnvelope(replay.body).error_code).toBe('WRONG_CODE')
  })

  it('asks for exactly one proof', async () => {
    const { token } = await owner()
    for (const body of [{}, { password: PASSWORD, code: '123456' }]) {
      const res = await stepUp(token, body)
      expect(res.status).toBe(400)
      expect(errorEnvelope(res.body).message).toBe(translate('en', 'stepUp.proofRequired'))
    }
  })

  it('tells an account with neither a password nor two-factor authentication how to get one', async () => {
    const { user, token, id } = await owner()
    await setUser(t, user.id, { passwordHash: null })
    expect((await status(token)).body.data.methods).toEqual([])
    const res = await stepUp(token, { password: PASSWORD })
    expect(res.status).toBe(422)
    expect(errorEnvelope(res.body)).toMatchObject({
      error_code: 'STEP_UP_UNAVAILABLE',
      message: translate('en', 'stepUp.unavailable'),
    })
    expectStepUpRequired(await reveal(token, id))
  })

  it('asks an administrator too before revealing a customer’s key, and audits only a reveal that happened', async () => {
    const { id, secret } = await owner()
    const admin = await userWithToken(t, ['admin'])
    const audited = () =>
      t.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'key.reveal')))
    expectStepUpRequired(await reveal(admin.token, id))
    expect(await audited()).toEqual([])
    expect((await stepUp(admin.token, { password: PASSWORD })).status).toBe(200)
    expect((await reveal(admin.token, id)).body.data.key).toBe(secret)
    expect(await audited()).toHaveLength(1)
  })

  it('still answers "not found" for someone else’s key, proof or not', async () => {
    const { id } = await owner()
    const intruder = await userWithToken(t)
    expect((await reveal(intruder.token, id)).status).toBe(404)
    expect((await stepUp(intruder.token, { password: PASSWORD })).status).toBe(200)
    expect((await reveal(intruder.token, id)).status).toBe(404)
  })
})
