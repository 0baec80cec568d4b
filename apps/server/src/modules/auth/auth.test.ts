import * as contract from '@app/contract'
import { translate } from '@app/contract'
import { count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  call,
  createUser,
  errorEnvelope,
  fieldsOf,
  findUserRow,
  freshEmail,
  freshIp,
  lastMailTo,
  mailsTo,
  tokenFromMail,
  useTestApp,
} from '../../../test/helpers.ts'
import { emailOutbox, userRoles, users, userTokens } from '../../db/schema/index.ts'
import { EMAIL_CHECK_LIMITS } from './service.ts'

const HOUR = 3_600_000

function registration(overrides: Partial<contract.RequestOf<typeof contract.register>['body']> = {}) {
  return {
    full_name: 'Nguyễn Văn An',
    email: freshEmail('register'),
    phone_number: '0912 345 678',
    password: 'long-enough-1',
    confirm_password: 'long-enough-1',
    ...overrides,
  }
}

describe('register, verify and check-email', async () => {
  const t = await useTestApp()

  async function userCount() {
    const [row] = await t.ctx.db.select({ value: count() }).from(users)
    return row?.value ?? 0
  }

  describe('register', () => {
    it('creates an unverified customer and e-mails a verification link', async () => {
      const body = registration({ email: '  An.Nguyen@Example.COM ', organization: ' Acme ', job_title: 'CTO' })
      const res = await call(t, contract.register, { body }, { ip: freshIp(), lang: 'vi-VN,vi;q=0.9' })

      expect(res.status).toBe(201)
      expect(res.body).toMatchObject({ status: 'success', error_code: null, data: { email: 'an.nguyen@example.com' } })
      expect(res.body.message).toBe(translate('vi', 'auth.registered'))
      const row = await findUserRow(t, res.body.data.user_id)
      expect(row).toMatchObject({
        email: 'an.nguyen@example.com',
        firstName: 'Nguyễn Văn',
        lastName: 'An',
        phoneNumber: '+84912345678',
        organization: 'Acme',
        jobTitle: 'CTO',
        status: 'active',
        emailVerifiedAt: null,
        language: 'vi',
      })
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/)
      const roles = await t.ctx.db.select().from(userRoles).where(eq(userRoles.userId, res.body.data.user_id))
      expect(roles.map((r) => r.role)).toEqual(['customer'])

      const mail = await lastMailTo(t, 'an.nguyen@example.com')
      expect(mail).toMatchObject({ template: 'verifyEmail', status: 'stored', userId: res.body.data.user_id })
      // The e-mail speaks the language the visitor registered in.
      expect(mail?.subject).toBe('Xác minh địa chỉ email của bạn')
      expect(mail?.textBody).toMatch(/http:\/\/localhost:3000\/user\/verify\?token=[\w-]{20,}/)
      expect(mail?.htmlBody).toContain('/user/verify?token=')
    })

    it('takes English when the visitor sends no language', async () => {
      const body = registration()
      const res = await call(t, contract.register, { body }, { ip: freshIp() })
      expect(res.status).toBe(201)
      expect(res.body.message).toBe('Your account has been created. Check your email for the verification link.')
      expect((await findUserRow(t, res.body.data.user_id))?.language).toBe('en')
      expect((await lastMailTo(t, body.email))?.subject).toBe('Confirm your e-mail address')
    })

    it('keeps optional organization and job title empty when they are not given', async () => {
      const res = await call(t, contract.register, { body: registration() }, { ip: freshIp() })
      expect(res.status).toBe(201)
      expect(await findUserRow(t, res.body.data.user_id)).toMatchObject({ organization: null, jobTitle: null })
    })

    it.each([
      ['full_name', { full_name: 'Ada' }, 'validation.fullName.twoWords'],
      ['full_name', { full_name: 'Ada L0velace' }, 'validation.name.invalidChars'],
      ['full_name', { full_name: 'Ada Love-lace' }, 'validation.name.invalidChars'],
      ['full_name', { full_name: '' }, 'validation.fullName.required'],
      ['email', { email: 'a@b' }, 'validation.email.invalid'],
      ['email', { email: '' }, 'validation.email.required'],
      ['phone_number', { phone_number: '123' }, 'validation.phone.invalid'],
      ['phone_number', { phone_number: ' ' }, 'validation.phone.required'],
      ['password', { password: 'short', confirm_password: 'short' }, 'validation.password.tooShort'],
      ['confirm_password', { confirm_password: 'long-enough-2' }, 'validation.password.mismatch'],
      ['confirm_password', { confirm_password: '' }, 'validation.password.confirmRequired'],
    ] as const)('refuses an invalid %s (%j) with a field message', async (field, change, key) => {
      const before = await userCount()
      const res = await call(t, contract.register, { body: registration(change) }, { ip: freshIp() })
      expect(res.status).toBe(400)
      const envelope = errorEnvelope(res.body)
      expect(envelope.error_code).toBe('VALIDATION')
      const expected = translate('en', key, { min: 8, max: 128 })
      expect(envelope.data).toEqual({ fields: { [field]: expected } })
      expect(envelope.message).toBe(expected)
      expect(await userCount()).toBe(before)
    })

    it.each(['vi', 'my'] as const)('gives the field messages in %s', async (lang) => {
      const res = await call(
        t,
        contract.register,
        { body: registration({ full_name: 'Ada', email: 'a@b', password: 'short', confirm_password: 'short' }) },
        { ip: freshIp(), lang },
      )
      expect(res.status).toBe(400)
      expect(res.body.data).toEqual({
        fields: {
          full_name: translate(lang, 'validation.fullName.twoWords'),
          email: translate(lang, 'validation.email.invalid'),
          password: translate(lang, 'validation.password.tooShort', { min: 8 }),
        },
      })
      expect(res.body.message).not.toBe(translate('en', 'validation.fullName.twoWords'))
    })

    it('asks for every missing field', async () => {
      const res = await call(t, contract.register, { body: {} as never }, { ip: freshIp() })
      expect(res.status).toBe(400)
      const fields = fieldsOf(res.body)
      expect(Object.keys(fields).sort()).toEqual(['confirm_password', 'email', 'full_name', 'password', 'phone_number'])
      expect(fields.email).toBe('email is required')
    })

    it('refuses a role in the body and creates no administrator', async () => {
      const body = { ...registration(), role: 'admin', roles: ['admin'] }
      const before = await userCount()
      const res = await call(t, contract.register, { body: body as never }, { ip: freshIp() })
      expect(res.status).toBe(400)
      expect(errorEnvelope(res.body).error_code).toBe('VALIDATION')
      expect(Object.keys(fieldsOf(res.body)).sort()).toEqual(['role', 'roles'])
      expect(res.body.message).toContain('role')
      expect(await userCount()).toBe(before)
      const admins = await t.ctx.db.select().from(userRoles).where(eq(userRoles.role, 'admin'))
      expect(admins).toEqual([])
    })

    it('refuses an e-mail that is already registered, in any case, and writes nothing', async () => {
      const first = registration()
      expect((await call(t, contract.register, { body: first }, { ip: freshIp() })).status).toBe(201)
      const before = {
        users: await userCount(),
        mails: (await t.ctx.db.select({ value: count() }).from(emailOutbox))[0]?.value,
        tokens: (await t.ctx.db.select({ value: count() }).from(userTokens))[0]?.value,
      }

      const again = registration({ email: first.email.toUpperCase(), full_name: 'Other Person' })
      const res = await call(t, contract.register, { body: again }, { ip: freshIp() })

      expect(res.status).toBe(409)
      expect(errorEnvelope(res.body).error_code).toBe('EMAIL_USED')
      expect(res.body.message).toBe('This email is already registered')
      expect({
        users: await userCount(),
        mails: (await t.ctx.db.select({ value: count() }).from(emailOutbox))[0]?.value,
        tokens: (await t.ctx.db.select({ value: count() }).from(userTokens))[0]?.value,
      }).toEqual(before)
      expect(await mailsTo(t, first.email)).toHaveLength(1)
    })

    it('lets only one of two simultaneous sign-ups with one e-mail through', async () => {
      const body = registration()
      const answers = await Promise.all([
        call(t, contract.register, { body }, { ip: freshIp() }),
        call(t, contract.register, { body: { ...body, email: body.email.toUpperCase() } }, { ip: freshIp() }),
      ])
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409])
      expect(answers.find((a) => a.status === 409)?.body.error_code).toBe('EMAIL_USED')
      expect(await mailsTo(t, body.email)).toHaveLength(1)
    })

    it('limits sign-ups per address', async () => {
      const ip = freshIp()
      for (let i = 0; i < 10; i++) {
        expect((await call(t, contract.register, { body: registration() }, { ip })).status).toBe(201)
      }
      const before = await userCount()
      const blocked = await call(t, contract.register, { body: registration() }, { ip, lang: 'vi' })
      expect(blocked.status).toBe(429)
      expect(errorEnvelope(blocked.body).error_code).toBe('RATE_LIMITED')
      expect(blocked.body.message).toMatch(/^Quá nhiều yêu cầu/)
      expect(await userCount()).toBe(before)
      // Another address is not affected.
      expect((await call(t, contract.register, { body: registration() }, { ip: freshIp() })).status).toBe(201)
    })
  })

  describe('verification link', () => {
    async function registered(lang?: string) {
      const body = registration()
      const res = await call(t, contract.register, { body }, { ip: freshIp(), ...(lang ? { lang } : {}) })
      expect(res.status).toBe(201)
      return { id: res.body.data.user_id, email: body.email, token: await tokenFromMail(t, body.email) }
    }

    it('verifies the account once; a second use of the link is refused', async () => {
      const account = await registered()
      const first = await call(t, contract.verifyEmail, { params: { token: account.token } }, { ip: freshIp() })
      expect(first.status).toBe(200)
      expect(first.body).toMatchObject({ status: 'success', data: { email: account.email } })
      expect(first.body.message).toBe('Your email is verified. Welcome aboard!')
      expect((await findUserRow(t, account.id))?.emailVerifiedAt).toEqual(t.clock.now())

      const second = await call(t, contract.verifyEmail, { params: { token: account.token } }, { ip: freshIp() })
      expect(second.status).toBe(400)
      expect(errorEnvelope(second.body).error_code).toBe('TOKEN_USED')
      expect(second.body.message).toBe('This verification link is invalid or has already been used.')
    })

    it('verifies once when the same link is opened twice at the same moment', async () => {
      const account = await registered()
      const answers = await Promise.all(
        [1, 2].map(() => call(t, contract.verifyEmail, { params: { token: account.token } }, { ip: freshIp() })),
      )
      expect(answers.map((a) => a.status).sort()).toEqual([200, 400])
    })

    it('refuses a token nobody was sent', async () => {
      const res = await call(
        t,
        contract.verifyEmail,
        { params: { token: 'not-a-real-token' } },
        { ip: freshIp(), lang: 'my' },
      )
      expect(res.status).toBe(400)
      expect(errorEnvelope(res.body).error_code).toBe('TOKEN_USED')
      expect(res.body.message).toBe(translate('my', 'auth.verifyTokenInvalid'))
    })

    it('expires 24 hours after it was sent', async () => {
      const early = await registered()
      const late = await registered()
      t.clock.advance(24 * HOUR - 1000)
      const inTime = await call(t, contract.verifyEmail, { params: { token: early.token } }, { ip: freshIp() })
      expect(inTime.status).toBe(200)

      t.clock.advance(1000)
      const expired = await call(t, contract.verifyEmail, { params: { token: late.token } }, { ip: freshIp() })
      expect(expired.status).toBe(400)
      expect(errorEnvelope(expired.body).error_code).toBe('TOKEN_EXPIRED')
      expect(expired.body.message).toBe('This verification link has expired. Request a new one.')
      expect((await findUserRow(t, late.id))?.emailVerifiedAt).toBeNull()
    })

    it('resending sends a new link and the old one stops working', async () => {
      const account = await registered('my')
      t.clock.advance(1000)
      const resent = await call(t, contract.sendVerifyEmail, { body: { email: account.email } }, { ip: freshIp() })
      expect(resent.status).toBe(200)
      const mails = await mailsTo(t, account.email)
      expect(mails).toHaveLength(2)
      // The new e-mail is in the language the account registered with.
      expect(mails[1]?.subject).toBe('သင့် အီးမေးလ်လိပ်စာကို အတည်ပြုပါ')
      const newToken = await tokenFromMail(t, account.email)
      expect(newToken).not.toBe(account.token)

      const old = await call(t, contract.verifyEmail, { params: { token: account.token } }, { ip: freshIp() })
      expect(old.status).toBe(400)
      const fresh = await call(t, contract.verifyEmail, { params: { token: newToken } }, { ip: freshIp() })
      expect(fresh.status).toBe(200)
    })

    it('answers the same for unknown, verified and unverified addresses and only mails the unverified', async () => {
      const unverified = await registered()
      const verified = await createUser(t, { email: freshEmail('verified') })
      const unknown = freshEmail('nobody')
      t.clock.advance(1000)

      const answers = []
      for (const email of [unknown, verified.email, unverified.email]) {
        const res = await call(t, contract.sendVerifyEmail, { body: { email } }, { ip: freshIp() })
        answers.push({ status: res.status, body: res.body })
      }
      expect(answers[0]).toEqual({
        status: 200,
        body: {
          status: 'success',
          data: null,
          message: 'If an unverified account uses this email, a new verification link is on its way.',
          error_code: null,
        },
      })
      expect(answers[1]).toEqual(answers[0])
      expect(answers[2]).toEqual(answers[0])

      expect(await mailsTo(t, unknown)).toHaveLength(0)
      expect(await mailsTo(t, verified.email)).toHaveLength(0)
      expect(await mailsTo(t, unverified.email)).toHaveLength(2)
    })

    it('sends at most three links per address in 15 minutes, answering the same', async () => {
      const account = await registered()
      for (let i = 0; i < 4; i++) {
        t.clock.advance(1000)
        const res = await call(t, contract.sendVerifyEmail, { body: { email: account.email } }, { ip: freshIp() })
        expect(res.status).toBe(200)
      }
      expect(await mailsTo(t, account.email)).toHaveLength(4)
    })

    it('works for an account past its 24 hours, which then signs in again', async () => {
      const account = await registered()
      t.clock.advance(25 * HOUR)
      const login = { email: account.email, password: 'long-enough-1' }
      expect((await call(t, contract.login, { body: login }, { ip: freshIp() })).status).toBe(403)

      expect(
        (await call(t, contract.sendVerifyEmail, { body: { email: account.email } }, { ip: freshIp() })).status,
      ).toBe(200)
      const token = await tokenFromMail(t, account.email)
      expect((await call(t, contract.verifyEmail, { params: { token } }, { ip: freshIp() })).status).toBe(200)
      expect((await call(t, contract.login, { body: login }, { ip: freshIp() })).status).toBe(200)
    })
  })

  describe('check-email-existed', () => {
    it('tells whether an address has an account, in any case', async () => {
      const user = await createUser(t, { email: freshEmail('exists') })
      const yes = await call(
        t,
        contract.checkEmailExisted,
        { body: { email: user.email.toUpperCase() } },
        { ip: freshIp() },
      )
      expect(yes.status).toBe(200)
      expect(yes.body).toMatchObject({ data: { existed: true }, message: 'This email is already registered' })

      const no = await call(t, contract.checkEmailExisted, { body: { email: freshEmail('free') } }, { ip: freshIp() })
      expect(no.status).toBe(200)
      expect(no.body).toMatchObject({ data: { existed: false }, message: 'This email is not registered yet' })
    })

    it('refuses an invalid address', async () => {
      const res = await call(t, contract.checkEmailExisted, { body: { email: 'a@b' } }, { ip: freshIp(), lang: 'vi' })
      expect(res.status).toBe(400)
      expect(errorEnvelope(res.body).error_code).toBe('VALIDATION')
      expect(res.body.data).toEqual({ fields: { email: translate('vi', 'validation.email.invalid') } })
    })

    // Not an enumeration oracle (docs/security.md "Rate limits"): a few lookups a minute per address,
    // a few dozen an hour, and a global budget per minute that many addresses together cannot pass.
    const check = (ip: string) =>
      call(t, contract.checkEmailExisted, { body: { email: freshEmail('probe') } }, { ip, lang: 'vi' })
    const nextWindow = () => t.clock.advance(61 * 60_000)

    it('limits lookups per address: a few a minute, then 429 with Retry-After', async () => {
      nextWindow()
      const ip = freshIp()
      for (let i = 0; i < EMAIL_CHECK_LIMITS.perAddressPerMinute; i++) expect((await check(ip)).status).toBe(200)
      const blocked = await check(ip)
      expect(blocked.status).toBe(429)
      expect(errorEnvelope(blocked.body).error_code).toBe('RATE_LIMITED')
      expect(blocked.body.message).toBe(translate('vi', 'error.rateLimited', { seconds: 60 }))
      expect(blocked.headers['retry-after']).toBe('60')
      // Another address is not held up by it.
      expect((await check(freshIp())).status).toBe(200)
    })

    it('limits lookups per address per hour, and an IPv6 /64 counts as one address', async () => {
      nextWindow()
      let allowed = 0
      for (let i = 0; i < 40; i++) {
        // A new address of the same /64 every time, a minute apart: only the hour budget can stop it.
        const res = await check(`2001:db8:42:7::${(i + 1).toString(16)}`)
        if (res.status !== 200) {
          expect(res.status).toBe(429)
          expect(Number(res.headers['retry-after'])).toBeGreaterThan(60)
          break
        }
        allowed++
        t.clock.advance(61_000)
      }
      expect(allowed).toBe(EMAIL_CHECK_LIMITS.perAddressPerHour)
    })

    it('has a global budget per minute that many addresses together cannot pass', async () => {
      nextWindow()
      for (let i = 0; i < EMAIL_CHECK_LIMITS.globalPerMinute; i++) expect((await check(freshIp())).status).toBe(200)
      const blocked = await check(freshIp())
      expect(blocked.status).toBe(429)
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
      expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60)
      // The next minute opens again.
      t.clock.advance(61_000)
      expect((await check(freshIp())).status).toBe(200)
      nextWindow()
    })
  })
})
