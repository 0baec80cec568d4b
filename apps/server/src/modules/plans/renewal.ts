import {
  formatCents,
  formatDate,
  formatMoney,
  joinName,
  type Lang,
  nextRenewal,
  PLAN_REMIND_DAYS,
  type RenewalStep,
  renewalStep,
} from '@app/contract'
import { and, asc, eq, gt, isNotNull, lte } from 'drizzle-orm'
import type { Ctx } from '../../context.ts'
import type { Tx } from '../../db/client.ts'
import { users } from '../../db/schema/index.ts'
import type { TemplateName } from '../../mail/templates.ts'
import { writeAudit } from '../audit/audit.ts'
import { debit, described, ledgerOptions } from '../balance/ledger.ts'
import { announceChange } from '../gateway/gateway.ts'
import { defaultPlan, type PlanRow, planOfUser, planWords } from './queries.ts'

// Monthly plan renewal (docs/pricing.md "Plans renew"), run by the `plans-renew` job. The rules are the
// contract's `renewalStep`; this applies them one user at a time, each in its own transaction with the
// user's row locked, and every step moves `plan_renews_at`, `plan_grace_until` or `plan_reminded_for`
// in that transaction, so a step done is never done again: two instances, a retry or a run cut off by
// kill -9 charge a renewal once (the lock makes the second wait, then it finds nothing due).

const DAY_MS = 86_400_000
/** Users read per query. */
const PAGE = 100

export type RenewalOutcome = RenewalStep['kind']
export type RenewalRun = Record<RenewalOutcome, number>

/** Renews, reminds, starts grace periods and moves lapsed accounts to the default plan, as due at now. */
export async function renewPlans(ctx: Ctx, options: { signal?: AbortSignal } = {}): Promise<RenewalRun> {
  const now = ctx.clock.now()
  const horizon = new Date(now.getTime() + PLAN_REMIND_DAYS * DAY_MS)
  const run: RenewalRun = { wait: 0, stop: 0, remind: 0, charge: 0, startGrace: 0, lapse: 0 }
  let after = ''
  for (;;) {
    if (options.signal?.aborted) break
    const page = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(isNotNull(users.planRenewsAt), lte(users.planRenewsAt, horizon), gt(users.id, after)))
      .orderBy(asc(users.id))
      .limit(PAGE)
    for (const { id } of page) {
      if (options.signal?.aborted) break
      run[await renewOne(ctx, id, now)] += 1
    }
    const last = page.at(-1)
    if (!last || page.length < PAGE) break
    after = last.id
  }
  if (run.remind + run.charge + run.startGrace + run.lapse > 0) ctx.mail.kick()
  return run
}

/** One user's renewal step, done in one transaction; the outcome says which. */
export async function renewOne(ctx: Ctx, userId: string, now: Date): Promise<RenewalOutcome> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1).for('update')
    if (!user) return 'wait'
    const plan = await planOfUser(tx, user.userPlanId)
    if (!plan) return 'wait'
    const step = renewalStep(
      {
        renewsAt: user.planRenewsAt,
        graceUntil: user.planGraceUntil,
        remindedFor: user.planRemindedFor,
        // The default plan never renews from the balance, even if it was bought before it became the default.
        priceCents: plan.isDefault ? 0n : plan.priceCents,
        balanceCents: user.balanceCents,
      },
      now,
    )
    await apply(ctx, tx, { user, plan, step, now })
    return step.kind
  })
  // This instance's gateway forgets the user's limits at once; other instances hear the NOTIFY.
  if (outcome === 'lapse') ctx.gateway.cache.evictUser(userId)
  return outcome
}

type UserRow = typeof users.$inferSelect

async function apply(ctx: Ctx, tx: Tx, input: { user: UserRow; plan: PlanRow; step: RenewalStep; now: Date }) {
  const { user, plan, step, now } = input
  const lang = user.language as Lang
  const renewsAt = user.planRenewsAt
  if (step.kind === 'wait' || renewsAt === null) return
  const usd = (cents: bigint) => formatMoney(formatCents(cents), 'USD', lang)
  const day = (date: Date) => formatDate(date, lang)
  const vars = {
    name: joinName(user.firstName, user.lastName) || user.email,
    plan: planWords(plan, lang).name,
    price: usd(plan.priceCents),
    balance: usd(user.balanceCents),
    missing: usd(plan.priceCents - user.balanceCents),
    date: day(renewsAt),
  }
  const topUpLink = `${ctx.config.publicUrl}/payment?amount=${formatCents(plan.priceCents - user.balanceCents)}`
  const mail = (template: TemplateName, extra: Record<string, string> = {}, link?: string) =>
    ctx.mail.queue(tx, {
      to: user.email,
      userId: user.id,
      template,
      lang,
      vars: { ...vars, ...extra },
      ...(link ? { link } : {}),
    })
  const audit = (action: 'plans.renewed' | 'plans.renewalFailed' | 'plans.lapsed', before: object, after: object) =>
    writeAudit(tx, null, null, { action, targetType: 'user', targetId: user.id, before, after }, now)

  switch (step.kind) {
    case 'stop':
      await tx.update(users).set(noRenewal(now)).where(eq(users.id, user.id))
      return
    case 'remind':
      await tx.update(users).set({ planRemindedFor: renewsAt }).where(eq(users.id, user.id))
      if (step.isShort) await mail('planRenewsSoonShort', {}, topUpLink)
      else await mail('planRenewsSoon')
      return
    case 'charge': {
      const to = nextRenewal(user.planStartedAt ?? renewsAt, renewsAt)
      const { balanceCents } = await debit(
        tx,
        {
          userId: user.id,
          amountCents: plan.priceCents,
          type: 'plan_renewal',
          ...described(lang, 'balance.planRenewal', { plan: planWords(plan, lang).name, from: renewsAt, to }),
          reference: plan.id,
        },
        ledgerOptions(ctx),
      )
      await tx
        .update(users)
        .set({ planRenewsAt: to, planGraceUntil: null, updatedAt: now })
        .where(eq(users.id, user.id))
      await audit(
        'plans.renewed',
        { plan: plan.name, renews_at: renewsAt.toISOString(), grace_until: user.planGraceUntil?.toISOString() ?? null },
        {
          plan: plan.name,
          price: formatCents(plan.priceCents),
          renews_at: to.toISOString(),
          balance: formatCents(balanceCents),
        },
      )
      await mail('planRenewed', { from: day(renewsAt), to: day(to), balance: usd(balanceCents) })
      return
    }
    case 'startGrace': {
      const fallback = await defaultPlan(tx)
      await tx.update(users).set({ planGraceUntil: step.until, updatedAt: now }).where(eq(users.id, user.id))
      await audit(
        'plans.renewalFailed',
        { plan: plan.name, renews_at: renewsAt.toISOString(), balance: formatCents(user.balanceCents) },
        { plan: plan.name, price: formatCents(plan.priceCents), grace_until: step.until.toISOString() },
      )
      await mail('planRenewalFailed', { graceEnd: day(step.until), defaultPlan: fallback?.name ?? '' }, topUpLink)
      return
    }
    case 'lapse': {
      const fallback = await defaultPlan(tx)
      await tx
        .update(users)
        .set({ userPlanId: null, ...noRenewal(now) })
        .where(eq(users.id, user.id))
      await audit(
        'plans.lapsed',
        { plan: plan.name, user_plan_id: plan.id, grace_until: user.planGraceUntil?.toISOString() ?? null },
        { plan: fallback?.name ?? null, user_plan_id: null },
      )
      await announceChange(tx, { user: user.id })
      await mail('planLapsed', {
        graceEnd: day(user.planGraceUntil ?? now),
        defaultPlan: fallback?.name ?? '',
      })
      return
    }
  }
}

const noRenewal = (now: Date) => ({
  planStartedAt: null,
  planRenewsAt: null,
  planGraceUntil: null,
  planRemindedFor: null,
  updatedAt: now,
})
