import * as contract from '@app/contract'
import { formatCents } from '@app/contract'
import { asc, count, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  call,
  createUser,
  errorEnvelope,
  fieldsOf,
  findUserRow,
  freshEmail,
  setUser,
  signIn,
  userWithToken,
  useTestApp,
} from '../../../test/helpers.ts'
import { auditLog, balanceLogs, users } from '../../db/schema/index.ts'

// Plans (docs/requirements.md §12): the list, staff's edits with one default plan that stays
// on sale, the customer's plan card, buying from the balance (through the ledger) and an admin's
// change of a user's plan. Quotas at the gateway: modules/gateway/quota.test.ts.

const PAYG = 'pln_seedpayasyougo000000000000'
const STANDARD = 'pln_seedstandard00000000000000'
const BUSINESS = 'pln_seedbusiness00000000000000'
const MISSING_PLAN = `pln_${'0'.repeat(26)}`
const MISSING_USER = `usr_${'0'.repeat(26)}`

describe('plans', async () => {
  const t = await useTestApp()
  const admin = await userWithToken(t, ['admin'])
  const support = await userWithToken(t, ['support'])
  let serial = 0

  async function customer() {
    const user = await createUser(t, { email: freshEmail('plans') })
    return { user, token: await signIn(t, user.email) }
  }

  const planBody = (overrides: Record<string, unknown> = {}) => ({
    name: `Plan ${++serial} ${Math.random().toString(36).slice(2, 6)}`,
    description: 'For tests',
    rsapi_plan_id: 'rs-test',
    maptile_plan_id: 'mt-test',
    price: '19.5',
    request_limit: 1000,
    request_limit_duration: 'day' as const,
    load_limit: null,
    load_limit_duration: 'month' as const,
    ...overrides,
  })

  async function newPlan(overrides: Record<string, unknown> = {}) {
    const res = await call(t, contract.createPlan, { body: planBody(overrides) }, { token: support.token })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body.data
  }

  async function auditFor(targetId: string) {
    return t.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(asc(auditLog.id))
  }

  async function plansAsAdmin() {
    return (await call(t, contract.listPlans, {}, { token: admin.token })).body.data
  }

  describe('the list', () => {
    it('shows staff every plan with its users, default included', async () => {
      const { user } = await customer()
      const res = await call(t, contract.listPlans, {}, { token: support.token })
      expect(res.status).toBe(200)
      const payg = res.body.data.find((p) => p.id === PAYG)
      expect(payg).toMatchObject({
        name: 'Pay as you go',
        price: '0.00',
        request_limit: null,
        load_limit: null,
        is_default: true,
        active: true,
      })
      // Users without a plan count for the default one: everyone so far.
      const [everyone] = await t.ctx.db.select({ n: count() }).from(users)
      expect(payg?.users).toBe(everyone?.n)
      expect(res.body.data.find((p) => p.id === STANDARD)).toMatchObject({
        price: '49.00',
        request_limit: 50000,
        request_limit_duration: 'day',
        load_limit: 20000,
        load_limit_duration: 'day',
        rsapi_plan_id: 'standard',
        is_default: false,
      })
      await setUser(t, user.id, { userPlanId: BUSINESS })
      const after = await call(t, contract.listPlans, {}, { token: admin.token })
      expect(after.body.data.find((p) => p.id === BUSINESS)?.users).toBe(1)
      expect(after.body.data.find((p) => p.id === PAYG)?.users).toBe((payg?.users ?? 0) - 1)
    })

    it('shows customers the plans on sale only, without user counts', async () => {
      const hidden = await newPlan({ active: false })
      const { token } = await customer()
      const res = await call(t, contract.listPlans, {}, { token })
      expect(res.status).toBe(200)
      expect(res.body.data.some((p) => p.id === hidden.id)).toBe(false)
      expect(res.body.data.every((p) => p.active && p.users === 0)).toBe(true)
      expect(res.body.data.map((p) => p.id)).toEqual(expect.arrayContaining([PAYG, STANDARD, BUSINESS]))
      expect((await plansAsAdmin()).some((p) => p.id === hidden.id)).toBe(true)
      expect((await call(t, contract.listPlans, {})).status).toBe(401)
    })
  })

  describe('creating and editing', () => {
    it('lets staff create a plan (audited), not customers', async () => {
      const body = planBody()
      const { token } = await customer()
      expect((await call(t, contract.createPlan, { body }, { token })).status).toBe(403)
      const res = await call(t, contract.createPlan, { body }, { token: admin.token })
      expect(res.status).toBe(201)
      expect(res.body.message).toBe('Plan created')
      expect(res.body.data).toMatchObject({
        name: body.name,
        price: '19.50',
        request_limit: 1000,
        request_limit_duration: 'day',
        load_limit: null,
        is_default: false,
        active: true,
        users: 0,
      })
      expect(await auditFor(res.body.data.id)).toEqual([
        expect.objectContaining({
          action: 'plans.create',
          actorId: admin.user.id,
          targetType: 'plan',
          after: expect.objectContaining({ name: body.name, price: '19.50' }),
        }),
      ])
    })

    it('refuses a name in use, whatever its case, with 409', async () => {
      const plan = await newPlan()
      const res = await call(
        t,
        contract.createPlan,
        { body: planBody({ name: plan.name.toUpperCase() }) },
        { token: admin.token },
      )
      expect(res.status).toBe(409)
      expect(errorEnvelope(res.body)).toMatchObject({
        error_code: 'PLAN_NAME_USED',
        message: 'A plan with this name already exists',
      })
      const other = await newPlan()
      const rename = await call(
        t,
        contract.updatePlan,
        { params: { id: other.id }, body: planBody({ name: plan.name }) },
        { token: admin.token },
      )
      expect(rename.status).toBe(409)
      expect(errorEnvelope(rename.body).error_code).toBe('PLAN_NAME_USED')
    })

    it('updates a plan, audited before and after; 404 for a missing one', async () => {
      const plan = await newPlan()
      const res = await call(
        t,
        contract.updatePlan,
        {
          params: { id: plan.id },
          body: planBody({
            name: plan.name,
            price: '25',
            request_limit: null,
            load_limit: 60,
            load_limit_duration: 'minute',
          }),
        },
        { token: support.token },
      )
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect(res.body.data).toMatchObject({
        price: '25.00',
        request_limit: null,
        load_limit: 60,
        load_limit_duration: 'minute',
      })
      expect((await auditFor(plan.id)).at(-1)).toMatchObject({
        action: 'plans.update',
        actorId: support.user.id,
        before: expect.objectContaining({ price: '19.50', request_limit: 1000 }),
        after: expect.objectContaining({ price: '25.00', request_limit: null, load_limit: 60 }),
      })
      const missing = await call(
        t,
        contract.updatePlan,
        { params: { id: MISSING_PLAN }, body: planBody() },
        { token: admin.token },
      )
      expect(missing.status).toBe(404)
      expect(errorEnvelope(missing.body).message).toBe('Plan not found')
    })

    it('keeps exactly one default plan, always on sale', async () => {
      const inactiveDefault = await call(
        t,
        contract.createPlan,
        { body: planBody({ is_default: true, active: false }) },
        { token: admin.token },
      )
      expect(inactiveDefault.status).toBe(422)
      expect(errorEnvelope(inactiveDefault.body)).toMatchObject({
        error_code: 'PLAN_DEFAULT_INACTIVE',
        message: 'The default plan must stay on sale',
      })

      const payg = (await plansAsAdmin()).find((p) => p.id === PAYG)
      if (!payg) throw new Error('the seeded default plan is missing')
      const paygBody = {
        name: payg.name,
        description: payg.description,
        price: payg.price,
        request_limit: null,
        load_limit: null,
        is_default: true,
        active: true,
      }
      const stopSelling = await call(
        t,
        contract.updatePlan,
        { params: { id: PAYG }, body: { ...paygBody, active: false } },
        { token: admin.token },
      )
      expect(stopSelling.status).toBe(422)
      expect(errorEnvelope(stopSelling.body).error_code).toBe('PLAN_DEFAULT_INACTIVE')
      const notDefault = await call(
        t,
        contract.updatePlan,
        { params: { id: PAYG }, body: { ...paygBody, is_default: false } },
        { token: admin.token },
      )
      expect(notDefault.status).toBe(422)
      expect(errorEnvelope(notDefault.body)).toMatchObject({
        error_code: 'PLAN_NEEDS_DEFAULT',
        message: 'Another plan must be the default before this one stops being it',
      })

      // Another plan becomes the default: the previous one stops being it, in one step.
      const next = await newPlan({ is_default: true, request_limit: null })
      let all = await plansAsAdmin()
      expect(all.filter((p) => p.is_default).map((p) => p.id)).toEqual([next.id])
      const { token } = await customer()
      const profile = await call(t, contract.getOwnProfile, {}, { token })
      expect(profile.body.data.name_of_user_plan_id).toBe(next.name)

      const back = await call(t, contract.updatePlan, { params: { id: PAYG }, body: paygBody }, { token: admin.token })
      expect(back.status, JSON.stringify(back.body)).toBe(200)
      all = await plansAsAdmin()
      expect(all.filter((p) => p.is_default).map((p) => p.id)).toEqual([PAYG])
      expect((await auditFor(next.id)).map((r) => r.action)).toEqual(['plans.create'])
    })
  })

  describe('the plan card', () => {
    it('shows a new customer the default plan, its limits, what else is on sale, and that plans can be bought', async () => {
      const { user, token } = await customer()
      await setUser(t, user.id, { balanceCents: 1234n, enjoyDiscount: true })
      const res = await call(t, contract.planDashboard, {}, { token })
      expect(res.status).toBe(200)
      const card = res.body.data
      expect(card).toMatchObject({
        plan: { id: PAYG, name: 'Pay as you go', users: 0 },
        name_of_user_plan_id: 'Pay as you go',
        request_limit: null,
        load_limit: null,
        balance: '12.34',
        enjoy_discount: true,
        requests: { limit: null, used: 0 },
        loads: { limit: null, used: 0 },
        purchase_available: true,
      })
      expect(card.offers.map((p) => p.id)).toEqual(expect.arrayContaining([STANDARD, BUSINESS]))
      expect(card.offers.some((p) => p.id === PAYG || !p.active)).toBe(false)
      expect((await call(t, contract.planDashboard, {})).status).toBe(401)
    })

    it('names the plan in the session and the profile', async () => {
      const { user, token } = await customer()
      expect((await call(t, contract.getOwnProfile, {}, { token })).body.data.name_of_user_plan_id).toBe(
        'Pay as you go',
      )
      await setUser(t, user.id, { userPlanId: STANDARD })
      const login = await call(t, contract.login, { body: { email: user.email, password: 'correct-horse-battery' } })
      expect(login.body.data).toMatchObject({ name_of_user_plan_id: 'Standard' })
      const asStaff = await call(t, contract.getProfile, { params: { id: user.id } }, { token: admin.token })
      expect(asStaff.body.data.name_of_user_plan_id).toBe('Standard')
    })
  })

  describe('in three languages (issue 20)', () => {
    it('keeps a plan’s Burmese name and description; Burmese readers get them, others the English', async () => {
      const burmese = { name: 'စမ်းသပ်', description: 'စမ်းသပ်မှုများအတွက်' }
      const made = await newPlan({
        price: '0',
        translations: { my: { name: ` ${burmese.name} `, description: burmese.description } },
      })
      expect(made.translations).toEqual({ my: burmese })
      // A description without a name is refused on the name's field; an unknown language is refused.
      const nameless = await call(
        t,
        contract.createPlan,
        { body: planBody({ translations: { vi: { name: ' ', description: 'Mô tả' } } }) },
        { token: support.token },
      )
      expect(nameless.status).toBe(400)
      expect(Object.keys(fieldsOf(errorEnvelope(nameless.body)))).toEqual(['translations.vi.name'])
      const french = await call(
        t,
        contract.createPlan,
        { body: planBody({ translations: { fr: { name: 'Essai', description: null } } }) },
        { token: support.token },
      )
      expect(french.status).toBe(400)

      // On the plan, a Burmese customer's card, session and profile name it in Burmese.
      const { user, token } = await customer()
      await t.ctx.db.update(users).set({ language: 'my' }).where(eq(users.id, user.id))
      await setUser(t, user.id, { userPlanId: made.id })
      const card = async (lang: contract.Lang) =>
        (await call(t, contract.planDashboard, {}, { token, lang })).body.data.name_of_user_plan_id
      expect(await card('my')).toBe(burmese.name)
      expect(await card('en')).toBe(made.name)
      expect(await card('vi')).toBe(made.name)
      expect((await call(t, contract.getOwnProfile, {}, { token })).body.data.name_of_user_plan_id).toBe(burmese.name)
      const [audit] = (await auditFor(made.id)).filter((a) => a.action === 'plans.create')
      expect(audit?.after).toMatchObject({ translations: { my: burmese } })
    })
  })

  describe('buying', () => {
    async function ledgerOf(userId: string) {
      return t.ctx.db
        .select()
        .from(balanceLogs)
        .where(eq(balanceLogs.userId, userId))
        .orderBy(asc(balanceLogs.createdAt), asc(balanceLogs.id))
    }

    const buyers: string[] = []

    /** balance = Σ ledger for every buyer (the ledger's invariant, docs/requirements.md §10.2; other tests here set balances directly). */
    async function expectLedgerBalanced() {
      const rows = (await t.ctx.db.execute(sql`
        select u.id from users u
        left join (select user_id, sum(amount_cents) as s from balance_logs group by user_id) l on l.user_id = u.id
        where u.balance_cents <> coalesce(l.s, 0) and u.id in (${sql.join(
          buyers.map((id) => sql`${id}`),
          sql`, `,
        )})`)) as unknown as { rows: unknown[] }
      expect(buyers.length).toBeGreaterThan(0)
      expect(rows.rows).toEqual([])
    }

    /** A customer whose balance came from an admin credit, so that it is in the ledger. */
    async function customerWith(cents: bigint) {
      const c = await customer()
      buyers.push(c.user.id)
      if (cents > 0n) {
        const res = await call(
          t,
          contract.addBalance,
          { params: { id: c.user.id }, body: { amount: formatCents(cents), description: 'For a plan' } },
          { token: admin.token },
        )
        expect(res.status, JSON.stringify(res.body)).toBe(200)
        t.clock.advance(1000)
      }
      return c
    }

    it('checks the plan first, without touching the balance or the plan', async () => {
      const { user, token } = await customerWith(100_000n)
      const hidden = await newPlan({ active: false })

      const missing = await call(t, contract.buyPlan, { params: { id: MISSING_PLAN } }, { token })
      expect(missing.status).toBe(404)
      const offSale = await call(t, contract.buyPlan, { params: { id: hidden.id } }, { token })
      expect(offSale.status).toBe(422)
      expect(errorEnvelope(offSale.body)).toMatchObject({
        error_code: 'PLAN_NOT_ON_SALE',
        message: 'This plan is not on sale',
      })
      const same = await call(t, contract.buyPlan, { params: { id: PAYG } }, { token })
      expect(same.status).toBe(422)
      expect(errorEnvelope(same.body)).toMatchObject({
        error_code: 'ALREADY_ON_PLAN',
        message: 'You are already on this plan',
      })
      const row = await findUserRow(t, user.id)
      expect(row?.balanceCents).toBe(100_000n)
      expect(row?.userPlanId).toBeNull()
      expect((await ledgerOf(user.id)).map((l) => l.type)).toEqual(['admin_add'])
      await expectLedgerBalanced()
    })

    it('debits the price once and switches the plan; a second purchase of it is refused', async () => {
      const { user, token } = await customerWith(10_000n)
      const res = await call(t, contract.buyPlan, { params: { id: STANDARD } }, { token })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect(res.body.message).toBe(
        'You are now on the Standard plan. It renews on Dec 2, 2026: $49.00 from your balance.',
      )
      expect(res.body.data).toMatchObject({
        plan: { id: STANDARD },
        name_of_user_plan_id: 'Standard',
        request_limit: 50_000,
        balance: '51.00',
        purchase_available: true,
      })
      expect(res.body.data.offers.map((p) => p.id)).not.toContain(STANDARD)
      const again = await call(t, contract.buyPlan, { params: { id: STANDARD } }, { token })
      expect(again.status).toBe(422)
      expect(again.body.error_code).toBe('ALREADY_ON_PLAN')

      const row = await findUserRow(t, user.id)
      expect(row?.balanceCents).toBe(5_100n)
      expect(row?.userPlanId).toBe(STANDARD)
      const ledger = await ledgerOf(user.id)
      expect(ledger.map((l) => [l.type, l.amountCents, l.balanceAfterCents, l.reference, l.description])).toEqual([
        ['admin_add', 10_000n, 10_000n, null, 'For a plan'],
        ['plan_purchase', -4_900n, 5_100n, STANDARD, 'Plan Standard'],
      ])
      await expectLedgerBalanced()
    })

    it('takes the price once when the same purchase arrives many times at once', async () => {
      const { user, token } = await customerWith(20_000n)
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => call(t, contract.buyPlan, { params: { id: STANDARD } }, { token })),
      )
      expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(422)])
      expect(answers.filter((a) => a.status === 422).every((a) => a.body.error_code === 'ALREADY_ON_PLAN')).toBe(true)
      expect((await findUserRow(t, user.id))?.balanceCents).toBe(15_100n)
      expect((await ledgerOf(user.id)).filter((l) => l.type === 'plan_purchase')).toHaveLength(1)
      await expectLedgerBalanced()
    })

    it('refuses a purchase the balance cannot pay, changing nothing', async () => {
      const { user, token } = await customerWith(4_899n)
      const res = await call(t, contract.buyPlan, { params: { id: STANDARD } }, { token })
      expect(res.status).toBe(422)
      expect(errorEnvelope(res.body)).toMatchObject({
        error_code: 'INSUFFICIENT_BALANCE',
        message: 'Your balance (48.99 USD) is not enough to pay 49.00 USD. Top up your balance first.',
      })
      const row = await findUserRow(t, user.id)
      expect(row?.balanceCents).toBe(4_899n)
      expect(row?.userPlanId).toBeNull()
      expect((await ledgerOf(user.id)).map((l) => l.type)).toEqual(['admin_add'])
      await expectLedgerBalanced()
    })

    it('switches to a free plan without a ledger row', async () => {
      const { user, token } = await customerWith(10_000n)
      expect((await call(t, contract.buyPlan, { params: { id: STANDARD } }, { token })).status).toBe(200)
      t.clock.advance(1000)
      const free = await newPlan({ price: '0' })
      const res = await call(t, contract.buyPlan, { params: { id: free.id } }, { token })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect(res.body.data.plan.id).toBe(free.id)
      expect(res.body.data.balance).toBe('51.00')
      expect((await findUserRow(t, user.id))?.userPlanId).toBe(free.id)
      expect((await ledgerOf(user.id)).map((l) => l.type)).toEqual(['admin_add', 'plan_purchase'])
      await expectLedgerBalanced()
    })
  })

  describe('an admin changes a user’s plan', () => {
    it('moves the user (audited) and the new plan shows everywhere', async () => {
      const { user, token } = await customer()
      const res = await call(
        t,
        contract.changeUserPlan,
        { params: { id: user.id }, body: { user_plan_id: BUSINESS } },
        { token: admin.token },
      )
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({
        data: { user_id: user.id, user_plan_id: BUSINESS, name_of_user_plan_id: 'Business' },
        message: 'Plan changed to Business',
      })
      expect((await findUserRow(t, user.id))?.userPlanId).toBe(BUSINESS)
      expect(await auditFor(user.id)).toEqual([
        expect.objectContaining({
          action: 'users.changePlan',
          actorId: admin.user.id,
          targetType: 'user',
          before: { user_plan_id: null, plan: 'Pay as you go' },
          after: { user_plan_id: BUSINESS, plan: 'Business' },
        }),
      ])
      const card = await call(t, contract.planDashboard, {}, { token })
      expect(card.body.data).toMatchObject({
        name_of_user_plan_id: 'Business',
        request_limit: 6000,
        request_limit_duration: 'minute',
        requests: { limit: 6000, duration: 'minute', used: 0 },
      })
      expect(card.body.data.offers.some((p) => p.id === BUSINESS)).toBe(false)
      expect((await call(t, contract.getOwnProfile, {}, { token })).body.data.name_of_user_plan_id).toBe('Business')
    })

    it('is for admins only, and answers 404 for a missing user or plan', async () => {
      const { user, token } = await customer()
      for (const caller of [token, support.token]) {
        const res = await call(
          t,
          contract.changeUserPlan,
          { params: { id: user.id }, body: { user_plan_id: STANDARD } },
          { token: caller },
        )
        expect(res.status).toBe(403)
      }
      const noUser = await call(
        t,
        contract.changeUserPlan,
        { params: { id: MISSING_USER }, body: { user_plan_id: STANDARD } },
        { token: admin.token },
      )
      expect(noUser.status).toBe(404)
      expect(errorEnvelope(noUser.body).message).toBe('User not found')
      const noPlan = await call(
        t,
        contract.changeUserPlan,
        { params: { id: user.id }, body: { user_plan_id: MISSING_PLAN } },
        { token: admin.token },
      )
      expect(noPlan.status).toBe(404)
      expect(errorEnvelope(noPlan.body).message).toBe('Plan not found')
      expect((await findUserRow(t, user.id))?.userPlanId).toBeNull()
    })
  })
})
