import * as contract from '@app/contract'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  call,
  createUser,
  errorEnvelope,
  fieldsOf,
  freshEmail,
  setUser,
  userWithToken,
  useTestApp,
} from '../../../test/helpers.ts'
import { auditLog, notificationRecipients, notifications } from '../../db/schema/index.ts'
import { sanitizeContent } from './service.ts'

describe('e-mail notifications: the calls', async () => {
  const t = await useTestApp()
  // These tests look at what is saved (the test app works no job queues); sending has its own tests
  // (src/jobs/notifications.test.ts).
  const admin = await userWithToken(t, ['admin'])
  const support = await userWithToken(t, ['support'])
  const customer = await userWithToken(t, ['customer'])

  const later = '2030-01-01T08:00:00.000Z'
  const body = (overrides: Partial<contract.NotificationBody> = {}): contract.NotificationBody => ({
    name: 'November news',
    subject: 'What is new',
    content: '<p>Hello <strong>there</strong></p>',
    recipients: { all: true },
    send_at: later,
    ...overrides,
  })

  it('saves a pending notification with every customer as a recipient, audit-logged', async () => {
    const res = await call(t, contract.createNotification, { body: body() }, { token: support.token })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const n = res.body.data
    expect(n).toMatchObject({ status: 'pending', success: 0, failed: 0, send_at: later })
    const rows = await t.ctx.db
      .select()
      .from(notificationRecipients)
      .where(eq(notificationRecipients.notificationId, n.id))
    // Staff accounts are not customers: only the customer(s) created so far.
    expect(rows.map((r) => r.email)).toContain(customer.user.email)
    expect(rows.map((r) => r.email)).not.toContain(admin.user.email)
    expect(n.total).toBe(rows.length)
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'notifications.create'), eq(auditLog.targetId, n.id)))
    expect(audit?.actorId).toBe(support.user.id)
  })

  it('filters recipients by plan, status, sign-up dates, inactive keys and e-mail', async () => {
    const tag = `flt${Date.now()}`
    const old = await createUser(t, { email: freshEmail(`${tag}-old`), createdAt: new Date('2026-01-15T10:00:00Z') })
    const recent = await createUser(t, { email: freshEmail(`${tag}-new`), createdAt: new Date('2026-10-20T23:30:00Z') })
    const suspended = await createUser(t, { email: freshEmail(`${tag}-sus`) })
    await setUser(t, suspended.id, { status: 'suspended' })
    const count = async (recipients: contract.RecipientFilter) => {
      const res = await call(t, contract.countNotificationRecipients, { body: { recipients } }, { token: admin.token })
      expect(res.status).toBe(200)
      return res.body.data.total
    }
    expect(await count({ all: false, email_contains: tag })).toBe(3)
    expect(await count({ all: false, email_contains: tag, status: 'suspended' })).toBe(1)
    expect(
      await count({ all: false, email_contains: tag, signed_up_from: '2026-10-20', signed_up_to: '2026-10-20' }),
    ).toBe(1)
    expect(await count({ all: false, email_contains: tag, signed_up_to: '2026-06-30' })).toBe(1)
    expect(await count({ all: false, email_contains: tag, inactive_keys: true })).toBe(3)
    expect(await count({ all: false, email_contains: `${tag}-zzz` })).toBe(0)
    expect(old.id && recent.id).toBeTruthy()

    const none = await call(
      t,
      contract.createNotification,
      { body: body({ recipients: { all: false, email_contains: `${tag}-nobody` } }) },
      { token: support.token },
    )
    expect(none.status).toBe(400)
    expect(fieldsOf(none.body).recipients).toBe('No customer matches these recipients')
  })

  it('sanitises the content on the server', async () => {
    const res = await call(
      t,
      contract.createNotification,
      {
        body: body({
          content:
            '<p onclick="steal()">Hi<script>alert(1)</script> <a href="javascript:alert(1)">x</a> <a href="https://example.com">ok</a></p><iframe src="https://evil.example"></iframe><img src="https://example.com/a.png" onerror="x()">',
        }),
      },
      { token: support.token },
    )
    expect(res.status).toBe(201)
    const html = res.body.data.content
    expect(html).not.toMatch(/script|onclick|onerror|iframe|javascript:/i)
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer" target="_blank">ok</a>')
    expect(html).toContain('<img src="https://example.com/a.png" />')
    expect(await sanitizeContent('<style>p{}</style><b>bold</b>')).toBe('<b>bold</b>')

    const empty = await call(
      t,
      contract.createNotification,
      { body: body({ content: '<script>only()</script>' }) },
      { token: support.token },
    )
    expect(empty.status).toBe(400)
    expect(fieldsOf(empty.body).content).toBe('Content is required')
  })

  it('refuses a translation without a subject or with nothing to read, on its fields', async () => {
    const res = await call(
      t,
      contract.createNotification,
      { body: body({ translations: { my: { subject: ' ', content: '<p>မင်္ဂလာပါ</p>' } } }) },
      { token: support.token },
    )
    expect(res.status).toBe(400)
    expect(fieldsOf(res.body)).toEqual({ 'translations.my.subject': 'E-mail subject is required' })
    const empty = await call(
      t,
      contract.createNotification,
      { body: body({ translations: { vi: { subject: 'Tin mới', content: '<p><script>x</script></p>' } } }) },
      { token: support.token },
    )
    expect(empty.status).toBe(400)
    expect(Object.keys(fieldsOf(empty.body))).toEqual(['translations.vi.content'])
    const saved = await call(
      t,
      contract.createNotification,
      { body: body({ translations: { vi: { subject: ' Tin mới ', content: '<p>Xin chào</p>' } } }) },
      { token: support.token },
    )
    expect(saved.status, JSON.stringify(saved.body)).toBe(201)
    expect(saved.body.data.translations).toEqual({ vi: { subject: 'Tin mới', content: '<p>Xin chào</p>' } })
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'notifications.create'), eq(auditLog.targetId, saved.body.data.id)))
    expect(audit?.after).toMatchObject({ subject: 'What is new', subject_vi: 'Tin mới' })
  })

  it('validates the fields in the caller language', async () => {
    const res = await call(
      t,
      contract.createNotification,
      { body: { ...body(), name: ' ', subject: '', send_at: 'tomorrow' } },
      { token: support.token, lang: 'vi' },
    )
    expect(res.status).toBe(400)
    const fields = fieldsOf(res.body)
    expect(fields.name).toBe('Vui lòng nhập tên')
    expect(fields.subject).toBe('Vui lòng nhập tiêu đề email')
    expect(fields.send_at).toBe('Thời gian gửi không hợp lệ')
  })

  it('updates and deletes a pending notification; refuses both while it is sending; deletes a sent one as deleted', async () => {
    const created = (await call(t, contract.createNotification, { body: body() }, { token: support.token })).body.data
    const updated = await call(
      t,
      contract.updateNotification,
      { params: { id: created.id }, body: body({ name: 'Renamed', recipients: { all: false, status: 'active' } }) },
      { token: admin.token },
    )
    expect(updated.status).toBe(200)
    expect(updated.body.data).toMatchObject({ name: 'Renamed', recipients: { all: false, status: 'active' } })

    const deleted = await call(t, contract.deleteNotification, { params: { id: created.id } }, { token: admin.token })
    expect(deleted.status).toBe(200)
    expect(await t.ctx.db.select().from(notifications).where(eq(notifications.id, created.id))).toHaveLength(0)
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'notifications.delete'), eq(auditLog.targetId, created.id)))
    expect(audit?.actorId).toBe(admin.user.id)

    const sending = (await call(t, contract.createNotification, { body: body() }, { token: support.token })).body.data
    await t.ctx.db.update(notifications).set({ status: 'sending' }).where(eq(notifications.id, sending.id))
    const refusedUpdate = await call(
      t,
      contract.updateNotification,
      { params: { id: sending.id }, body: body() },
      { token: admin.token },
    )
    expect(refusedUpdate.status).toBe(409)
    expect(errorEnvelope(refusedUpdate.body).message).toBe('update notification failed: it is already being sent')
    const refusedDelete = await call(
      t,
      contract.deleteNotification,
      { params: { id: sending.id } },
      { token: admin.token },
    )
    expect(refusedDelete.status).toBe(409)
    expect(errorEnvelope(refusedDelete.body).message).toBe(
      'This notification is being sent: it can be deleted once sending ends',
    )

    // Once sending has ended the refusal says so (issue 21: it still said "already being sent").
    await t.ctx.db.update(notifications).set({ status: 'sent' }).where(eq(notifications.id, sending.id))
    const sentUpdate = await call(
      t,
      contract.updateNotification,
      { params: { id: sending.id }, body: body() },
      { token: admin.token },
    )
    expect(sentUpdate.status).toBe(409)
    expect(errorEnvelope(sentUpdate.body).message).toBe(
      'This notification has already been sent: it can no longer be changed',
    )

    // A sent one can be deleted (docs/requirements.md §16.2's deleted state; issue 21): it stays, with its
    // counts and recipients, as deleted, and the audit log says who did it.
    const recipientsBefore = await t.ctx.db
      .select()
      .from(notificationRecipients)
      .where(eq(notificationRecipients.notificationId, sending.id))
    expect(recipientsBefore.length).toBeGreaterThan(0)
    const sentDelete = await call(
      t,
      contract.deleteNotification,
      { params: { id: sending.id } },
      { token: support.token },
    )
    expect(sentDelete.status).toBe(200)
    const shown = await call(t, contract.getNotification, { params: { id: sending.id } }, { token: admin.token })
    expect(shown.body.data).toMatchObject({
      status: 'deleted',
      total: sending.total,
      deleted_at: t.clock.now().toISOString(),
    })
    expect(
      await t.ctx.db.select().from(notificationRecipients).where(eq(notificationRecipients.notificationId, sending.id)),
    ).toHaveLength(recipientsBefore.length)
    const deletedList = await call(
      t,
      contract.listNotifications,
      { query: { status: 'deleted' } },
      { token: admin.token },
    )
    expect(deletedList.body.data.items.map((n) => n.id)).toContain(sending.id)
    const [sentAudit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'notifications.delete'), eq(auditLog.targetId, sending.id)))
    expect(sentAudit).toMatchObject({ actorId: support.user.id, after: { status: 'deleted' } })
    // Deleted is final: neither changed nor deleted again.
    for (const refused of [
      await call(t, contract.updateNotification, { params: { id: sending.id }, body: body() }, { token: admin.token }),
      await call(t, contract.deleteNotification, { params: { id: sending.id } }, { token: admin.token }),
    ]) {
      expect(refused.status).toBe(409)
      expect(errorEnvelope(refused.body).message).toBe('This notification has been deleted')
    }

    const missing = await call(
      t,
      contract.getNotification,
      { params: { id: `ntf_${'0'.repeat(26)}` } },
      { token: admin.token },
    )
    expect(missing.status).toBe(404)
  })

  it('lists notifications with progress and each recipient', async () => {
    const created = (
      await call(t, contract.createNotification, { body: body({ name: 'Listed one' }) }, { token: support.token })
    ).body.data
    const list = await call(t, contract.listNotifications, { query: { keyword: 'listed' } }, { token: support.token })
    expect(list.body.data.items.map((n) => n.id)).toEqual([created.id])
    const recipients = await call(
      t,
      contract.listNotificationRecipients,
      { params: { id: created.id }, query: { status: 'pending' } },
      { token: support.token },
    )
    expect(recipients.status).toBe(200)
    expect(recipients.body.data.total).toBe(created.total)
    expect(recipients.body.data.items[0]).toMatchObject({ status: 'pending', attempts: 0, error: null })
  })

  it('is for staff only', async () => {
    for (const res of [
      await call(t, contract.createNotification, { body: body() }, { token: customer.token }),
      await call(t, contract.listNotifications, {}, { token: customer.token }),
      await call(
        t,
        contract.countNotificationRecipients,
        { body: { recipients: { all: true } } },
        { token: customer.token },
      ),
    ]) {
      expect(res.status).toBe(403)
    }
    expect((await call(t, contract.listNotifications, {})).status).toBe(401)
  })
})
