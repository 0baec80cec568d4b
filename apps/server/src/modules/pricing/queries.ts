import { type RangeRequest, type RateSetting, ratePer1000, type ServiceType } from '@app/contract'
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { rangeRequests, settingsWeight, users } from '../../db/schema/index.ts'
import { byServiceOrder, isServiceType, normalRate } from './prices.ts'

export type SettingRow = typeof settingsWeight.$inferSelect
export type RangeRow = typeof rangeRequests.$inferSelect

/** Locks a setting's row for the rest of the transaction: changes to its ranges are serialised by it. */
export async function lockSetting(db: Db, id: string): Promise<SettingRow | null> {
  const [row] = await db.select().from(settingsWeight).where(eq(settingsWeight.id, id)).limit(1).for('update')
  return row ?? null
}

export async function rangeRowsOf(db: Db, settingIds: readonly string[]): Promise<Map<string, RangeRow[]>> {
  const result = new Map<string, RangeRow[]>()
  if (settingIds.length === 0) return result
  const rows = await db
    .select()
    .from(rangeRequests)
    .where(inArray(rangeRequests.settingId, [...settingIds]))
    .orderBy(asc(rangeRequests.settingId), asc(rangeRequests.requestFrom))
  for (const row of rows) {
    const list = result.get(row.settingId) ?? []
    list.push(row)
    result.set(row.settingId, list)
  }
  return result
}

function toRange(row: RangeRow): RangeRequest {
  const rate = normalRate(row.rate)
  return {
    id: row.id,
    setting_id: row.settingId,
    request_from: row.requestFrom,
    request_to: row.requestTo,
    rate,
    rate_per_1000: ratePer1000(rate),
    user_id: row.userId,
    create_by_id: row.createById,
    update_by_id: row.updateById,
  }
}

function toRateSetting(row: SettingRow, userEmail: string | null, ranges: readonly RangeRow[]): RateSetting {
  const rate = normalRate(row.rate)
  return {
    id: row.id,
    type: row.type as ServiceType,
    rate,
    rate_per_1000: ratePer1000(rate),
    free: row.free,
    prefix: row.prefix,
    paths: row.paths,
    subpath: row.subpath,
    is_new: row.isNew,
    user_id: row.userId,
    user_email: userEmail,
    ranges: ranges.map(toRange),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

/** Settings with their owner's e-mail and ranges, in service order. */
async function present(db: Db, rows: readonly { setting: SettingRow; email: string | null }[]): Promise<RateSetting[]> {
  const ranges = await rangeRowsOf(
    db,
    rows.map((r) => r.setting.id),
  )
  return rows
    .filter((r) => isServiceType(r.setting.type))
    .sort((a, b) => byServiceOrder(a.setting.type, b.setting.type))
    .map((r) => toRateSetting(r.setting, r.email, ranges.get(r.setting.id) ?? []))
}

/** The common settings of a book, or (with `userId`) that user's private ones in it. */
export async function listSettings(db: Db, filter: { isNew: boolean; userId?: string }): Promise<RateSetting[]> {
  const rows = await db
    .select({ setting: settingsWeight, email: users.email })
    .from(settingsWeight)
    .leftJoin(users, eq(users.id, settingsWeight.userId))
    .where(
      and(
        eq(settingsWeight.isNew, filter.isNew),
        filter.userId ? eq(settingsWeight.userId, filter.userId) : isNull(settingsWeight.userId),
      ),
    )
  return present(db, rows)
}

export async function presentSetting(db: Db, id: string): Promise<RateSetting | null> {
  const rows = await db
    .select({ setting: settingsWeight, email: users.email })
    .from(settingsWeight)
    .leftJoin(users, eq(users.id, settingsWeight.userId))
    .where(eq(settingsWeight.id, id))
    .limit(1)
  const [setting] = await present(db, rows)
  return setting ?? null
}

/** How many users are billed by a price book (a common setting of a book in use cannot go). */
export async function usersOnBook(db: Db, isNew: boolean): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.priceBookIsNew, isNew))
  return row?.n ?? 0
}
