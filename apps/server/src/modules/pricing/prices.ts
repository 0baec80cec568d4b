import {
  formatRate,
  type PriceRange,
  parseMoney,
  parseRate,
  SERVICE_TYPES,
  type ServicePrice,
  type ServiceType,
} from '@app/contract'
import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { rangeRequests, settingsWeight, users } from '../../db/schema/index.ts'
import { readSetting } from '../settings/settings.ts'

// The prices a bill, the pricing popup and the dashboard estimate use (docs/requirements.md §8,
// docs/pricing.md). A price book (`is_new` true: current, false: legacy) holds one common rate setting per
// service; a user's private setting of a type, in the book they are billed by, overrides the common
// one of that type. Each setting may have graduated ranges (docs/requirements.md §8.2); without ranges every request
// costs the setting's flat `rate`.

/** Keys of the generic `settings` table the free and billing settings live under. */
export const SETTING_KEYS = {
  freeMonth: 'pricing.free_month',
  freeFirstRegister: 'pricing.free_first_register',
  billing: 'pricing.billing',
  rival: 'pricing.rival',
} as const

/** Defaults until an admin sets them (USD with 2 decimals; percent; VND per USD). */
const DEFAULT_FREE_MONTH = '5.00'
const DEFAULT_FREE_FIRST_REGISTER = '10.00'
const DEFAULT_DISCOUNT_PERCENT = '10'
const DEFAULT_EXCHANGE_RATE = '25400'

const SERVICE_ORDER = new Map<string, number>(SERVICE_TYPES.map((s, i) => [s, i]))

/** Sorts by the order of service types of docs/requirements.md §1.4 (LOAD_MAP first), unknown types last. */
export function byServiceOrder(a: string, b: string): number {
  return (SERVICE_ORDER.get(a) ?? SERVICE_ORDER.size) - (SERVICE_ORDER.get(b) ?? SERVICE_ORDER.size)
}

export function isServiceType(type: string): type is ServiceType {
  return SERVICE_ORDER.has(type)
}

/** `numeric(18,8)` comes back as "0.00500000": the shortest exact form, "0.005". */
export function normalRate(value: string): string {
  return formatRate(parseRate(value))
}

type SettingRow = typeof settingsWeight.$inferSelect

/** Ranges of the given settings, by setting id, sorted by `request_from`. */
async function rangesBySetting(db: Db, settingIds: readonly string[]): Promise<Map<string, PriceRange[]>> {
  const result = new Map<string, PriceRange[]>()
  if (settingIds.length === 0) return result
  const rows = await db
    .select({
      settingId: rangeRequests.settingId,
      requestFrom: rangeRequests.requestFrom,
      requestTo: rangeRequests.requestTo,
      rate: rangeRequests.rate,
    })
    .from(rangeRequests)
    .where(inArray(rangeRequests.settingId, [...settingIds]))
    .orderBy(asc(rangeRequests.settingId), asc(rangeRequests.requestFrom))
  for (const row of rows) {
    const list = result.get(row.settingId) ?? []
    list.push({ request_from: row.requestFrom, request_to: row.requestTo, rate: normalRate(row.rate) })
    result.set(row.settingId, list)
  }
  return result
}

function toPrice(row: SettingRow, ranges: Map<string, PriceRange[]>): ServicePrice {
  return { service: row.type, rate: normalRate(row.rate), free: row.free, ranges: ranges.get(row.id) ?? [] }
}

/** The common price of every service in one book (`isNew` true: the current book), by service type. */
export async function commonPrices(db: Db, isNew: boolean): Promise<ServicePrice[]> {
  const rows = await db
    .select()
    .from(settingsWeight)
    .where(and(isNull(settingsWeight.userId), eq(settingsWeight.isNew, isNew)))
  const ranges = await rangesBySetting(
    db,
    rows.map((r) => r.id),
  )
  return rows.sort((a, b) => byServiceOrder(a.type, b.type)).map((row) => toPrice(row, ranges))
}

/**
 * The private settings of many users at once (two queries whatever their number), by user id. With
 * `isNew`, the private settings of that book; without it, of the book each user is billed by
 * (`users.price_book_is_new`). Users without private settings are absent from the map.
 */
export async function privatePrices(
  db: Db,
  userIds: readonly string[],
  isNew?: boolean,
): Promise<Map<string, ServicePrice[]>> {
  const result = new Map<string, ServicePrice[]>()
  if (userIds.length === 0) return result
  const ids = [...new Set(userIds)]
  const rows =
    isNew === undefined
      ? await db
          .select({ setting: settingsWeight })
          .from(settingsWeight)
          .innerJoin(users, and(eq(users.id, settingsWeight.userId), eq(users.priceBookIsNew, settingsWeight.isNew)))
          .where(inArray(settingsWeight.userId, ids))
          .orderBy(asc(settingsWeight.type))
          .then((found) => found.map((r) => r.setting))
      : await db
          .select()
          .from(settingsWeight)
          .where(and(inArray(settingsWeight.userId, ids), eq(settingsWeight.isNew, isNew)))
          .orderBy(asc(settingsWeight.type))
  const ranges = await rangesBySetting(
    db,
    rows.map((r) => r.id),
  )
  for (const row of rows) {
    if (!row.userId) continue
    const list = result.get(row.userId) ?? []
    list.push(toPrice(row, ranges))
    result.set(row.userId, list)
  }
  return result
}

/** Common prices with a user's private ones laid over them (by service type), in service order. */
export function mergePrices(
  common: readonly ServicePrice[],
  own: readonly ServicePrice[] | undefined,
): (ServicePrice & { private: boolean })[] {
  const byService = new Map<string, ServicePrice & { private: boolean }>()
  for (const price of common) byService.set(price.service, { ...price, private: false })
  for (const price of own ?? []) byService.set(price.service, { ...price, private: true })
  return [...byService.values()].sort((a, b) => byServiceOrder(a.service, b.service))
}

/** The prices one user is billed by: their book's common settings, overridden by their private ones. */
export async function effectivePrices(
  db: Db,
  userId: string,
): Promise<{ isNew: boolean; prices: (ServicePrice & { private: boolean })[] }> {
  const [user] = await db.select({ isNew: users.priceBookIsNew }).from(users).where(eq(users.id, userId)).limit(1)
  const isNew = user?.isNew ?? true
  const [common, own] = await Promise.all([commonPrices(db, isNew), privatePrices(db, [userId], isNew)])
  return { isNew, prices: mergePrices(common, own.get(userId)) }
}

/** A money setting stored as `{free: "5.00"}`, in cents; the default when never set or unreadable. */
async function moneySetting(db: Db, key: string, fallback: string): Promise<bigint> {
  const stored = await readSetting<{ free?: unknown }>(db, key)
  const value = typeof stored?.free === 'string' ? parseMoney(stored.free) : null
  return value ?? parseMoney(fallback) ?? 0n
}

/** The free credit every bill gets each month (docs/requirements.md §8.4), in cents. */
export async function freeMonthCents(db: Db): Promise<bigint> {
  return moneySetting(db, SETTING_KEYS.freeMonth, DEFAULT_FREE_MONTH)
}

/** The credit a verified new account gets once, in cents. */
export async function freeFirstRegisterCents(db: Db): Promise<bigint> {
  return moneySetting(db, SETTING_KEYS.freeFirstRegister, DEFAULT_FREE_FIRST_REGISTER)
}

/** The discount percentage (for users whose enjoy-discount flag is on) and VND per USD. */
export async function billingSettings(db: Db): Promise<{ discountPercent: string; exchangeRate: string }> {
  const stored = await readSetting<{ discount_percent?: unknown; exchange_rate?: unknown }>(db, SETTING_KEYS.billing)
  return {
    discountPercent: typeof stored?.discount_percent === 'string' ? stored.discount_percent : DEFAULT_DISCOUNT_PERCENT,
    exchangeRate: typeof stored?.exchange_rate === 'string' ? stored.exchange_rate : DEFAULT_EXCHANGE_RATE,
  }
}
