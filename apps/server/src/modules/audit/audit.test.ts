import * as contract from '@app/contract'
import { eq, sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { call, errorEnvelope, fieldsOf, userWithToken, useTestApp } from '../../../test/helpers.ts'
import { auditLog } from '../../db/schema/index.ts'
import { writeAudit } from './audit.ts'

// The audit log's read side (/administrator/logs, admin and support: docs/requirements.md §2.4) and the support contact
// setting: filters, paging, exports that cannot run formulas, no way to change a row, and staff
// changes (maintenance, billing numbers, support contact) leaving their rows.

describe('audit log', async () => {
  const t = await useTestApp()
  const admin = await userWithToken(t, ['admin'])
  const support = await userWithToken(t, ['support'])
  const customer = await userWithToken(t, ['customer'])

  // Made-up actions (`widgets.create`) stand for rows of any feature, including names no longer written.
  async function seed(action: string, at: string, after: unknown = { ok: true }) {
    await writeAudit(
      t.ctx.db,
      { id: admin.user.id, email: admin.user.email } as never,
      null,
      { action: action as contract.AuditAction, targetType: 'thing', targetId: `thg_${action}`, after },
      new Date(at),
    )
  }

  async function exportBody(query: Record<string, unknown>, token = admin.token) {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))
    return t.app.inject({ method: 'GET', url: `/v1/logs/export?${qs}`, headers: { authorization: `Bearer ${token}` } })
  }

  it('names people as they are now: the actor, and the account a row is about (issue 21)', async () => {
    await writeAudit(
      t.ctx.db,
      { id: support.user.id, email: support.user.email } as never,
      null,
      { action: 'user.suspend', targetType: 'user', targetId: customer.user.id, after: { status: 'suspended' } },
      new Date('2026-10-20T10:00:00Z'),
    )
    const res = await call(t, contract.listAuditLog, { query: { action: 'user.suspend' } }, { token: admin.token })
    expect(res.body.data.items).toEqual([
      expect.objectContaining({
        actor_id: support.user.id,
        actor_email: support.user.email,
        actor_name: 'Test User',
        target_id: customer.user.id,
        target_name: 'Test User',
        target_email: customer.user.email,
      }),
    ])
    // A row about something else names no account; the actor filter also matches a name.
    await seed('doohickeys.rename', '2026-10-21T10:00:00Z')
    const other = await call(
      t,
      contract.listAuditLog,
      { query: { action: 'doohickeys.rename' } },
      { token: admin.token },
    )
    expect(other.body.data.items[0]).toMatchObject({ actor_name: 'Test User', target_name: null, target_email: null })
    const byName = await call(
      t,
      contract.listAuditLog,
      { query: { actor: 'test us', action: 'user.suspend' } },
      { token: admin.token },
    )
    expect(byName.body.data.total).toBe(1)
  })

  it('lists newest first for admin and support, filtered by action, actor, keyword and days', async () => {
    await seed('widgets.create', '2026-10-01T10:00:00Z')
    await seed('widgets.delete', '2026-10-05T10:00:00Z')
    await seed('gadgets.create', '2026-10-09T23:59:00Z', { name: 'blue gadget' })

    for (const staff of [admin, support]) {
      const all = await call(t, contract.listAuditLog, { query: { action: 'widgets' } }, { token: staff.token })
      expect(all.status).toBe(200)
      expect(all.body.data.items.map((e) => e.action)).toEqual(['widgets.delete', 'widgets.create'])
    }
    const exact = await call(t, contract.listAuditLog, { query: { action: 'widgets.create' } }, { token: admin.token })
    expect(exact.body.data.total).toBe(1)
    const range = await call(
      t,
      contract.listAuditLog,
      { query: { from: '2026-10-05', to: '2026-10-09' } },
      { token: admin.token },
    )
    expect(range.body.data.items.map((e) => e.action)).toEqual(['gadgets.create', 'widgets.delete'])
    const keyword = await call(t, contract.listAuditLog, { query: { keyword: 'blue gad' } }, { token: admin.token })
    expect(keyword.body.data.items.map((e) => e.action)).toEqual(['gadgets.create'])
    expect(keyword.body.data.items[0]).toMatchObject({ actor_email: admin.user.email, target_id: 'thg_gadgets.create' })
    const byActor = await call(
      t,
      contract.listAuditLog,
      { query: { actor: admin.user.id, action: 'gadgets' } },
      { token: admin.token },
    )
    expect(byActor.body.data.total).toBe(1)
    const nobody = await call(
      t,
      contract.listAuditLog,
      { query: { actor: 'nobody@', action: 'gadgets' } },
      { token: admin.token },
    )
    expect(nobody.body.data.total).toBe(0)
    const paged = await call(
      t,
      contract.listAuditLog,
      { query: { action: 'widgets', page: 2, page_size: 1 } },
      { token: admin.token },
    )
    expect(paged.body.data).toMatchObject({ total: 2, page: 2, page_size: 1 })
    expect(paged.body.data.items.map((e) => e.action)).toEqual(['widgets.create'])

    const actions = await call(t, contract.auditLogActions, {}, { token: support.token })
    expect(actions.body.data).toEqual(expect.arrayContaining([{ action: 'widgets.create', count: 1 }]))
  })

  it('refuses customers and anonymous callers, and a backwards date range', async () => {
    const asCustomer = await call(t, contract.listAuditLog, { query: {} }, { token: customer.token })
    expect(asCustomer.status).toBe(403)
    expect((await call(t, contract.listAuditLog, { query: {} })).status).toBe(401)
    expect((await exportBody({}, customer.token)).statusCode).toBe(403)
    const backwards = await call(
      t,
      contract.listAuditLog,
      { query: { from: '2026-10-09', to: '2026-10-01' } },
      { token: admin.token },
    )
    expect(backwards.status).toBe(400)
    expect(fieldsOf(errorEnvelope(backwards.body)).to).toBe('The start date must not be after the end date')
  })

  it('exports CSV with formulas neutralised and XLSX as typed text, and logs the export', async () => {
    await seed('=cmd|calc', '2026-10-20T10:00:00Z', { note: '+SUM(A1)' })
    const csv = await exportBody({ action: '=cmd|calc', format: 'csv' })
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toContain('text/csv')
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toBe('Time (UTC),Actor e-mail,Actor id,Action,Target type,Target id,Before,After,IP')
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(",'=cmd|calc,")
    expect(lines[1]).not.toMatch(/,=cmd/)

    const xlsx = await exportBody({ action: '=cmd|calc', format: 'xlsx', lang: 'vi' })
    expect(xlsx.statusCode).toBe(200)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer)
    const sheet = workbook.worksheets[0]
    expect(sheet?.getRow(1).getCell(4).value).toBe('Hành động')
    // An XLSX text cell is never run as a formula: written as it is, typed as text.
    expect(sheet?.getRow(2).getCell(4).value).toBe('=cmd|calc')
    expect(sheet?.getRow(2).getCell(4).type).toBe(ExcelJS.ValueType.String)
    expect(sheet?.rowCount).toBe(2)

    const exports = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'logs.export'))
    expect(exports.length).toBeGreaterThanOrEqual(2)
    expect(exports[0]).toMatchObject({ actorId: admin.user.id })
  })

  it('cannot be changed or deleted, even directly in the database', async () => {
    await seed('widgets.keep', '2026-10-21T10:00:00Z')
    await expect(
      t.ctx.db.execute(sql`update audit_log set action = 'forged' where action = 'widgets.keep'`),
    ).rejects.toThrow()
    await expect(t.ctx.db.execute(sql`delete from audit_log where action = 'widgets.keep'`)).rejects.toThrow()
    const rows = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'widgets.keep'))
    expect(rows).toHaveLength(1)
    // No route of the contract writes to /v1/logs.
    expect(contract.allEndpoints.filter((e) => e.path.startsWith('/v1/logs') && e.method !== 'GET')).toEqual([])
  })

  it('keeps the support contact: validated, audit-logged, shown in app-config', async () => {
    const before = await call(t, contract.appConfig, {})
    expect(before.body.data.support_contact).toBeNull()

    const bad = await call(
      t,
      contract.setSupportContact,
      { body: { email: 'nope', phone: 'call me', hours: 'x'.repeat(121) } },
      { token: admin.token },
    )
    expect(bad.status).toBe(400)
    expect(fieldsOf(errorEnvelope(bad.body))).toMatchObject({
      email: 'Please enter a valid email address',
      phone: 'A phone number uses digits, spaces, +, ( ) and dashes (at most 30 characters)',
      hours: 'The hours must be at most 120 characters',
    })
    const bySupport = await call(
      t,
      contract.setSupportContact,
      { body: { email: 'help@example.com', phone: '', hours: '' } },
      { token: support.token },
    )
    expect(bySupport.status).toBe(403)

    const saved = await call(
      t,
      contract.setSupportContact,
      { body: { email: ' Help@Example.com ', phone: '+84 24 1234-5678', hours: 'Mon–Fri 8:00–17:00' } },
      { token: admin.token },
    )
    expect(saved.status).toBe(200)
    const contact = { email: 'help@example.com', phone: '+84 24 1234-5678', hours: 'Mon–Fri 8:00–17:00' }
    expect(saved.body.data).toEqual(contact)
    expect((await call(t, contract.getSupportContact, {}, { token: admin.token })).body.data).toEqual(contact)
    expect((await call(t, contract.appConfig, {})).body.data.support_contact).toEqual(contact)
    const [row] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'settings.supportContact'))
    expect(row).toMatchObject({ actorId: admin.user.id, before: { email: '', phone: '', hours: '' }, after: contact })
  })

  it('logs who started a payment reconciliation', async () => {
    const run = await call(t, contract.reconcilePayments, {}, { token: admin.token })
    expect(run.status, JSON.stringify(run.body)).toBe(200)
    const [row] = (
      await call(t, contract.listAuditLog, { query: { action: 'payments.reconcile' } }, { token: admin.token })
    ).body.data.items
    expect(row).toMatchObject({ actor_id: admin.user.id, after: { checked: 0, settled: 0 } })
  })

  it('logs the maintenance switch and the billing numbers', async () => {
    const on = await call(t, contract.setMaintenance, { body: { enabled: true } }, { token: admin.token })
    expect(on.status).toBe(200)
    await call(t, contract.setMaintenance, { body: { enabled: false } }, { token: admin.token })
    const switches = await call(
      t,
      contract.listAuditLog,
      { query: { action: 'settings.maintenance' } },
      { token: admin.token },
    )
    expect(switches.body.data.items.map((e) => e.after)).toEqual([{ enabled: false }, { enabled: true }])

    const billing = await call(
      t,
      contract.setBillingSettings,
      { body: { discount_percent: '12.5', exchange_rate: '25400' } },
      { token: admin.token },
    )
    expect(billing.status, JSON.stringify(billing.body)).toBe(200)
    const rows = await call(t, contract.listAuditLog, { query: { action: 'rates.billing' } }, { token: admin.token })
    expect(rows.body.data.items[0]?.after).toMatchObject({ discount_percent: '12.5', exchange_rate: '25400' })
    const tooMuch = await call(
      t,
      contract.setBillingSettings,
      { body: { discount_percent: '101', exchange_rate: '25400' } },
      { token: admin.token },
    )
    expect(tooMuch.status).toBe(400)
  })
})
