import * as contract from '@app/contract'
import { formatCents } from '@app/contract'
import { and, asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  call,
  createUser,
  findUserRow,
  freshEmail,
  mailsTo,
  signIn,
  userWithToken,
  useTestApp,
} from '../../../test/helpers.ts'
import { auditLog, balanceLogs } from '../../db/schema/index.ts'
import { renewOne, renewPlans } from './renewal.ts'

// Monthly plan renewal (issue 20 "Plans renew", docs/pricing.md "Plans renew"): a plan bought from the
// balance renews on its day each month from the balance, with an e-mail before and after; when the
// balance is short, a grace period and then the default plan; every step in the balance log and the
// audit log, and each done once. The test clock starts at 2026-11-02 08:00 UTC.

const STANDARD = 'pln_seedstandard00000000000000'
const DAY = 86_400_000

describe('plan renewal', async () => {
  const t = await useTestApp()
  const admin = await userWithToken(t, ['admin'])

  /** A customer with `cents` credited by an admin (so it is in the ledger), on Standard ($49.00) bought now. */
  async function subscriber(cents: bigint) {
    const user = await createUser(t, { email: freshEmail('renew') })
    const token = await signIn(t, user.email)
    await credit(user.id, cents)
    const bought = await call(t, contract.buyPlan, { params: { id: STANDARD } }, { token })
    expect(bought.status, JSON.stringify(bought.body)).toBe(200)
    return { user, token, boughtAt: t.clock.now(), message: bought.body.message, data: bought.body.data }
  }

  async function credit(userId: string, cents: bigint) {
    const res = await call(
      t,
      contract.addBalance,
      { params: { id: userId }, body: { amount: formatCents(cents), description: 'Top-up' } },
      // Signed in at the clock's time: a month later the first session has expired.
      { token: await signIn(t, admin.user.email) },
    )
    expect(res.status, JSON.stringify(res.body)).toBe(200)
  }

  const ledgerOf = (userId: string) =>
    t.ctx.db.select().from(balanceLogs).where(eq(balanceLogs.userId, userId)).orderBy(asc(balanceLogs.seq))
  const auditOf = (userId: string) =>
    t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, userId), eq(auditLog.targetType, 'user')))
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id))
  const subjects = async (email: string) => (await mailsTo(t, email)).map((m) => m.subject)

  it('a purchase says when the plan renews, and the plan card shows it', async () => {
    const { token, message, data, boughtAt } = await subscriber(10_000n)
    expect(message).toBe('You are now on the Standard plan. It renews on Dec 2, 2026: $49.00 from your balance.')
    expect(data.renews_at).toBe(new Date('2026-12-02T08:00:00.000Z').toISOString())
    expect(boughtAt.toISOString()).toBe('2026-11-02T08:00:00.000Z')
    expect(data.grace_until).toBeNull()
    expect(data.default_plan_name).toBe('Pay as you go')
    const card = await call(t, contract.planDashboard, {}, { token })
    expect(card.body.data.renews_at).toBe('2026-12-02T08:00:00.000Z')
  })

  it('a plan set by staff or a free plan does not renew from the balance', async () => {
    const user = await createUser(t, { email: freshEmail('staff-set') })
    const res = await call(
      t,
      contract.changeUserPlan,
      { params: { id: user.id }, body: { user_plan_id: STANDARD } },
      { token: admin.token },
    )
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const card = await call(t, contract.planDashboard, {}, { token: await signIn(t, user.email) })
    expect(card.body.data).toMatchObject({ name_of_user_plan_id: 'Standard', renews_at: null })
  })

  it('reminds once three days before, charges once on the day, and the next renewal keeps the day', async () => {
    const { user } = await subscriber(15_000n)
    const renewsAt = new Date('2026-12-02T08:00:00.000Z')
    try {
      t.clock.set(new Date(renewsAt.getTime() - 4 * DAY))
      expect(await renewOne(t.ctx, user.id, t.clock.now())).toBe('wait')
      t.clock.set(new Date(renewsAt.getTime() - 3 * DAY + 1000))
      expect(await renewOne(t.ctx, user.id, t.clock.now())).toBe('remind')
      expect(await renewOne(t.ctx, user.id, t.clock.now())).toBe('wait')
      const reminder = (await mailsTo(t, user.email)).at(-1)
      expect(reminder?.subject).toBe('Your Standard plan renews on Dec 2, 2026')
      expect(reminder?.textBody).toContain('$49.00 will be paid from your balance, which is $101.00 now')

      // On the day, the job's run charges; a second run, or two at once, charge nothing more.
      t.clock.set(renewsAt)
      const [first, second] = await Promise.all([renewPlans(t.ctx), renewPlans(t.ctx)])
      expect((first?.charge ?? 0) + (second?.charge ?? 0)).toBeGreaterThanOrEqual(1)
      expect(await renewOne(t.ctx, user.id, t.clock.now())).toBe('wait')
      const renewals = (await ledgerOf(user.id)).filter((l) => l.type === 'plan_renewal')
      expect(renewals.map((l) => [l.amountCents, l.balanceAfterCents, l.reference, l.description])).toEqual([
        [-4_900n, 5_200n, STANDARD, 'Plan Standard, Dec 2, 2026 – Jan 2, 2027'],
      ])
      const row = await findUserRow(t, user.id)
      expect(row?.balanceCents).toBe(5_200n)
      expect(row?.planRenewsAt?.toISOString()).toBe('2027-01-02T08:00:00.000Z')
      expect(row?.userPlanId).toBe(STANDARD)
      expect((await auditOf(user.id)).filter((a) => a.action === 'plans.renewed')).toHaveLength(1)
      expect(await subjects(user.email)).toContain('Your Standard plan was renewed')

      // The customer's balance log names the plan.
      const log = await call(
        t,
        contract.userBalanceLogs,
        { params: { id: user.id }, query: {} },
        { token: await signIn(t, user.email) },
      )
      expect(log.status, JSON.stringify(log.body)).toBe(200)
      expect(log.body.data.items.find((l) => l.type === 'plan_renewal')).toMatchObject({
        amount: '-49.00',
        reference: 'Standard',
      })
    } finally {
      t.clock.set(new Date('2026-11-02T08:00:00.000Z'))
    }
  })

  it('when short: grace with a top-up link, a top-up during grace renews from the original day', async () => {
    const { user } = await subscriber(6_000n)
    try {
      t.clock.set(new Date('2026-12-02T09:00:00.000Z'))
      expect(await renewOne(t.ctx, user.id, t.clock.now())).toBe('startGrace')
      expect(await renewOne(t.ctx, user.id, t.clock.now())).toBe('wait')
      const failed = (await mailsTo(t, user.email)).at(-1)
      expect(failed?.subject).toBe('We could not renew your Standard plan')
      expect(failed?.textBody).toContain('your balance ($11.00) is $38.00 short')
      expect(failed?.textBody).toContain('stay until Dec 9, 2026')
      expect(failed?.textBody).toContain('moves to the Pay as you go plan')
      expect(failed?.textBody).toContain('/payment?amount=38.00')
      const card = await call(t, contract.planDashboard, {}, { token: await signIn(t, user.email) })
      expect(card.body.data).toMatchObject({
        name_of_user_plan_id: 'Standard',
        grace_until: '2026-12-09T08:00:00.000Z',
        renews_at: '2026-12-02T08:00:00.000Z',
      })
      expect((await ledgerOf(user.id)).filter((l) => l.type === 'plan_renewal')).toEqual([])

      t.clock.set(new Date('2026-12-05T10:00:00.000Z'))
      await credit(user.id, 4_000n)
      expect(await renewOne(t.ctx, user.id, t.clock.now())).toBe('charge')
      const row = await findUserRow(t, user.id)
      expect(row?.balanceCents).toBe(1_100n + 4_000n - 4_900n)
      expect(row?.planGraceUntil).toBeNull()
      expect(row?.planRenewsAt?.toISOString()).toBe('2027-01-02T08:00:00.000Z')
      const plansAudit = (await auditOf(user.id)).filter((a) => a.action.startsWith('plans.'))
      expect(plansAudit.map((a) => a.action)).toEqual(['plans.renewalFailed', 'plans.renewed'])
    } finally {
      t.clock.set(new Date('2026-11-02T08:00:00.000Z'))
    }
  })

  it('when the grace period ends unpaid, the account moves to the default plan and the gateway sees it', async () => {
    const { user } = await subscriber(4_900n)
    try {
      t.clock.set(new Date('2026-12-02T08:00:00.000Z'))
      expect(await renewOne(t.ctx, user.id, t.clock.now())).toBe('startGrace')
      t.clock.set(new Date('2026-12-09T07:59:59.000Z'))
      expect(await renewOne(t.ctx, user.id, t.clock.now())).toBe('wait')
      t.clock.set(new Date('2026-12-09T08:00:00.000Z'))
      expect(await renewOne(t.ctx, user.id, t.clock.now())).toBe('lapse')
      const row = await findUserRow(t, user.id)
      expect(row?.userPlanId).toBeNull()
      expect(row?.planRenewsAt).toBeNull()
      expect(row?.planGraceUntil).toBeNull()
      expect(row?.balanceCents).toBe(0n)
      const lapsed = (await auditOf(user.id)).find((a) => a.action === 'plans.lapsed')
      expect(lapsed).toMatchObject({
        actorId: null,
        before: expect.objectContaining({ plan: 'Standard' }),
        after: { plan: 'Pay as you go', user_plan_id: null },
      })
      expect(await subjects(user.email)).toContain('Your account is now on the Pay as you go plan')
      const card = await call(t, contract.planDashboard, {}, { token: await signIn(t, user.email) })
      expect(card.body.data).toMatchObject({
        name_of_user_plan_id: 'Pay as you go',
        renews_at: null,
        grace_until: null,
      })
      expect(await renewOne(t.ctx, user.id, t.clock.now())).toBe('wait')
    } finally {
      t.clock.set(new Date('2026-11-02T08:00:00.000Z'))
    }
  })

  it('is a job on the runner, listed with the others', async () => {
    const { jobDefinitions } = await import('../../jobs/definitions.ts')
    const names = jobDefinitions(t.ctx, { notifications: {} as never, trigger: () => {} }).map((j) => j.name)
    expect(names).toContain('plans-renew')
  })
})
