import * as contract from '@app/contract'
import { and, asc, eq, sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import {
  call,
  createUser,
  errorEnvelope,
  fieldsOf,
  freshEmail,
  setUser,
  signIn,
  userWithToken,
  useTestApp,
} from '../../../test/helpers.ts'
import { queryRows } from '../../db/client.ts'
import { auditLog, balanceLogs, couponLogs, coupons, users } from '../../db/schema/index.ts'
import { fixedClock } from '../../lib/clock.ts'
import { credit, debit } from '../balance/ledger.ts'
import { expireCoupons } from './expiry.ts'
import { CODE_ALPHABET, CODE_LENGTH, generateCode, normaliseCode } from './service.ts'

// Coupons (docs/requirements.md §11, docs/coupons.md): types and coupons kept by
// admins, redemption that credits the ledger exactly once under concurrency, the logs, and the expiry
// job that takes back only what is unspent. After every test: balance = Σ ledger rows for every user,
// and no user has more open coupon credit than balance.

const DAY = 86_400_000
const NOW = new Date('2026-11-02T08:00:00.000Z')
const MISSING_TYPE = `cpt_${'0'.repeat(26)}`
const MISSING_COUPON = `cpn_${'0'.repeat(26)}`
const CODE_PATTERN = /^[2-9A-HJ-NP-Z]{12}$/

describe('coupons', async () => {
  const t = await useTestApp()
  const admin = await userWithToken(t, ['admin'])
  const support = await userWithToken(t, ['support'])
  let serial = 0

  async function customer() {
    const user = await createUser(t, { email: freshEmail('coupon') })
    return { user, token: await signIn(t, user.email) }
  }

  afterEach(async () => {
    t.clock.set(NOW)
    const drift = await queryRows<{ id: string; balance: string; logged: string }>(
      t.ctx.db,
      sql`select u.id, u.balance_cents::text as balance, coalesce(sum(b.amount_cents), 0)::text as logged
          from users u left join balance_logs b on b.user_id = u.id
          group by u.id having u.balance_cents <> coalesce(sum(b.amount_cents), 0)`,
    )
    expect(drift).toEqual([])
    const overdrawn = await queryRows<{ id: string }>(
      t.ctx.db,
      sql`select u.id from users u join coupon_logs c on c.user_id = u.id and c.expired_at is null
          group by u.id having sum(c.unspent_cents) > u.balance_cents`,
    )
    expect(overdrawn).toEqual([])
  })

  async function newType(overrides: Record<string, unknown> = {}) {
    serial += 1
    const res = await call(
      t,
      contract.createCouponType,
      { body: { name: `Type ${serial}`, event_code: `EVT_${serial}_${Date.now()}`, ...overrides } },
      { token: admin.token },
    )
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body.data
  }

  const couponBody = (typeId: string, overrides: Record<string, unknown> = {}) => ({
    type_id: typeId,
    credit: '10',
    description: 'Launch week',
    date_expried: '2026-12-31',
    balance_expires_day: 10,
    limit: -1,
    ...overrides,
  })

  async function newCoupon(overrides: Record<string, unknown> = {}) {
    const type = await newType()
    const res = await call(t, contract.createCoupon, { body: couponBody(type.id, overrides) }, { token: admin.token })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body.data
  }

  const redeem = (token: string, coupon: string) => call(t, contract.useCoupon, { body: { coupon } }, { token })

  async function couponRow(id: string) {
    const [row] = await t.ctx.db.select().from(coupons).where(eq(coupons.id, id))
    if (!row) throw new Error(`no coupon ${id}`)
    return row
  }

  async function balanceOf(userId: string) {
    const [row] = await t.ctx.db.select({ cents: users.balanceCents }).from(users).where(eq(users.id, userId))
    return row?.cents
  }

  async function ledgerOf(userId: string) {
    return t.ctx.db.select().from(balanceLogs).where(eq(balanceLogs.userId, userId)).orderBy(asc(balanceLogs.id))
  }

  async function logsOfCoupon(couponId: string) {
    return t.ctx.db.select().from(couponLogs).where(eq(couponLogs.couponId, couponId))
  }

  async function auditFor(targetId: string) {
    return t.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(asc(auditLog.id))
  }

  /** Spends from a balance the way a bill payment does (coupon credit first). */
  function spend(userId: string, cents: bigint) {
    return t.ctx.db.transaction((tx) =>
      debit(tx, { userId, amountCents: cents, type: 'plan_purchase', description: 'test spend' }, { now: NOW }),
    )
  }

  function addMoney(userId: string, cents: bigint) {
    return t.ctx.db.transaction((tx) =>
      credit(tx, { userId, amountCents: cents, type: 'admin_add', description: 'test top-up' }, { now: NOW }),
    )
  }

  describe('who may call what', () => {
    it('keeps types, coupons and everyone’s log to admins', async () => {
      const type = await newType()
      const coupon = await newCoupon()
      const c = await customer()
      const adminOnly: [contract.EndpointSpec, Record<string, unknown>][] = [
        [contract.listCouponTypes, {}],
        [contract.getCouponType, { params: { id: type.id } }],
        [contract.createCouponType, { body: { name: 'X', event_code: 'X' } }],
        [contract.listCoupons, {}],
        [contract.createCoupon, { body: couponBody(type.id) }],
        [contract.disableCoupon, { params: { id: coupon.id } }],
        [contract.allCouponLogs, {}],
      ]
      for (const [endpoint, request] of adminOnly) {
        const label = `${endpoint.method} ${endpoint.path}`
        for (const token of [c.token, support.token]) {
          const res = await call(t, endpoint, request, { token })
          expect([res.status, res.body.error_code], label).toEqual([403, 'FORBIDDEN'])
        }
        expect((await call(t, endpoint, request)).status, label).toBe(401)
        const res = await call(t, endpoint, request, { token: admin.token })
        expect([200, 201], `${label} ${JSON.stringify(res.body)}`).toContain(res.status)
      }
      // Nothing a refused caller sent was kept.
      expect((await couponRow(coupon.id)).disabledAt).not.toBeNull()
      const types = await call(t, contract.listCouponTypes, { query: { keyword: 'X' } }, { token: admin.token })
      expect(types.body.data.items.filter((i) => i.event_code === 'X')).toHaveLength(1)
    })

    it('shows a customer their own coupon log, admins anyone’s, and refuses it to another customer and support', async () => {
      const owner = await customer()
      const other = await customer()
      const coupon = await newCoupon()
      expect((await redeem(owner.token, coupon.code)).status).toBe(200)
      const own = await call(t, contract.userCouponLogs, { params: { id: owner.user.id } }, { token: owner.token })
      expect(own.status).toBe(200)
      expect(own.body.data.items.map((l) => l.code)).toEqual([coupon.code])
      const foreign = await call(t, contract.userCouponLogs, { params: { id: owner.user.id } }, { token: other.token })
      expect(foreign.status).toBe(403)
      expect(errorEnvelope(foreign.body).error_code).toBe('FORBIDDEN')
      const bySupport = await call(
        t,
        contract.userCouponLogs,
        { params: { id: owner.user.id } },
        { token: support.token },
      )
      expect(bySupport.status).toBe(403)
      const byAdmin = await call(t, contract.userCouponLogs, { params: { id: owner.user.id } }, { token: admin.token })
      expect(byAdmin.status).toBe(200)
      expect(byAdmin.body.data.total).toBe(1)
      expect((await call(t, contract.userCouponLogs, { params: { id: owner.user.id } })).status).toBe(401)
    })

    it('lets every role redeem, and nobody anonymously', async () => {
      const coupon = await newCoupon()
      for (const token of [(await customer()).token, support.token, admin.token]) {
        expect((await redeem(token, coupon.code)).status).toBe(200)
      }
      expect((await call(t, contract.useCoupon, { body: { coupon: coupon.code } })).status).toBe(401)
      expect((await couponRow(coupon.id)).redeemed).toBe(3)
    })
  })

  describe('coupon types', () => {
    it('creates a type (audited) with an unlimited default and a count of its coupons', async () => {
      const res = await call(
        t,
        contract.createCouponType,
        { body: { name: '  Spring sale ', description: 'For the spring', event_code: 'SPRING_2026-A' } },
        { token: admin.token },
      )
      expect(res.status).toBe(201)
      expect(res.body.message).toBe('Coupon type created')
      expect(res.body.data).toMatchObject({
        name: 'Spring sale',
        limit: -1,
        description: 'For the spring',
        event_code: 'SPRING_2026-A',
        coupons: 0,
        time_create: NOW.toISOString(),
      })
      expect(await auditFor(res.body.data.id)).toEqual([
        expect.objectContaining({
          action: 'coupons.createType',
          actorId: admin.user.id,
          targetType: 'coupon_type',
          after: expect.objectContaining({ name: 'Spring sale', event_code: 'SPRING_2026-A', limit: -1 }),
        }),
      ])
      await call(t, contract.createCoupon, { body: couponBody(res.body.data.id) }, { token: admin.token })
      await call(t, contract.createCoupon, { body: couponBody(res.body.data.id) }, { token: admin.token })
      const got = await call(t, contract.getCouponType, { params: { id: res.body.data.id } }, { token: admin.token })
      expect(got.status).toBe(200)
      expect(got.body.data).toEqual({ ...res.body.data, coupons: 2 })
    })

    it('refuses an event code in use with 409 and keeps the first type', async () => {
      const first = await newType({ event_code: 'DUPLICATE_ME' })
      const res = await call(
        t,
        contract.createCouponType,
        { body: { name: 'Another', event_code: 'DUPLICATE_ME' } },
        { token: admin.token },
      )
      expect(res.status).toBe(409)
      expect(errorEnvelope(res.body).error_code).toBe('EVENT_CODE_USED')
      expect(res.body.message).toBe('A coupon type with this event code already exists')
      const list = await call(
        t,
        contract.listCouponTypes,
        { query: { keyword: 'DUPLICATE_ME' } },
        { token: admin.token },
      )
      expect(list.body.data.items.map((i) => i.id)).toEqual([first.id])
    })

    it('checks name, event code and limit with their messages', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ name: '  ', event_code: 'OK' }, 'name', 'Name is required'],
        [{ name: 'Ok', event_code: '' }, 'event_code', 'Event code is required'],
        [{ name: 'Ok', event_code: 'lower_case' }, 'event_code', 'The event code may only use A-Z, 0-9, _ and -'],
        [{ name: 'Ok', event_code: 'HAS SPACE' }, 'event_code', 'The event code may only use A-Z, 0-9, _ and -'],
        [{ name: 'Ok', event_code: 'OK', limit: 0 }, 'limit', 'The limit is -1 (unlimited) or a number of at least 1'],
        [{ name: 'Ok', event_code: 'OK', limit: -2 }, 'limit', ''],
      ]
      for (const [body, field, message] of cases) {
        const res = await call(t, contract.createCouponType, { body: body as never }, { token: admin.token })
        expect(res.status, JSON.stringify(body)).toBe(400)
        expect(res.body.error_code).toBe('VALIDATION')
        if (message) expect(fieldsOf(res.body)[field]).toBe(message)
        else expect(fieldsOf(res.body)[field]).toBeTruthy()
      }
    })

    it('lists types newest first, searched by name or event code, with paging', async () => {
      const tag = `Q${Date.now()}`
      const a = await newType({ name: `Alpha ${tag}`, event_code: `${tag}_A` })
      t.clock.advance(1000)
      const b = await newType({ name: `Beta ${tag}`, event_code: `${tag}_B` })
      t.clock.advance(1000)
      const c = await newType({ name: 'Gamma', event_code: `${tag}_GAMMA` })
      const byTag = await call(
        t,
        contract.listCouponTypes,
        { query: { keyword: tag.toLowerCase() } },
        { token: admin.token },
      )
      expect(byTag.body.data.items.map((i) => i.id)).toEqual([c.id, b.id, a.id])
      expect(byTag.body.data.total).toBe(3)
      const byName = await call(
        t,
        contract.listCouponTypes,
        { query: { keyword: `beta ${tag}` } },
        { token: admin.token },
      )
      expect(byName.body.data.items.map((i) => i.id)).toEqual([b.id])
      const paged = await call(
        t,
        contract.listCouponTypes,
        { query: { keyword: tag, page: 2, size: 2 } },
        { token: admin.token },
      )
      expect(paged.body.data).toMatchObject({ total: 3, page: 2, page_size: 2 })
      expect(paged.body.data.items.map((i) => i.id)).toEqual([a.id])
      // `%` and `_` in a keyword match themselves.
      const percent = await call(t, contract.listCouponTypes, { query: { keyword: '%' } }, { token: admin.token })
      expect(percent.body.data.total).toBe(0)
    })

    it('answers an unknown type with "Coupon Type not exist !"', async () => {
      const res = await call(t, contract.getCouponType, { params: { id: MISSING_TYPE } }, { token: admin.token })
      expect(res.status).toBe(404)
      expect(res.body.message).toBe('Coupon Type not exist !')
    })
  })

  describe('creating coupons', () => {
    it('creates a coupon with a generated code, remaining = limit, audited', async () => {
      const type = await newType()
      const res = await call(
        t,
        contract.createCoupon,
        { body: couponBody(type.id, { credit: '12.5', limit: 3 }) },
        { token: admin.token },
      )
      expect(res.status).toBe(201)
      expect(res.body.message).toBe('Coupon created')
      expect(res.body.data).toMatchObject({
        type_id: type.id,
        type_name: type.name,
        credit: '12.50',
        description: 'Launch week',
        date_expried: '2026-12-31',
        balance_expires_day: 10,
        limit: 3,
        remaining: 3,
        redeemed: 0,
        available: true,
        disabled: false,
        created_at: NOW.toISOString(),
      })
      expect(res.body.data.code).toMatch(CODE_PATTERN)
      expect((await couponRow(res.body.data.id)).creditCents).toBe(1250n)
      expect(await auditFor(res.body.data.id)).toEqual([
        expect.objectContaining({
          action: 'coupons.create',
          actorId: admin.user.id,
          after: expect.objectContaining({ code: res.body.data.code, credit: '12.50', limit: 3 }),
        }),
      ])
      const unlimited = await call(t, contract.createCoupon, { body: couponBody(type.id) }, { token: admin.token })
      expect(unlimited.body.data).toMatchObject({ limit: -1, remaining: null, available: true })
    })

    it('accepts today as the last day and refuses a past or impossible date: "Invalid date Expired !"', async () => {
      const type = await newType()
      const today = await call(
        t,
        contract.createCoupon,
        { body: couponBody(type.id, { date_expried: '2026-11-02' }) },
        { token: admin.token },
      )
      expect(today.status).toBe(201)
      expect(today.body.data.available).toBe(true)
      for (const date of ['2026-11-01', '2026-02-30', '2027-13-01', '2026-11-2', 'tomorrow']) {
        const res = await call(
          t,
          contract.createCoupon,
          { body: couponBody(type.id, { date_expried: date }) },
          { token: admin.token },
        )
        expect(res.status, date).toBe(400)
        expect(res.body.message, date).toBe('Invalid date Expired !')
        expect(fieldsOf(res.body).date_expried).toBe('Invalid date Expired !')
      }
      expect(
        (await call(t, contract.getCouponType, { params: { id: type.id } }, { token: admin.token })).body.data.coupons,
      ).toBe(1)
    })

    it('checks credit, expiry days and limit with their messages', async () => {
      const type = await newType()
      const cases: [Record<string, unknown>, string, string][] = [
        [{ credit: '0' }, 'credit', 'Credit must be above 0 USD'],
        [{ credit: '0.00' }, 'credit', 'Credit must be above 0 USD'],
        [{ balance_expires_day: 1 }, 'balance_expires_day', 'Balance expiry days must be above 1'],
        [{ limit: 0 }, 'limit', 'The limit is -1 (unlimited) or a number of at least 1'],
      ]
      for (const [overrides, field, message] of cases) {
        const res = await call(
          t,
          contract.createCoupon,
          { body: couponBody(type.id, overrides) },
          { token: admin.token },
        )
        expect(res.status, JSON.stringify(overrides)).toBe(400)
        expect(fieldsOf(res.body)[field]).toBe(message)
      }
      const bad = await call(
        t,
        contract.createCoupon,
        { body: couponBody(type.id, { credit: '1.234' }) },
        { token: admin.token },
      )
      expect(bad.status).toBe(400)
      const [{ n }] = (await queryRows<{ n: number }>(
        t.ctx.db,
        sql`select count(*)::int as n from coupons where type_id = ${type.id}`,
      )) as [{ n: number }]
      expect(n).toBe(0)
    })

    it('refuses a type that does not exist: "Coupon Type not exist !"', async () => {
      const res = await call(t, contract.createCoupon, { body: couponBody(MISSING_TYPE) }, { token: admin.token })
      expect(res.status).toBe(422)
      expect(errorEnvelope(res.body).error_code).toBe('COUPON_TYPE_NOT_EXIST')
      expect(res.body.message).toBe('Coupon Type not exist !')
    })

    it('caps a type at its limit of coupons, also when admins create them at once', async () => {
      const type = await newType({ limit: 2 })
      const results = await Promise.all(
        Array.from({ length: 6 }, () =>
          call(t, contract.createCoupon, { body: couponBody(type.id) }, { token: admin.token }),
        ),
      )
      expect(results.map((r) => r.status).sort()).toEqual([201, 201, 422, 422, 422, 422])
      const refusal = results.find((r) => r.status === 422)
      expect(refusal?.body.error_code).toBe('COUPON_TYPE_FULL')
      expect(refusal?.body.message).toBe('This coupon type already has its 2 coupons')
      const got = await call(t, contract.getCouponType, { params: { id: type.id } }, { token: admin.token })
      expect(got.body.data.coupons).toBe(2)
    })

    it('generates distinct codes from the unambiguous alphabet', async () => {
      const type = await newType()
      const made = await Promise.all(
        Array.from({ length: 20 }, () =>
          call(t, contract.createCoupon, { body: couponBody(type.id) }, { token: admin.token }),
        ),
      )
      const codes = made.map((r) => r.body.data.code)
      expect(new Set(codes).size).toBe(20)
      for (const code of codes) expect(code).toMatch(CODE_PATTERN)

      expect(CODE_ALPHABET).toHaveLength(32)
      expect(CODE_ALPHABET).not.toMatch(/[0O1I]/)
      const many = Array.from({ length: 5000 }, generateCode)
      expect(new Set(many).size).toBe(5000)
      const seen = new Set(many.join(''))
      expect(many.every((c) => c.length === CODE_LENGTH && CODE_PATTERN.test(c))).toBe(true)
      // Every symbol turns up: the codes use the whole alphabet, not a slice of it.
      expect(seen.size).toBe(32)
      expect(normaliseCode(' ab2c-d3ef gh ')).toBe('AB2CD3EFGH')
    })
  })

  describe('listing and disabling coupons', () => {
    it('filters by keyword, type and availability', async () => {
      const type = await newType()
      const body = (overrides: Record<string, unknown>) => ({ body: couponBody(type.id, overrides) })
      const make = async (overrides: Record<string, unknown>) => {
        // A second apart, so that newest-first is one order.
        t.clock.advance(1000)
        return (await call(t, contract.createCoupon, body(overrides), { token: admin.token })).body.data
      }
      const open = await make({ description: 'open one' })
      const disabled = await make({ description: 'to disable' })
      const usedUp = await make({ limit: 1, description: 'single' })
      const expired = await make({ description: 'old one' })
      await call(t, contract.disableCoupon, { params: { id: disabled.id } }, { token: admin.token })
      expect((await redeem((await customer()).token, usedUp.code)).status).toBe(200)
      await t.ctx.db.update(coupons).set({ dateExpired: '2026-11-01' }).where(eq(coupons.id, expired.id))

      const list = (query: Record<string, unknown>) =>
        call(t, contract.listCoupons, { query: { type_id: type.id, ...query } }, { token: admin.token })
      const all = await list({})
      expect(all.body.data.total).toBe(4)
      expect(all.body.data.items.map((c) => [c.id, c.available])).toEqual([
        [expired.id, false],
        [usedUp.id, false],
        [disabled.id, false],
        [open.id, true],
      ])
      expect((await list({ available: 'true' })).body.data.items.map((c) => c.id)).toEqual([open.id])
      expect((await list({ available: 'false' })).body.data.items.map((c) => c.id).sort()).toEqual(
        [expired.id, usedUp.id, disabled.id].sort(),
      )
      expect((await list({ keyword: 'DISABLE' })).body.data.items.map((c) => c.id)).toEqual([disabled.id])
      expect((await list({ keyword: open.code.slice(2, 9).toLowerCase() })).body.data.items.map((c) => c.id)).toEqual([
        open.id,
      ])
      const usedUpRow = all.body.data.items.find((c) => c.id === usedUp.id)
      expect(usedUpRow).toMatchObject({ remaining: 0, redeemed: 1, disabled: false })
      const other = await call(t, contract.listCoupons, { query: { type_id: MISSING_TYPE } }, { token: admin.token })
      expect(other.body.data).toMatchObject({ items: [], total: 0 })
    })

    it('disables a coupon once (audited once), answers the same when asked again', async () => {
      const coupon = await newCoupon()
      const res = await call(t, contract.disableCoupon, { params: { id: coupon.id } }, { token: admin.token })
      expect(res.status).toBe(200)
      expect(res.body.message).toBe('Coupon disabled')
      expect(res.body.data).toMatchObject({ id: coupon.id, disabled: true, available: false })
      const again = await call(t, contract.disableCoupon, { params: { id: coupon.id } }, { token: admin.token })
      expect(again.status).toBe(200)
      expect(again.body.data).toEqual(res.body.data)
      const audits = await auditFor(coupon.id)
      expect(audits.map((a) => a.action)).toEqual(['coupons.create', 'coupons.disable'])
      const missing = await call(t, contract.disableCoupon, { params: { id: MISSING_COUPON } }, { token: admin.token })
      expect(missing.status).toBe(404)
    })
  })

  describe('redeeming', () => {
    it('credits the balance once through the ledger and logs the redemption', async () => {
      const c = await customer()
      const coupon = await newCoupon({ credit: '10', balance_expires_day: 10, limit: 5 })
      const res = await redeem(c.token, ` ${coupon.code.toLowerCase().slice(0, 6)}-${coupon.code.slice(6)} `)
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect(res.body.message).toBe('10.00 USD was added to your balance; it can be spent until 2026-11-12')
      const expiresAt = new Date(NOW.getTime() + 10 * DAY).toISOString()
      expect(res.body.data).toEqual({
        balance: '10.00',
        log: {
          id: expect.stringMatching(/^cpl_/),
          user_id: c.user.id,
          user_email: c.user.email,
          coupon_id: coupon.id,
          code: coupon.code,
          type_name: coupon.type_name,
          credit: '10.00',
          redeemed_at: NOW.toISOString(),
          expires_at: expiresAt,
          unspent: '10.00',
          expired_amount: null,
          status: 'active',
        },
      })
      expect(await balanceOf(c.user.id)).toBe(1000n)
      const ledger = await ledgerOf(c.user.id)
      expect(ledger).toEqual([
        expect.objectContaining({
          type: 'coupon',
          amountCents: 1000n,
          balanceAfterCents: 1000n,
          reference: res.body.data.log.id,
          description: coupon.code,
          createdBy: c.user.id,
        }),
      ])
      expect(await couponRow(coupon.id)).toMatchObject({ remaining: 4, redeemed: 1 })

      const second = await redeem(c.token, coupon.code)
      expect(second.status).toBe(409)
      expect(errorEnvelope(second.body).error_code).toBe('COUPON_ALREADY_USED')
      expect(second.body.message).toBe('You have already used this coupon')
      expect(await couponRow(coupon.id)).toMatchObject({ remaining: 4, redeemed: 1 })
      expect(await balanceOf(c.user.id)).toBe(1000n)
      expect(await ledgerOf(c.user.id)).toHaveLength(1)
    })

    it('names why a code cannot be used: unknown, disabled, expired, used up', async () => {
      const c = await customer()
      const unknown = await redeem(c.token, 'ZZZZZZZZZZZZ')
      expect(unknown.status).toBe(404)
      expect(errorEnvelope(unknown.body).error_code).toBe('COUPON_NOT_FOUND')
      expect(unknown.body.message).toBe('This coupon code does not exist')

      const disabled = await newCoupon()
      await call(t, contract.disableCoupon, { params: { id: disabled.id } }, { token: admin.token })
      const d = await redeem(c.token, disabled.code)
      expect([d.status, d.body.error_code, d.body.message]).toEqual([
        422,
        'COUPON_DISABLED',
        'This coupon has been disabled',
      ])

      const expired = await newCoupon({ date_expried: '2026-11-02' })
      await t.ctx.db.update(coupons).set({ dateExpired: '2026-11-01' }).where(eq(coupons.id, expired.id))
      const e = await redeem(c.token, expired.code)
      expect([e.status, e.body.error_code, e.body.message]).toEqual([422, 'COUPON_EXPIRED', 'This coupon has expired'])

      const single = await newCoupon({ limit: 1 })
      expect((await redeem((await customer()).token, single.code)).status).toBe(200)
      const u = await redeem(c.token, single.code)
      expect([u.status, u.body.error_code, u.body.message]).toEqual([
        422,
        'COUPON_USED_UP',
        'This coupon has been fully used',
      ])

      const empty = await call(t, contract.useCoupon, { body: { coupon: '  ' } }, { token: c.token })
      expect(empty.status).toBe(400)
      expect(fieldsOf(empty.body).coupon).toBe('Enter a coupon code')

      // None of the refusals moved money or counters.
      expect(await balanceOf(c.user.id)).toBe(0n)
      expect(await ledgerOf(c.user.id)).toEqual([])
      expect(await couponRow(single.id)).toMatchObject({ remaining: 0, redeemed: 1 })
      expect(await couponRow(disabled.id)).toMatchObject({ redeemed: 0 })
    })

    it('makes a user who keeps guessing codes wait', async () => {
      const c = await customer()
      const answers: number[] = []
      for (let i = 0; i < 21; i++) answers.push((await redeem(c.token, `NOPE${i}`)).status)
      expect(answers.slice(0, 20).every((s) => s === 404)).toBe(true)
      expect(answers[20]).toBe(429)
      const coupon = await newCoupon()
      expect((await redeem(c.token, coupon.code)).status).toBe(429)
      // Someone else is not affected.
      expect((await redeem((await customer()).token, coupon.code)).status).toBe(200)
    })

    it('lets a suspended account redeem: it only adds money', async () => {
      const c = await customer()
      await setUser(t, c.user.id, { status: 'suspended' })
      const coupon = await newCoupon()
      const res = await redeem(c.token, coupon.code)
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect(await balanceOf(c.user.id)).toBe(1000n)
    })

    it('gives a limit-1 coupon to exactly one of 10 users redeeming at once', async () => {
      const coupon = await newCoupon({ limit: 1, credit: '7.25' })
      const people = await Promise.all(Array.from({ length: 10 }, () => customer()))
      const results = await Promise.all(people.map((p) => redeem(p.token, coupon.code)))
      const winners = results.filter((r) => r.status === 200)
      expect(winners).toHaveLength(1)
      expect(results.filter((r) => r.status === 422).map((r) => r.body.error_code)).toEqual(
        Array(9).fill('COUPON_USED_UP'),
      )
      expect(await couponRow(coupon.id)).toMatchObject({ remaining: 0, redeemed: 1 })
      const logs = await logsOfCoupon(coupon.id)
      expect(logs).toHaveLength(1)
      const winner = people.find((p) => p.user.id === logs[0]?.userId)
      expect(winner).toBeDefined()
      for (const p of people) expect(await balanceOf(p.user.id)).toBe(p === winner ? 725n : 0n)
      const credits = await t.ctx.db
        .select()
        .from(balanceLogs)
        .where(and(eq(balanceLogs.type, 'coupon'), eq(balanceLogs.reference, logs[0]?.id ?? '')))
      expect(credits).toHaveLength(1)
    })

    it('credits one user once when they redeem the same code 10 times at once', async () => {
      const c = await customer()
      const coupon = await newCoupon({ limit: 5, credit: '3' })
      const results = await Promise.all(Array.from({ length: 10 }, () => redeem(c.token, coupon.code)))
      expect(results.filter((r) => r.status === 200)).toHaveLength(1)
      expect(results.filter((r) => r.status === 409).map((r) => r.body.error_code)).toEqual(
        Array(9).fill('COUPON_ALREADY_USED'),
      )
      expect(await balanceOf(c.user.id)).toBe(300n)
      expect(await ledgerOf(c.user.id)).toHaveLength(1)
      // The failed attempts rolled back: one redemption taken, four left.
      expect(await couponRow(coupon.id)).toMatchObject({ remaining: 4, redeemed: 1 })
      expect(await logsOfCoupon(coupon.id)).toHaveLength(1)

      const unlimited = await newCoupon({ credit: '2' })
      const again = await Promise.all(Array.from({ length: 10 }, () => redeem(c.token, unlimited.code)))
      expect(again.filter((r) => r.status === 200)).toHaveLength(1)
      expect(await couponRow(unlimited.id)).toMatchObject({ remaining: null, redeemed: 1 })
      expect(await balanceOf(c.user.id)).toBe(500n)
    })
  })

  describe('coupon logs', () => {
    it('pages a user’s redemptions and searches everyone’s by code or e-mail, with their status', async () => {
      const c = await customer()
      const first = await newCoupon({ credit: '5' })
      const second = await newCoupon({ credit: '4' })
      const third = await newCoupon({ credit: '3' })
      for (const coupon of [first, second, third]) {
        expect((await redeem(c.token, coupon.code)).status).toBe(200)
        t.clock.advance(1000)
      }
      // 6.00 spent: all of the first (soonest to expire, then oldest), 1.00 of the second.
      await spend(c.user.id, 600n)
      const page1 = await call(
        t,
        contract.userCouponLogs,
        { params: { id: c.user.id }, query: { page: 1, page_size: 2 } },
        { token: c.token },
      )
      expect(page1.body.data).toMatchObject({ total: 3, page: 1, page_size: 2 })
      expect(page1.body.data.items.map((l) => [l.code, l.unspent, l.status])).toEqual([
        [third.code, '3.00', 'active'],
        [second.code, '3.00', 'active'],
      ])
      const page2 = await call(
        t,
        contract.userCouponLogs,
        { params: { id: c.user.id }, query: { page: 2, page_size: 2 } },
        { token: c.token },
      )
      expect(page2.body.data.items.map((l) => [l.code, l.unspent, l.status])).toEqual([[first.code, '0.00', 'spent']])

      const byCode = await call(
        t,
        contract.allCouponLogs,
        { query: { keyword: second.code.toLowerCase() } },
        { token: admin.token },
      )
      expect(byCode.body.data.items.map((l) => [l.user_email, l.code])).toEqual([[c.user.email, second.code]])
      const byEmail = await call(
        t,
        contract.allCouponLogs,
        { query: { keyword: c.user.email } },
        { token: admin.token },
      )
      expect(byEmail.body.data.total).toBe(3)
      const everyone = await call(t, contract.allCouponLogs, { query: { size: 100 } }, { token: admin.token })
      const [{ n }] = (await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from coupon_logs`)) as [
        { n: number },
      ]
      expect(everyone.body.data.total).toBe(n)
    })
  })

  describe('expiry', () => {
    const clockAt = (at: Date) => fixedClock(at)

    it('takes back only the unspent part, once, after the credit’s days', async () => {
      const c = await customer()
      await addMoney(c.user.id, 500n)
      const coupon = await newCoupon({ credit: '10', balance_expires_day: 10 })
      const res = await redeem(c.token, coupon.code)
      const logId = res.body.data.log.id
      const expiresAt = new Date(NOW.getTime() + 10 * DAY)
      await spend(c.user.id, 300n)
      expect(await balanceOf(c.user.id)).toBe(1200n)

      await expireCoupons({ db: t.ctx.db, clock: clockAt(new Date(expiresAt.getTime() - 1)) })
      expect(await balanceOf(c.user.id)).toBe(1200n)
      expect((await t.ctx.db.select().from(couponLogs).where(eq(couponLogs.id, logId)))[0]?.expiredAt).toBeNull()

      // Two rounds at once, as two instances would run them: one closes it.
      await Promise.all([
        expireCoupons({ db: t.ctx.db, clock: clockAt(expiresAt) }),
        expireCoupons({ db: t.ctx.db, clock: clockAt(expiresAt) }),
      ])
      expect(await balanceOf(c.user.id)).toBe(500n)
      const expiryRows = (await ledgerOf(c.user.id)).filter((l) => l.type === 'credit_expiry')
      expect(expiryRows).toEqual([
        expect.objectContaining({
          amountCents: -700n,
          balanceAfterCents: 500n,
          reference: logId,
          description: `Unspent credit of coupon ${coupon.code} expired`,
          createdBy: null,
        }),
      ])
      const [log] = await t.ctx.db.select().from(couponLogs).where(eq(couponLogs.id, logId))
      expect(log).toMatchObject({ unspentCents: 0n, expiredAmountCents: 700n, expiredAt: expiresAt })

      const view = await call(t, contract.userCouponLogs, { params: { id: c.user.id } }, { token: c.token })
      expect(view.body.data.items[0]).toMatchObject({
        id: logId,
        unspent: '0.00',
        expired_amount: '7.00',
        status: 'expired',
      })

      await expireCoupons({ db: t.ctx.db, clock: clockAt(new Date(expiresAt.getTime() + DAY)) })
      expect(await balanceOf(c.user.id)).toBe(500n)
      expect((await ledgerOf(c.user.id)).filter((l) => l.type === 'credit_expiry')).toHaveLength(1)
    })

    it('spends the soonest-expiring credit first and writes no ledger row for a spent one', async () => {
      const c = await customer()
      const soon = await newCoupon({ credit: '10', balance_expires_day: 5 })
      const late = await newCoupon({ credit: '10', balance_expires_day: 20 })
      const soonLog = (await redeem(c.token, soon.code)).body.data.log.id
      const lateLog = (await redeem(c.token, late.code)).body.data.log.id
      await spend(c.user.id, 1200n)
      expect(await balanceOf(c.user.id)).toBe(800n)

      await expireCoupons({ db: t.ctx.db, clock: clockAt(new Date(NOW.getTime() + 5 * DAY)) })
      expect(await balanceOf(c.user.id)).toBe(800n)
      const [closed] = await t.ctx.db.select().from(couponLogs).where(eq(couponLogs.id, soonLog))
      expect(closed).toMatchObject({ unspentCents: 0n, expiredAmountCents: 0n })
      expect(closed?.expiredAt).not.toBeNull()

      await expireCoupons({ db: t.ctx.db, clock: clockAt(new Date(NOW.getTime() + 20 * DAY)) })
      expect(await balanceOf(c.user.id)).toBe(0n)
      // Rows written at one instant have no order of their own: compared as a set.
      const ledger = (await ledgerOf(c.user.id)).map((l) => `${l.type} ${l.amountCents} ${l.reference}`)
      expect(ledger.sort()).toEqual(
        [
          `coupon 1000 ${soonLog}`,
          `coupon 1000 ${lateLog}`,
          'plan_purchase -1200 null',
          `credit_expiry -800 ${lateLog}`,
        ].sort(),
      )
      const logs = await call(t, contract.userCouponLogs, { params: { id: c.user.id } }, { token: c.token })
      expect(Object.fromEntries(logs.body.data.items.map((l) => [l.id, l.status]))).toEqual({
        [lateLog]: 'expired',
        [soonLog]: 'spent',
      })
    })

    it('stays correct when expiry rounds and payments of the same users run at once', async () => {
      const coupon = await newCoupon({ credit: '10', balance_expires_day: 3 })
      const people = await Promise.all(Array.from({ length: 8 }, () => customer()))
      const logIds = new Map<string, string>()
      for (const p of people) {
        await addMoney(p.user.id, 500n)
        logIds.set(p.user.id, (await redeem(p.token, coupon.code)).body.data.log.id)
      }
      const due = fixedClock(new Date(NOW.getTime() + 3 * DAY))
      await Promise.all([
        expireCoupons({ db: t.ctx.db, clock: due }),
        ...people.map((p) => spend(p.user.id, 400n)),
        expireCoupons({ db: t.ctx.db, clock: due }),
      ])
      for (const p of people) {
        const [log] = await t.ctx.db
          .select()
          .from(couponLogs)
          .where(eq(couponLogs.id, logIds.get(p.user.id) ?? ''))
        // Spent before the expiry: 6.00 taken back; after it: all 10.00. Either way it adds up.
        expect([600n, 1000n]).toContain(log?.expiredAmountCents)
        expect(await balanceOf(p.user.id)).toBe(1500n - 400n - (log?.expiredAmountCents ?? 0n))
        const expiries = (await ledgerOf(p.user.id)).filter((l) => l.type === 'credit_expiry')
        expect(expiries).toHaveLength(1)
      }
    })
  })
})
