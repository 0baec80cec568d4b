import * as contract from '@app/contract'
import { translate } from '@app/contract'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { call, freshIp, lastMailTo, PASSWORD, userWithToken, useTestApp } from '../../../test/helpers.ts'
import { auditLog, userRecoveryCodes, userTotp } from '../../db/schema/index.ts'
import { codeAt, stepAt } from './totp.ts'

const STEP_MS = 30_000

// Two-factor recovery codes (issue 16; docs/auth.md "Recovery codes").
describe('two-factor recovery codes', async () => {
  const t = await useTestApp()
  const nextStep = () => t.clock.set(new Date((stepAt(t.clock.now()) + 1) * STEP_MS + 1_000))
  const login = (email: string) => call(t, contract.login, { body: { email, password: PASSWORD } }, { ip: freshIp() })
  const useCode = (token: string, code: string, lang?: string) =>
    call(t, contract.verifyRecoveryCode, { body: { token, code } }, { ip: freshIp(), ...(lang ? { lang } : {}) })
  const info = (token: string) => call(t, contract.recoveryCodesInfo, {}, { token })
  const regenerate = (token: string) => call(t, contract.regenerateRecoveryCodes, {}, { token })

  /** A customer who just turned 2FA on: their secret and the ten codes the answer showed. */
  async function enrolled() {
    const { user, token } = await userWithToken(t)
    const secret = (await call(t, contract.generateTwoFactorSecret, {}, { token })).body.data.secret_key
    nextStep()
    const res = await call(
      t,
      contract.enableTwoFactor,
      { body: { code: codeAt(secret, t.clock.now()), secret_key: secret } },
      { token },
    )
    expect(res.status).toBe(200)
    nextStep()
    return { user, token, secret, codes: res.body.data.recovery_codes }
  }

  async function challengeFor(email: string) {
    const res = await login(email)
    if (!contract.needsSecondFactor(res.body.data)) throw new Error('expected a two-factor challenge')
    return res.body.data.token
  }

  /** Proves the session again with a fresh app code (the step-up regeneration needs). */
  async function stepUp(token: string, secret: string) {
    nextStep()
    const res = await call(t, contract.stepUp, { body: { code: codeAt(secret, t.clock.now()) } }, { token })
    expect(res.status).toBe(200)
  }

  it('turning 2FA on gives ten distinct codes of 120 bits, shown once; the settings see how many are left', async () => {
    const { token, codes } = await enrolled()
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){5}$/)
    const res = await info(token)
    expect(res.status).toBe(200)
    expect(res.body.data.remaining).toBe(10)
    expect(res.body.data.generated_at).not.toBeNull()
    // The info call never shows the codes again.
    expect(JSON.stringify(res.body)).not.toContain(codes[0])
  })

  it('keeps only a keyed hash: no code is in the database in any form a dump could use', async () => {
    const { user, codes } = await enrolled()
    const rows = await t.ctx.db.select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, user.id))
    expect(rows).toHaveLength(10)
    const raw = JSON.stringify(await t.ctx.db.execute(sql`select * from user_recovery_codes`))
    for (const code of codes) {
      const plain = contract.normaliseRecoveryCode(code)
      expect(raw).not.toContain(plain)
      expect(raw).not.toContain(code)
      expect(raw).not.toContain(Buffer.from(plain).toString('base64'))
      expect(raw).not.toContain(Buffer.from(plain).toString('hex'))
    }
    for (const row of rows) expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/)
  })

  it('a code finishes the second step once, in any case and spacing; the account is e-mailed', async () => {
    const { user, token, codes } = await enrolled()
    const [first = ''] = codes
    const typed = ` ${first.toUpperCase().replace(/-/g, ' ')} `
    const done = await useCode(await challengeFor(user.email), typed)
    expect(done.status).toBe(200)
    const session = contract.Session.parse(done.body.data)
    expect(session.user_id).toBe(user.id)
    expect((await call(t, contract.getOwnProfile, {}, { token: session.token })).status).toBe(200)
    const mail = await lastMailTo(t, user.email)
    expect(mail?.subject).toBe(translate('en', 'recoveryCodes.mail.usedSubject'))
    expect(mail?.textBody).toContain('9 unused codes are left')
    expect(mail?.textBody).not.toContain(contract.normaliseRecoveryCode(first))
    expect((await info(token)).body.data.remaining).toBe(9)

    const again = await useCode(await challengeFor(user.email), first, 'my')
    expect(again.status).toBe(422)
    expect(again.body).toMatchObject({ error_code: 'WRONG_CODE', message: translate('my', 'recoveryCodes.wrong') })
    // Another code of the set still works.
    expect((await useCode(await challengeFor(user.email), codes[1] ?? '')).status).toBe(200)
  })

  it('two requests racing with one code: exactly one session', async () => {
    const { user, codes } = await enrolled()
    const code = codes[0] ?? ''
    const challenges = await Promise.all([challengeFor(user.email), challengeFor(user.email), challengeFor(user.email)])
    const answers = await Promise.all(challenges.map((c) => useCode(c, code)))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422, 422])
    const used = await t.ctx.db.select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, user.id))
    expect(used.filter((row) => row.usedAt !== null)).toHaveLength(1)
  })

  it("refuses another account's code, a code without a valid challenge, and a malformed code", async () => {
    const a = await enrolled()
    const b = await enrolled()
    const foreign = await useCode(await challengeFor(b.user.email), a.codes[0] ?? '')
    expect(foreign.status).toBe(422)
    expect((await useCode('not-a-challenge', a.codes[0] ?? '')).status).toBe(400)
    const challenge = await challengeFor(a.user.email)
    t.clock.advance(6 * 60_000)
    const expired = await useCode(challenge, a.codes[0] ?? '')
    expect(expired.status).toBe(400)
    expect(expired.body.error_code).toBe('TOKEN_EXPIRED')
    const malformed = await useCode(await challengeFor(a.user.email), '123456', 'vi')
    expect(malformed.status).toBe(400)
    expect(JSON.stringify(malformed.body)).toContain(translate('vi', 'recoveryCodes.format'))
    // The refused attempts spent nothing: the code still works.
    expect((await useCode(await challengeFor(a.user.email), a.codes[0] ?? '')).status).toBe(200)
  })

  it('wrong codes count towards the same lock as wrong app codes', async () => {
    const { user, codes } = await enrolled()
    const challenge = await challengeFor(user.email)
    const wrong = 'aaaa-aaaa-aaaa-aaaa-aaaa-aaaa'
    for (let i = 0; i < 4; i++) expect((await useCode(challenge, wrong)).status).toBe(422)
    expect((await useCode(challenge, wrong)).status).toBe(429)
    const locked = await useCode(challenge, codes[0] ?? '')
    expect(locked.status).toBe(429)
    expect(locked.headers['retry-after']).toBeDefined()
    t.clock.advance(16 * 60_000)
    expect((await useCode(await challengeFor(user.email), codes[0] ?? '')).status).toBe(200)
  })

  it('regenerating needs a step-up, makes ten new codes, and the old ones stop working', async () => {
    const { user, token, secret, codes } = await enrolled()
    const refused = await regenerate(token)
    expect(refused.status).toBe(403)
    expect(refused.body.error_code).toBe('STEP_UP_REQUIRED')
    expect((await info(token)).body.data.remaining).toBe(10)

    await stepUp(token, secret)
    const res = await regenerate(token)
    expect(res.status).toBe(200)
    expect(res.body.message).toBe(translate('en', 'recoveryCodes.regenerated'))
    const fresh = res.body.data.codes
    expect(fresh).toHaveLength(10)
    expect(fresh.filter((code) => codes.includes(code))).toEqual([])
    expect(res.body.data.remaining).toBe(10)
    const mail = await lastMailTo(t, user.email)
    expect(mail?.subject).toBe(translate('en', 'recoveryCodes.mail.regeneratedSubject'))

    expect((await useCode(await challengeFor(user.email), codes[0] ?? '')).status).toBe(422)
    expect((await useCode(await challengeFor(user.email), fresh[0] ?? '')).status).toBe(200)
  })

  it('regenerating is refused while 2FA is off', async () => {
    const { token } = await userWithToken(t)
    const step = await call(t, contract.stepUp, { body: { password: PASSWORD } }, { token })
    expect(step.status).toBe(200)
    const res = await regenerate(token)
    expect(res.status).toBe(409)
    expect(res.body.message).toBe(translate('en', 'twoFactor.notEnabled'))
    expect((await info(token)).body.data).toEqual({ remaining: 0, generated_at: null })
  })

  it('turning 2FA off (by the user) deletes the codes; a challenge from before is refused', async () => {
    const { user, token, secret, codes } = await enrolled()
    const challenge = await challengeFor(user.email)
    const off = await call(
      t,
      contract.disableTwoFactor,
      { body: { code: codeAt(secret, t.clock.now()), password: PASSWORD } },
      { token },
    )
    expect(off.status).toBe(200)
    expect(await t.ctx.db.select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, user.id))).toEqual([])
    const res = await useCode(challenge, codes[0] ?? '')
    expect(res.status).toBe(400)
    expect(res.body.error_code).toBe('TOKEN_EXPIRED')
  })

  it("an administrator turning off a user's 2FA clears their recovery codes too", async () => {
    const admin = await userWithToken(t, ['admin'])
    const { user } = await enrolled()
    const res = await call(
      t,
      contract.turnOffAccountTwoFactor,
      { params: { id: user.id }, body: { reason: 'Lost phone; identity checked by phone call' } },
      { token: admin.token },
    )
    expect(res.status).toBe(200)
    expect(await t.ctx.db.select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, user.id))).toEqual([])
    expect(await t.ctx.db.select().from(userTotp).where(eq(userTotp.userId, user.id))).toEqual([])
    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, user.id))
    expect(audit.map((row) => row.action)).toContain('user.two_factor_off')
    // Sign-in is one step again.
    const again = await login(user.email)
    expect(contract.needsSecondFactor(again.body.data)).toBe(false)
  })

  it('a recovery-code sign-in during maintenance turns a customer away, as a code sign-in would', async () => {
    const admin = await userWithToken(t, ['admin'])
    const { user, codes } = await enrolled()
    const challenge = await challengeFor(user.email)
    await call(t, contract.setMaintenance, { body: { enabled: true } }, { token: admin.token })
    try {
      const res = await useCode(challenge, codes[0] ?? '')
      expect(res.status).toBe(503)
    } finally {
      await call(t, contract.setMaintenance, { body: { enabled: false } }, { token: admin.token })
    }
    // The refusal spent no code: it still finishes a sign-in after maintenance.
    expect((await useCode(await challengeFor(user.email), codes[0] ?? '')).status).toBe(200)
  })
})
