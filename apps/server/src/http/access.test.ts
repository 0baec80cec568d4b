import type { EndpointSpec } from '@app/contract'
import * as contract from '@app/contract'
import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { call, createUser, signIn, type TestApp, useTestApp } from '../../test/helpers.ts'
import { auditLog } from '../db/schema/index.ts'
import { generateBills } from '../modules/billing/generate.ts'
import { insertKey } from '../modules/keys/service.ts'
import { REFUSAL_ACTION, REFUSALS_PER_MINUTE } from './access.ts'

// "For another user" (packages/contract/src/access.ts, docs/access.md): support may not read what only the
// admin's pages show (key-and-bill, balance log, coupon log, billing manager, settings), though the
// endpoint itself is open to every role for their own data. Each hole of issue 16 is called as
// support (403 FORBIDDEN), as an admin (allowed), as the customer for themselves (allowed) and as
// another customer (refused). A refused staff call leaves a security event in the audit log.

async function usage(t: TestApp, userId: string, day: string, hits: number) {
  await t.ctx.db.execute(sql`
    insert into usage_daily (key_id, user_id, service, day, hits, ok, client_errors, server_errors, latency_sum, latency_max)
    values (${`key_${userId.slice(4)}`}, ${userId}, 'GEOCODE', ${day}::date, ${hits}, ${hits}, 0, 0, 0, 0)
    on conflict (day, key_id, service) do update set hits = usage_daily.hits + excluded.hits`)
}

interface Request {
  params?: Record<string, string>
  query?: Record<string, string>
}

/** A raw call: file downloads answer with bytes, not an envelope. */
async function callRaw(t: TestApp, endpoint: EndpointSpec, request: Request, token: string) {
  const path = contract.buildPath(endpoint.path, request.params)
  const search = request.query ? `?${new URLSearchParams(request.query)}` : ''
  const response = await t.app.inject({
    method: endpoint.method,
    url: `${path}${search}`,
    remoteAddress: '203.0.113.20',
    headers: { authorization: `Bearer ${token}` },
  })
  let errorCode: string | null = null
  if (response.headers['content-type']?.toString().startsWith('application/json')) {
    errorCode = (response.json() as { error_code: string | null }).error_code
  }
  return { status: response.statusCode, errorCode }
}

describe('admin-only data of another user (issue 16)', async () => {
  const t = await useTestApp()
  const customer = await createUser(t, { roles: ['customer'], phoneVerified: true })
  const otherCustomer = await createUser(t, { roles: ['customer'] })
  const support = await createUser(t, { roles: ['support'] })
  const admin = await createUser(t, { roles: ['admin'] })
  // One session per role for the whole file (sign-in is the slow part: argon2id).
  const tokens = {
    customer: await signIn(t, customer.email),
    otherCustomer: await signIn(t, otherCustomer.email),
    support: await signIn(t, support.email),
    admin: await signIn(t, admin.email),
  }

  // The customer's data: an October bill, a key, a balance-log row.
  await usage(t, customer.id, '2026-10-05', 1200)
  await generateBills(t.ctx, { year: 2026, month: 10, trigger: 'admin', actor: admin.id })
  const bills = await call(t, contract.listBills, {}, { token: tokens.customer })
  const billId = bills.body.data.items[0]?.id
  if (!billId) throw new Error('the customer has no bill')
  const { row: key } = await insertKey(t.ctx, t.ctx.db, {
    userId: customer.id,
    name: 'Shop',
    type: 'api_key',
    description: null,
    restrictionList: null,
    createdBy: customer.id,
  })
  const added = await call(
    t,
    contract.addBalance,
    { params: { id: customer.id }, body: { amount: '5.00', description: 'Goodwill' } },
    { token: tokens.admin },
  )
  expect(added.status).toBe(200)

  const holes: [string, EndpointSpec, Request][] = [
    ['GET /v1/bills?user_id=', contract.listBills, { query: { user_id: customer.id } }],
    ['GET /v1/bills/{id}', contract.getBill, { params: { id: billId } }],
    ['GET /v1/bills/{id}/files', contract.billXlsx, { params: { id: billId } }],
    ['GET /v1/bills/{id}/filesPDF', contract.billPdf, { params: { id: billId } }],
    ['GET /v1/bills/{id}/download-token', contract.billDownloadToken, { params: { id: billId } }],
    ['GET /v1/bills/estimate?user_id=', contract.billEstimate, { query: { user_id: customer.id } }],
    ['GET /v1/user_keys-unDelete?user_id=', contract.listUserKeys, { query: { user_id: customer.id } }],
    ['GET /v1/keys/{id}', contract.getKey, { params: { id: key.id } }],
    ['GET /v1/balance-logs/{id}', contract.userBalanceLogs, { params: { id: customer.id } }],
    ['GET /v1/balance?user_id=', contract.balanceSummary, { query: { user_id: customer.id } }],
    ['GET /v1/coupon-logs/user/{id}', contract.userCouponLogs, { params: { id: customer.id } }],
    [
      'GET /v1/settings-weight-price/price-of-one-user?email=',
      contract.priceOfOneUser,
      { query: { email: customer.email.toUpperCase() } },
    ],
  ]

  it.each(holes)(
    '%s: support is refused, an admin and the customer themselves are not',
    async (_, endpoint, request) => {
      const asSupport = await callRaw(t, endpoint, request, tokens.support)
      expect(asSupport).toEqual({ status: 403, errorCode: 'FORBIDDEN' })

      const asAdmin = await callRaw(t, endpoint, request, tokens.admin)
      expect(asAdmin.status, JSON.stringify(asAdmin)).toBe(200)

      const asOwner = await callRaw(t, endpoint, request, tokens.customer)
      expect(asOwner.status, JSON.stringify(asOwner)).toBe(200)

      // Another customer learns nothing: refused, or "not found" for a record named by its id.
      const asStranger = await callRaw(t, endpoint, request, tokens.otherCustomer)
      expect([403, 404], JSON.stringify(asStranger)).toContain(asStranger.status)
    },
  )

  it('GET /v1/keys-unDelete (every key of every user) is for admins only', async () => {
    expect(await callRaw(t, contract.listAllKeys, {}, tokens.support)).toEqual({ status: 403, errorCode: 'FORBIDDEN' })
    expect((await callRaw(t, contract.listAllKeys, {}, tokens.admin)).status).toBe(200)
  })

  it('gives support their own data through the same endpoints', async () => {
    for (const [endpoint, request] of [
      [contract.listBills, {}],
      [contract.listBills, { query: { user_id: support.id } }],
      [contract.userBalanceLogs, { params: { id: support.id } }],
      [contract.userCouponLogs, { params: { id: support.id } }],
      [contract.priceOfOneUser, { query: { email: support.email } }],
      [contract.billEstimate, {}],
    ] as const) {
      const answer = await callRaw(t, endpoint, request, tokens.support)
      expect(answer.status, `${endpoint.method} ${endpoint.path}`).toBe(200)
    }
  })

  it("keeps every user's bill totals in the usage billing view for admins, not support", async () => {
    const range = { start_date: '2026-10-01', end_date: '2026-10-31' }
    const asAdmin = await call(t, contract.billingUsage, { query: range }, { token: tokens.admin })
    expect(asAdmin.body.data.bills.count).toBeGreaterThanOrEqual(1)
    const asSupport = await call(t, contract.billingUsage, { query: range }, { token: tokens.support })
    expect(asSupport.status).toBe(200)
    // Support naming nobody get their own (they have no bill), not everyone's.
    expect(asSupport.body.data.bills).toMatchObject({ count: 0, billed: '0.00' })
  })

  it('lets nobody act for another user where no page does, admins included (a VAT request)', async () => {
    const vat = {
      company_name: 'Acme Maps Co., Ltd',
      company_address: '1 Trang Tien, Hoan Kiem, Hanoi',
      tax_code: '0101234567-001',
      email: 'accounts@acme.example',
    }
    const request = { params: { id: billId }, body: vat }
    const asStranger = await call(t, contract.requestVat, request, { token: tokens.otherCustomer })
    expect(asStranger.status).toBe(404)
    const asAdmin = await call(t, contract.requestVat, request, { token: tokens.admin })
    expect(asAdmin.status).toBe(403)
    const bill = await call(t, contract.getBill, { params: { id: billId } }, { token: tokens.customer })
    expect(bill.body.data.vat_request).toBeNull()
  })

  it("refuses a download token whose holder may no longer see another user's bill", async () => {
    const issued = await call(t, contract.billDownloadToken, { params: { id: billId } }, { token: tokens.admin })
    expect(issued.status).toBe(200)
    // The admin is made support: the link issued before must stop working.
    await t.ctx.db.execute(sql`update user_roles set role = 'support' where user_id = ${admin.id}`)
    try {
      const response = await t.app.inject({
        method: 'GET',
        url: `/v1/bills/${billId}/filesPDF?token=${issued.body.data.token}`,
      })
      expect(response.statusCode).toBe(401)
    } finally {
      await t.ctx.db.execute(sql`update user_roles set role = 'admin' where user_id = ${admin.id}`)
    }
  })

  describe('security events', () => {
    async function refusalsOf(actorId: string) {
      return t.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, REFUSAL_ACTION), eq(auditLog.actorId, actorId)))
    }

    it('records a refused support call with who, which endpoint and when, and lists it by action', async () => {
      const before = (await refusalsOf(support.id)).length
      t.clock.advance(60_000)
      const refused = await call(t, contract.listBills, { query: { user_id: customer.id } }, { token: tokens.support })
      expect(refused.status).toBe(403)

      const rows = await refusalsOf(support.id)
      expect(rows.length).toBe(before + 1)
      const row = rows.at(-1)
      expect(row).toMatchObject({
        actorId: support.id,
        actorEmail: support.email,
        action: 'security.forbidden',
        targetType: 'endpoint',
        targetId: 'GET /v1/bills',
        after: { method: 'GET', endpoint: '/v1/bills', url: '/v1/bills', roles: ['support'] },
      })
      expect(row?.createdAt.toISOString()).toBe(t.clock.now().toISOString())

      const listed = await call(
        t,
        contract.listAuditLog,
        { query: { action: 'security.forbidden', actor: support.email } },
        { token: tokens.admin },
      )
      expect(listed.status).toBe(200)
      expect(listed.body.data.items[0]).toMatchObject({
        actor_id: support.id,
        action: 'security.forbidden',
        target_id: 'GET /v1/bills',
        created_at: t.clock.now().toISOString(),
      })
      const actions = await call(t, contract.auditLogActions, {}, { token: tokens.admin })
      expect(actions.body.data.map((a) => a.action)).toContain('security.forbidden')
    })

    it('records a refusal by the role guard too (an admin-only endpoint called by support)', async () => {
      const before = (await refusalsOf(support.id)).length
      expect((await call(t, contract.listAllBills, {}, { token: tokens.support })).status).toBe(403)
      const rows = await refusalsOf(support.id)
      expect(rows.length).toBe(before + 1)
      expect(rows.at(-1)?.targetId).toBe('GET /v1/bills/all')
    })

    it('keeps a download token out of the recorded address', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/v1/bills/${billId}/filesPDF?lang=en`,
        headers: { authorization: `Bearer ${tokens.support}` },
      })
      expect(response.statusCode).toBe(403)
      const row = (await refusalsOf(support.id)).at(-1)
      expect(row?.after).toMatchObject({ url: `/v1/bills/${billId}/filesPDF` })
    })

    it("does not record a customer's refusals (anyone could fill the log)", async () => {
      expect((await call(t, contract.listAllBills, {}, { token: tokens.customer })).status).toBe(403)
      expect(
        (await call(t, contract.listBills, { query: { user_id: otherCustomer.id } }, { token: tokens.customer }))
          .status,
      ).toBe(403)
      expect(await refusalsOf(customer.id)).toEqual([])
    })

    it(`records at most ${REFUSALS_PER_MINUTE} refusals a minute per staff member`, async () => {
      const prober = await createUser(t, { roles: ['support'] })
      const token = await signIn(t, prober.email)
      t.clock.advance(60_000)
      for (let i = 0; i < REFUSALS_PER_MINUTE + 5; i++) {
        expect(
          (await call(t, contract.countBillsByMonth, { query: { month: 10, year: 2026 } }, { token })).status,
        ).toBe(403)
      }
      expect((await refusalsOf(prober.id)).length).toBe(REFUSALS_PER_MINUTE)
      t.clock.advance(60_000)
      expect((await call(t, contract.countBillsByMonth, { query: { month: 10, year: 2026 } }, { token })).status).toBe(
        403,
      )
      expect((await refusalsOf(prober.id)).length).toBe(REFUSALS_PER_MINUTE + 1)
    })
  })
})
