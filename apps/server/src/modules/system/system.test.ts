import * as contract from '@app/contract'
import { translate } from '@app/contract'
import { asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { call, errorEnvelope, freshEmail, freshIp, userWithToken, useTestApp } from '../../../test/helpers.ts'
import { auditLog } from '../../db/schema/index.ts'

describe('system endpoints', async () => {
  const t = await useTestApp()
  const admin = await userWithToken(t, ['admin'])
  const support = await userWithToken(t, ['support'])
  const customer = await userWithToken(t, ['customer'])

  async function maintenance(enabled: boolean) {
    const res = await call(t, contract.setMaintenance, { body: { enabled } }, { token: admin.token })
    expect(res.status).toBe(200)
    return res
  }

  it('answers the health probes', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ ok: true })
    const ready = await t.app.inject({ url: '/readyz' })
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toEqual({ ok: true, database: t.ctx.database.kind })
  })

  it('says it is not ready when the database does not answer', async () => {
    const { ping } = t.ctx.database
    t.ctx.database.ping = () => Promise.reject(new Error('connection refused'))
    try {
      const ready = await t.app.inject({ url: '/readyz' })
      expect(ready.statusCode).toBe(503)
      expect(ready.json()).toEqual({ ok: false, database: t.ctx.database.kind })
      // The process itself is still up.
      expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200)
    } finally {
      t.ctx.database.ping = ping
    }
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200)
  })

  it('gives the public settings the portal needs before sign-in', async () => {
    const res = await call(t, contract.appConfig)
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      maintenance: false,
      map_url: '/maps',
      docs_url: '/docs',
      // The Get started page's base address: the local nginx gateway unless MAPS_API_URL says otherwise.
      maps_api_url: 'http://127.0.0.1:8080',
      version: '0.1.0',
    })
    // Google and Facebook sign-in are off unless configured (docs/auth.md).
    expect(res.body.data.sign_in).toEqual({ google: null, facebook: null })
  })

  it('puts customers into maintenance while staff keep working', async () => {
    const on = await maintenance(true)
    try {
      expect(on.body).toMatchObject({
        data: { maintenance: true },
        message: 'Maintenance mode is on: customers see the maintenance page.',
      })
      const blocked = await call(
        t,
        contract.updateOwnProfile,
        { body: { organization: 'X' } },
        { token: customer.token },
      )
      expect(blocked.status).toBe(503)
      expect(errorEnvelope(blocked.body)).toMatchObject({ status: 'maintain', error_code: 'MAINTENANCE' })
      expect(blocked.body.message).toBe('Sorry, the system is maintenance ! Please try again later !')
      const inVietnamese = await call(
        t,
        contract.updateOwnProfile,
        { body: { organization: 'X' } },
        { token: customer.token, lang: 'vi' },
      )
      expect(inVietnamese.body.message).toBe(translate('vi', 'error.maintenance'))

      for (const staff of [admin, support]) {
        const res = await call(t, contract.updateOwnProfile, { body: { organization: 'X' } }, { token: staff.token })
        expect(res.status).toBe(200)
      }
      expect((await call(t, contract.appConfig)).body.data.maintenance).toBe(true)
    } finally {
      await maintenance(false)
    }
    const again = await call(t, contract.updateOwnProfile, { body: { organization: 'Y' } }, { token: customer.token })
    expect(again.status).toBe(200)
  })

  it.each(
    contract.allEndpoints
      .filter((e) => e.roles === 'public' || (Array.isArray(e.roles) && e.roles.includes('customer')))
      .map((e) => [`${e.method} ${e.path}`, e] as const),
  )('during maintenance %s answers customers and staff as declared', async (_, endpoint) => {
    const url = contract.buildPath(
      endpoint.path,
      Object.fromEntries(
        [...endpoint.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name ?? '', `usr_${'0'.repeat(26)}`]),
      ),
    )
    // Fresh sessions, opened before maintenance starts: logout ends the one it is called with.
    const customerToken = (await userWithToken(t, ['customer'])).token
    const supportToken = (await userWithToken(t, ['support'])).token
    await maintenance(true)
    try {
      const asCustomer = await t.app.inject({
        method: endpoint.method,
        url,
        headers: { authorization: `Bearer ${customerToken}` },
      })
      if (endpoint.duringMaintenance) expect(asCustomer.statusCode).not.toBe(503)
      else {
        expect(asCustomer.statusCode).toBe(503)
        expect(errorEnvelope(asCustomer.json())).toMatchObject({ status: 'maintain', error_code: 'MAINTENANCE' })
      }
      const asStaff = await t.app.inject({
        method: endpoint.method,
        url,
        headers: { authorization: `Bearer ${supportToken}` },
      })
      if (endpoint.roles !== 'public') expect(asStaff.statusCode).not.toBe(503)
    } finally {
      await maintenance(false)
    }
  })

  it('turns anonymous visitors away from other public calls during maintenance', async () => {
    await maintenance(true)
    try {
      const res = await call(
        t,
        contract.register,
        {
          body: {
            full_name: 'Late Comer',
            email: freshEmail('maintenance'),
            phone_number: '0912345678',
            password: 'long-enough-1',
            confirm_password: 'long-enough-1',
          },
        },
        { ip: freshIp() },
      )
      expect(res.status).toBe(503)
      expect(res.body.status).toBe('maintain')
    } finally {
      await maintenance(false)
    }
  })

  it('audit-logs every maintenance switch', async () => {
    await maintenance(true)
    await maintenance(false)
    const rows = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.maintenance'))
      .orderBy(asc(auditLog.id))
    expect(rows.length).toBeGreaterThanOrEqual(2)
    expect(rows.at(-2)).toMatchObject({ actorId: admin.user.id, before: { enabled: false }, after: { enabled: true } })
    expect(rows.at(-1)).toMatchObject({ actorId: admin.user.id, before: { enabled: true }, after: { enabled: false } })
  })

  it('lets only admins switch maintenance', async () => {
    for (const caller of [support, customer]) {
      const res = await call(t, contract.setMaintenance, { body: { enabled: true } }, { token: caller.token })
      expect(res.status).toBe(403)
      expect(res.body.error_code).toBe('FORBIDDEN')
    }
    expect((await call(t, contract.appConfig)).body.data.maintenance).toBe(false)
  })

  it('sends security headers and no-store on account answers', async () => {
    const res = await t.app.inject({ url: '/v1/app-config' })
    expect(res.headers['content-security-policy']).toContain("default-src 'self'")
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(res.headers['cross-origin-resource-policy']).toBe('same-site')
    expect(res.headers['x-powered-by']).toBeUndefined()
  })

  it('sends the security headers on refusals too', async () => {
    const res = await t.app.inject({ url: '/v1/users/profile' })
    expect(res.statusCode).toBe(401)
    expect(res.headers['content-security-policy']).toContain("object-src 'none'")
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN')
  })
})
