import { formatCents, inLanguage, type Lang, type Plan } from '@app/contract'
import { asc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { userPlans, users } from '../../db/schema/index.ts'

export type PlanRow = typeof userPlans.$inferSelect

export function toPlan(row: PlanRow, userCount: number): Plan {
  return {
    id: row.id,
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
    users: userCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

/**
 * A plan's name and description in `lang` where staff wrote them, else the English ones (docs/pricing.md
 * "Plans in three languages").
 */
export function planWords(row: Pick<PlanRow, 'name' | 'description' | 'translations'>, lang: Lang) {
  return inLanguage({ name: row.name, description: row.description }, row.translations, lang).words
}

export async function findPlan(db: Db, id: string): Promise<PlanRow | null> {
  const [row] = await db.select().from(userPlans).where(eq(userPlans.id, id)).limit(1)
  return row ?? null
}

export async function lockPlan(db: Db, id: string): Promise<PlanRow | null> {
  const [row] = await db.select().from(userPlans).where(eq(userPlans.id, id)).limit(1).for('update')
  return row ?? null
}

export async function defaultPlan(db: Db, options: { lock?: boolean } = {}): Promise<PlanRow | null> {
  const query = db.select().from(userPlans).where(eq(userPlans.isDefault, true)).limit(1)
  const [row] = options.lock ? await query.for('update') : await query
  return row ?? null
}

/** The plan a user is on: their own, or the default one when they have none. */
export async function planOfUser(db: Db, userPlanId: string | null): Promise<PlanRow | null> {
  if (userPlanId) {
    const own = await findPlan(db, userPlanId)
    if (own) return own
  }
  return defaultPlan(db)
}

/** Every plan (or the active ones), cheapest first. */
export async function listPlanRows(db: Db, options: { activeOnly: boolean }): Promise<PlanRow[]> {
  const query = db.select().from(userPlans)
  return (options.activeOnly ? query.where(eq(userPlans.active, true)) : query).orderBy(
    asc(userPlans.priceCents),
    asc(userPlans.name),
  )
}

/** Users per plan; users without a plan count for the default one. */
export async function userCounts(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({
      planId: sql<string>`coalesce(${users.userPlanId}, (select d.id from user_plans d where d.is_default limit 1))`,
      n: sql<number>`count(*)::int`,
    })
    .from(users)
    .groupBy(sql`1`)
  const result = new Map<string, number>()
  for (const row of rows) if (row.planId) result.set(row.planId, row.n)
  return result
}
