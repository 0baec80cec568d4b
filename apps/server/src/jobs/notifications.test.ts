import type { AddressInfo } from 'node:net'
import * as contract from '@app/contract'
import { and, eq } from 'drizzle-orm'
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server'
import { afterAll, describe, expect, it } from 'vitest'
import { call, createUser, usePeerApp, userWithToken, useTestApp } from '../../test/helpers.ts'
import { emailOutbox, notificationRecipients, notifications, users } from '../db/schema/index.ts'
import { createNotificationWorker, isTransient, type NotificationWorker } from './notifications.ts'

// Sending e-mail notifications through a real SMTP server in this process: every recipient gets one
// e-mail, across a restart and with two instances at once; transient refusals are retried, permanent
// ones recorded.

interface Received {
  to: string
  raw: string
}

async function startSmtp() {
  const received: Received[] = []
  /** Addresses refused once with 451 (then accepted), and addresses refused for good with 550. */
  const rules = { refuseOnce: new Set<string>(), refuseAlways: new Set<string>() }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase()
      if (rules.refuseAlways.has(to)) {
        callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }))
        return
      }
      if (rules.refuseOnce.delete(to)) {
        callback(Object.assign(new Error('Greylisted, try later'), { responseCode: 451 }))
        return
      }
      callback()
    },
    onData(stream: SMTPServerDataStream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        for (const r of session.envelope.rcptTo) {
          received.push({ to: r.address.toLowerCase(), raw: Buffer.concat(chunks).toString('utf8') })
        }
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return { url: `smtp://127.0.0.1:${port}`, received, rules }
}

describe('sending e-mail notifications', async () => {
  const smtp = await startSmtp()
  const t = await useTestApp({ smtpUrl: smtp.url, mailFrom: 'Maps Portal <news@example.com>' })
  // The apps work no job queues here (tests' default); these tests run senders of their own.
  const peer = await usePeerApp(t)
  const staff = await userWithToken(t, ['support'])

  const workers: NotificationWorker[] = []
  afterAll(async () => {
    for (const w of workers) await w.close()
  })
  function worker(options: { rate?: number; batch?: number; db?: typeof t.ctx.db; instance?: string } = {}) {
    const w = createNotificationWorker({
      db: options.db ?? t.ctx.db,
      clock: t.clock,
      log: t.ctx.log,
      smtpUrl: smtp.url,
      from: 'Maps Portal <news@example.com>',
      ratePerSecond: options.rate ?? 200,
      ...(options.batch ? { batchSize: options.batch } : {}),
      ...(options.instance ? { instance: options.instance } : {}),
    })
    workers.push(w)
    return w
  }

  /** Rounds back to back, as a `notifications-send` run does while there is work, until stopped. */
  function keepSending(w: NotificationWorker) {
    let stopped = false
    const done = (async () => {
      while (!stopped) if ((await w.runOnce()) === 0) await new Promise((resolve) => setTimeout(resolve, 20))
    })()
    return {
      async stop() {
        stopped = true
        await done
      },
    }
  }

  let run = 0
  async function notificationFor(count: number) {
    run += 1
    const tag = `run${run}x${Date.now().toString(36)}`
    for (let i = 0; i < count; i++) await createUser(t, { email: `${tag}-${i}@example.com` })
    const res = await call(
      t,
      contract.createNotification,
      {
        body: {
          name: `Run ${run}`,
          subject: `News ${run}`,
          content: '<p>Hello <a href="https://example.com">friends</a></p>',
          recipients: { all: false, email_contains: tag },
        },
      },
      { token: staff.token },
    )
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.data.total).toBe(count)
    return { id: res.body.data.id, tag }
  }

  const receivedFor = (tag: string) => smtp.received.filter((r) => r.to.startsWith(`${tag}-`))
  const progress = async (id: string) =>
    (await call(t, contract.getNotification, { params: { id } }, { token: staff.token })).body.data

  async function until(check: () => Promise<boolean>, ms = 30_000) {
    const deadline = Date.now() + ms
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('timed out')
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  }

  it('sends each recipient one e-mail and reports pending → sending → sent', async () => {
    const { id, tag } = await notificationFor(12)
    expect(await progress(id)).toMatchObject({ status: 'pending', success: 0, total: 12 })
    const w = worker({ batch: 5 })
    await w.runOnce()
    expect(await progress(id)).toMatchObject({ status: 'sending', success: 5, total: 12 })
    while ((await w.runOnce()) > 0) {}
    expect(await progress(id)).toMatchObject({ status: 'sent', success: 12, failed: 0, total: 12 })
    const got = receivedFor(tag)
    expect(got).toHaveLength(12)
    expect(new Set(got.map((r) => r.to)).size).toBe(12)
    expect(got[0]?.raw).toContain('Subject: News')
    // Each e-mail is also on record in the outbox.
    const outbox = await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'notification'))
    expect(outbox.filter((m) => m.toAddress.startsWith(`${tag}-`) && m.status === 'sent')).toHaveLength(12)
  })

  it('sends each recipient the version in their language, or the English one (issue 20)', async () => {
    const tag = `langs${Date.now().toString(36)}`
    for (const language of ['en', 'my', 'vi'] as const) {
      const user = await createUser(t, { email: `${tag}-${language}@example.com` })
      await t.ctx.db.update(users).set({ language }).where(eq(users.id, user.id))
    }
    const burmese = { subject: 'ဒီလ သတင်း', content: '<p>မင်္ဂလာပါ <script>alert(1)</script></p>' }
    const res = await call(
      t,
      contract.createNotification,
      {
        body: {
          name: 'In their language',
          subject: 'This month’s news',
          content: '<p>Hello</p>',
          translations: { my: burmese },
          recipients: { all: false, email_contains: tag },
        },
      },
      { token: staff.token },
    )
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    // Sanitised like the English content.
    expect(res.body.data.translations).toEqual({ my: { subject: 'ဒီလ သတင်း', content: '<p>မင်္ဂလာပါ </p>' } })
    const w = worker()
    while ((await w.runOnce()) > 0) {}
    const sent = await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'notification'))
    const toOf = (language: string) => sent.find((m) => m.toAddress === `${tag}-${language}@example.com`)
    expect(toOf('my')).toMatchObject({ subject: 'ဒီလ သတင်း', textBody: 'မင်္ဂလာပါ' })
    expect(toOf('my')?.htmlBody).toContain('<html lang="my">')
    expect(toOf('en')).toMatchObject({ subject: 'This month’s news', textBody: 'Hello' })
    expect(toOf('vi')).toMatchObject({ subject: 'This month’s news', textBody: 'Hello' })
    expect(toOf('vi')?.htmlBody).toContain('<html lang="en">')
  })

  it('a restart in the middle of a send neither repeats nor loses anyone', async () => {
    const { id, tag } = await notificationFor(30)
    const first = keepSending(worker({ rate: 100, batch: 4, instance: 'first' }))
    await until(async () => receivedFor(tag).length >= 6)
    await first.stop()
    const midway = await progress(id)
    expect(midway.status).toBe('sending')
    expect(midway.success).toBeGreaterThanOrEqual(6)
    expect(midway.success).toBeLessThan(30)
    // Nothing is left half-done by a stopped instance.
    const inFlight = await t.ctx.db
      .select()
      .from(notificationRecipients)
      .where(and(eq(notificationRecipients.notificationId, id), eq(notificationRecipients.status, 'sending')))
    expect(inFlight).toHaveLength(0)
    expect(receivedFor(tag)).toHaveLength(midway.success)

    const second = keepSending(worker({ rate: 100, batch: 4, instance: 'second' }))
    await until(async () => (await progress(id)).status === 'sent')
    await second.stop()
    const got = receivedFor(tag)
    expect(got).toHaveLength(30)
    expect(new Set(got.map((r) => r.to)).size).toBe(30)
    expect(await progress(id)).toMatchObject({ success: 30, failed: 0, total: 30 })
  })

  it('two instances at once share the work without a duplicate', async () => {
    const { id, tag } = await notificationFor(40)
    const a = keepSending(worker({ rate: 500, batch: 3, instance: 'a' }))
    const b = keepSending(worker({ rate: 500, batch: 3, db: peer.ctx.db, instance: 'b' }))
    await until(async () => (await progress(id)).status === 'sent')
    await Promise.all([a.stop(), b.stop()])
    const got = receivedFor(tag)
    expect(got).toHaveLength(40)
    expect(new Set(got.map((r) => r.to)).size).toBe(40)
    const rows = await t.ctx.db
      .select()
      .from(notificationRecipients)
      .where(eq(notificationRecipients.notificationId, id))
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true)
  })

  it('retries a transient refusal later and records a permanent one', async () => {
    const { id, tag } = await notificationFor(3)
    smtp.rules.refuseOnce.add(`${tag}-0@example.com`)
    smtp.rules.refuseAlways.add(`${tag}-1@example.com`)
    const w = worker()
    await w.runOnce()
    let rows = await t.ctx.db.select().from(notificationRecipients).where(eq(notificationRecipients.notificationId, id))
    const byEmail = (email: string) => rows.find((r) => r.email === email)
    expect(byEmail(`${tag}-0@example.com`)).toMatchObject({ status: 'pending', attempts: 1 })
    expect(byEmail(`${tag}-0@example.com`)?.lastError).toMatch(/Greylisted/)
    expect(byEmail(`${tag}-1@example.com`)).toMatchObject({ status: 'failed', attempts: 1 })
    expect(byEmail(`${tag}-1@example.com`)?.lastError).toMatch(/No such mailbox/)
    expect(byEmail(`${tag}-2@example.com`)).toMatchObject({ status: 'sent' })
    expect(await progress(id)).toMatchObject({ status: 'sending', success: 1, failed: 1 })

    // Not before its back-off has passed.
    await w.runOnce()
    expect(receivedFor(tag)).toHaveLength(1)
    t.clock.advance(11_000)
    await w.runOnce()
    rows = await t.ctx.db.select().from(notificationRecipients).where(eq(notificationRecipients.notificationId, id))
    expect(byEmail(`${tag}-0@example.com`)).toMatchObject({ status: 'sent', attempts: 2 })
    expect(await progress(id)).toMatchObject({ status: 'sent', success: 2, failed: 1, total: 3 })
    expect(
      receivedFor(tag)
        .map((r) => r.to)
        .sort(),
    ).toEqual([`${tag}-0@example.com`, `${tag}-2@example.com`])

    const recipients = await call(
      t,
      contract.listNotificationRecipients,
      { params: { id }, query: { status: 'failed' } },
      { token: staff.token },
    )
    expect(recipients.body.data.items).toEqual([
      expect.objectContaining({
        email: `${tag}-1@example.com`,
        status: 'failed',
        error: expect.stringMatching(/mailbox/),
      }),
    ])
  })

  it('a recipient left mid-send by a dead instance is recorded, never sent twice', async () => {
    const { id, tag } = await notificationFor(2)
    await t.ctx.db.update(notifications).set({ status: 'sending' }).where(eq(notifications.id, id))
    // As a crashed instance leaves it: claimed, its lease over, the SMTP outcome unknown.
    await t.ctx.db
      .update(notificationRecipients)
      .set({
        status: 'sending',
        attempts: 1,
        claimedBy: 'dead',
        claimedUntil: new Date(t.clock.now().getTime() - 1000),
      })
      .where(
        and(eq(notificationRecipients.notificationId, id), eq(notificationRecipients.email, `${tag}-0@example.com`)),
      )
    await worker().runOnce()
    expect(receivedFor(tag).map((r) => r.to)).toEqual([`${tag}-1@example.com`])
    expect(await progress(id)).toMatchObject({ status: 'sent', success: 1, failed: 1 })
  })

  it('keeps to its rate', async () => {
    const { id } = await notificationFor(10)
    const w = worker({ rate: 10, batch: 10 })
    const started = Date.now()
    await w.runOnce()
    expect(Date.now() - started).toBeGreaterThanOrEqual(850)
    expect(await progress(id)).toMatchObject({ status: 'sent', success: 10 })
  })

  it('tells transient SMTP failures from permanent ones', () => {
    expect(isTransient({ responseCode: 451 })).toBe(true)
    expect(isTransient({ responseCode: 550 })).toBe(false)
    expect(isTransient({ code: 'ECONNECTION' })).toBe(true)
    expect(isTransient(new Error('bad template'))).toBe(false)
  })
})
