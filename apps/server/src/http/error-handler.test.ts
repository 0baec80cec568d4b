import * as contract from '@app/contract'
import { translate } from '@app/contract'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { call, createTestApp, errorEnvelope, freshEmail, freshIp } from '../../test/helpers.ts'

// What the error handler writes to the log (docs/security.md "Text input"): a request never makes it
// log SQL text or the values the caller sent, neither for a NUL character (refused before any query)
// nor when the database itself fails.

describe('the error log', async () => {
  const lines: string[] = []
  const t = await createTestApp({}, { logStream: { write: (line) => void lines.push(line) } })
  afterAll(() => t.close())

  const errorLines = () => lines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50)

  it.each([
    ['POST /v1/login', contract.login, (email: string) => ({ email, password: 'some-password' })],
    ['POST /v1/forgot-password', contract.forgotPassword, (email: string) => ({ email })],
    ['POST /v1/send-verify-email', contract.sendVerifyEmail, (email: string) => ({ email })],
  ] as const)('%s refuses a NUL with 400 and logs no error and no SQL', async (_, endpoint, body) => {
    lines.length = 0
    const email = `${freshEmail('nul')}\u0000`
    const res = await call(t, endpoint, { body: body(email) } as never, { ip: freshIp(), lang: 'vi' })
    expect(res.status).toBe(400)
    expect(errorEnvelope(res.body).message).toBe(translate('vi', 'validation.nulCharacter'))
    expect(errorLines()).toEqual([])
    expect(lines.join('\n')).not.toMatch(/Failed query|select |insert /i)
  })

  it('logs a failing query by its SQLSTATE, without the SQL or the caller’s values', async () => {
    lines.length = 0
    const email = freshEmail('leak-check')
    await t.ctx.db.execute(sql`alter table users rename to users_away`)
    try {
      const res = await call(t, contract.login, { body: { email, password: 'some-password' } }, { ip: freshIp() })
      expect(res.status).toBe(500)
      expect(errorEnvelope(res.body).error_code).toBe('INTERNAL')
    } finally {
      await t.ctx.db.execute(sql`alter table users_away rename to users`)
    }
    const logged = errorLines()
    expect(logged.length).toBeGreaterThan(0)
    expect(logged.some((line) => line.includes('"code":"42P01"'))).toBe(true)
    const text = lines.join('\n')
    expect(text).not.toContain(email)
    expect(text).not.toMatch(/Failed query|params:|select |from "users"/i)
  })
})
