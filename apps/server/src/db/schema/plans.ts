import type { PlanTranslations } from '@app/contract'
import { sql } from 'drizzle-orm'
import { bigint, boolean, check, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { tstz } from './columns.ts'

/** Plans (docs/requirements.md §12.1): upstream plan ids, gateway limits and a monthly price. */
export const userPlans = pgTable(
  'user_plans',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    /** The name and description in Burmese and Vietnamese, where staff wrote them (docs/pricing.md "Plans in three languages"). */
    translations: jsonb('translations').$type<PlanTranslations>().notNull().default({}),
    rsapiPlanId: text('rsapi_plan_id'),
    maptilePlanId: text('maptile_plan_id'),
    priceCents: bigint('price_cents', { mode: 'bigint' }).notNull().default(sql`0`),
    /** API requests per `request_limit_duration`; null: unlimited. */
    requestLimit: integer('request_limit'),
    requestLimitDuration: text('request_limit_duration', { enum: ['minute', 'day', 'month'] })
      .notNull()
      .default('month'),
    /** Map loads per `load_limit_duration`; null: unlimited. */
    loadLimit: integer('load_limit'),
    loadLimitDuration: text('load_limit_duration', { enum: ['minute', 'day', 'month'] })
      .notNull()
      .default('month'),
    isDefault: boolean('is_default').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_plans_name_key').on(sql`lower(${t.name})`),
    uniqueIndex('user_plans_one_default').on(t.isDefault).where(sql`${t.isDefault}`),
    check('user_plans_price_check', sql`${t.priceCents} >= 0`),
    check(
      'user_plans_durations_check',
      sql`${t.requestLimitDuration} in ('minute', 'day', 'month') and ${t.loadLimitDuration} in ('minute', 'day', 'month')`,
    ),
  ],
)
