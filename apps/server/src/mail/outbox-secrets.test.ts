import type { AddressInfo } from 'node:net'
import * as contract from '@app/contract'
import { eq } from 'drizzle-orm'
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server'
import { afterAll, describe, expect, it } from 'vitest'
import {
  call,
  createUser,
  freshEmail,
  freshIp,
  signIn,
  type TestApp,
  userWithToken,
  useTestApp,
} from '../../test/helpers.ts'
import { loadConfig } from '../config.ts'
import { emailOutbox } from '../db/schema/index.ts'
import { REDACTED, redactLink } from './secrets.ts'

// docs/security.md "Secrets in the outbox": a one-time token (verification, password reset, an SMS
// code) is never recoverable from the outbox table or the outbox API in production; the SMTP
// dispatcher still sends the working link; outside production the outbox page shows it.

/** Any one-time token: a `token=` value as the links carry it (not the redacted form). */
const LIVE_TOKEN = /token=[\w-]{20,}/
const registerBody = (email: string) => ({
  full_name: 'Secret Keeper',
  email,
  phone_number: '0912345678',
  password: 'long-enough-1',
  confirm_password: 'long-enough-1',
})

/** What NODE_ENV=production sets for the outbox (the rest of a production config needs real secrets). */
const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  APP_SECRET: 'x'.repeat(40),
  GATEWAY_TOKEN: 'g'.repeat(30),
  DATA_DIR: 'memory://',
}
const production = { revealOutboxSecrets: loadConfig(PRODUCTION_ENV).revealOutboxSecrets }

async function rowsTo(t: TestApp, address: string) {
  return t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address))
}

/** Everything an administrator can read of the outbox about an address, list and detail answers. */
async function outboxAnswers(t: TestApp, adminToken: string, address: string) {
  const list = await call(t, contract.listOutbox, { query: { keyword: address } }, { token: adminToken })
  expect(list.status).toBe(200)
  const details = []
  for (const item of list.body.data.items) {
    const detail = await call(t, contract.getOutboxMessage, { params: { id: item.id } }, { token: adminToken })
    expect(detail.status).toBe(200)
    details.push(detail.body.data)
  }
  return { list: list.body.data.items, details }
}

/** Sends every e-mail that carries a one-time link (grep `link:` in modules/auth): sign-up, resend, reset. */
async function sendEveryTokenMail(t: TestApp, email: string) {
  expect((await call(t, contract.register, { body: registerBody(email) }, { ip: freshIp() })).status).toBe(201)
  t.clock.advance(1_000)
  expect((await call(t, contract.sendVerifyEmail, { body: { email } }, { ip: freshIp() })).status).toBe(200)
  t.clock.advance(1_000)
  expect((await call(t, contract.forgotPassword, { body: { email } }, { ip: freshIp() })).status).toBe(200)
  const rows = await rowsTo(t, email)
  expect(rows.map((r) => r.template).sort()).toEqual(['resetPassword', 'verifyEmail', 'verifyEmail'])
  return rows
}

describe('one-time links in production without SMTP', async () => {
  const t = await useTestApp(production)
  const admin = await userWithToken(t, ['admin'])

  it('keeps no working link in the table or the outbox answers, and no sealed copy nobody could open', async () => {
    const email = freshEmail('prod')
    const rows = await sendEveryTokenMail(t, email)
    for (const row of rows) {
      expect(JSON.stringify(row)).not.toMatch(LIVE_TOKEN)
      expect(row.textBody).toContain(`?token=${REDACTED}`)
      expect(row.htmlBody).toContain(`?token=${REDACTED}`)
      expect(row.sealedSecrets).toBe('')
    }
    const { list, details } = await outboxAnswers(t, admin.token, email)
    expect(JSON.stringify(list)).not.toMatch(LIVE_TOKEN)
    expect(details).toHaveLength(3)
    for (const detail of details) {
      expect(JSON.stringify(detail)).not.toMatch(LIVE_TOKEN)
      expect(detail.secrets).toBe('hidden')
      expect(detail.text_body).toMatch(/\/(user\/verify|reset-password)\?token=\[redacted\]/)
    }
  })

  it('keeps an SMS code out of the table and the outbox answers', async () => {
    const user = await createUser(t, { email: freshEmail('sms') })
    const token = await signIn(t, user.email)
    expect((await call(t, contract.sendPhoneCode, {}, { token })).status).toBe(200)
    const [sms] = await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.userId, user.id))
    expect(sms?.textBody).toContain(REDACTED)
    expect(sms?.textBody).not.toMatch(/\d{6}/)
    expect(sms?.sealedSecrets).toBe('')
    const detail = await call(t, contract.getOutboxMessage, { params: { id: sms?.id ?? '' } }, { token: admin.token })
    expect(detail.body.data.secrets).toBe('hidden')
    expect(detail.body.data.text_body).not.toMatch(/\d{6}/)
  })
})

/** A real SMTP server in this process. */
async function startSmtp() {
  const received: string[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream: SMTPServerDataStream, _session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'))
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return { port, received }
}

const decodeQp = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))

describe('one-time links in production with SMTP', async () => {
  const smtp = await startSmtp()
  const t = await useTestApp({ ...production, smtpUrl: `smtp://127.0.0.1:${smtp.port}` })
  const admin = await userWithToken(t, ['admin'])

  it('seals the link for the dispatcher, sends the working link, then wipes the seal', async () => {
    const email = freshEmail('smtp')
    expect((await call(t, contract.register, { body: registerBody(email) }, { ip: freshIp() })).status).toBe(201)
    const [queued] = await rowsTo(t, email)
    expect(queued?.status).toBe('pending')
    expect(JSON.stringify(queued)).not.toMatch(LIVE_TOKEN)
    expect(queued?.sealedSecrets).toMatch(/^v1\./)
    const before = await outboxAnswers(t, admin.token, email)
    expect(before.details[0]?.secrets).toBe('hidden')
    expect(JSON.stringify(before)).not.toMatch(LIVE_TOKEN)

    await t.ctx.mail.dispatch()
    const delivered = smtp.received.map(decodeQp).filter((raw) => raw.includes(email))
    expect(delivered).toHaveLength(1)
    const link = delivered[0]?.match(/\/user\/verify\?token=([\w-]{20,})/)
    expect(link?.[1]).toBeDefined()

    const [sent] = await rowsTo(t, email)
    expect(sent).toMatchObject({ status: 'sent', sealedSecrets: '' })
    expect(JSON.stringify(sent)).not.toMatch(LIVE_TOKEN)

    // The link the recipient got works.
    const verified = await call(t, contract.verifyEmail, { params: { token: link?.[1] ?? '' } }, { ip: freshIp() })
    expect(verified.status).toBe(200)
  })
})

describe('one-time links outside production', async () => {
  const t = await useTestApp()
  const admin = await userWithToken(t, ['admin'])

  it('stores them redacted and sealed, and the outbox page shows the working link', async () => {
    const email = freshEmail('dev')
    expect((await call(t, contract.register, { body: registerBody(email) }, { ip: freshIp() })).status).toBe(201)
    const [row] = await rowsTo(t, email)
    expect(JSON.stringify(row)).not.toMatch(LIVE_TOKEN)
    expect(row?.sealedSecrets).toMatch(/^v1\./)
    const { details } = await outboxAnswers(t, admin.token, email)
    expect(details[0]?.secrets).toBe('revealed')
    const token = details[0]?.text_body.match(/\/user\/verify\?token=([\w-]{20,})/)?.[1]
    expect(details[0]?.html_body).toContain(`/user/verify?token=${token}`)
    expect((await call(t, contract.verifyEmail, { params: { token: token ?? '' } }, { ip: freshIp() })).status).toBe(
      200,
    )
  })

  it('marks a message without a one-time secret as such', async () => {
    const email = freshEmail('nothing-secret')
    const user = await createUser(t, { email })
    const token = await signIn(t, user.email)
    const changed = await call(
      t,
      contract.changePassword,
      {
        body: {
          current_password: 'correct-horse-battery',
          new_password: 'another-long-one',
          confirm_password: 'another-long-one',
        },
      },
      { token },
    )
    expect(changed.status).toBe(200)
    const { details } = await outboxAnswers(t, admin.token, email)
    expect(details.map((d) => [d.template, d.secrets])).toEqual([['passwordChanged', 'none']])
  })
})

describe('the outbox in each environment', () => {
  it('reveals one-time secrets outside production only', () => {
    expect(production.revealOutboxSecrets).toBe(false)
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: 'memory://' }).revealOutboxSecrets).toBe(true)
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://' }).revealOutboxSecrets).toBe(true)
  })
})

describe('redactLink', () => {
  it('keeps the address and path and hides every query value and the fragment', () => {
    expect(redactLink('https://portal.example.com/reset-password?token=abc_DEF-123')).toBe(
      `https://portal.example.com/reset-password?token=${REDACTED}`,
    )
    expect(redactLink('http://localhost:3000/user/verify?token=a&lang=vi#x')).toBe(
      `http://localhost:3000/user/verify?token=${REDACTED}&lang=${REDACTED}#${REDACTED}`,
    )
    expect(redactLink('http://localhost:3000/support/request/tkt_1')).toBe(
      'http://localhost:3000/support/request/tkt_1',
    )
  })
})
