import * as contract from '@app/contract'
import { type EndpointSpec, ErrorCode, type RequestOf } from '@app/contract'
import Fastify, { type FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { installErrorHandling } from '../src/http/error-handler.ts'
import { AppError, tooManyRequests } from '../src/http/errors.ts'
import { codeAt } from '../src/modules/two-factor/totp.ts'
import {
  type CallResult,
  call,
  createUser,
  freshEmail,
  freshIp,
  PASSWORD,
  setUser,
  signIn,
  userWithToken,
  useTestApp,
} from './helpers.ts'

// docs/security.md "Rate limits": every 429 answer tells the client when to come back (`Retry-After`,
// in seconds, RFC 9110 §10.2.3). This file walks every source of 429 the server has and checks the
// header, then shows that the error handler adds it to any 429 at all, so a new limit cannot forget it.

describe('every 429 carries Retry-After', async () => {
  const t = await useTestApp({
    signIn: {
      // Configured so that its limit is reachable; the key set is never fetched (the limit comes first).
      google: {
        clientId: 'portal-client',
        jwksUrl: 'http://127.0.0.1:9/certs',
        issuers: ['https://accounts.google.com'],
        authUrl: 'http://127.0.0.1:9/auth',
      },
      facebook: null,
      totpIssuer: 'Maps Portal',
    },
  })

  /** Calls until the first 429 (at most `max` times); that answer. */
  async function until429(
    max: number,
    send: (i: number) => Promise<CallResult<unknown>>,
  ): Promise<CallResult<unknown>> {
    for (let i = 0; i < max; i++) {
      const res = await send(i)
      if (res.status === 429) return res
    }
    throw new Error(`no 429 after ${max} calls`)
  }

  function expectRetryAfter(res: CallResult<unknown>, atMost: number) {
    expect(res.status).toBe(429)
    const header = res.headers['retry-after']
    expect(header, JSON.stringify(res.body)).toMatch(/^\d+$/)
    const seconds = Number(header)
    expect(seconds).toBeGreaterThan(0)
    expect(seconds).toBeLessThanOrEqual(atMost)
  }

  const publicCall = <E extends EndpointSpec>(
    endpoint: E,
    request: Partial<RequestOf<E>> & { query?: Record<string, unknown> },
    ip: string,
  ) => call(t, endpoint, request, { ip }) as Promise<CallResult<unknown>>

  it('sign-up per address', async () => {
    const ip = freshIp()
    const res = await until429(12, () =>
      publicCall(
        contract.register,
        {
          body: {
            full_name: 'Rate Limited',
            email: freshEmail('signup'),
            phone_number: '0912345678',
            password: PASSWORD,
            confirm_password: PASSWORD,
          },
        },
        ip,
      ),
    )
    expectRetryAfter(res, 3600)
  })

  it('sign-in: the account lock after failures', async () => {
    const user = await createUser(t, { email: freshEmail('locked') })
    const res = await until429(6, () =>
      publicCall(contract.login, { body: { email: user.email, password: 'wrong-password-1' } }, freshIp()),
    )
    expectRetryAfter(res, 15 * 60)
    expect(res.body.error_code).toBe(ErrorCode.RateLimited)
  })

  it('e-mail verification, reset e-mails and token checks per address', async () => {
    const ip = freshIp()
    expectRetryAfter(
      await until429(22, () => publicCall(contract.sendVerifyEmail, { body: { email: freshEmail('v') } }, ip)),
      15 * 60,
    )
    expectRetryAfter(
      await until429(22, () => publicCall(contract.forgotPassword, { body: { email: freshEmail('r') } }, ip)),
      15 * 60,
    )
    expectRetryAfter(
      await until429(32, (i) => publicCall(contract.verifyEmail, { params: { token: `not-a-token-${i}` } }, ip)),
      60,
    )
  })

  it('check-email-existed per address', async () => {
    const ip = freshIp()
    expectRetryAfter(
      await until429(10, () => publicCall(contract.checkEmailExisted, { body: { email: freshEmail('c') } }, ip)),
      60,
    )
  })

  it('Google sign-in per address', async () => {
    const ip = freshIp()
    expectRetryAfter(await until429(32, () => publicCall(contract.startGoogleSignIn, {}, ip)), 15 * 60)
  })

  it('a shared map per address', async () => {
    const ip = freshIp()
    expectRetryAfter(
      await until429(62, () => publicCall(contract.publicMap, { params: { token: 'no-such-map' } }, ip)),
      60,
    )
  })

  it('phone codes per account', async () => {
    const { user, token } = await userWithToken(t)
    await setUser(t, user.id, { phoneNumber: '+84912345678', phoneVerifiedAt: null })
    expectRetryAfter(await until429(3, () => call(t, contract.sendPhoneCode, {}, { token })), 60)
  })

  it('coupon guesses per account', async () => {
    const { token } = await userWithToken(t)
    expectRetryAfter(
      await until429(25, (i) => call(t, contract.useCoupon, { body: { coupon: `NO-SUCH-${i}` } }, { token })),
      15 * 60,
    )
  })

  it('payments waiting per customer', async () => {
    const { token } = await userWithToken(t)
    const res = await until429(12, () =>
      call(
        t,
        contract.createPayment,
        { body: { provider: 'vnpay', purpose: 'topup', amount: '25.00', bill_id: null, paypal_domestic: false } },
        { token },
      ),
    )
    expectRetryAfter(res, 3600)
  })

  it('two-factor codes per account', async () => {
    const user = await createUser(t, { email: freshEmail('twofa') })
    const token = await signIn(t, user.email)
    const secret = (await call(t, contract.generateTwoFactorSecret, {}, { token })).body.data.secret_key
    const code = codeAt(secret, t.clock.now())
    expect((await call(t, contract.enableTwoFactor, { body: { code, secret_key: secret } }, { token })).status).toBe(
      200,
    )
    const wrong = code === '000000' ? '111111' : '000000'
    const res = await until429(7, () =>
      call(t, contract.disableTwoFactor, { body: { code: wrong, password: PASSWORD } }, { token }),
    )
    expectRetryAfter(res, 15 * 60)
  })
})

describe('the error handler gives any 429 a Retry-After', () => {
  async function appWith(register: (app: FastifyInstance) => void) {
    const app = Fastify()
    installErrorHandling(app)
    register(app)
    await app.ready()
    return app
  }

  it('the limiter’s own seconds, a default for an AppError without them, and raw or framework 429s', async () => {
    const app = await appWith((a) => {
      a.get('/limited', async () => {
        throw tooManyRequests(42)
      })
      a.get('/no-seconds', async () => {
        throw new AppError(ErrorCode.TooManyPending, 429, 'payments.tooManyPending')
      })
      a.get('/raw', async (_req, reply) => reply.code(429).send({ error: 'slow down' }))
      a.get('/framework', async () => {
        throw Object.assign(new Error('rate limit'), { statusCode: 429 })
      })
    })
    const at = async (url: string) => (await app.inject({ method: 'GET', url })).headers['retry-after']
    expect(await at('/limited')).toBe('42')
    expect(await at('/no-seconds')).toBe('60')
    expect(await at('/raw')).toBe('60')
    expect(await at('/framework')).toBe('60')
    // Other answers get none.
    await app.close()
  })
})
