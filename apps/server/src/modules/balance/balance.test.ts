import * as contract from '@app/contract'
import { formatCents, formatDate, translate } from '@app/contract'
import { and, asc, eq, sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import {
  call,
  createUser,
  errorEnvelope,
  fieldsOf,
  findUserRow,
  freshEmail,
  freshIp,
  mailsTo,
  setUser,
  signIn,
  tokenFromMail,
  userWithToken,
  useTestApp,
} from '../../../test/helpers.ts'
import {
  auditLog,
  balanceLogs,
  bills,
  couponLogs,
  coupons,
  couponTypes,
  usageDaily,
  users,
} from '../../db/schema/index.ts'
import { newId } from '../../lib/ids.ts'
import { SETTING_KEYS } from '../pricing/prices.ts'
import { writeSetting } from '../settings/settings.ts'
import { issueUserToken } from '../users/user-tokens.ts'
import { credit, debit, described, spendCouponCredit, toBalanceLog } from './ledger.ts'
import { grantFirstRegisterCredit } from './service.ts'

// The balance ledger (docs/requirements.md §10.2, docs/balance.md): paying bills from the balance (once, under
// concurrency, with Idempotency-Key), an administrator's credit, the log and its access rules, the
// summary and the low-balance e-mail, the welcome credit on verification, coupon credit spent first.
// After every test: for every user, users.balance_cents = Σ balance_logs.amount_cents.

const STANDARD = 'pln_seedstandard00000000000000'
const MISSING = `bil_${'0'.repeat(26)}`

describe('balance', async () => {
  const t = await useTestApp()
  const admin = await userWithToken(t, ['admin'])
  const support = await userWithToken(t, ['support'])

  /** The ledger's invariant, for every user in the database. */
  afterEach(async () => {
    const drift = (await t.ctx.db.execute(sql`
      select u.id, u.balance_cents::text as balance, coalesce(l.total, 0)::text as ledger
      from users u
      left join (select user_id, sum(amount_cents) as total from balance_logs group by user_id) l on l.user_id = u.id
      where u.balance_cents <> coalesce(l.total, 0) or u.balance_cents < 0`)) as unknown as { rows: unknown[] }
    expect(drift.rows).toEqual([])
    const negative = await t.ctx.db.select().from(balanceLogs).where(sql`${balanceLogs.balanceAfterCents} < 0`)
    expect(negative).toEqual([])
  })

  async function customer(roles: contract.Role[] = ['customer']) {
    const user = await createUser(t, { email: freshEmail('balance'), roles })
    return { user, token: await signIn(t, user.email) }
  }

  /** Credits a user through the API, as an administrator does, then moves the clock on a second. */
  async function fund(userId: string, cents: bigint) {
    const res = await call(
      t,
      contract.addBalance,
      { params: { id: userId }, body: { amount: formatCents(cents), description: 'Top-up for tests' } },
      { token: admin.token },
    )
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    t.clock.advance(1000)
    return res.body.data
  }

  let billSerial = 0
  /** An unpaid bill of `totalCents` (each of a user's bills gets its own month). */
  async function newBill(userId: string, totalCents: bigint) {
    billSerial += 1
    const id = newId('bil', t.clock.now().getTime())
    const code = `INV-T${String(billSerial).padStart(5, '0')}`
    await t.ctx.db.insert(bills).values({
      id,
      userId,
      year: 2000 + Math.floor(billSerial / 12),
      month: (billSerial % 12) + 1,
      code,
      billDate: t.clock.now(),
      billedFrom: '2026-10-01',
      billedTo: '2026-10-31',
      isNew: true,
      lines: [],
      amountBeforeDiscountCents: totalCents,
      discountPercent: '0',
      discountCents: 0n,
      amountCents: totalCents,
      freeCreditCents: 0n,
      totalCents,
      exchangeRate: '25000',
      totalVnd: totalCents * 250n,
      transferContent: code,
    })
    return { id, code }
  }

  async function billRow(id: string) {
    const [row] = await t.ctx.db.select().from(bills).where(eq(bills.id, id))
    return row
  }

  async function ledgerOf(userId: string) {
    return t.ctx.db
      .select()
      .from(balanceLogs)
      .where(eq(balanceLogs.userId, userId))
      .orderBy(asc(balanceLogs.createdAt), asc(balanceLogs.id))
  }

  async function balanceOf(userId: string) {
    return (await findUserRow(t, userId))?.balanceCents
  }

  const pay = (billId: string, token: string, key?: string) =>
    call(
      t,
      contract.payBill,
      { params: { id: billId } },
      { token, ...(key ? { headers: { 'idempotency-key': key } } : {}) },
    )

  describe('paying a bill from the balance', () => {
    it('debits the total once, marks the bill paid by the payer, and refuses a second payment', async () => {
      const { user, token } = await customer()
      await fund(user.id, 10_000n)
      const bill = await newBill(user.id, 3_050n)

      const res = await pay(bill.id, token)
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect(res.body).toMatchObject({
        status: 'success',
        message: 'Bill paid',
        data: { bill_id: bill.id, paid_at: t.clock.now().toISOString(), balance: '69.50' },
      })
      const row = await billRow(bill.id)
      expect(row?.paidAt?.toISOString()).toBe(t.clock.now().toISOString())
      expect(row?.paidBy).toBe(user.id)
      expect(await balanceOf(user.id)).toBe(6_950n)
      const ledger = await ledgerOf(user.id)
      expect(ledger.map((l) => [l.type, l.amountCents, l.balanceAfterCents, l.reference, l.createdBy])).toEqual([
        ['admin_add', 10_000n, 10_000n, null, admin.user.id],
        ['bill_payment', -3_050n, 6_950n, bill.id, user.id],
      ])

      t.clock.advance(1000)
      const again = await pay(bill.id, token)
      expect(again.status).toBe(409)
      expect(errorEnvelope(again.body)).toMatchObject({
        error_code: 'BILL_ALREADY_PAID',
        message: 'This bill is already paid',
      })
      expect(await balanceOf(user.id)).toBe(6_950n)
      expect((await ledgerOf(user.id)).length).toBe(2)
    })

    it('refuses a bill the balance cannot pay, with both amounts, changing nothing', async () => {
      const { user, token } = await customer()
      await fund(user.id, 1_000n)
      const bill = await newBill(user.id, 3_050n)
      const res = await pay(bill.id, token)
      expect(res.status).toBe(422)
      expect(errorEnvelope(res.body)).toMatchObject({
        error_code: 'INSUFFICIENT_BALANCE',
        message: 'Your balance (10.00 USD) is not enough to pay 30.50 USD. Top up your balance first.',
      })
      const inBurmese = await call(t, contract.payBill, { params: { id: bill.id } }, { token, lang: 'my' })
      expect(inBurmese.body.message).toBe(
        translate('my', 'balance.insufficient', { balance: '10.00', amount: '30.50' }),
      )
      expect((await billRow(bill.id))?.paidAt).toBeNull()
      expect(await balanceOf(user.id)).toBe(1_000n)
      expect((await ledgerOf(user.id)).map((l) => l.type)).toEqual(['admin_add'])
    })

    it("answers 404 for someone else's bill (staff included), a missing one, and 409 for a bill of 0", async () => {
      const owner = await customer()
      const other = await customer()
      await fund(owner.user.id, 10_000n)
      await fund(other.user.id, 10_000n)
      await fund(admin.user.id, 10_000n)
      const bill = await newBill(owner.user.id, 1_000n)
      for (const token of [other.token, admin.token, support.token]) {
        const res = await pay(bill.id, token)
        expect(res.status).toBe(404)
        expect(errorEnvelope(res.body).error_code).toBe('NOT_FOUND')
      }
      expect((await pay(MISSING, owner.token)).status).toBe(404)
      expect((await billRow(bill.id))?.paidAt).toBeNull()

      const zero = await newBill(owner.user.id, 0n)
      const res = await pay(zero.id, owner.token)
      expect(res.status).toBe(409)
      expect(res.body.error_code).toBe('BILL_ALREADY_PAID')
      expect(await balanceOf(owner.user.id)).toBe(10_000n)
      expect(await balanceOf(other.user.id)).toBe(10_000n)
      expect((await call(t, contract.payBill, { params: { id: bill.id } })).status).toBe(401)
    })

    it('pays a bill once when 50 payments of it arrive at once', async () => {
      const { user, token } = await customer()
      await fund(user.id, 2_500n)
      const bill = await newBill(user.id, 2_500n)
      const answers = await Promise.all(Array.from({ length: 50 }, () => pay(bill.id, token)))
      const statuses = answers.map((a) => a.status)
      expect(statuses.filter((s) => s === 200)).toHaveLength(1)
      expect(statuses.every((s) => s === 200 || s === 409 || s === 422)).toBe(true)
      for (const a of answers.filter((x) => x.status !== 200)) {
        expect(['BILL_ALREADY_PAID', 'INSUFFICIENT_BALANCE']).toContain(errorEnvelope(a.body).error_code)
      }
      const payments = (await ledgerOf(user.id)).filter((l) => l.type === 'bill_payment')
      expect(payments.map((l) => [l.amountCents, l.balanceAfterCents, l.reference])).toEqual([[-2_500n, 0n, bill.id]])
      expect(await balanceOf(user.id)).toBe(0n)
      expect((await billRow(bill.id))?.paidBy).toBe(user.id)
    })

    it('pays exactly 5 of 20 bills paid at once with a balance for 5, never going below 0', async () => {
      const { user, token } = await customer()
      await fund(user.id, 5_500n)
      const list = []
      for (let i = 0; i < 20; i++) list.push(await newBill(user.id, 1_000n))
      const answers = await Promise.all(list.map((b) => pay(b.id, token)))
      expect(answers.filter((a) => a.status === 200)).toHaveLength(5)
      const refused = answers.filter((a) => a.status !== 200)
      expect(refused).toHaveLength(15)
      expect(refused.every((a) => a.status === 422 && a.body.error_code === 'INSUFFICIENT_BALANCE')).toBe(true)
      expect(await balanceOf(user.id)).toBe(500n)
      const payments = (await ledgerOf(user.id)).filter((l) => l.type === 'bill_payment')
      expect(payments.map((l) => l.balanceAfterCents).sort((a, b) => Number(b - a))).toEqual([
        4_500n,
        3_500n,
        2_500n,
        1_500n,
        500n,
      ])
      const paid = await t.ctx.db
        .select({ id: bills.id })
        .from(bills)
        .where(and(eq(bills.userId, user.id), sql`${bills.paidAt} is not null`))
      expect(paid.map((b) => b.id).sort()).toEqual(
        answers
          .filter((a) => a.status === 200)
          .map((a) => (a.body.data as { bill_id: string }).bill_id)
          .sort(),
      )
      expect(new Set(payments.map((l) => l.reference))).toEqual(new Set(paid.map((b) => b.id)))
    })
  })

  describe('Idempotency-Key', () => {
    it('replays the first answer for the same key and request, and changes nothing', async () => {
      const { user, token } = await customer()
      await fund(user.id, 10_000n)
      const bill = await newBill(user.id, 1_234n)
      const first = await pay(bill.id, token, 'pay-key-000001')
      expect(first.status).toBe(200)
      t.clock.advance(60_000)
      const replay = await pay(bill.id, token, 'pay-key-000001')
      expect(replay.status).toBe(200)
      expect(replay.body).toEqual(first.body)
      expect(await balanceOf(user.id)).toBe(8_766n)
      expect((await ledgerOf(user.id)).filter((l) => l.type === 'bill_payment')).toHaveLength(1)
      expect((await billRow(bill.id))?.paidAt?.toISOString()).toBe(first.body.data.paid_at)
      // Without the key the same call is a second payment attempt: the bill is already paid.
      expect((await pay(bill.id, token)).status).toBe(409)
    })

    it('refuses the key with another request (422), and keeps keys per user', async () => {
      const { user, token } = await customer()
      const other = await customer()
      await fund(user.id, 10_000n)
      await fund(other.user.id, 10_000n)
      const one = await newBill(user.id, 1_000n)
      const two = await newBill(user.id, 1_000n)
      expect((await pay(one.id, token, 'pay-key-000002')).status).toBe(200)
      const mismatch = await pay(two.id, token, 'pay-key-000002')
      expect(mismatch.status).toBe(422)
      expect(errorEnvelope(mismatch.body)).toMatchObject({
        error_code: 'IDEMPOTENCY_MISMATCH',
        message: 'This Idempotency-Key was used with another request',
      })
      expect((await billRow(two.id))?.paidAt).toBeNull()
      expect(await balanceOf(user.id)).toBe(9_000n)
      // The same key is someone else's own key.
      const theirs = await newBill(other.user.id, 700n)
      expect((await pay(theirs.id, other.token, 'pay-key-000002')).status).toBe(200)
      expect(await balanceOf(other.user.id)).toBe(9_300n)
      // A key must be 8 to 255 characters.
      expect((await pay(two.id, token, 'short')).status).toBe(400)
    })

    it('does not store a refusal: after a top-up the same key pays', async () => {
      const { user, token } = await customer()
      await fund(user.id, 500n)
      const bill = await newBill(user.id, 1_000n)
      expect((await pay(bill.id, token, 'pay-key-000003')).status).toBe(422)
      await fund(user.id, 500n)
      const res = await pay(bill.id, token, 'pay-key-000003')
      expect(res.status).toBe(200)
      expect(res.body.data.balance).toBe('0.00')
    })

    it('answers every one of 10 simultaneous requests with one key by the same single payment', async () => {
      const { user, token } = await customer()
      await fund(user.id, 5_000n)
      const bill = await newBill(user.id, 2_000n)
      const answers = await Promise.all(Array.from({ length: 10 }, () => pay(bill.id, token, 'pay-key-000004')))
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200))
      const bodies = new Set(answers.map((a) => JSON.stringify(a.body)))
      expect(bodies.size).toBe(1)
      expect(await balanceOf(user.id)).toBe(3_000n)
      expect((await ledgerOf(user.id)).filter((l) => l.type === 'bill_payment')).toHaveLength(1)
    })
  })

  describe('an administrator adds balance', () => {
    it('credits the user, logs who and why, and audits it', async () => {
      const { user } = await customer()
      const res = await call(
        t,
        contract.addBalance,
        { params: { id: user.id }, body: { amount: '25.5', description: '  Goodwill credit  ' } },
        { token: admin.token },
      )
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect(res.body.message).toBe('Balance added')
      expect(res.body.data).toMatchObject({
        user_id: user.id,
        balance: '25.50',
        log: {
          user_id: user.id,
          user_email: user.email,
          user_name: 'Test User',
          type: 'admin_add',
          amount: '25.50',
          balance_after: '25.50',
          description: 'Goodwill credit',
          reference: null,
          created_by: admin.user.id,
          created_at: t.clock.now().toISOString(),
        },
      })
      const audits = await t.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, user.id))
      expect(audits.map((a) => [a.action, a.actorId, a.before, a.after])).toEqual([
        [
          'balance.add',
          admin.user.id,
          { balance: '0.00' },
          { balance: '25.50', amount: '25.50', description: 'Goodwill credit', log_id: res.body.data.log.id },
        ],
      ])
    })

    it('is for administrators only, needs a description and an amount above 0, and a user that exists', async () => {
      const { user, token } = await customer()
      const body = { amount: '10.00', description: 'Nope' }
      for (const who of [support.token, token]) {
        const res = await call(t, contract.addBalance, { params: { id: user.id }, body }, { token: who })
        expect(res.status).toBe(403)
        expect(res.body.error_code).toBe('FORBIDDEN')
      }
      const blank = await call(
        t,
        contract.addBalance,
        { params: { id: user.id }, body: { amount: '10.00', description: '   ' } },
        { token: admin.token },
      )
      expect(blank.status).toBe(400)
      expect(fieldsOf(blank.body).description).toBe('A description is required')
      for (const amount of ['0', '0.00', '-5', '1.234', 'ten']) {
        const res = await call(
          t,
          contract.addBalance,
          { params: { id: user.id }, body: { amount, description: 'x' } },
          { token: admin.token },
        )
        expect(res.status, amount).toBe(400)
      }
      const missing = await call(
        t,
        contract.addBalance,
        { params: { id: `usr_${'0'.repeat(26)}` }, body },
        { token: admin.token },
      )
      expect(missing.status).toBe(404)
      expect(missing.body.message).toBe('User not found')
      expect(await balanceOf(user.id)).toBe(0n)
      expect(await ledgerOf(user.id)).toEqual([])
      expect(await t.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, user.id))).toEqual([])
    })
  })

  describe('the balance log', () => {
    async function history() {
      const c = await customer()
      await fund(c.user.id, 10_000n)
      const bill = await newBill(c.user.id, 3_000n)
      expect((await pay(bill.id, c.token)).status).toBe(200)
      t.clock.advance(1000)
      await fund(c.user.id, 500n)
      expect((await call(t, contract.buyPlan, { params: { id: STANDARD } }, { token: c.token })).status).toBe(200)
      t.clock.advance(1000)
      return { ...c, bill }
    }

    const logs = (id: string, token: string, query: Record<string, unknown> = {}) =>
      call(t, contract.userBalanceLogs, { params: { id }, query }, { token })

    it('lists a user’s movements newest first with the balance, naming bills and plans', async () => {
      const { user, token, bill } = await history()
      const res = await logs(user.id, token)
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect(res.body.data.balance).toBe('26.00')
      expect(res.body.data.total).toBe(4)
      expect(res.body.data.items.map((l) => [l.type, l.amount, l.balance_after, l.reference])).toEqual([
        ['plan_purchase', '-49.00', '26.00', 'Standard'],
        ['admin_add', '5.00', '75.00', null],
        ['bill_payment', '-30.00', '70.00', bill.code],
        ['admin_add', '100.00', '100.00', null],
      ])
      expect(res.body.data.items[0]).toMatchObject({ description: 'Plan Standard', user_email: user.email })
    })

    it('filters by credit, debit or type, sorts by amount, and pages', async () => {
      const { user, token } = await history()
      const types = async (query: Record<string, unknown>) =>
        (await logs(user.id, token, query)).body.data.items.map((l) => l.amount)
      expect(await types({ filter_type: 'credit' })).toEqual(['5.00', '100.00'])
      expect(await types({ filter_type: 'debit' })).toEqual(['-49.00', '-30.00'])
      expect(await types({ filter_type: 'bill_payment' })).toEqual(['-30.00'])
      expect(await types({ filter_type: 'coupon' })).toEqual([])
      expect(await types({ sort_by: 'amount', order_by: 'asc' })).toEqual(['-49.00', '-30.00', '5.00', '100.00'])
      expect(await types({ sort_by: 'created_at', order_by: 'asc' })).toEqual(['100.00', '-30.00', '5.00', '-49.00'])
      const page2 = await logs(user.id, token, { page: 2, page_size: 3 })
      expect(page2.body.data).toMatchObject({ total: 4, page: 2, page_size: 3 })
      expect(page2.body.data.items.map((l) => l.amount)).toEqual(['100.00'])
      expect((await logs(user.id, token, { filter_type: 'gift' })).status).toBe(400)
    })

    it('names who added balance by hand to staff, and not to the customer (issue 21)', async () => {
      const c = await customer()
      const added = await call(
        t,
        contract.addBalance,
        { params: { id: c.user.id }, body: { amount: '7', description: 'Goodwill' } },
        { token: admin.token },
      )
      expect(added.body.data.log).toMatchObject({ created_by_name: 'Test User', created_by_email: admin.user.email })
      const [staffView] = (await logs(c.user.id, admin.token)).body.data.items
      expect(staffView).toMatchObject({
        created_by: admin.user.id,
        created_by_name: 'Test User',
        created_by_email: admin.user.email,
      })
      const [ownView] = (await logs(c.user.id, c.token)).body.data.items
      expect(ownView).toMatchObject({ created_by_name: null, created_by_email: null })
      const everyone = await call(
        t,
        contract.allBalanceLogs,
        { query: { user_keyword: c.user.email } },
        { token: admin.token },
      )
      expect(everyone.body.data.items[0]).toMatchObject({ created_by_email: admin.user.email })
    })

    it("keeps a customer and support to their own log; admins read anyone's", async () => {
      const { user } = await history()
      const stranger = await customer()
      for (const token of [stranger.token, support.token]) {
        const res = await logs(user.id, token)
        expect(res.status).toBe(403)
        expect(errorEnvelope(res.body).error_code).toBe('FORBIDDEN')
      }
      expect((await logs(user.id, admin.token)).body.data.total).toBe(4)
      expect((await logs(`usr_${'0'.repeat(26)}`, admin.token)).status).toBe(404)
    })

    it('lists every movement for administrators, by user keyword (e-mail or name, literally)', async () => {
      const { user } = await history()
      const all = (query: Record<string, unknown>, token = admin.token) =>
        call(t, contract.allBalanceLogs, { query }, { token })
      const mine = await all({ user_keyword: user.email.toUpperCase() })
      expect(mine.status).toBe(200)
      expect(mine.body.data.total).toBe(4)
      expect(mine.body.data.items.every((l) => l.user_id === user.id)).toBe(true)
      await setUser(t, user.id, { firstName: 'Zed%', lastName: 'Quill_' })
      expect((await all({ user_keyword: 'zed% quill_' })).body.data.items.map((l) => l.user_id)).toEqual(
        Array(4).fill(user.id),
      )
      expect((await all({ user_keyword: '%' })).body.data.items.every((l) => l.user_id === user.id)).toBe(true)
      expect((await all({ user_keyword: '_' })).body.data.items.every((l) => l.user_id === user.id)).toBe(true)
      const debits = await all({ filter_type: 'plan_purchase', page_size: 100 })
      expect(debits.body.data.items.length).toBeGreaterThan(0)
      expect(debits.body.data.items.every((l) => l.type === 'plan_purchase')).toBe(true)
      expect((await all({}, support.token)).status).toBe(403)
      expect((await all({}, user ? (await customer()).token : '')).status).toBe(403)
    })
  })

  describe('the summary and the low-balance e-mail', () => {
    it('shows the balance, this month’s spend and the runway at that pace', async () => {
      const { user, token } = await customer()
      await fund(user.id, 100_000n)
      const empty = await call(t, contract.balanceSummary, {}, { token })
      expect(empty.body.data).toEqual({
        balance: '1000.00',
        month_spend: '0.00',
        runway_days: null,
        alert_threshold: null,
      })
      // 200,000 geocodes on 1 November: 160,000 above the free tier at 0.005 = 800 USD, less the free credit.
      await t.ctx.db.insert(usageDaily).values({
        keyId: 'key_test',
        userId: user.id,
        service: 'GEOCODE',
        day: '2026-11-01',
        hits: 200_000,
        ok: 200_000,
        clientErrors: 0,
        serverErrors: 0,
        latencySum: 0,
        latencyMax: 0,
      })
      const estimate = await call(t, contract.billEstimate, {}, { token })
      const spend = contract.parseMoney(estimate.body.data.so_far) ?? 0n
      expect(spend).toBeGreaterThan(0n)
      const res = await call(t, contract.balanceSummary, {}, { token })
      expect(res.body.data.month_spend).toBe(estimate.body.data.so_far)
      // 1 day 8 hours into November: floor(balance ÷ (spend ÷ 4/3 days)).
      expect(res.body.data.runway_days).toBe(Number((100_000n * 4n) / (spend * 3n)))
      const asAdmin = await call(t, contract.balanceSummary, { query: { user_id: user.id } }, { token: admin.token })
      expect(asAdmin.body.data).toEqual(res.body.data)
      const asSupport = await call(
        t,
        contract.balanceSummary,
        { query: { user_id: user.id } },
        { token: support.token },
      )
      expect(asSupport.status).toBe(403)
      const stranger = await customer()
      expect(
        (await call(t, contract.balanceSummary, { query: { user_id: user.id } }, { token: stranger.token })).status,
      ).toBe(403)
    })

    it('e-mails once when a debit crosses the threshold, again after the balance went back above it', async () => {
      const { user, token } = await customer()
      await setUser(t, user.id, { language: 'my' })
      const set = await call(t, contract.setBalanceAlert, { body: { threshold: '20.00' } }, { token })
      expect(set.status).toBe(200)
      expect(set.body.message).toBe('Balance alert saved')
      expect(set.body.data.alert_threshold).toBe('20.00')
      await fund(user.id, 5_000n)
      const lowMails = async () => (await mailsTo(t, user.email)).filter((m) => m.template === 'balanceLow')

      expect((await pay((await newBill(user.id, 2_500n)).id, token)).status).toBe(200) // 25.00 left
      expect(await lowMails()).toHaveLength(0)
      expect((await pay((await newBill(user.id, 1_000n)).id, token)).status).toBe(200) // 15.00
      let mails = await lowMails()
      expect(mails).toHaveLength(1)
      expect(mails[0]?.subject).toBe(translate('my', 'balance.mail.lowSubject', { threshold: '20.00' }))
      expect(mails[0]?.textBody).toContain('15.00')
      expect(mails[0]?.textBody).toContain('Test User')
      expect((await findUserRow(t, user.id))?.balanceAlertSentAt).not.toBeNull()
      t.clock.advance(1000)
      expect((await pay((await newBill(user.id, 100n)).id, token)).status).toBe(200) // 14.00
      expect(await lowMails()).toHaveLength(1)

      await fund(user.id, 1_000n) // 24.00: back above, the alert re-arms
      expect((await findUserRow(t, user.id))?.balanceAlertSentAt).toBeNull()
      expect((await pay((await newBill(user.id, 500n)).id, token)).status).toBe(200) // 19.00
      mails = await lowMails()
      expect(mails).toHaveLength(2)

      const cleared = await call(t, contract.setBalanceAlert, { body: { threshold: null } }, { token })
      expect(cleared.body.data.alert_threshold).toBeNull()
      expect((await pay((await newBill(user.id, 100n)).id, token)).status).toBe(200)
      expect(await lowMails()).toHaveLength(2)
      expect((await call(t, contract.setBalanceAlert, { body: { threshold: '0' } }, { token })).status).toBe(400)
    })
  })

  describe('the welcome credit', () => {
    async function register() {
      const email = freshEmail('welcome')
      const res = await call(
        t,
        contract.register,
        {
          body: {
            full_name: 'Ada Lovelace',
            email,
            phone_number: '0912 345 678',
            password: 'long-enough-1',
            confirm_password: 'long-enough-1',
          },
        },
        { ip: freshIp() },
      )
      expect(res.status, JSON.stringify(res.body)).toBe(201)
      return { id: res.body.data.user_id, email }
    }

    it('credits the first-registration credit once, on verification', async () => {
      const account = await register()
      expect(await balanceOf(account.id)).toBe(0n)
      const token = await tokenFromMail(t, account.email)
      const verify = () => call(t, contract.verifyEmail, { params: { token } }, { ip: freshIp() })
      const answers = await Promise.all([verify(), verify()])
      expect(answers.map((a) => a.status).sort()).toEqual([200, 400])
      expect(await balanceOf(account.id)).toBe(1_000n)
      expect((await ledgerOf(account.id)).map((l) => [l.type, l.amountCents, l.description])).toEqual([
        ['first_register', 1_000n, 'Welcome credit'],
      ])
      // A password reset of a verified account gives nothing more.
      const reset = await issueUserToken(t.ctx.db, account.id, 'reset_password', 3_600_000, t.clock.now())
      const res = await call(
        t,
        contract.resetPassword,
        { body: { token: reset, password: 'another-long-1', confirm_password: 'another-long-1' } },
        { ip: freshIp() },
      )
      expect(res.status).toBe(200)
      expect(await balanceOf(account.id)).toBe(1_000n)
    })

    it('reads a system-written description in each reader’s language, a staff member’s words as written', async () => {
      const account = await register()
      const token = await tokenFromMail(t, account.email)
      expect((await call(t, contract.verifyEmail, { params: { token } }, { ip: freshIp() })).status).toBe(200)
      await fund(account.id, 500n)
      const read = async (lang: contract.Lang) => {
        const res = await call(
          t,
          contract.userBalanceLogs,
          { params: { id: account.id } },
          { token: admin.token, lang },
        )
        expect(res.status, JSON.stringify(res.body)).toBe(200)
        return Object.fromEntries(res.body.data.items.map((l) => [l.type, l.description]))
      }
      // Written while the customer read English; an operator reads it in Vietnamese or Burmese.
      expect(await read('en')).toEqual({ first_register: 'Welcome credit', admin_add: 'Top-up for tests' })
      expect(await read('vi')).toEqual({
        first_register: translate('vi', 'balance.firstRegister'),
        admin_add: 'Top-up for tests',
      })
      expect(await read('my')).toEqual({
        first_register: translate('my', 'balance.firstRegister'),
        admin_add: 'Top-up for tests',
      })
      expect(translate('vi', 'balance.firstRegister')).not.toBe('Welcome credit')
      // Everyone's log too, and the text stored for raw readers stays the customer's language.
      const all = await call(
        t,
        contract.allBalanceLogs,
        { query: { user_keyword: account.email } },
        { token: admin.token, lang: 'vi' },
      )
      expect(all.body.data.items.map((l) => l.description)).toContain(translate('vi', 'balance.firstRegister'))
      const welcome = (await ledgerOf(account.id)).find((l) => l.type === 'first_register')
      expect(welcome?.description).toBe('Welcome credit')
    })

    it('formats a described date in the reader’s language', () => {
      const from = new Date('2026-03-01T00:00:00Z')
      const to = new Date('2026-04-01T00:00:00Z')
      const stored = described('en', 'balance.planRenewal', { plan: 'Standard', from, to })
      expect(stored.description).toBe(
        translate('en', 'balance.planRenewal', {
          plan: 'Standard',
          from: formatDate(from, 'en'),
          to: formatDate(to, 'en'),
        }),
      )
      const log = {
        id: 'bal_x',
        userId: 'usr_x',
        type: 'plan_renewal' as const,
        amountCents: -4_900n,
        balanceAfterCents: 0n,
        description: stored.description,
        descriptionKey: stored.descriptionKey,
        descriptionParams: stored.descriptionParams,
        reference: null,
        createdBy: null,
        createdAt: from,
        seq: 1,
      }
      expect(toBalanceLog({ log, email: 'a@b.c', firstName: '', lastName: '' }, false, 'vi').description).toBe(
        translate('vi', 'balance.planRenewal', {
          plan: 'Standard',
          from: formatDate(from, 'vi'),
          to: formatDate(to, 'vi'),
        }),
      )
      expect(formatDate(from, 'vi')).not.toBe(formatDate(from, 'en'))
    })

    it('credits once when two verifications of one account run at once (link and password reset)', async () => {
      const admin7 = await call(t, contract.setFreeFirstRegister, { body: { free: '7.5' } }, { token: admin.token })
      expect(admin7.status).toBe(200)
      const account = await register()
      const verifyToken = await issueUserToken(t.ctx.db, account.id, 'verify_email', 3_600_000, t.clock.now())
      const resetToken = await issueUserToken(t.ctx.db, account.id, 'reset_password', 3_600_000, t.clock.now())
      const [a, b] = await Promise.all([
        call(t, contract.verifyEmail, { params: { token: verifyToken } }, { ip: freshIp() }),
        call(
          t,
          contract.resetPassword,
          { body: { token: resetToken, password: 'another-long-1', confirm_password: 'another-long-1' } },
          { ip: freshIp() },
        ),
      ])
      expect([a.status, b.status]).toEqual([200, 200])
      expect(await balanceOf(account.id)).toBe(750n)
      expect((await ledgerOf(account.id)).filter((l) => l.type === 'first_register')).toHaveLength(1)
      // Straight at the ledger: ten grants at once credit nothing more.
      const granted = await Promise.all(
        Array.from({ length: 10 }, () => t.ctx.db.transaction((tx) => grantFirstRegisterCredit(t.ctx, tx, account.id))),
      )
      expect(granted).toEqual(Array(10).fill(0n))
      expect(await balanceOf(account.id)).toBe(750n)
    })

    it('credits nothing when the setting is 0', async () => {
      await writeSetting(t.ctx.db, SETTING_KEYS.freeFirstRegister, { free: '0.00' }, null, t.clock.now())
      try {
        const account = await register()
        const token = await tokenFromMail(t, account.email)
        expect((await call(t, contract.verifyEmail, { params: { token } }, { ip: freshIp() })).status).toBe(200)
        expect((await findUserRow(t, account.id))?.emailVerifiedAt).not.toBeNull()
        expect(await balanceOf(account.id)).toBe(0n)
        expect(await ledgerOf(account.id)).toEqual([])
      } finally {
        await writeSetting(t.ctx.db, SETTING_KEYS.freeFirstRegister, { free: '10.00' }, null, t.clock.now())
      }
    })
  })

  describe('the ledger', () => {
    async function couponCredit(userId: string, cents: bigint, expiresAt: Date) {
      const typeId = newId('cty')
      const couponId = newId('cpn')
      const logId = newId('cpl')
      await t.ctx.db.insert(couponTypes).values({ id: typeId, name: typeId, eventCode: typeId })
      await t.ctx.db.insert(coupons).values({
        id: couponId,
        typeId,
        code: couponId.toUpperCase(),
        creditCents: cents,
        dateExpired: '2030-01-01',
        balanceExpiresDay: 30,
        limit: -1,
      })
      await t.ctx.db.transaction(async (tx) => {
        await tx.insert(couponLogs).values({
          id: logId,
          userId,
          couponId,
          creditCents: cents,
          unspentCents: cents,
          redeemedAt: t.clock.now(),
          expiresAt,
        })
        await credit(tx, { userId, amountCents: cents, type: 'coupon', reference: logId })
      })
      return logId
    }

    async function unspent(id: string) {
      const [row] = await t.ctx.db.select().from(couponLogs).where(eq(couponLogs.id, id))
      return row?.unspentCents
    }

    it('spends coupon credit first, soonest expiry first, and never more than the debit', async () => {
      const { user } = await customer()
      await fund(user.id, 1_000n)
      const now = t.clock.now().getTime()
      const late = await couponCredit(user.id, 500n, new Date(now + 20 * 86_400_000))
      const soon = await couponCredit(user.id, 300n, new Date(now + 5 * 86_400_000))
      await t.ctx.db.transaction((tx) =>
        debit(tx, { userId: user.id, amountCents: 200n, type: 'bill_payment', reference: newId('bil') }),
      )
      expect([await unspent(soon), await unspent(late)]).toEqual([100n, 500n])
      await t.ctx.db.transaction((tx) =>
        debit(tx, { userId: user.id, amountCents: 400n, type: 'plan_purchase', reference: STANDARD }),
      )
      expect([await unspent(soon), await unspent(late)]).toEqual([0n, 200n])
      await t.ctx.db.transaction((tx) =>
        debit(tx, { userId: user.id, amountCents: 1_000n, type: 'plan_purchase', reference: STANDARD }),
      )
      expect([await unspent(soon), await unspent(late)]).toEqual([0n, 0n])
      expect(await balanceOf(user.id)).toBe(200n)
      // Spending nothing, or more than is left, is safe.
      expect(await spendCouponCredit(t.ctx.db, user.id, 0n)).toBe(0n)
      expect(await spendCouponCredit(t.ctx.db, user.id, 5_000n)).toBe(0n)
    })

    it('takes back an expiring credit without spending other coupons', async () => {
      const { user } = await customer()
      const now = t.clock.now().getTime()
      const first = await couponCredit(user.id, 300n, new Date(now + 86_400_000))
      const second = await couponCredit(user.id, 400n, new Date(now + 2 * 86_400_000))
      await t.ctx.db.transaction((tx) =>
        debit(tx, { userId: user.id, amountCents: 300n, type: 'credit_expiry', reference: first }),
      )
      expect([await unspent(first), await unspent(second)]).toEqual([300n, 400n])
      expect(await balanceOf(user.id)).toBe(400n)
      // (The coupon expiry job marks `first` expired itself; this only checks the ledger's rule.)
      await t.ctx.db
        .update(couponLogs)
        .set({ unspentCents: 0n, expiredAt: t.clock.now() })
        .where(eq(couponLogs.id, first))
    })

    it('refuses non-positive amounts and unknown users, and a debit the balance cannot cover', async () => {
      const { user } = await customer()
      await expect(
        t.ctx.db.transaction((tx) => credit(tx, { userId: user.id, amountCents: 0n, type: 'admin_add' })),
      ).rejects.toThrow(/positive/)
      await expect(
        t.ctx.db.transaction((tx) =>
          credit(tx, { userId: `usr_${'0'.repeat(26)}`, amountCents: 5n, type: 'admin_add' }),
        ),
      ).rejects.toMatchObject({ httpStatus: 404 })
      await expect(
        t.ctx.db.transaction((tx) => debit(tx, { userId: user.id, amountCents: 1n, type: 'plan_purchase' })),
      ).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE', params: { balance: '0.00', amount: '0.01' } })
      const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id))
      expect(row?.balanceCents).toBe(0n)
    })
  })
})
