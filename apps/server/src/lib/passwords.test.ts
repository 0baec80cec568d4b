import * as contract from '@app/contract'
import { translate } from '@app/contract'
import { describe, expect, it } from 'vitest'
import {
  call,
  createUser,
  errorEnvelope,
  findUserRow,
  freshEmail,
  freshIp,
  lastMailTo,
  mailsTo,
  PASSWORD,
  signIn,
  tokenFromMail,
  useTestApp,
} from '../../test/helpers.ts'
import { checkPassword } from './passwords.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

describe('passwords', async () => {
  const t = await useTestApp()

  async function signedIn(options: { verified?: boolean } = {}) {
    const user = await createUser(t, { email: freshEmail('pw'), ...options })
    return { user, token: await signIn(t, user.email) }
  }

  const change = (
    token: string,
    body: { current_password: string; new_password: string; confirm_password: string },
    lang?: string,
  ) => call(t, contract.changePassword, { body }, { token, ...(lang ? { lang } : {}) })

  describe('change-password', () => {
    it('changes the password and e-mails the owner', async () => {
      const { user, token } = await signedIn()
      const res = await change(token, {
        current_password: PASSWORD,
        new_password: 'new-password-1',
        confirm_password: 'new-password-1',
      })
      expect(res.status).toBe(200)
      expect(res.body).toEqual({
        status: 'success',
        data: null,
        message: 'Your password has been changed. Other sessions were signed out.',
        error_code: null,
      })
      const row = await findUserRow(t, user.id)
      expect(await checkPassword(row?.passwordHash, 'new-password-1')).toBe(true)
      expect(await checkPassword(row?.passwordHash, PASSWORD)).toBe(false)

      const mail = await lastMailTo(t, user.email)
      expect(mail).toMatchObject({ template: 'passwordChanged', subject: 'Your password was changed' })

      expect(
        (await call(t, contract.login, { body: { email: user.email, password: PASSWORD } }, { ip: freshIp() })).status,
      ).toBe(401)
      expect(
        (await call(t, contract.login, { body: { email: user.email, password: 'new-password-1' } }, { ip: freshIp() }))
          .status,
      ).toBe(200)
    })

    it('refuses a wrong current password with WRONG_PASSWORD and changes nothing', async () => {
      const { user, token } = await signedIn()
      const res = await change(
        token,
        { current_password: 'not-my-password', new_password: 'new-password-1', confirm_password: 'new-password-1' },
        'vi',
      )
      expect(res.status).toBe(422)
      expect(errorEnvelope(res.body)).toMatchObject({
        error_code: 'WRONG_PASSWORD',
        message: translate('vi', 'auth.currentPasswordWrong'),
      })
      expect(await checkPassword((await findUserRow(t, user.id))?.passwordHash, PASSWORD)).toBe(true)
      expect(await mailsTo(t, user.email)).toHaveLength(0)
    })

    it('refuses the current password as the new one', async () => {
      const { token } = await signedIn()
      const res = await change(token, {
        current_password: PASSWORD,
        new_password: PASSWORD,
        confirm_password: PASSWORD,
      })
      expect(res.status).toBe(422)
      expect(errorEnvelope(res.body).message).toBe('The new password must differ from the current one')
    })

    it('refuses a confirmation that does not match', async () => {
      const { user, token } = await signedIn()
      const res = await change(token, {
        current_password: PASSWORD,
        new_password: 'new-password-1',
        confirm_password: 'new-password-2',
      })
      expect(res.status).toBe(400)
      expect(errorEnvelope(res.body).error_code).toBe('VALIDATION')
      expect(res.body.data).toEqual({ fields: { confirm_password: 'The passwords do not match' } })
      expect(await checkPassword((await findUserRow(t, user.id))?.passwordHash, PASSWORD)).toBe(true)
    })

    it('refuses a new password shorter than 8 characters', async () => {
      const { token } = await signedIn()
      const res = await change(
        token,
        { current_password: PASSWORD, new_password: 'short', confirm_password: 'short' },
        'my',
      )
      expect(res.status).toBe(400)
      expect(res.body.data).toEqual({
        fields: { new_password: translate('my', 'validation.password.tooShort', { min: 8 }) },
      })
    })

    it('locks after five wrong current passwords, even for the right one, for 15 minutes', async () => {
      const { token } = await signedIn()
      const wrong = {
        current_password: 'not-my-password',
        new_password: 'new-password-1',
        confirm_password: 'new-password-1',
      }
      for (let i = 0; i < 4; i++) expect((await change(token, wrong)).status).toBe(422)
      expect((await change(token, wrong)).status).toBe(429)
      const right = { ...wrong, current_password: PASSWORD }
      const locked = await change(token, right)
      expect(locked.status).toBe(429)
      expect(errorEnvelope(locked.body)).toMatchObject({
        error_code: 'RATE_LIMITED',
        message: translate('en', 'auth.locked', { minutes: 15 }),
      })
      t.clock.advance(15 * MINUTE)
      expect((await change(token, right)).status).toBe(200)
    })

    it('needs a signed-in caller', async () => {
      const res = await call(t, contract.changePassword, {
        body: { current_password: PASSWORD, new_password: 'new-password-1', confirm_password: 'new-password-1' },
      })
      expect(res.status).toBe(401)
      expect(res.body.error_code).toBe('401')
    })
  })

  describe('forgot and reset', () => {
    async function requestReset(email: string, lang?: string) {
      t.clock.advance(1000)
      const res = await call(
        t,
        contract.forgotPassword,
        { body: { email } },
        { ip: freshIp(), ...(lang ? { lang } : {}) },
      )
      expect(res.status).toBe(200)
      return res
    }

    const reset = (token: string, password = 'brand-new-pass', confirm = password) =>
      call(t, contract.resetPassword, { body: { token, password, confirm_password: confirm } }, { ip: freshIp() })

    const checkToken = (token: string, lang?: string) =>
      call(t, contract.checkResetToken, { query: { token } }, { ip: freshIp(), ...(lang ? { lang } : {}) })

    it('answers the same for an unknown address and mails only the known one', async () => {
      const user = await createUser(t, { email: freshEmail('known') })
      const unknown = freshEmail('unknown')
      const known = await requestReset(user.email)
      const other = await requestReset(unknown)
      expect(known.body).toEqual({
        status: 'success',
        data: null,
        message: 'If an account uses this email, a password reset link is on its way.',
        error_code: null,
      })
      expect(other.body).toEqual(known.body)
      expect(await mailsTo(t, unknown)).toHaveLength(0)
      const mail = await lastMailTo(t, user.email)
      expect(mail).toMatchObject({ template: 'resetPassword', subject: 'Reset your password' })
      expect(mail?.textBody).toMatch(/http:\/\/localhost:3000\/reset-password\?token=[\w-]{20,}/)
    })

    it('checks a link and shows the masked address', async () => {
      const user = await createUser(t, { email: freshEmail('masked') })
      await requestReset(user.email)
      const res = await checkToken(await tokenFromMail(t, user.email))
      expect(res.status).toBe(200)
      expect(res.body.data).toEqual({ valid: true, email: `m***@example.com` })
      expect(res.body.message).toBe('The link is valid. Choose a new password.')
    })

    it('refuses an unknown link', async () => {
      const res = await checkToken('nothing-like-this', 'vi')
      expect(res.status).toBe(400)
      expect(errorEnvelope(res.body)).toMatchObject({
        error_code: 'TOKEN_USED',
        message: translate('vi', 'auth.resetTokenInvalid'),
      })
      expect((await reset('nothing-like-this')).status).toBe(400)
    })

    it('sets the new password once; the link then stops working', async () => {
      const user = await createUser(t, { email: freshEmail('once') })
      await requestReset(user.email)
      const token = await tokenFromMail(t, user.email)
      const first = await reset(token)
      expect(first.status).toBe(200)
      expect(first.body.message).toBe('Your password has been changed. Sign in with your new password.')
      expect(await checkPassword((await findUserRow(t, user.id))?.passwordHash, 'brand-new-pass')).toBe(true)
      expect((await mailsTo(t, user.email)).map((m) => m.template).sort()).toEqual(['passwordChanged', 'resetPassword'])

      const second = await reset(token, 'another-pass-1')
      expect(second.status).toBe(400)
      expect(second.body.error_code).toBe('TOKEN_USED')
      expect((await checkToken(token)).status).toBe(400)
      expect(await checkPassword((await findUserRow(t, user.id))?.passwordHash, 'brand-new-pass')).toBe(true)
    })

    it('uses a link once when it is submitted twice at the same moment', async () => {
      const user = await createUser(t, { email: freshEmail('race') })
      await requestReset(user.email)
      const token = await tokenFromMail(t, user.email)
      const answers = await Promise.all([reset(token, 'first-new-pass'), reset(token, 'second-new-pass')])
      expect(answers.map((a) => a.status).sort()).toEqual([200, 400])
      const winner = answers[0]?.status === 200 ? 'first-new-pass' : 'second-new-pass'
      expect(await checkPassword((await findUserRow(t, user.id))?.passwordHash, winner)).toBe(true)
    })

    it('expires a link after one hour', async () => {
      const user = await createUser(t, { email: freshEmail('expire') })
      await requestReset(user.email)
      const token = await tokenFromMail(t, user.email)
      t.clock.advance(HOUR - 1000)
      expect((await checkToken(token)).status).toBe(200)
      t.clock.advance(1000)
      const expired = await checkToken(token)
      expect(expired.status).toBe(400)
      expect(errorEnvelope(expired.body)).toMatchObject({
        error_code: 'TOKEN_EXPIRED',
        message: 'This password reset link has expired. Request a new one.',
      })
      const res = await reset(token)
      expect(res.status).toBe(400)
      expect(res.body.error_code).toBe('TOKEN_EXPIRED')
      expect(await checkPassword((await findUserRow(t, user.id))?.passwordHash, PASSWORD)).toBe(true)
    })

    it('a newer link replaces the older one', async () => {
      const user = await createUser(t, { email: freshEmail('newer') })
      await requestReset(user.email)
      const older = await tokenFromMail(t, user.email)
      await requestReset(user.email)
      const newer = await tokenFromMail(t, user.email)
      expect(newer).not.toBe(older)
      expect((await checkToken(older)).status).toBe(400)
      expect((await reset(newer)).status).toBe(200)
    })

    it('refuses a weak or unconfirmed new password and keeps the link usable', async () => {
      const user = await createUser(t, { email: freshEmail('weak') })
      await requestReset(user.email)
      const token = await tokenFromMail(t, user.email)
      const weak = await reset(token, 'short')
      expect(weak.status).toBe(400)
      expect(weak.body.data).toEqual({ fields: { password: 'Password must be at least 8 characters' } })
      const mismatch = await reset(token, 'brand-new-pass', 'brand-new-pasS')
      expect(mismatch.status).toBe(400)
      expect(mismatch.body.data).toEqual({ fields: { confirm_password: 'The passwords do not match' } })
      expect((await reset(token)).status).toBe(200)
    })

    it('marks an unverified account verified', async () => {
      const user = await createUser(t, { email: freshEmail('unverified'), verified: false })
      await requestReset(user.email)
      expect((await reset(await tokenFromMail(t, user.email))).status).toBe(200)
      expect((await findUserRow(t, user.id))?.emailVerifiedAt).toEqual(t.clock.now())
      // Past the 24 hours an unverified account could no longer sign in; this one can.
      t.clock.advance(25 * HOUR)
      const login = await call(
        t,
        contract.login,
        { body: { email: user.email, password: 'brand-new-pass' } },
        { ip: freshIp() },
      )
      expect(login.status).toBe(200)
      expect(login.body.data).toMatchObject({ email_verified: true })
    })

    it('lifts a sign-in lock', async () => {
      const user = await createUser(t, { email: freshEmail('lock') })
      for (let i = 0; i < 5; i++) {
        await call(t, contract.login, { body: { email: user.email, password: 'wrong-password' } }, { ip: freshIp() })
      }
      const locked = await call(
        t,
        contract.login,
        { body: { email: user.email, password: PASSWORD } },
        { ip: freshIp() },
      )
      expect(locked.status).toBe(429)

      await requestReset(user.email)
      expect((await reset(await tokenFromMail(t, user.email))).status).toBe(200)
      const login = await call(
        t,
        contract.login,
        { body: { email: user.email, password: 'brand-new-pass' } },
        { ip: freshIp() },
      )
      expect(login.status).toBe(200)
    })

    it('mails at most three links per address in 15 minutes, answering the same', async () => {
      const user = await createUser(t, { email: freshEmail('flood') })
      for (let i = 0; i < 5; i++) await requestReset(user.email)
      expect(await mailsTo(t, user.email)).toHaveLength(3)
    })
  })
})
