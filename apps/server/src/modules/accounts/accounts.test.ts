import * as contract from '@app/contract'
import { and, asc, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  call,
  createTestApp,
  createUser,
  errorEnvelope,
  fieldsOf,
  freshEmail,
  signIn,
  type TestApp,
  userWithToken,
  useTestApp,
} from '../../../test/helpers.ts'
import { auditLog, balanceLogs, bills, sessions, users } from '../../db/schema/index.ts'
import { freeFirstRegisterCents, SETTING_KEYS } from '../pricing/prices.ts'
import { writeSetting } from '../settings/settings.ts'

// The back office's accounts (docs/requirements.md §4.7, §4.8, docs/accounts.md): lists, creation, suspension and
// what it does to sessions and the gateway, the role change with its last-administrator rule, and the
// per-user flags with their effects. Every staff change leaves an audit row with before and after.

const MISSING = `usr_${'0'.repeat(26)}`

async function auditRows(t: TestApp, action: string, targetId: string) {
  return t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)))
    .orderBy(asc(auditLog.id))
}

async function newKey(t: TestApp, token: string) {
  const res = await call(
    t,
    contract.createKey,
    { body: { name: 'Accounts test', type: 'api_key', restriction_list: null } },
    { token },
  )
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.data.key
}

async function verify(t: TestApp, key: string) {
  const res = await call(
    t,
    contract.gatewayVerify,
    { body: { key, service: 'GEOCODE' } },
    { token: t.config.gatewayToken },
  )
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data.reason
}

describe('accounts', async () => {
  const t = await useTestApp()
  const admin = await userWithToken(t, ['admin'])
  const support = await userWithToken(t, ['support'])
  const customer = async (label = 'customer') => {
    const user = await createUser(t, { email: freshEmail(label), phoneVerified: true })
    return { user, token: await signIn(t, user.email) }
  }

  describe('lists', () => {
    it('finds a customer by e-mail, for admin and support alike', async () => {
      const target = await customer('findme')
      for (const token of [admin.token, support.token]) {
        const res = await call(t, contract.listUsers, { query: { keyword: target.user.email } }, { token })
        expect(res.status).toBe(200)
        expect(res.body.data.total).toBe(1)
        expect(res.body.data.items[0]).toMatchObject({
          id: target.user.id,
          email: target.user.email,
          roles: ['customer'],
          status: 'active',
          check_balance: false,
          enjoy_discount: false,
          active_after_created: true,
        })
        expect(res.body.data.items[0]).not.toHaveProperty('password_hash')
      }
    })

    it('keeps customers and staff apart, pages, sorts by sort_by/sort_mode and filters by status', async () => {
      const staff = await call(
        t,
        contract.listUsers,
        { query: { group: 'staff', page_size: 100 } },
        { token: admin.token },
      )
      const staffIds = staff.body.data.items.map((a) => a.id)
      expect(staffIds).toContain(admin.user.id)
      expect(staffIds).toContain(support.user.id)
      expect(staff.body.data.items.every((a) => a.roles.some((r) => r !== 'customer'))).toBe(true)

      const customers = await call(
        t,
        contract.listUsers,
        { query: { group: 'customer', page_size: 100 } },
        { token: admin.token },
      )
      expect(customers.body.data.items.map((a) => a.id)).not.toContain(admin.user.id)

      for (const label of ['sort-a', 'sort-b', 'sort-c']) await customer(label)
      const asc = await call(
        t,
        contract.listUsers,
        { query: { keyword: 'sort-', sort_by: 'email', sort_mode: 'asc', page_size: 2 } },
        { token: admin.token },
      )
      expect(asc.body.data.total).toBe(3)
      expect(asc.body.data.items.map((a) => a.email.slice(0, 6))).toEqual(['sort-a', 'sort-b'])
      const page2 = await call(
        t,
        contract.listUsers,
        { query: { keyword: 'sort-', sort_by: 'email', sort_mode: 'asc', page_size: 2, page: 2 } },
        { token: admin.token },
      )
      expect(page2.body.data.items.map((a) => a.email.slice(0, 6))).toEqual(['sort-c'])
      const desc = await call(
        t,
        contract.listUsers,
        { query: { keyword: 'sort-', sort_by: 'email', sort_mode: 'desc' } },
        { token: admin.token },
      )
      expect(desc.body.data.items.map((a) => a.email.slice(0, 6))).toEqual(['sort-c', 'sort-b', 'sort-a'])

      const suspended = await call(t, contract.listUsers, { query: { status: 'suspended' } }, { token: admin.token })
      expect(suspended.body.data.items.every((a) => a.status === 'suspended')).toBe(true)
    })

    it('refuses an unknown sort field, localised', async () => {
      const res = await call(
        t,
        contract.listUsers,
        { query: { sort_by: 'password_hash' as 'email' } },
        { token: admin.token, lang: 'vi' },
      )
      expect(res.status).toBe(400)
      expect(errorEnvelope(res.body).error_code).toBe('VALIDATION')
    })

    it('is closed to customers and to anonymous callers', async () => {
      const { token } = await customer()
      const asCustomer = await call(t, contract.listUsers, {}, { token })
      expect(asCustomer.status).toBe(403)
      expect(errorEnvelope(asCustomer.body).error_code).toBe('FORBIDDEN')
      expect((await call(t, contract.listUsers)).status).toBe(401)
      const one = await call(t, contract.getAccount, { params: { id: admin.user.id } }, { token })
      expect(one.status).toBe(403)
    })

    it('shows one account with its flags, 404 for an unknown id', async () => {
      const target = await customer()
      const res = await call(t, contract.getAccount, { params: { id: target.user.id } }, { token: support.token })
      expect(res.body.data).toMatchObject({ id: target.user.id, check_balance: false, balance: '0.00' })
      const missing = await call(t, contract.getAccount, { params: { id: MISSING } }, { token: admin.token })
      expect(missing.status).toBe(404)
    })
  })

  describe('creating an account', () => {
    const body = (overrides: Partial<contract.CreateUserBody> = {}): contract.CreateUserBody => ({
      first_name: 'Linh',
      last_name: 'Tran',
      email: freshEmail('created'),
      phone_number: '0912345678',
      password: 'long-enough-1',
      confirm_password: 'long-enough-1',
      ...overrides,
    })

    it('lets support create a customer who can sign in at once; audit-logged', async () => {
      const input = body({ email: `  ${freshEmail('Created').toUpperCase()} ` })
      const res = await call(t, contract.createUser, { body: input }, { token: support.token })
      expect(res.status, JSON.stringify(res.body)).toBe(201)
      expect(res.body.message).toBe('Account created')
      const account = res.body.data
      expect(account).toMatchObject({ roles: ['customer'], status: 'active', email_verified: true })
      expect(account.email).toBe(input.email.trim().toLowerCase())
      expect(account.phone_number).toBe('+84912345678')
      await expect(signIn(t, account.email, 'long-enough-1')).resolves.toBeTruthy()
      const [row] = await auditRows(t, 'user.create', account.id)
      expect(row).toMatchObject({ actorId: support.user.id, before: null })
      expect(row?.after).toMatchObject({ email: account.email, roles: ['customer'], status: 'active' })
    })

    it('gives a customer staff create the welcome credit once, and a staff account none (issue 21)', async () => {
      const welcome = await freeFirstRegisterCents(t.ctx.db)
      expect(welcome).toBeGreaterThan(0n)
      const created = await call(t, contract.createUser, { body: body() }, { token: support.token })
      expect(created.status).toBe(201)
      const id = created.body.data.id
      const credits = await t.ctx.db.select().from(balanceLogs).where(eq(balanceLogs.userId, id))
      expect(credits.map((c) => [c.type, c.amountCents])).toEqual([['first_register', welcome]])
      const [user] = await t.ctx.db.select({ balance: users.balanceCents }).from(users).where(eq(users.id, id))
      expect(user?.balance).toBe(welcome)
      const [audit] = await auditRows(t, 'user.create', id)
      expect(audit?.after).toMatchObject({ first_register_credit: contract.formatCents(welcome) })

      const staff = await call(t, contract.createUser, { body: body({ role: 'support' }) }, { token: admin.token })
      expect(staff.status).toBe(201)
      expect(await t.ctx.db.select().from(balanceLogs).where(eq(balanceLogs.userId, staff.body.data.id))).toEqual([])
    })

    it('keeps roles and flags for administrators', async () => {
      for (const extra of [
        { role: 'admin' as const },
        { role: 'support' as const },
        { active_after_created: false },
        { check_balance: true },
      ]) {
        const res = await call(t, contract.createUser, { body: body(extra) }, { token: support.token })
        expect(res.status, JSON.stringify(extra)).toBe(403)
        expect(errorEnvelope(res.body).message).toBe('Only administrators can set roles and account flags')
      }
      const asCustomer = await call(t, contract.createUser, { body: body() }, { token: (await customer()).token })
      expect(asCustomer.status).toBe(403)
    })

    it('starts an account suspended when active-after-created is off, until it is activated', async () => {
      const res = await call(
        t,
        contract.createUser,
        { body: body({ role: 'support', active_after_created: false, enjoy_discount: true }) },
        { token: admin.token },
      )
      expect(res.status).toBe(201)
      expect(res.body.message).toBe('Account created; it stays suspended until it is activated')
      expect(res.body.data).toMatchObject({
        roles: ['support'],
        status: 'suspended',
        active_after_created: false,
        enjoy_discount: true,
      })
      const id = res.body.data.id
      const activated = await call(t, contract.changeActiveAfterCreated, { params: { id } }, { token: admin.token })
      expect(activated.body.data).toMatchObject({ status: 'active', active_after_created: true })
      // Turning it off again does not suspend an account already in use.
      const off = await call(t, contract.changeActiveAfterCreated, { params: { id } }, { token: admin.token })
      expect(off.body.data).toMatchObject({ status: 'active', active_after_created: false })
    })

    it('refuses a used e-mail, mismatched passwords and bad names, with field messages in the caller’s language', async () => {
      const used = await call(
        t,
        contract.createUser,
        { body: body({ email: admin.user.email }) },
        { token: admin.token },
      )
      expect(used.status).toBe(409)
      expect(errorEnvelope(used.body).error_code).toBe('EMAIL_USED')

      const bad = await call(
        t,
        contract.createUser,
        {
          body: body({ first_name: 'L1nh', email: 'not-an-email', confirm_password: 'other-one-1', password: 'short' }),
        },
        { token: admin.token, lang: 'vi' },
      )
      expect(bad.status).toBe(400)
      const fields = fieldsOf(errorEnvelope(bad.body))
      expect(Object.keys(fields).sort()).toEqual(['confirm_password', 'email', 'first_name', 'password'])
      expect(bad.body.message).not.toBe('')
      const extra = await call(
        t,
        contract.createUser,
        { body: { ...body(), status: 'active' } as never },
        { token: admin.token },
      )
      expect(extra.status).toBe(400)
    })
  })

  describe('suspension', () => {
    it('ends the sessions, makes the gateway answer USER_SUSPENDED and is undone by reactivation', async () => {
      const target = await customer('suspend')
      const key = await newKey(t, target.token)
      expect(await verify(t, key)).toBe('OK')

      const res = await call(t, contract.suspendUser, { params: { id: target.user.id } }, { token: support.token })
      expect(res.status).toBe(200)
      expect(res.body.message).toBe('Account suspended; its sessions have ended')
      expect(res.body.data.status).toBe('suspended')

      const next = await call(t, contract.getOwnProfile, {}, { token: target.token })
      expect(next.status).toBe(401)
      expect(errorEnvelope(next.body).error_code).toBe('403')
      const open = await t.ctx.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, target.user.id), sql`${sessions.revokedAt} is null`))
      expect(open).toEqual([])
      expect(await verify(t, key)).toBe('USER_SUSPENDED')

      // The account may still sign in, and sees that it is suspended (the warning).
      const token = await signIn(t, target.user.email)
      const profile = await call(t, contract.getOwnProfile, {}, { token })
      expect(profile.body.data.status).toBe('suspended')

      const back = await call(t, contract.unsuspendUser, { params: { id: target.user.id } }, { token: admin.token })
      expect(back.body).toMatchObject({ message: 'Account reactivated', data: { status: 'active' } })
      expect(await verify(t, key)).toBe('OK')

      const [suspended] = await auditRows(t, 'user.suspend', target.user.id)
      expect(suspended).toMatchObject({
        actorId: support.user.id,
        before: { status: 'active' },
        after: { status: 'suspended' },
      })
      const [unsuspended] = await auditRows(t, 'user.unsuspend', target.user.id)
      expect(unsuspended).toMatchObject({
        actorId: admin.user.id,
        before: { status: 'suspended' },
        after: { status: 'active' },
      })
    })

    it('writes nothing when the account already has the status', async () => {
      const target = await customer()
      const res = await call(t, contract.unsuspendUser, { params: { id: target.user.id } }, { token: admin.token })
      expect(res.status).toBe(200)
      expect(await auditRows(t, 'user.unsuspend', target.user.id)).toEqual([])
    })

    it('keeps staff accounts for administrators, and nobody suspends themselves', async () => {
      const otherSupport = await createUser(t, { roles: ['support'] })
      for (const id of [admin.user.id, otherSupport.id]) {
        const res = await call(t, contract.suspendUser, { params: { id } }, { token: support.token })
        expect(res.status).toBe(403)
        expect(errorEnvelope(res.body).message).toBe('Only administrators can manage staff accounts')
      }
      const self = await call(t, contract.suspendUser, { params: { id: admin.user.id } }, { token: admin.token })
      expect(self.status).toBe(422)
      expect(errorEnvelope(self.body).error_code).toBe('SELF_SUSPEND')
      const missing = await call(t, contract.suspendUser, { params: { id: MISSING } }, { token: admin.token })
      expect(missing.status).toBe(404)
      const asCustomer = await call(
        t,
        contract.suspendUser,
        { params: { id: otherSupport.id } },
        { token: (await customer()).token },
      )
      expect(asCustomer.status).toBe(403)
    })
  })

  describe('role change', () => {
    it('lets an administrator promote a customer to support, audit-logged', async () => {
      const target = await customer('promote')
      const res = await call(
        t,
        contract.setUserAdmin,
        { query: { user_id: target.user.id, name: 'support' } },
        { token: admin.token },
      )
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ message: 'The account is now support', data: { roles: ['support'] } })
      // The role counts at once: the same session may now list accounts.
      expect((await call(t, contract.listUsers, {}, { token: target.token })).status).toBe(200)
      const [row] = await auditRows(t, 'user.role.change', target.user.id)
      expect(row).toMatchObject({
        actorId: admin.user.id,
        before: { roles: ['customer'] },
        after: { roles: ['support'] },
      })
    })

    it('is for administrators only', async () => {
      const target = await customer()
      for (const token of [support.token, target.token]) {
        const res = await call(
          t,
          contract.setUserAdmin,
          { query: { user_id: target.user.id, name: 'admin' } },
          { token },
        )
        expect(res.status).toBe(403)
        expect(errorEnvelope(res.body).error_code).toBe('FORBIDDEN')
      }
      const bad = await call(
        t,
        contract.setUserAdmin,
        { query: { user_id: target.user.id, name: 'root' as 'admin' } },
        { token: admin.token },
      )
      expect(bad.status).toBe(400)
    })

    it('never removes the last active administrator', async () => {
      const solo = await createTestApp()
      try {
        const only = await userWithToken(solo, ['admin'])
        const demote = await call(
          solo,
          contract.setUserAdmin,
          { query: { user_id: only.user.id, name: 'customer' } },
          { token: only.token },
        )
        expect(demote.status).toBe(422)
        expect(errorEnvelope(demote.body)).toMatchObject({
          error_code: 'LAST_ADMIN',
          message: 'The last administrator cannot stop being one',
        })
        // A suspended administrator does not count as a remaining one.
        const second = await createUser(solo, { roles: ['admin'] })
        await call(solo, contract.suspendUser, { params: { id: second.id } }, { token: only.token })
        const again = await call(
          solo,
          contract.setUserAdmin,
          { query: { user_id: only.user.id, name: 'support' } },
          { token: only.token },
        )
        expect(again.status).toBe(422)
        await call(solo, contract.unsuspendUser, { params: { id: second.id } }, { token: only.token })
        const now = await call(
          solo,
          contract.setUserAdmin,
          { query: { user_id: only.user.id, name: 'support' } },
          { token: only.token },
        )
        expect(now.status).toBe(200)
        expect(now.body.data.roles).toEqual(['support'])
        expect(await auditRows(solo, 'user.role.change', only.user.id)).toHaveLength(1)

        // Two administrators demoting each other at the same moment: one of them stays an administrator.
        const a = await userWithToken(solo, ['admin'])
        const b = await userWithToken(solo, ['admin'])
        await call(solo, contract.setUserAdmin, { query: { user_id: second.id, name: 'customer' } }, { token: a.token })
        const answers = await Promise.all([
          call(solo, contract.setUserAdmin, { query: { user_id: b.user.id, name: 'customer' } }, { token: a.token }),
          call(solo, contract.setUserAdmin, { query: { user_id: a.user.id, name: 'customer' } }, { token: b.token }),
        ])
        // The loser is refused either by the last-admin rule (422) or, when the winner finished before
        // its guard ran, because it is no longer an administrator (403).
        expect(answers.filter((r) => r.status === 200)).toHaveLength(1)
        expect(answers.map((r) => r.status).filter((s) => s !== 200)).toSatisfy((rest: number[]) =>
          rest.every((s) => s === 422 || s === 403),
        )
        const survivor = answers[0]?.status === 200 ? a : b
        const admins = await call(solo, contract.listUsers, { query: { role: 'admin' } }, { token: survivor.token })
        expect(admins.body.data.items.map((x) => x.id)).toEqual([survivor.user.id])

        // Nor can two administrators suspend each other at once: one active administrator remains.
        const c = await userWithToken(solo, ['admin'])
        const both = await Promise.all([
          call(solo, contract.suspendUser, { params: { id: c.user.id } }, { token: survivor.token }),
          call(solo, contract.suspendUser, { params: { id: survivor.user.id } }, { token: c.token }),
        ])
        expect(both.filter((r) => r.status === 200)).toHaveLength(1)
        const active = await call(
          solo,
          contract.listUsers,
          { query: { role: 'admin', status: 'active' } },
          { token: (await userWithToken(solo, ['support'])).token },
        )
        expect(active.body.data.total).toBe(1)
      } finally {
        await solo.close()
      }
    })
  })

  describe('per-user flags', () => {
    it('check-balance makes the gateway refuse a key while the balance is not positive', async () => {
      const target = await customer('balance')
      const key = await newKey(t, target.token)
      expect(await verify(t, key)).toBe('OK')
      const on = await call(t, contract.changeCheckBalance, { params: { id: target.user.id } }, { token: admin.token })
      expect(on.body).toMatchObject({ message: 'Setting saved', data: { check_balance: true } })
      expect(await verify(t, key)).toBe('NO_BALANCE')
      const off = await call(t, contract.changeCheckBalance, { params: { id: target.user.id } }, { token: admin.token })
      expect(off.body.data.check_balance).toBe(false)
      expect(await verify(t, key)).toBe('OK')
      const rows = await auditRows(t, 'user.flag.checkBalance', target.user.id)
      expect(rows.map((r) => [r.before, r.after])).toEqual([
        [expect.objectContaining({ check_balance: false }), expect.objectContaining({ check_balance: true })],
        [expect.objectContaining({ check_balance: true }), expect.objectContaining({ check_balance: false })],
      ])
    })

    it('enjoy-discount gives the discount percentage in the next bill', async () => {
      await writeSetting(
        t.ctx.db,
        SETTING_KEYS.billing,
        { discount_percent: '10', exchange_rate: '25000' },
        null,
        t.clock.now(),
      )
      const plain = await customer('nodiscount')
      const discounted = await customer('discount')
      const res = await call(
        t,
        contract.changeEnjoyDiscount,
        { params: { id: discounted.user.id } },
        { token: admin.token },
      )
      expect(res.body.data.enjoy_discount).toBe(true)
      expect((await auditRows(t, 'user.flag.enjoyDiscount', discounted.user.id))[0]?.after).toMatchObject({
        enjoy_discount: true,
      })
      for (const user of [plain.user, discounted.user]) {
        await t.ctx.db.execute(sql`
          insert into usage_daily (key_id, user_id, service, day, hits, ok, client_errors, server_errors, latency_sum, latency_max)
          values (${`key_${user.id.slice(4)}`}, ${user.id}, 'GEOCODE', '2026-10-10'::date, 300000, 300000, 0, 0, 0, 0)`)
      }
      const run = await call(t, contract.generateBills, { body: { year: 2026, month: 10 } }, { token: admin.token })
      expect(run.status, JSON.stringify(run.body)).toBe(200)
      const billOf = async (userId: string) => {
        const [row] = await t.ctx.db.select().from(bills).where(eq(bills.userId, userId))
        if (!row) throw new Error(`no bill for ${userId}`)
        return (await call(t, contract.getBill, { params: { id: row.id } }, { token: admin.token })).body.data
      }
      const full = await billOf(plain.user.id)
      const less = await billOf(discounted.user.id)
      expect(full.discount).toBe('0.00')
      expect(less.amount_before_discount).toBe(full.amount_before_discount)
      expect(Number(less.discount)).toBeCloseTo(Number(full.amount_before_discount) * 0.1, 2)
    })

    it('are for administrators only', async () => {
      const target = await customer()
      for (const endpoint of [
        contract.changeCheckBalance,
        contract.changeEnjoyDiscount,
        contract.changeActiveAfterCreated,
      ]) {
        for (const token of [support.token, target.token]) {
          const res = await call(t, endpoint, { params: { id: target.user.id } }, { token })
          expect(res.status, endpoint.path).toBe(403)
        }
        expect((await call(t, endpoint, { params: { id: MISSING } }, { token: admin.token })).status).toBe(404)
      }
      const account = await call(t, contract.getAccount, { params: { id: target.user.id } }, { token: admin.token })
      expect(account.body.data).toMatchObject({
        check_balance: false,
        enjoy_discount: false,
        active_after_created: true,
      })
    })
  })
})
