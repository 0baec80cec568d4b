import type { AddressInfo } from 'node:net'
import * as contract from '@app/contract'
import { eq } from 'drizzle-orm'
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server'
import { afterAll, describe, expect, it } from 'vitest'
import { call, freshEmail, freshIp, lastMailTo, tokenFromMail, useTestApp } from '../../test/helpers.ts'
import { emailOutbox } from '../db/schema/index.ts'

interface Received {
  from: string
  to: string[]
  raw: string
}

/** A real SMTP server in this process; `refuse` makes it turn every message away. */
async function startSmtp() {
  const received: Received[] = []
  const state = { refuse: false }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream: SMTPServerDataStream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        if (state.refuse) {
          const error = Object.assign(new Error('Mailbox unavailable, try later'), { responseCode: 451 })
          callback(error)
          return
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return { port, received, state }
}

/** Quoted-printable soft breaks and escapes undone, so a link can be searched for in the raw message. */
const decodeQp = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))

describe('e-mail over SMTP', async () => {
  const smtp = await startSmtp()
  const t = await useTestApp({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, mailFrom: 'Maps Portal <portal@example.com>' })

  async function register(email: string) {
    const res = await call(
      t,
      contract.register,
      {
        body: {
          full_name: 'Mail Tester',
          email,
          phone_number: '0912345678',
          password: 'long-enough-1',
          confirm_password: 'long-enough-1',
        },
      },
      { ip: freshIp() },
    )
    expect(res.status).toBe(201)
  }

  it('delivers the verification e-mail over SMTP and marks it sent', async () => {
    const email = freshEmail('smtp')
    await register(email)
    expect((await lastMailTo(t, email))?.status).toMatch(/pending|sent/)

    await t.ctx.mail.dispatch()

    const mail = await lastMailTo(t, email)
    expect(mail).toMatchObject({ status: 'sent', attempts: 1, lastError: null, sentAt: t.clock.now() })
    const delivered = smtp.received.filter((m) => m.to.includes(email))
    expect(delivered).toHaveLength(1)
    expect(delivered[0]?.from).toBe('portal@example.com')
    const raw = decodeQp(delivered[0]?.raw ?? '')
    expect(raw).toContain('Subject: Confirm your e-mail address')
    expect(raw).toContain(`/user/verify?token=${await tokenFromMail(t, email)}`)
  })

  it('keeps a refused message pending with the error and retries it later', async () => {
    const email = freshEmail('refused')
    smtp.state.refuse = true
    try {
      await register(email)
      await t.ctx.mail.dispatch()
      const failed = await lastMailTo(t, email)
      expect(failed).toMatchObject({ status: 'pending', attempts: 1, sentAt: null })
      expect(failed?.lastError).toMatch(/Mailbox unavailable/)
      expect(failed?.nextAttemptAt.getTime()).toBeGreaterThan(t.clock.now().getTime())

      // Not due yet: nothing is sent.
      smtp.state.refuse = false
      await t.ctx.mail.dispatch()
      expect((await lastMailTo(t, email))?.status).toBe('pending')
      expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(0)
    } finally {
      smtp.state.refuse = false
    }

    t.clock.advance(61_000)
    await t.ctx.mail.dispatch()
    const sent = await lastMailTo(t, email)
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null })
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1)
  })

  it('gives up after repeated refusals and marks the message failed', async () => {
    const email = freshEmail('given-up')
    smtp.state.refuse = true
    try {
      await register(email)
      for (let attempt = 0; attempt < 6; attempt++) {
        await t.ctx.mail.dispatch()
        t.clock.advance(4 * 3_600_000)
      }
      const mail = await lastMailTo(t, email)
      expect(mail).toMatchObject({ status: 'failed', attempts: 6 })
      await t.ctx.mail.dispatch()
      const [row] = await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))
      expect(row?.attempts).toBe(6)
    } finally {
      smtp.state.refuse = false
    }
  })
})
