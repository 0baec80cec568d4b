import {
  type BodyOf,
  checkRanges,
  type createRange as createRangeEndpoint,
  type createRateSetting,
  ErrorCode,
  formatCents,
  isStaff,
  type PriceBook,
  type PriceRange,
  popupRates,
  priceOfOneUser as priceOfOneUserEndpoint,
  type RangeProblem,
  type RateSetting,
  type RivalRates,
  ratePer1000,
  type setBillingSettings,
  type setRivalRates,
  type updateRateSetting,
} from '@app/contract'
import { eq, sql } from 'drizzle-orm'
import type { Ctx } from '../../context.ts'
import { type Db, PG_UNIQUE_VIOLATION, pgCode, type Tx } from '../../db/client.ts'
import { rangeRequests, settingsWeight, users } from '../../db/schema/index.ts'
import { mayActForOthers } from '../../http/access.ts'
import { AppError, invalidField, notFound, refused } from '../../http/errors.ts'
import type { AuthUser } from '../../lib/auth-user.ts'
import { newId } from '../../lib/ids.ts'
import type { RequestMeta } from '../../lib/request-meta.ts'
import { writeAudit } from '../audit/audit.ts'
import { announceChange } from '../gateway/gateway.ts'
import { readSetting, writeSetting } from '../settings/settings.ts'
import { findUserById, type UserRow } from '../users/queries.ts'
import {
  billingSettings,
  byServiceOrder,
  commonPrices,
  effectivePrices,
  freeFirstRegisterCents,
  freeMonthCents,
  isServiceType,
  normalRate,
  SETTING_KEYS,
} from './prices.ts'
import {
  listSettings,
  lockSetting,
  presentSetting,
  type RangeRow,
  rangeRowsOf,
  type SettingRow,
  usersOnBook,
} from './queries.ts'
import { DEFAULT_RIVAL } from './rival.ts'

// Rate settings, their ranges, the free and billing settings, the rival's prices and one user's price
// book (docs/requirements.md §8, docs/pricing.md). Every write runs in a
// transaction with its audit row.

type BillingSettings = { discount_percent: string; exchange_rate: string }
type SettingBody = BodyOf<typeof createRateSetting>
type SettingUpdate = BodyOf<typeof updateRateSetting>
type RangeBody = BodyOf<typeof createRangeEndpoint>

function settingExists(type: string) {
  return new AppError(ErrorCode.SettingExists, 409, 'pricing.settingExists', { type })
}

/**
 * Runs a change to the rate settings and announces it: every instance's usage classification reads the
 * paths again as soon as it commits (this one at once, the others when the notice arrives).
 */
async function changeRates<T>(ctx: Ctx, type: string, change: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const result = await change(tx)
      await announceChange(tx, { paths: true })
      return result
    })
  } catch (error) {
    if (pgCode(error) === PG_UNIQUE_VIOLATION) throw settingExists(type)
    throw error
  } finally {
    ctx.usagePaths.forget()
  }
}

function auditView(row: SettingRow) {
  return {
    type: row.type,
    rate: normalRate(row.rate),
    free: row.free,
    prefix: row.prefix,
    paths: row.paths,
    subpath: row.subpath,
    is_new: row.isNew,
    user_id: row.userId,
  }
}

async function presentOrThrow(db: Db, id: string): Promise<RateSetting> {
  const setting = await presentSetting(db, id)
  if (!setting) throw notFound('pricing.settingNotFound')
  return setting
}

export function listRateSettings(ctx: Ctx, query: { is_new: boolean; user_id?: string | undefined }) {
  return listSettings(ctx.db, { isNew: query.is_new, ...(query.user_id ? { userId: query.user_id } : {}) })
}

export function getRateSetting(ctx: Ctx, id: string) {
  return presentOrThrow(ctx.db, id)
}

export async function createSetting(
  ctx: Ctx,
  meta: RequestMeta,
  actor: AuthUser,
  body: SettingBody,
): Promise<RateSetting> {
  const now = ctx.clock.now()
  const userId = body.user_id ?? null
  return changeRates(ctx, body.type, async (tx) => {
    if (userId && !(await findUserById(tx, userId))) throw notFound('users.notFound')
    const [row] = await tx
      .insert(settingsWeight)
      .values({
        id: newId('rat', now.getTime()),
        type: body.type,
        rate: body.rate,
        free: body.free,
        prefix: body.prefix,
        paths: normalisePaths(body.paths),
        subpath: body.subpath ?? null,
        isNew: body.is_new,
        userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    if (!row) throw new Error('insert into settings_weight returned nothing')
    await writeAudit(
      tx,
      actor,
      meta,
      { action: 'rates.setting.create', targetType: 'setting_weight', targetId: row.id, after: auditView(row) },
      now,
    )
    return presentOrThrow(tx, row.id)
  })
}

/** `/geocode, /search` → `/geocode,/search`: the classifier splits on commas. */
function normalisePaths(paths: string): string {
  return paths
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .join(',')
}

export async function updateSetting(
  ctx: Ctx,
  meta: RequestMeta,
  actor: AuthUser,
  id: string,
  body: SettingUpdate,
): Promise<RateSetting> {
  const now = ctx.clock.now()
  return changeRates(ctx, body.type ?? '', async (tx) => {
    const current = await lockSetting(tx, id)
    if (!current) throw notFound('pricing.settingNotFound')
    const type = body.type ?? current.type
    try {
      const [row] = await tx
        .update(settingsWeight)
        .set({
          type,
          rate: body.rate,
          free: body.free,
          prefix: body.prefix,
          paths: normalisePaths(body.paths),
          subpath: body.subpath ?? null,
          isNew: body.is_new,
          updatedAt: now,
        })
        .where(eq(settingsWeight.id, id))
        .returning()
      if (!row) throw notFound('pricing.settingNotFound')
      await writeAudit(
        tx,
        actor,
        meta,
        {
          action: 'rates.setting.update',
          targetType: 'setting_weight',
          targetId: id,
          before: auditView(current),
          after: auditView(row),
        },
        now,
      )
    } catch (error) {
      if (pgCode(error) === PG_UNIQUE_VIOLATION) throw settingExists(type)
      throw error
    }
    return presentOrThrow(tx, id)
  })
}

export async function deleteSetting(ctx: Ctx, meta: RequestMeta, actor: AuthUser, id: string): Promise<null> {
  const now = ctx.clock.now()
  return changeRates(ctx, '', async (tx) => {
    const current = await lockSetting(tx, id)
    if (!current) throw notFound('pricing.settingNotFound')
    // A common setting prices a service for everyone billed by its book: it goes only when nobody is.
    if (current.userId === null && (await usersOnBook(tx, current.isNew)) > 0) {
      throw refused(ErrorCode.CommonInUse, 'pricing.commonInUse', { type: current.type })
    }
    await tx.delete(settingsWeight).where(eq(settingsWeight.id, id))
    await writeAudit(
      tx,
      actor,
      meta,
      { action: 'rates.setting.delete', targetType: 'setting_weight', targetId: id, before: auditView(current) },
      now,
    )
    return null
  })
}

function rangeError(problem: RangeProblem): AppError {
  const { key, index: _index, ...params } = problem as RangeProblem & { from?: number }
  return refused(ErrorCode.RangeInvalid, key, params)
}

function asPriceRange(row: RangeRow): PriceRange {
  return { request_from: row.requestFrom, request_to: row.requestTo, rate: normalRate(row.rate) }
}

/**
 * Changes a setting's ranges under a lock of the setting's row, so concurrent changes are checked one
 * after another against what the previous one left: the set is valid (docs/requirements.md §8.2) after every commit.
 * `change` gets the current ranges and returns the set as it would be; nothing is written if it fails.
 */
async function changeRanges(
  ctx: Ctx,
  settingId: string,
  change: (
    tx: Tx,
    setting: SettingRow,
    ranges: RangeRow[],
  ) => Promise<{ next: PriceRange[]; write: () => Promise<void> }>,
): Promise<RateSetting> {
  return ctx.db.transaction(async (tx) => {
    const setting = await lockSetting(tx, settingId)
    if (!setting) throw notFound('pricing.settingNotFound')
    const ranges = (await rangeRowsOf(tx, [settingId])).get(settingId) ?? []
    const { next, write } = await change(tx, setting, ranges)
    const problem = checkRanges(next)
    if (problem) throw rangeError(problem)
    await write()
    await tx.update(settingsWeight).set({ updatedAt: ctx.clock.now() }).where(eq(settingsWeight.id, settingId))
    return presentOrThrow(tx, settingId)
  })
}

function rangeAudit(row: Pick<RangeRow, 'requestFrom' | 'requestTo' | 'rate'>, settingId: string) {
  return { setting_id: settingId, request_from: row.requestFrom, request_to: row.requestTo, rate: normalRate(row.rate) }
}

export function createRange(ctx: Ctx, meta: RequestMeta | null, actor: AuthUser, settingId: string, body: RangeBody) {
  const now = ctx.clock.now()
  return changeRanges(ctx, settingId, async (tx, setting, ranges) => ({
    next: [...ranges.map(asPriceRange), body],
    write: async () => {
      const id = newId('rng', now.getTime())
      await tx.insert(rangeRequests).values({
        id,
        settingId,
        requestFrom: body.request_from,
        requestTo: body.request_to,
        rate: body.rate,
        userId: setting.userId,
        createById: actor.id,
        updateById: actor.id,
        createdAt: now,
        updatedAt: now,
      })
      await writeAudit(
        tx,
        actor,
        meta,
        {
          action: 'rates.range.create',
          targetType: 'range_request',
          targetId: id,
          after: rangeAudit({ requestFrom: body.request_from, requestTo: body.request_to, rate: body.rate }, settingId),
        },
        now,
      )
    },
  }))
}

export function updateRange(
  ctx: Ctx,
  meta: RequestMeta | null,
  actor: AuthUser,
  settingId: string,
  rangeId: string,
  body: RangeBody,
) {
  const now = ctx.clock.now()
  return changeRanges(ctx, settingId, async (tx, _setting, ranges) => {
    const current = ranges.find((r) => r.id === rangeId)
    if (!current) throw notFound('pricing.rangeNotFound')
    return {
      next: ranges.map((r) => (r.id === rangeId ? body : asPriceRange(r))),
      write: async () => {
        await tx
          .update(rangeRequests)
          .set({
            requestFrom: body.request_from,
            requestTo: body.request_to,
            rate: body.rate,
            updateById: actor.id,
            updatedAt: now,
          })
          .where(eq(rangeRequests.id, rangeId))
        await writeAudit(
          tx,
          actor,
          meta,
          {
            action: 'rates.range.update',
            targetType: 'range_request',
            targetId: rangeId,
            before: rangeAudit(current, settingId),
            after: rangeAudit(
              { requestFrom: body.request_from, requestTo: body.request_to, rate: body.rate },
              settingId,
            ),
          },
          now,
        )
      },
    }
  })
}

export function deleteRange(ctx: Ctx, meta: RequestMeta | null, actor: AuthUser, settingId: string, rangeId: string) {
  const now = ctx.clock.now()
  return changeRanges(ctx, settingId, async (tx, _setting, ranges) => {
    const current = ranges.find((r) => r.id === rangeId)
    if (!current) throw notFound('pricing.rangeNotFound')
    return {
      next: ranges.filter((r) => r.id !== rangeId).map(asPriceRange),
      write: async () => {
        await tx.delete(rangeRequests).where(eq(rangeRequests.id, rangeId))
        await writeAudit(
          tx,
          actor,
          meta,
          {
            action: 'rates.range.delete',
            targetType: 'range_request',
            targetId: rangeId,
            before: rangeAudit(current, settingId),
          },
          now,
        )
      },
    }
  })
}

// Free settings: stored as `{free: "5.00"}` under SETTING_KEYS (prices.ts reads them for bills).

export async function getFree(ctx: Ctx, which: 'month' | 'firstRegister') {
  const cents = which === 'month' ? await freeMonthCents(ctx.db) : await freeFirstRegisterCents(ctx.db)
  return { free: formatCents(cents) }
}

export async function setFree(
  ctx: Ctx,
  meta: RequestMeta,
  actor: AuthUser,
  which: 'month' | 'firstRegister',
  cents: bigint,
) {
  const now = ctx.clock.now()
  const key = which === 'month' ? SETTING_KEYS.freeMonth : SETTING_KEYS.freeFirstRegister
  const free = formatCents(cents)
  await ctx.db.transaction(async (tx) => {
    const before = await getFree({ ...ctx, db: tx }, which)
    await writeSetting(tx, key, { free }, actor.id, now)
    await writeAudit(
      tx,
      actor,
      meta,
      {
        action: which === 'month' ? 'rates.free.month' : 'rates.free.firstRegister',
        targetType: 'setting',
        targetId: key,
        before,
        after: { free },
      },
      now,
    )
  })
  return { free }
}

export async function getBilling(ctx: Ctx): Promise<BillingSettings> {
  const settings = await billingSettings(ctx.db)
  return { discount_percent: settings.discountPercent, exchange_rate: settings.exchangeRate }
}

export async function setBilling(
  ctx: Ctx,
  meta: RequestMeta,
  actor: AuthUser,
  body: BodyOf<typeof setBillingSettings>,
): Promise<BillingSettings> {
  const now = ctx.clock.now()
  const after = { discount_percent: body.discount_percent.trim(), exchange_rate: body.exchange_rate }
  await ctx.db.transaction(async (tx) => {
    const before = await getBilling({ ...ctx, db: tx })
    await writeSetting(tx, SETTING_KEYS.billing, after, actor.id, now)
    await writeAudit(
      tx,
      actor,
      meta,
      { action: 'rates.billing', targetType: 'setting', targetId: SETTING_KEYS.billing, before, after },
      now,
    )
  })
  return after
}

export async function getRival(ctx: Ctx): Promise<RivalRates> {
  const stored = await readSetting<RivalRates>(ctx.db, SETTING_KEYS.rival)
  if (!stored || typeof stored.name !== 'string' || !Array.isArray(stored.services)) return DEFAULT_RIVAL
  return {
    name: stored.name,
    as_of: typeof stored.as_of === 'string' ? stored.as_of : null,
    services: [...stored.services].sort((a, b) => byServiceOrder(a.service, b.service)),
  }
}

export async function setRival(
  ctx: Ctx,
  meta: RequestMeta,
  actor: AuthUser,
  body: BodyOf<typeof setRivalRates>,
): Promise<RivalRates> {
  const now = ctx.clock.now()
  if (body.as_of > now.toISOString().slice(0, 10)) throw invalidField('as_of', 'pricing.rivalDateFuture')
  // One row per service: a later row for the same service replaces an earlier one.
  const services = [...new Map(body.services.map((s) => [s.service, s])).values()].sort((a, b) =>
    byServiceOrder(a.service, b.service),
  )
  const after: RivalRates = { name: body.name, as_of: body.as_of, services }
  await ctx.db.transaction(async (tx) => {
    const before = await getRival({ ...ctx, db: tx })
    await writeSetting(tx, SETTING_KEYS.rival, after, actor.id, now)
    await writeAudit(
      tx,
      actor,
      meta,
      { action: 'rates.rival', targetType: 'setting', targetId: SETTING_KEYS.rival, before, after },
      now,
    )
  })
  return after
}

async function userByEmail(ctx: Ctx, email: string): Promise<UserRow | null> {
  const [row] = await ctx.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1)
  return row ?? null
}

/**
 * The price book one user is billed by, as bills and the popup use it. Customers get their own; an
 * admin (the settings page) names a user by e-mail; staff without an e-mail get the current
 * book's common prices. The guard has refused another user's e-mail to every role but admin.
 */
export async function priceOfOneUser(ctx: Ctx, actor: AuthUser, email: string | undefined): Promise<PriceBook> {
  const given = email?.trim() ? email.trim() : undefined
  let user: UserRow | null = null
  if (given && mayActForOthers(actor, priceOfOneUserEndpoint)) {
    user = await userByEmail(ctx, given)
    if (!user) throw notFound('pricing.userNotFound')
  } else if (given || !isStaff(actor.roles)) {
    // The caller's own address (the guard refused any other), or a customer's popup.
    user = await findUserById(ctx.db, actor.id)
    if (!user) throw notFound('pricing.userNotFound')
  }
  const [book, free, billing] = await Promise.all([
    user
      ? effectivePrices(ctx.db, user.id)
      : commonPrices(ctx.db, true).then((prices) => ({
          isNew: true,
          prices: prices.map((p) => ({ ...p, private: false })),
        })),
    freeMonthCents(ctx.db),
    billingSettings(ctx.db),
  ])
  return {
    user: user ? { id: user.id, email: user.email } : null,
    is_new: book.isNew,
    free_month: formatCents(free),
    discount_percent: billing.discountPercent,
    enjoy_discount: user?.enjoyDiscount ?? false,
    services: book.prices
      .filter((p) => isServiceType(p.service))
      .sort((a, b) => byServiceOrder(a.service, b.service))
      .map((p) => ({
        service: p.service as PriceBook['services'][number]['service'],
        rate: p.rate,
        rate_per_1000: ratePer1000(p.rate),
        free: p.free,
        private: p.private,
        ranges: p.ranges.map((r) => ({ request_from: r.request_from, request_to: r.request_to, rate: r.rate })),
        popup: popupRates(p.ranges, p.rate),
      })),
  }
}

export async function setUserPriceBook(
  ctx: Ctx,
  meta: RequestMeta,
  actor: AuthUser,
  userId: string,
  isNew: boolean,
): Promise<{ user_id: string; is_new: boolean }> {
  const now = ctx.clock.now()
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, userId)).limit(1).for('update')
    if (!current) throw notFound('users.notFound')
    await tx.update(users).set({ priceBookIsNew: isNew, updatedAt: now }).where(eq(users.id, userId))
    await writeAudit(
      tx,
      actor,
      meta,
      {
        action: 'rates.priceBook',
        targetType: 'user',
        targetId: userId,
        before: { is_new: current.priceBookIsNew },
        after: { is_new: isNew },
      },
      now,
    )
    return { user_id: userId, is_new: isNew }
  })
}
