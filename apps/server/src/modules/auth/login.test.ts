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
  PASSWORD,
  setUser,
  userWithToken,
  useTestApp,
} from '../../../test/helpers.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

describe('sign-in', async () => {
  const t = await useTestApp()

  const login = (email: string, password: string, options: { ip?: string; lang?: string } = {}) =>
    call(t, contract.login, { body: { email, password } }, { ip: options.ip ?? freshIp(), ...options })

  it('returns every session field plus a bearer token', async () => {
    const user = await createUser(t, { email: freshEmail('ada') })
    const res = await login(` ${user.email.toUpperCase()} `, PASSWORD)

    expect(res.status).toBe(200)
    expect(res.body.status).toBe('success')
    expect(res.body.message).toBe('Welcome back, Test User!')
    const session = contract.Session.parse(res.body.data)
    expect(session).toMatchObject({
      user_id: user.id,
      id: user.id,
      email: user.email,
      first_name: 'Test',
      last_name: 'User',
      full_name: 'Test User',
      avatar: null,
      roles: ['customer'],
      name_of_user_plan_id: 'Pay as you go',
      balance: '0.00',
      enjoy_discount: false,
      status: 'active',
      email_verified: true,
      verify_deadline: null,
      last_login: t.clock.now().toISOString(),
      expires_at: new Date(t.clock.now().getTime() + t.config.sessionTtlHours * HOUR).toISOString(),
    })
    expect(session.token.split('.')).toHaveLength(3)
    for (const field of [
      'user_id',
      'token',
      'first_name',
      'last_name',
      'email',
      'avatar',
      'roles',
      'name_of_user_plan_id',
      'balance',
      'enjoy_discount',
    ]) {
      expect(res.body.data).toHaveProperty(field)
    }
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|password_hash|passwordHash/)
    expect((await findUserRow(t, user.id))?.lastLogin).toEqual(t.clock.now())

    const profile = await call(t, contract.getOwnProfile, {}, { token: session.token })
    expect(profile.status).toBe(200)
    expect(profile.body.data.email).toBe(user.email)
  })

  it('gives the same answer for a wrong password and an unknown e-mail', async () => {
    const user = await createUser(t, { email: freshEmail() })
    const wrongPassword = await login(user.email, 'not-the-password')
    const unknownEmail = await login(freshEmail('nobody'), PASSWORD)

    expect(wrongPassword.status).toBe(401)
    expect(errorEnvelope(wrongPassword.body)).toEqual({
      status: 'error',
      data: null,
      message: 'Email or password is incorrect',
      error_code: 'BAD_CREDENTIALS',
    })
    expect(unknownEmail.status).toBe(wrongPassword.status)
    expect(unknownEmail.body).toEqual(wrongPassword.body)
  })

  it('answers bad credentials in the caller’s language', async () => {
    const res = await login(freshEmail('nobody'), PASSWORD, { lang: 'my' })
    expect(res.status).toBe(401)
    expect(res.body.message).toBe(translate('my', 'auth.badCredentials'))
  })

  it('locks an account after five failures, even against the right password, for 15 minutes', async () => {
    const user = await createUser(t, { email: freshEmail('locked') })
    // Each attempt from another address: the lock is per account.
    for (let i = 0; i < 4; i++) expect((await login(user.email, `wrong-${i}`)).status).toBe(401)
    const fifth = await login(user.email, 'wrong-5')
    expect(fifth.status).toBe(429)

    const right = await login(user.email, PASSWORD, { lang: 'vi' })
    expect(right.status).toBe(429)
    expect(errorEnvelope(right.body).error_code).toBe('RATE_LIMITED')
    expect(right.body.message).toBe(translate('vi', 'auth.locked', { minutes: 15 }))

    t.clock.advance(14 * MINUTE)
    expect((await login(user.email, PASSWORD)).status).toBe(429)
    t.clock.advance(MINUTE)
    const unlocked = await login(user.email, PASSWORD)
    expect(unlocked.status).toBe(200)
  })

  it('forgets earlier failures after a successful sign-in', async () => {
    const user = await createUser(t, { email: freshEmail('forget') })
    for (let i = 0; i < 4; i++) expect((await login(user.email, 'wrong-password')).status).toBe(401)
    expect((await login(user.email, PASSWORD)).status).toBe(200)
    for (let i = 0; i < 4; i++) expect((await login(user.email, 'wrong-password')).status).toBe(401)
    expect((await login(user.email, PASSWORD)).status).toBe(200)
  })

  it('does not lock other accounts', async () => {
    const victim = await createUser(t, { email: freshEmail('victim') })
    const bystander = await createUser(t, { email: freshEmail('bystander') })
    const ip = freshIp()
    for (let i = 0; i < 5; i++) await login(victim.email, 'wrong-password', { ip })
    expect((await login(victim.email, PASSWORD, { ip })).status).toBe(429)
    expect((await login(bystander.email, PASSWORD, { ip })).status).toBe(200)
  })

  it('locks an address after fifty failed sign-ins across accounts', async () => {
    const ip = freshIp()
    const user = await createUser(t, { email: freshEmail('behind-ip') })
    for (let i = 0; i < 49; i++) {
      // Distinct unknown e-mails: no single account reaches its own limit.
      expect((await login(freshEmail('spray'), 'wrong-password', { ip })).status).toBe(401)
    }
    const blocked = await login(freshEmail('spray'), 'wrong-password', { ip })
    expect(blocked.status).toBe(429)
    expect(blocked.body.message).toBe(translate('en', 'auth.locked', { minutes: 15 }))
    // The address is blocked even for a right password; another address is not.
    expect((await login(user.email, PASSWORD, { ip })).status).toBe(429)
    expect((await login(user.email, PASSWORD)).status).toBe(200)
  })

  it('lets an unverified account sign in within 24 hours of registering, not after', async () => {
    const user = await createUser(t, { email: freshEmail('unverified'), verified: false })
    const early = await login(user.email, PASSWORD)
    expect(early.status).toBe(200)
    expect(early.body.data).toMatchObject({
      email_verified: false,
      verify_deadline: new Date(user.createdAt.getTime() + 24 * HOUR).toISOString(),
    })

    t.clock.advance(24 * HOUR)
    expect((await login(user.email, PASSWORD)).status).toBe(200)
    t.clock.advance(1000)
    const late = await login(user.email, PASSWORD, { lang: 'vi' })
    expect(late.status).toBe(403)
    expect(errorEnvelope(late.body).error_code).toBe('VERIFY_EXPIRED')
    expect(late.body.message).toBe(translate('vi', 'auth.verifyExpired'))
  })

  it('does not tell a late unverified account apart with a wrong password', async () => {
    const user = await createUser(t, { email: freshEmail('late'), verified: false })
    t.clock.advance(25 * HOUR)
    const res = await login(user.email, 'wrong-password')
    expect(res.status).toBe(401)
    expect(res.body.error_code).toBe('BAD_CREDENTIALS')
  })

  it('lets a suspended account sign in and says it is suspended', async () => {
    const user = await createUser(t, { email: freshEmail('suspended') })
    await setUser(t, user.id, { status: 'suspended' })
    const res = await login(user.email, PASSWORD)
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ status: 'suspended' })
  })

  it('turns customers away during maintenance while staff still sign in', async () => {
    const admin = await userWithToken(t, ['admin'])
    const customer = await createUser(t, { email: freshEmail('customer') })
    const support = await createUser(t, { email: freshEmail('support'), roles: ['support'] })
    const on = await call(t, contract.setMaintenance, { body: { enabled: true } }, { token: admin.token })
    expect(on.status).toBe(200)
    try {
      const blocked = await login(customer.email, PASSWORD)
      expect(blocked.status).toBe(503)
      expect(errorEnvelope(blocked.body)).toMatchObject({ status: 'maintain', error_code: 'MAINTENANCE' })
      expect(blocked.body.message).toBe('Sorry, the system is maintenance ! Please try again later !')
      // A wrong password still gets the ordinary answer, so maintenance reveals nothing about accounts.
      expect((await login(customer.email, 'wrong-password')).status).toBe(401)

      expect((await login(admin.user.email, PASSWORD)).status).toBe(200)
      expect((await login(support.email, PASSWORD)).status).toBe(200)
    } finally {
      await call(t, contract.setMaintenance, { body: { enabled: false } }, { token: admin.token })
    }
    expect((await login(customer.email, PASSWORD)).status).toBe(200)
  })

  it('refuses a missing password and an over-long one before checking anything', async () => {
    const user = await createUser(t, { email: freshEmail() })
    const empty = await login(user.email, '')
    expect(empty.status).toBe(400)
    expect(empty.body.data).toEqual({ fields: { password: 'Please enter your password' } })
    const huge = await login(user.email, 'x'.repeat(10_000))
    expect(huge.status).toBe(400)
    expect(huge.body.error_code).toBe('VALIDATION')
  })
})
