import {
  capMonthOf,
  capPercent,
  capState,
  formatCalendar,
  formatCents,
  joinName,
  type KeyCapState,
  keySpendCents,
  type Lang,
  localeOf,
  nextMonthStart,
  priceBill,
  translate,
} from '@app/contract'
import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm'
import type { Ctx } from '../../context.ts'
import { type Db, queryRows } from '../../db/client.ts'
import { keys, users } from '../../db/schema/index.ts'
import { loadPriceBook, pricesFor } from '../billing/generate.ts'
import { announceChange } from '../gateway/gateway.ts'
import { privatePrices } from '../pricing/prices.ts'

// Per-key monthly caps (docs/gateway.md "Monthly caps"). The gateway's check stays synchronous and
// counts nothing per key: this measures each capped key's month from the usage counters (what the
// gateway reported, folded within seconds), and when a key reaches a cap it sets `cap_blocked_until`
// to the next month's start and announces the change, so every instance's cache refuses the key
// (KEY_CAP_REACHED) from its next call. The owner gets one e-mail a month at 80 % and one at 100 %.
// Run by the `key-caps` job (every minute, and soon after usage arrives) and by a cap edit, for that key.

/** Owners measured per round of queries. */
const USERS_PER_ROUND = 200

export interface CapsMeasured {
  measured: number
  warned: number
  reached: number
  lifted: number
}

/** A round's totals and the keys whose refusal started or ended (for the cache, once committed). */
interface Round extends CapsMeasured {
  changed: string[]
}

interface CappedKey {
  id: string
  userId: string
  requestCap: number | null
  spendCapCents: bigint | null
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** Calls per key and service this month (UNCLASSIFIED calls are not billed, nor counted here). */
async function keyHits(db: Db, keyIds: readonly string[], from: string, to: string) {
  const rows = await queryRows<{ key_id: string; service: string; hits: string | number }>(
    db,
    sql`select key_id, service, sum(hits)::int8 as hits from usage_daily_live
        where key_id = any(${sql.param([...keyIds])}::text[]) and day >= ${from}::date and day < ${to}::date
          and service <> 'UNCLASSIFIED'
        group by key_id, service`,
  )
  const byKey = new Map<string, Record<string, number>>()
  for (const row of rows) {
    const hits = byKey.get(row.key_id) ?? {}
    hits[row.service] = Number(row.hits)
    byKey.set(row.key_id, hits)
  }
  return byKey
}

/** Each owner's month priced as their bill will be: the exact amount per service, and the discount. */
async function ownersMonth(db: Db, userIds: readonly string[], from: string, to: string) {
  const rows = await queryRows<{ user_id: string; service: string; hits: string | number }>(
    db,
    sql`select user_id, service, sum(hits)::int8 as hits from usage_daily_live
        where user_id = any(${sql.param([...userIds])}::text[]) and day >= ${from}::date and day < ${to}::date
          and service <> 'UNCLASSIFIED'
        group by user_id, service`,
  )
  const hitsOf = new Map<string, Record<string, number>>()
  for (const row of rows) {
    const hits = hitsOf.get(row.user_id) ?? {}
    hits[row.service] = Number(row.hits)
    hitsOf.set(row.user_id, hits)
  }
  const [book, own, flags] = await Promise.all([
    loadPriceBook(db),
    privatePrices(db, userIds),
    db
      .select({ id: users.id, isNew: users.priceBookIsNew, enjoyDiscount: users.enjoyDiscount })
      .from(users)
      .where(inArray(users.id, [...userIds])),
  ])
  const months = new Map<
    string,
    { lines: { service: string; hits: number; nanos: bigint }[]; discountPercent: string }
  >()
  for (const user of flags) {
    const { prices, discountPercent } = pricesFor(book, user, own.get(user.id))
    const bill = priceBill({ hits: hitsOf.get(user.id) ?? {}, prices, discountPercent, freeCreditCents: 0n })
    months.set(user.id, { lines: bill.lines, discountPercent })
  }
  return months
}

interface Measured {
  requests: number
  spendCents: bigint
}

/** Measures the keys, then records each one under its row lock, with its e-mails and cache change. */
async function measureRound(ctx: Ctx, db: Db, capped: CappedKey[], now: Date): Promise<Round> {
  const month = capMonthOf(now.getTime())
  const from = `${month}-01`
  const to = isoDay(nextMonthStart(now.getTime()))
  const hits = await keyHits(
    db,
    capped.map((k) => k.id),
    from,
    to,
  )
  const spenders = [...new Set(capped.filter((k) => k.spendCapCents !== null).map((k) => k.userId))]
  const months = spenders.length > 0 ? await ownersMonth(db, spenders, from, to) : new Map()
  const use = new Map<string, Measured>()
  for (const key of capped) {
    const keyHitsBy = hits.get(key.id) ?? {}
    const owner = months.get(key.userId)
    use.set(key.id, {
      requests: Object.values(keyHitsBy).reduce((sum, n) => sum + n, 0),
      spendCents: owner ? keySpendCents(owner.lines, keyHitsBy, owner.discountPercent) : 0n,
    })
  }
  const totals: Round = { measured: 0, warned: 0, reached: 0, lifted: 0, changed: [] }
  for (const key of capped) {
    const measured = use.get(key.id)
    if (!measured) continue
    const outcome = await record(ctx, db, key.id, measured, now)
    if (!outcome) continue
    totals.measured++
    if (outcome === 'warned') totals.warned++
    if (outcome === 'reached') totals.reached++
    if (outcome === 'lifted') totals.lifted++
    if (outcome === 'reached' || outcome === 'lifted') totals.changed.push(key.id)
  }
  return totals
}

type Outcome = 'measured' | 'warned' | 'reached' | 'lifted'

/**
 * Records one key's use under its row lock. The caps are read again there: an edit that committed
 * since the measurement decides. Sends the month's 80 % and 100 % e-mails once each.
 */
async function record(ctx: Ctx, db: Db, keyId: string, use: Measured, now: Date): Promise<Outcome | null> {
  const month = capMonthOf(now.getTime())
  const locked = await db
    .select({ key: keys, email: users.email, language: users.language, first: users.firstName, last: users.lastName })
    .from(keys)
    .innerJoin(users, eq(users.id, keys.userId))
    .where(eq(keys.id, keyId))
    .for('update', { of: keys })
  const row = locked[0]
  if (!row || row.key.deletedAt) return null
  const caps = { requestCap: row.key.requestCap, spendCapCents: row.key.spendCapCents }
  const state: KeyCapState | null = caps.requestCap === null && caps.spendCapCents === null ? null : capState(use, caps)
  const wasBlocked = row.key.capBlockedUntil !== null && row.key.capBlockedUntil.getTime() > now.getTime()
  const isBlocked = state === 'reached'
  const warnedThisMonth = row.key.capWarnedMonth === month
  // One e-mail a month at 80 % and one on reaching the cap; reaching it straight away sends only the second.
  const mail: 'keyCapWarning' | 'keyCapReached' | null =
    isBlocked && !wasBlocked ? 'keyCapReached' : state === 'warn' && !warnedThisMonth ? 'keyCapWarning' : null
  await db
    .update(keys)
    .set({
      capMonth: month,
      capUsedRequests: use.requests,
      capUsedCents: use.spendCents,
      capMeasuredAt: now,
      capWarnedMonth: state === 'warn' || state === 'reached' ? month : row.key.capWarnedMonth,
      capBlockedUntil: isBlocked ? new Date(nextMonthStart(now.getTime())) : null,
    })
    .where(eq(keys.id, keyId))
  if (isBlocked !== wasBlocked) await announceChange(db, { key: keyId })
  if (mail) {
    const lang = row.language as Lang
    const parts = [
      caps.requestCap === null
        ? null
        : translate(lang, 'keys.mail.capRequests', {
            used: use.requests.toLocaleString(localeOf(lang)),
            cap: caps.requestCap.toLocaleString(localeOf(lang)),
          }),
      caps.spendCapCents === null
        ? null
        : translate(lang, 'keys.mail.capSpend', {
            used: formatCents(use.spendCents),
            cap: formatCents(caps.spendCapCents),
          }),
    ].filter((part) => part !== null)
    const lastDay = new Date(nextMonthStart(now.getTime()) - 86_400_000)
    await ctx.mail.queue(db, {
      to: row.email,
      userId: row.key.userId,
      template: mail,
      lang,
      vars: {
        name: joinName(row.first, row.last) || row.email,
        key: row.key.name,
        percent: Math.min(100, Math.floor(capPercent(use, caps))),
        use: parts.join('; '),
        // The month is UTC's: its last day, whatever the server's time zone.
        monthEnd: formatCalendar(lastDay, lang, 'date', 'UTC'),
      },
    })
  }
  if (isBlocked && !wasBlocked) return 'reached'
  if (!isBlocked && wasBlocked) return 'lifted'
  return mail === 'keyCapWarning' ? 'warned' : 'measured'
}

const capped = or(isNotNull(keys.requestCap), isNotNull(keys.spendCapCents))

/**
 * Measures every live capped key (the job), or only `keyIds` inside the caller's transaction (a cap
 * edit: the answer shows the new state and a raised cap lifts the refusal at once).
 */
export async function measureKeyCaps(
  ctx: Ctx,
  options: { db?: Db; keyIds?: readonly string[]; signal?: AbortSignal } = {},
): Promise<CapsMeasured> {
  const now = ctx.clock.now()
  const totals: CapsMeasured = { measured: 0, warned: 0, reached: 0, lifted: 0 }
  const add = (round: CapsMeasured) => {
    totals.measured += round.measured
    totals.warned += round.warned
    totals.reached += round.reached
    totals.lifted += round.lifted
  }
  if (options.db && options.keyIds) {
    const rows = await options.db
      .select({ id: keys.id, userId: keys.userId, requestCap: keys.requestCap, spendCapCents: keys.spendCapCents })
      .from(keys)
      .where(and(inArray(keys.id, [...options.keyIds]), isNull(keys.deletedAt)))
    add(await measureRound(ctx, options.db, rows, now))
    ctx.mail.kick()
    return totals
  }
  const owners = await ctx.db
    .selectDistinct({ userId: keys.userId })
    .from(keys)
    .where(and(isNull(keys.deletedAt), capped))
  for (let i = 0; i < owners.length; i += USERS_PER_ROUND) {
    if (options.signal?.aborted) break
    const userIds = owners.slice(i, i + USERS_PER_ROUND).map((o) => o.userId)
    const round = await ctx.db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: keys.id, userId: keys.userId, requestCap: keys.requestCap, spendCapCents: keys.spendCapCents })
        .from(keys)
        .where(and(inArray(keys.userId, userIds), isNull(keys.deletedAt), capped))
      return measureRound(ctx, tx, rows, now)
    })
    add(round)
    // Committed: this instance forgets the keys it changed at once; the others hear it by NOTIFY
    // (announceChange), and so would this one, but a moment later.
    for (const id of round.changed) ctx.gateway.cache.evictKey(id)
    ctx.mail.kick()
  }
  return totals
}

/** Usage arriving asks for a measurement at most this often per instance (the cron runs every minute). */
const ASK_AFTER_USAGE_MS = 5_000
const lastAsked = new WeakMap<Ctx, number>()

/** Called when usage arrives: a key's cap is enforced seconds after its usage reaches the portal. */
export function askToMeasureCaps(ctx: Ctx) {
  const now = Date.now()
  if (now - (lastAsked.get(ctx) ?? 0) < ASK_AFTER_USAGE_MS) return
  lastAsked.set(ctx, now)
  ctx.jobs.trigger('key-caps')
}
