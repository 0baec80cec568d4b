import * as contract from '@app/contract'
import { describe, expect, it } from 'vitest'
import { call, createTestApp, type TestApp, userWithToken } from '../../../test/helpers.ts'
import { loadConfig } from '../../config.ts'
import { isLoopbackAddress, isLoopbackHost, servesOnlyThisMachine } from './console-access.ts'

// docs/payments.md "Who may open the sandbox": its pages pay, capture and replay IPNs with pretend money
// and no sign-in, so by default only a developer on the machine running the server may open them.

const PAGES = [
  ['GET', '/sandbox/vnpay/console'],
  ['GET', '/sandbox/paypal/console'],
  ['POST', '/sandbox/vnpay/notify'],
  ['POST', '/sandbox/paypal/console/complete'],
  ['GET', '/sandbox/vnpay/paymentv2/vpcpay.html'],
  ['GET', '/sandbox/paypal/checkoutnow?token=X'],
] as const

async function statusOf(t: TestApp, remoteAddress: string, headers: Record<string, string> = {}) {
  const statuses: boolean[] = []
  for (const [method, url] of PAGES) {
    const res = await t.app.inject({
      method,
      url,
      remoteAddress,
      headers: { ...headers, ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(method === 'POST' ? { payload: 'txnRef=none' } : {}),
    })
    // Refused: the envelope's "no such route", as for a path that does not exist. Anything else is the
    // page itself answering (a page, or its own complaint about the made-up transaction).
    const refused =
      res.statusCode === 404 &&
      String(res.headers['content-type']).startsWith('application/json') &&
      (res.json() as { error_code?: string }).error_code === 'NOT_FOUND'
    statuses.push(refused)
  }
  return statuses
}

const refusedEverywhere = (refusals: boolean[]) => refusals.every(Boolean)
const reachedEverywhere = (refusals: boolean[]) => refusals.every((refused) => !refused)

describe('the sandbox pages by SANDBOX_CONSOLE', () => {
  it('loopback (the default): the machine’s own browser, judged on the socket, never on X-Forwarded-For', async () => {
    const t = await createTestApp()
    try {
      expect(t.config.sandboxConsole).toBe('loopback')
      expect(reachedEverywhere(await statusOf(t, '127.0.0.1'))).toBe(true)
      expect(reachedEverywhere(await statusOf(t, '::1'))).toBe(true)
      expect(reachedEverywhere(await statusOf(t, '::ffff:127.0.0.1'))).toBe(true)
      // Another machine; a proxy on this machine forwarding someone else.
      expect(refusedEverywhere(await statusOf(t, '203.0.113.7'))).toBe(true)
      expect(refusedEverywhere(await statusOf(t, '127.0.0.1', { 'x-forwarded-for': '198.51.100.4' }))).toBe(true)
      expect(refusedEverywhere(await statusOf(t, '127.0.0.1', { forwarded: 'for=198.51.100.4' }))).toBe(true)
      const res = await t.app.inject({ method: 'GET', url: '/sandbox/vnpay/console', remoteAddress: '203.0.113.7' })
      expect(res.json()).toMatchObject({ status: 'error', error_code: 'NOT_FOUND' })
    } finally {
      await t.close()
    }
  })

  it('loopback with TRUST_PROXY: a remote client claiming 127.0.0.1 in X-Forwarded-For is still remote', async () => {
    const t = await createTestApp({ trustProxy: true })
    try {
      expect(refusedEverywhere(await statusOf(t, '203.0.113.7', { 'x-forwarded-for': '127.0.0.1' }))).toBe(true)
      expect(refusedEverywhere(await statusOf(t, '203.0.113.7', { 'x-forwarded-for': '::1, 127.0.0.1' }))).toBe(true)
      // The journeys' setup: a loopback browser without forwarding headers.
      expect(reachedEverywhere(await statusOf(t, '127.0.0.1'))).toBe(true)
    } finally {
      await t.close()
    }
  })

  it('loopback on a server published on the network: refused even from the machine, payments still run', async () => {
    const t = await createTestApp({ host: '0.0.0.0' })
    try {
      expect(refusedEverywhere(await statusOf(t, '127.0.0.1'))).toBe(true)
      // The sandbox's machine API stays: the server's own (in-process) calls start a PayPal payment.
      const { token } = await userWithToken(t)
      const started = await call(
        t,
        contract.createPayment,
        { body: { provider: 'paypal', purpose: 'topup', amount: '10.00', bill_id: null, paypal_domestic: false } },
        { token },
      )
      expect(started.status).toBe(201)
      expect(started.body.data.redirect_url).toContain('/sandbox/paypal/checkoutnow')
      const oauth = await t.app.inject({
        method: 'POST',
        url: '/sandbox/paypal/v1/oauth2/token',
        remoteAddress: '203.0.113.7',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'grant_type=client_credentials',
      })
      expect(oauth.statusCode).toBe(401)
    } finally {
      await t.close()
    }
  })

  it('on: reachable from anywhere (a shared test host); off: from nowhere', async () => {
    const on = await createTestApp({ host: '0.0.0.0', sandboxConsole: 'on' })
    try {
      expect(reachedEverywhere(await statusOf(on, '203.0.113.7'))).toBe(true)
    } finally {
      await on.close()
    }
    const off = await createTestApp({ sandboxConsole: 'off' })
    try {
      expect(refusedEverywhere(await statusOf(off, '127.0.0.1'))).toBe(true)
    } finally {
      await off.close()
    }
  })

  it('production: no sandbox at all, and SANDBOX_CONSOLE=on refuses to start', async () => {
    const env = {
      NODE_ENV: 'production',
      DATA_DIR: 'memory://',
      APP_SECRET: 'x'.repeat(40),
      GATEWAY_TOKEN: 'y'.repeat(30),
    }
    expect(() => loadConfig({ ...env, SANDBOX_CONSOLE: 'on' })).toThrow(/SANDBOX_CONSOLE=on is refused in production/)
    const production = loadConfig(env)
    const prod = await createTestApp({ isProduction: true, payments: production.payments })
    try {
      expect(refusedEverywhere(await statusOf(prod, '127.0.0.1'))).toBe(true)
    } finally {
      await prod.close()
    }
  })
})

describe('what counts as this machine', () => {
  it('loopback addresses and names', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(a), a).toBe(true)
    for (const a of ['10.0.0.1', '0.0.0.0', '::', '203.0.113.7', '::ffff:10.0.0.1', '', undefined]) {
      expect(isLoopbackAddress(a), String(a)).toBe(false)
    }
    for (const h of ['localhost', 'LOCALHOST', 'app.localhost', '[::1]', '127.0.0.1'])
      expect(isLoopbackHost(h), h).toBe(true)
    for (const h of ['0.0.0.0', '::', 'portal.example.com', 'localhost.example.com'])
      expect(isLoopbackHost(h), h).toBe(false)
  })

  it('a server listening locally behind a reverse proxy with a public address is not a developer machine', () => {
    expect(servesOnlyThisMachine({ host: '127.0.0.1', publicUrl: 'http://localhost:3000' })).toBe(true)
    expect(servesOnlyThisMachine({ host: '127.0.0.1', publicUrl: 'https://portal.example.com' })).toBe(false)
    expect(servesOnlyThisMachine({ host: '0.0.0.0', publicUrl: 'http://localhost:3000' })).toBe(false)
  })
})
