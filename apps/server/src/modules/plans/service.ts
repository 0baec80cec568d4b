import {
  type BodyOf,
  type createPlan,
  ErrorCode,
  formatCents,
  formatDate,
  formatMoney,
  isStaff,
  type Lang,
  nextRenewal,
  type Plan,
  type PlanDashboard,
} from '@app/contract'
import { and, eq, ne } from 'drizzle-orm'
import type { Ctx } from '../../context.ts'
import { PG_UNIQUE_VIOLATION, pgCode, pgConstraint, type Tx } from '../../db/client.ts'
import { userPlans, users } from '../../db/schema/index.ts'
import { conflict, notFound, refused } from '../../http/errors.ts'
import { ok } from '../../http/routes.ts'
import type { AuthUser } from '../../lib/auth-user.ts'
import { newId } from '../../lib/ids.ts'
import type { RequestMeta } from '../../lib/request-meta.ts'
import { writeAudit } from '../audit/audit.ts'
import { debit, described, ledgerOptions } from '../balance/ledger.ts'
import { announceChange } from '../gateway/gateway.ts'
import { getUserById } from '../users/queries.ts'
import {
  defaultPlan,
  findPlan,
  listPlanRows,
  lockPlan,
  type PlanRow,
  planOfUser,
  planWords,
  toPlan,
  userCounts,
} from './queries.ts'

// Plans (docs/requirements.md §12): staff keep the list, exactly one plan is the default
// (the plan of every user without one) and it stays on sale; admins move users between plans. The
// gateway caches each key owner's plan limits, so every change that moves a user's limits is announced.

type PlanBody = BodyOf<typeof createPlan>

function auditView(row: PlanRow) {
  return {
    name: row.name,
    description: row.description,
    translations: row.translations,
    rsapi_plan_id: row.rsapiPlanId,
    maptile_plan_id: row.maptilePlanId,
    price: formatCents(row.priceCents),
    request_limit: row.requestLimit,
    request_limit_duration: row.requestLimitDuration,
    load_limit: row.loadLimit,
    load_limit_duration: row.loadLimitDuration,
    is_default: row.isDefault,
    active: row.active,
  }
}

function columns(body: PlanBody) {
  return {
    name: body.name,
    description: body.description,
    translations: body.translations,
    rsapiPlanId: body.rsapi_plan_id,
    maptilePlanId: body.maptile_plan_id,
    priceCents: body.price,
    requestLimit: body.request_limit,
    requestLimitDuration: body.request_limit_duration,
    loadLimit: body.load_limit,
    loadLimitDuration: body.load_limit_duration,
    isDefault: body.is_default,
    active: body.active,
  }
}

/**
 * Runs a change to the plans; once it commits, this instance's gateway forgets the keys of every
 * plan it touched at once (other instances hear of it by NOTIFY). Name clashes answer 409.
 */
async function changePlans<T>(ctx: Ctx, change: (tx: Tx, touched: Set<string>) => Promise<T>): Promise<T> {
  const touched = new Set<string>()
  try {
    const result = await ctx.db.transaction(async (tx) => {
      const value = await change(tx, touched)
      for (const planId of touched) await announceChange(tx, { plan: planId })
      return value
    })
    for (const planId of touched) ctx.gateway.cache.evictPlan(planId)
    return result
  } catch (error) {
    if (pgCode(error) === PG_UNIQUE_VIOLATION) {
      if (pgConstraint(error) === 'user_plans_name_key') throw conflict(ErrorCode.PlanNameUsed, 'plans.nameUsed')
      throw conflict(ErrorCode.Conflict, 'error.conflict')
    }
    throw error
  }
}

/**
 * Makes `planId` the default: the previous default stops being it first (one default at a time, a
 * partial unique index), under a lock of that row so two switches cannot both succeed.
 */
async function takeDefault(tx: Tx, planId: string | null, touched: Set<string>, now: Date) {
  const previous = await defaultPlan(tx, { lock: true })
  if (previous && previous.id !== planId) {
    await tx.update(userPlans).set({ isDefault: false, updatedAt: now }).where(eq(userPlans.id, previous.id))
    // Users without a plan of their own move with the default: their keys' limits change.
    touched.add(previous.id)
  }
}

export async function listPlans(ctx: Ctx, actor: AuthUser): Promise<Plan[]> {
  const staff = isStaff(actor.roles)
  const [rows, counts] = await Promise.all([
    listPlanRows(ctx.db, { activeOnly: !staff }),
    staff ? userCounts(ctx.db) : Promise.resolve(new Map<string, number>()),
  ])
  // How many people are on each plan is staff's business: customers see 0.
  return rows.map((row) => toPlan(row, counts.get(row.id) ?? 0))
}

async function presentPlan(ctx: Ctx, id: string): Promise<Plan> {
  const row = await findPlan(ctx.db, id)
  if (!row) throw notFound('plans.notFound')
  return toPlan(row, (await userCounts(ctx.db)).get(id) ?? 0)
}

export async function createPlanFor(ctx: Ctx, meta: RequestMeta, actor: AuthUser, body: PlanBody): Promise<Plan> {
  if (body.is_default && !body.active) throw refused(ErrorCode.PlanDefaultInactive, 'plans.defaultInactive')
  const now = ctx.clock.now()
  const id = newId('pln', now.getTime())
  await changePlans(ctx, async (tx, touched) => {
    if (body.is_default) await takeDefault(tx, id, touched, now)
    const [row] = await tx
      .insert(userPlans)
      .values({ id, ...columns(body), createdAt: now, updatedAt: now })
      .returning()
    if (!row) throw new Error('insert into user_plans returned nothing')
    await writeAudit(
      tx,
      actor,
      meta,
      { action: 'plans.create', targetType: 'plan', targetId: id, after: auditView(row) },
      now,
    )
  })
  return presentPlan(ctx, id)
}

export async function updatePlanFor(
  ctx: Ctx,
  meta: RequestMeta,
  actor: AuthUser,
  id: string,
  body: PlanBody,
): Promise<Plan> {
  const now = ctx.clock.now()
  await changePlans(ctx, async (tx, touched) => {
    const current = await lockPlan(tx, id)
    if (!current) throw notFound('plans.notFound')
    if (current.isDefault && !body.is_default) throw refused(ErrorCode.PlanNeedsDefault, 'plans.needDefault')
    if (body.is_default && !body.active) throw refused(ErrorCode.PlanDefaultInactive, 'plans.defaultInactive')
    if (body.is_default && !current.isDefault) await takeDefault(tx, id, touched, now)
    const [row] = await tx
      .update(userPlans)
      .set({ ...columns(body), updatedAt: now })
      .where(eq(userPlans.id, id))
      .returning()
    if (!row) throw notFound('plans.notFound')
    touched.add(id)
    await writeAudit(
      tx,
      actor,
      meta,
      { action: 'plans.update', targetType: 'plan', targetId: id, before: auditView(current), after: auditView(row) },
      now,
    )
  })
  return presentPlan(ctx, id)
}

/** The plan info of the signed-in user, with this window's use as the gateway counts it. */
export async function dashboard(ctx: Ctx, actor: AuthUser, lang: Lang): Promise<PlanDashboard> {
  const user = await getUserById(ctx.db, actor.id)
  const plan = await planOfUser(ctx.db, user.userPlanId)
  if (!plan) throw notFound('plans.notFound')
  const staff = isStaff(actor.roles)
  const [use, offers, counts, fallback] = await Promise.all([
    ctx.gateway.quota.usage(user.id, ctx.clock.now().getTime()),
    ctx.db
      .select()
      .from(userPlans)
      .where(and(eq(userPlans.active, true), ne(userPlans.id, plan.id)))
      .orderBy(userPlans.priceCents, userPlans.name),
    staff ? userCounts(ctx.db) : Promise.resolve(new Map<string, number>()),
    defaultPlan(ctx.db),
  ])
  return {
    plan: toPlan(plan, counts.get(plan.id) ?? 0),
    name_of_user_plan_id: planWords(plan, lang).name,
    request_limit: plan.requestLimit,
    request_limit_duration: plan.requestLimitDuration,
    load_limit: plan.loadLimit,
    load_limit_duration: plan.loadLimitDuration,
    balance: formatCents(user.balanceCents),
    enjoy_discount: user.enjoyDiscount,
    requests: {
      limit: plan.requestLimit,
      duration: plan.requestLimitDuration,
      used: use.requests[plan.requestLimitDuration],
    },
    loads: { limit: plan.loadLimit, duration: plan.loadLimitDuration, used: use.loads[plan.loadLimitDuration] },
    offers: offers.map((row) => toPlan(row, counts.get(row.id) ?? 0)),
    purchase_available: true,
    renews_at: user.planRenewsAt?.toISOString() ?? null,
    grace_until: user.planGraceUntil?.toISOString() ?? null,
    default_plan_name: planWords(fallback ?? plan, lang).name,
  }
}

/**
 * The renewal columns of a user put on `plan` at `now`: a plan bought from the balance renews a month
 * later (docs/pricing.md "Plans renew"); a free plan, or one staff set without a charge, does not.
 */
function renewalFrom(plan: PlanRow, now: Date, bought: boolean) {
  const renews = bought && plan.priceCents > 0n && !plan.isDefault
  return {
    planStartedAt: renews ? now : null,
    planRenewsAt: renews ? nextRenewal(now, now) : null,
    planGraceUntil: null,
    planRemindedFor: null,
  }
}

/**
 * The customer buys (or moves to) a plan on sale, paid from the balance: in one transaction, with the
 * user's row locked (so two purchases at once cannot both pay), the plan's price is debited through the
 * ledger (422 ErrorCode.InsufficientBalance when short; nothing changes), the user is put on the plan and the
 * gateway hears of the new limits. A free plan (price 0) switches without a ledger row.
 */
export async function buy(ctx: Ctx, lang: Lang, actor: AuthUser, planId: string) {
  const now = ctx.clock.now()
  const bought = await ctx.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, actor.id)).limit(1).for('update')
    if (!user) throw notFound('users.notFound')
    const plan = await findPlan(tx, planId)
    if (!plan) throw notFound('plans.notFound')
    if (!plan.active) throw refused(ErrorCode.PlanNotOnSale, 'plans.notOnSale')
    const current = await planOfUser(tx, user.userPlanId)
    if (current?.id === plan.id) throw refused(ErrorCode.AlreadyOnPlan, 'plans.alreadyOnPlan')
    if (plan.priceCents > 0n) {
      await debit(
        tx,
        {
          userId: user.id,
          amountCents: plan.priceCents,
          type: 'plan_purchase',
          ...described(user.language, 'balance.planPurchase', { plan: planWords(plan, user.language).name }),
          reference: plan.id,
          createdBy: actor.id,
        },
        ledgerOptions(ctx),
      )
    }
    const renewal = renewalFrom(plan, now, true)
    await tx
      .update(users)
      .set({ userPlanId: plan.id, ...renewal, updatedAt: now })
      .where(eq(users.id, user.id))
    await announceChange(tx, { user: user.id })
    return { plan, renewsAt: renewal.planRenewsAt }
  })
  ctx.gateway.cache.evictUser(actor.id)
  ctx.mail.kick()
  const { plan, renewsAt } = bought
  return renewsAt
    ? ok(await dashboard(ctx, actor, lang), 'plans.boughtRenews', {
        plan: planWords(plan, lang).name,
        date: formatDate(renewsAt, lang),
        price: formatMoney(formatCents(plan.priceCents), 'USD', lang),
      })
    : ok(await dashboard(ctx, actor, lang), 'plans.bought', { plan: planWords(plan, lang).name })
}

/** An admin puts a user on a plan (no charge): audited, and the user's keys get its limits at once. */
export async function changeUserPlan(
  ctx: Ctx,
  meta: RequestMeta,
  actor: AuthUser,
  userId: string,
  planId: string,
): Promise<{ user_id: string; user_plan_id: string; name_of_user_plan_id: string }> {
  const now = ctx.clock.now()
  const result = await ctx.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1).for('update')
    if (!user) throw notFound('users.notFound')
    const plan = await findPlan(tx, planId)
    if (!plan) throw notFound('plans.notFound')
    const before = await planOfUser(tx, user.userPlanId)
    // Staff set the plan without a charge, so it does not renew from the balance (docs/pricing.md).
    await tx
      .update(users)
      .set({ userPlanId: plan.id, ...renewalFrom(plan, now, false), updatedAt: now })
      .where(eq(users.id, userId))
    await writeAudit(
      tx,
      actor,
      meta,
      {
        action: 'users.changePlan',
        targetType: 'user',
        targetId: userId,
        before: { user_plan_id: user.userPlanId, plan: before?.name ?? null },
        after: { user_plan_id: plan.id, plan: plan.name },
      },
      now,
    )
    await announceChange(tx, { user: userId })
    return { user_id: userId, user_plan_id: plan.id, name_of_user_plan_id: plan.name }
  })
  ctx.gateway.cache.evictUser(userId)
  return result
}
