import * as contract from '@app/contract'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { call, createTestApp, freshIp } from '../../../test/helpers.ts'
import type { Ctx } from '../../context.ts'
import { userRoles, users } from '../../db/schema/index.ts'
import { DEFAULT_ADMIN_EMAIL, ensureAdministrator } from './bootstrap.ts'

const withAdmin = (ctx: Ctx, adminEmail: string | null, adminPassword: string | null): Ctx => ({
  ...ctx,
  config: { ...ctx.config, adminEmail, adminPassword },
})

describe('the first administrator', () => {
  it('is created once from ADMIN_EMAIL and ADMIN_PASSWORD and can sign in', async () => {
    const t = await createTestApp()
    try {
      const created = await ensureAdministrator(withAdmin(t.ctx, ' Boss@Example.com ', 'a-long-password'))
      expect(created).toEqual({ email: 'boss@example.com', generatedPassword: null })
      expect(await ensureAdministrator(withAdmin(t.ctx, 'other@example.com', 'a-long-password'))).toBeNull()
      expect(await t.ctx.db.select().from(userRoles).where(eq(userRoles.role, 'admin'))).toHaveLength(1)

      const login = await call(
        t,
        contract.login,
        { body: { email: 'boss@example.com', password: 'a-long-password' } },
        { ip: freshIp() },
      )
      expect(login.status).toBe(200)
      expect(login.body.data).toMatchObject({ roles: ['admin'], email_verified: true, must_change_password: false })
    } finally {
      await t.close()
    }
  })

  it('is created once when several instances start at the same moment', async () => {
    const t = await createTestApp()
    try {
      const ctx = withAdmin(t.ctx, 'boss@example.com', 'a-long-password')
      const results = await Promise.all([ensureAdministrator(ctx), ensureAdministrator(ctx), ensureAdministrator(ctx)])
      expect(results.filter((r) => r !== null)).toEqual([{ email: 'boss@example.com', generatedPassword: null }])
      expect(await t.ctx.db.select().from(userRoles).where(eq(userRoles.role, 'admin'))).toHaveLength(1)
    } finally {
      await t.close()
    }
  })

  it('is created once, and no start fails, however the starts of several instances interleave', async () => {
    // A start that found no administrator and then found the address taken, by the administrator another
    // instance had just made, refused to start (seen with two instances on a new PostgreSQL database).
    const t = await createTestApp()
    try {
      const ctx = withAdmin(t.ctx, 'race@example.com', 'a-long-password')
      for (let round = 0; round < 12; round++) {
        const results = await Promise.all(Array.from({ length: 6 }, () => ensureAdministrator(ctx)))
        expect(results.filter((r) => r !== null)).toEqual([{ email: 'race@example.com', generatedPassword: null }])
        const admins = await t.ctx.db.select().from(userRoles).where(eq(userRoles.role, 'admin'))
        expect(admins).toHaveLength(1)
        // The next round starts on a database without an administrator again.
        await t.ctx.db.delete(userRoles).where(eq(userRoles.role, 'admin'))
        await t.ctx.db.delete(users).where(eq(users.email, 'race@example.com'))
      }
    } finally {
      await t.close()
    }
  })

  it('gets a generated one-time password that must be changed when none is given', async () => {
    const t = await createTestApp()
    try {
      const created = await ensureAdministrator(withAdmin(t.ctx, null, null))
      expect(created?.email).toBe(DEFAULT_ADMIN_EMAIL)
      const password = created?.generatedPassword ?? ''
      expect(password.length).toBeGreaterThanOrEqual(16)
      const login = await call(t, contract.login, { body: { email: DEFAULT_ADMIN_EMAIL, password } }, { ip: freshIp() })
      expect(login.status).toBe(200)
      expect(login.body.data).toMatchObject({ must_change_password: true })

      const changed = await call(
        t,
        contract.changePassword,
        { body: { current_password: password, new_password: 'my-own-password', confirm_password: 'my-own-password' } },
        { token: login.body.data.token },
      )
      expect(changed.status).toBe(200)
      const me = await call(t, contract.getOwnProfile, {}, { token: login.body.data.token })
      expect(me.body.data.must_change_password).toBe(false)
    } finally {
      await t.close()
    }
  })

  it('refuses an invalid ADMIN_EMAIL or a short ADMIN_PASSWORD', async () => {
    const t = await createTestApp()
    try {
      await expect(ensureAdministrator(withAdmin(t.ctx, 'not-an-email', 'a-long-password'))).rejects.toThrow(
        /ADMIN_EMAIL/,
      )
      await expect(ensureAdministrator(withAdmin(t.ctx, 'boss@example.com', 'short'))).rejects.toThrow(/ADMIN_PASSWORD/)
      expect(await t.ctx.db.select().from(userRoles).where(eq(userRoles.role, 'admin'))).toHaveLength(0)
    } finally {
      await t.close()
    }
  })
})
