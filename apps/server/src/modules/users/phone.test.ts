import * as contract from '@app/contract'
import { translate } from '@app/contract'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  call,
  createUser,
  errorEnvelope,
  fieldsOf,
  findUserRow,
  freshEmail,
  lastSmsFor,
  setUser,
  signIn,
  smsCodeFor,
  useTestApp,
} from '../../../test/helpers.ts'
import { emailOutbox } from '../../db/schema/index.ts'

// GET and POST /v1/users/verify_phone (docs/requirements.md §4.6): a 6-digit code by SMS (the outbox
// without a provider), one a minute and five an hour; five wrong codes lock the check for 15 minutes.

const MINUTE = 60_000

describe('phone verification', async () => {
  const t = await useTestApp()

  async function customer(options: Parameters<typeof createUser>[1] = {}) {
    const user = await createUser(t, { email: freshEmail('phone'), ...options })
    return { user, token: await signIn(t, user.email) }
  }

  const sendCode = (token: string, lang?: contract.Lang) =>
    call(t, contract.sendPhoneCode, {}, { token, ...(lang ? { lang } : {}) })
  const checkCode = (token: string, code: string) => call(t, contract.verifyPhone, { body: { code } }, { token })

  async function smsRows(userId: string) {
    return t.ctx.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.userId, userId), eq(emailOutbox.channel, 'sms')))
  }

  /** A 6-digit code that is not `code`. */
  const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

  describe('sending a code', () => {
    it('puts an SMS with a 6-digit code in the outbox for the profile’s number', async () => {
      const { user, token } = await customer({ phone: '+84912345678' })
      const res = await sendCode(token)
      expect(res.status).toBe(200)
      expect(res.body.message).toBe(translate('en', 'phone.codeSent', { phone: '+84912345678' }))
      expect(res.body.data).toEqual({
        phone_number: '+84912345678',
        expires_at: new Date(t.clock.now().getTime() + 10 * MINUTE).toISOString(),
      })
      const rows = await smsRows(user.id)
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({
        channel: 'sms',
        toAddress: '+84912345678',
        template: 'verifyPhone',
        status: 'stored',
      })
      // Stored with the code redacted (docs/security.md "Secrets in the outbox"); shown outside production.
      expect(rows[0]?.textBody).not.toMatch(/\b\d{6}\b/)
      expect(rows[0]?.textBody).toContain('[redacted]')
      expect((await lastSmsFor(t, user.id))?.textBody).toMatch(/\b\d{6}\b/)
    })

    it('writes the SMS in the user’s language', async () => {
      const { user, token } = await customer()
      await setUser(t, user.id, { language: 'vi' })
      expect((await sendCode(token)).status).toBe(200)
      const sms = await lastSmsFor(t, user.id)
      expect(sms?.textBody).toContain('mã xác minh')
      expect(sms?.textBody).toContain(await smsCodeFor(t, user.id))
    })

    it('asks for a phone number first when the profile has none', async () => {
      const { user, token } = await customer({ phone: null })
      const res = await sendCode(token, 'vi')
      expect(res.status).toBe(422)
      expect(errorEnvelope(res.body)).toMatchObject({
        error_code: 'E401',
        message: translate('vi', 'phone.none'),
      })
      expect(await smsRows(user.id)).toEqual([])
      const check = await checkCode(token, '123456')
      expect(check.status).toBe(422)
      expect(errorEnvelope(check.body).error_code).toBe('E401')
    })

    it('sends nothing for a number that is already verified', async () => {
      const { user, token } = await customer({ phoneVerified: true })
      const res = await sendCode(token)
      expect(res.status).toBe(422)
      expect(errorEnvelope(res.body)).toMatchObject({
        error_code: 'PHONE_VERIFIED',
        message: translate('en', 'phone.alreadyVerified'),
      })
      expect(await smsRows(user.id)).toEqual([])
    })

    it('sends at most one code a minute', async () => {
      const { user, token } = await customer()
      expect((await sendCode(token)).status).toBe(200)
      t.clock.advance(30_000)
      const again = await sendCode(token)
      expect(again.status).toBe(429)
      expect(errorEnvelope(again.body)).toMatchObject({
        error_code: 'RATE_LIMITED',
        message: translate('en', 'error.rateLimited', { seconds: 30, minutes: 1 }),
      })
      expect(await smsRows(user.id)).toHaveLength(1)
      t.clock.advance(30_000)
      expect((await sendCode(token)).status).toBe(200)
      expect(await smsRows(user.id)).toHaveLength(2)
    })

    it('sends at most five codes an hour', async () => {
      const { user, token } = await customer()
      const start = t.clock.now().getTime()
      for (let i = 0; i < 5; i++) {
        expect((await sendCode(token)).status, `code ${i + 1}`).toBe(200)
        t.clock.advance(MINUTE + 1000)
      }
      const sixth = await sendCode(token)
      expect(sixth.status).toBe(429)
      expect(errorEnvelope(sixth.body).error_code).toBe('RATE_LIMITED')
      t.clock.advance(10 * MINUTE)
      expect((await sendCode(token)).status).toBe(429)
      expect(await smsRows(user.id)).toHaveLength(5)

      // The hour counts from the first code.
      t.clock.set(new Date(start + 60 * MINUTE + 1000))
      expect((await sendCode(token)).status).toBe(200)
      expect(await smsRows(user.id)).toHaveLength(6)
    })

    it('keeps one customer’s limit from reaching another', async () => {
      const a = await customer()
      const b = await customer()
      expect((await sendCode(a.token)).status).toBe(200)
      expect((await sendCode(b.token)).status).toBe(200)
      expect((await sendCode(a.token)).status).toBe(429)
    })
  })

  describe('checking the code', () => {
    it('verifies the number with the right code, and the profile shows it', async () => {
      const { user, token } = await customer()
      expect((await call(t, contract.getOwnProfile, {}, { token })).body.data.phone_verified).toBe(false)
      await sendCode(token)
      t.clock.advance(MINUTE)
      const res = await checkCode(token, await smsCodeFor(t, user.id))
      expect(res.status).toBe(200)
      expect(res.body.message).toBe(translate('en', 'phone.verified'))
      expect(res.body.data).toEqual({ phone_number: '+84912345678', phone_verified: true })
      expect((await findUserRow(t, user.id))?.phoneVerifiedAt).toEqual(t.clock.now())
      const profile = await call(t, contract.getOwnProfile, {}, { token })
      expect(profile.body.data).toMatchObject({ phone_number: '+84912345678', phone_verified: true })
    })

    it('lets a customer with a newly verified phone create keys', async () => {
      const { user, token } = await customer()
      const body = { name: 'First key', type: 'api_key' as const, restriction_list: null }
      const before = await call(t, contract.createKey, { body }, { token })
      expect(before.status).toBe(422)
      expect(errorEnvelope(before.body).error_code).toBe('E401')
      await sendCode(token)
      expect((await checkCode(token, await smsCodeFor(t, user.id))).status).toBe(200)
      expect((await call(t, contract.createKey, { body }, { token })).status).toBe(201)
    })

    it('refuses a wrong code and leaves the number unverified', async () => {
      const { user, token } = await customer()
      await sendCode(token)
      const res = await checkCode(token, otherThan(await smsCodeFor(t, user.id)))
      expect(res.status).toBe(400)
      expect(errorEnvelope(res.body)).toMatchObject({
        error_code: 'CODE_INVALID',
        message: translate('en', 'phone.codeInvalid'),
      })
      expect((await findUserRow(t, user.id))?.phoneVerifiedAt).toBeNull()
    })

    it('refuses a code when none was sent', async () => {
      const { user, token } = await customer()
      const res = await checkCode(token, '123456')
      expect(res.status).toBe(400)
      expect(errorEnvelope(res.body).error_code).toBe('CODE_INVALID')
      expect((await findUserRow(t, user.id))?.phoneVerifiedAt).toBeNull()
    })

    it.each(['12345', '1234567', 'abcdef', '12 456'])('refuses %j as not six digits', async (code) => {
      const { token } = await customer()
      const res = await checkCode(token, code)
      expect(res.status).toBe(400)
      expect(fieldsOf(errorEnvelope(res.body))).toEqual({ code: translate('en', 'phone.codeFormat') })
    })

    it('refuses a code after ten minutes', async () => {
      const { user, token } = await customer()
      await sendCode(token)
      const code = await smsCodeFor(t, user.id)
      t.clock.advance(10 * MINUTE)
      const res = await checkCode(token, code)
      expect(res.status).toBe(400)
      expect(errorEnvelope(res.body)).toMatchObject({
        error_code: 'TOKEN_EXPIRED',
        message: translate('en', 'phone.codeExpired'),
      })
      expect((await findUserRow(t, user.id))?.phoneVerifiedAt).toBeNull()
    })

    it('accepts only the newest code', async () => {
      const { user, token } = await customer()
      await sendCode(token)
      const first = await smsCodeFor(t, user.id)
      t.clock.advance(MINUTE)
      await sendCode(token)
      const second = await smsCodeFor(t, user.id)
      if (first !== second) {
        const old = await checkCode(token, first)
        expect(old.status).toBe(400)
        expect(errorEnvelope(old.body).error_code).toBe('CODE_INVALID')
      }
      expect((await checkCode(token, second)).status).toBe(200)
    })

    it('locks the check after five wrong codes, even for the right one, for 15 minutes', async () => {
      const { user, token } = await customer()
      await sendCode(token)
      const code = await smsCodeFor(t, user.id)
      const wrong = otherThan(code)
      for (let i = 1; i <= 4; i++) {
        const res = await checkCode(token, wrong)
        expect(res.status, `attempt ${i}`).toBe(400)
        expect(errorEnvelope(res.body).error_code).toBe('CODE_INVALID')
      }
      const fifth = await checkCode(token, wrong)
      expect(fifth.status).toBe(429)
      expect(errorEnvelope(fifth.body)).toMatchObject({
        error_code: 'RATE_LIMITED',
        message: translate('en', 'phone.locked', { seconds: 900, minutes: 15 }),
      })

      const right = await checkCode(token, code)
      expect(right.status).toBe(429)
      expect(errorEnvelope(right.body).error_code).toBe('RATE_LIMITED')
      expect((await findUserRow(t, user.id))?.phoneVerifiedAt).toBeNull()

      // After the lock, the old code has expired too (10 minutes); a new one works.
      t.clock.advance(15 * MINUTE)
      const stale = await checkCode(token, code)
      expect(stale.status).toBe(400)
      expect(errorEnvelope(stale.body).error_code).toBe('TOKEN_EXPIRED')
      expect((await sendCode(token)).status).toBe(200)
      expect((await checkCode(token, await smsCodeFor(t, user.id))).status).toBe(200)
      expect((await findUserRow(t, user.id))?.phoneVerifiedAt).toEqual(t.clock.now())
    })

    it('does not let one customer’s lock reach another', async () => {
      const a = await customer()
      const b = await customer()
      await sendCode(a.token)
      await sendCode(b.token)
      for (let i = 0; i < 5; i++) await checkCode(a.token, otherThan(await smsCodeFor(t, a.user.id)))
      expect((await checkCode(a.token, await smsCodeFor(t, a.user.id))).status).toBe(429)
      expect((await checkCode(b.token, await smsCodeFor(t, b.user.id))).status).toBe(200)
    })

    it('answers a second check of a verified number with success and changes nothing', async () => {
      const { user, token } = await customer()
      await sendCode(token)
      const code = await smsCodeFor(t, user.id)
      expect((await checkCode(token, code)).status).toBe(200)
      const verifiedAt = (await findUserRow(t, user.id))?.phoneVerifiedAt
      // The number stays verified; asking again changes nothing.
      t.clock.advance(MINUTE)
      const again = await checkCode(token, code)
      expect(again.status).toBe(200)
      expect((await findUserRow(t, user.id))?.phoneVerifiedAt).toEqual(verifiedAt)
    })
  })

  describe('changing the number', () => {
    it('makes a code sent to the old number useless', async () => {
      const { user, token } = await customer({ phone: '+84912345678' })
      await sendCode(token)
      const code = await smsCodeFor(t, user.id)
      const changed = await call(t, contract.updateOwnProfile, { body: { phone_number: '0987654321' } }, { token })
      expect(changed.status).toBe(200)
      const res = await checkCode(token, code)
      expect(res.status).toBe(400)
      expect(errorEnvelope(res.body).error_code).toBe('CODE_INVALID')
      expect(await findUserRow(t, user.id)).toMatchObject({ phoneNumber: '+84987654321', phoneVerifiedAt: null })

      // A code sent to the new number verifies the new number.
      t.clock.advance(MINUTE)
      const sent = await sendCode(token)
      expect(sent.body.data.phone_number).toBe('+84987654321')
      expect((await lastSmsFor(t, user.id))?.toAddress).toBe('+84987654321')
      const ok = await checkCode(token, await smsCodeFor(t, user.id))
      expect(ok.status).toBe(200)
      expect(ok.body.data.phone_number).toBe('+84987654321')
    })

    it('makes a verified number unverified again, so a new code is needed', async () => {
      const { user, token } = await customer({ phoneVerified: true })
      const changed = await call(t, contract.updateOwnProfile, { body: { phone_number: '0987654321' } }, { token })
      expect(changed.body.data.phone_verified).toBe(false)
      expect((await findUserRow(t, user.id))?.phoneVerifiedAt).toBeNull()
      expect((await sendCode(token)).status).toBe(200)
    })
  })
})
