import { randomBytes } from 'node:crypto'
import {
  type BillingRun,
  type BillResult,
  billCode,
  centsToVnd,
  ErrorCode,
  formatCents,
  formatRate,
  monthBounds,
  priceBill,
  type Seller,
  type ServicePrice,
} from '@app/contract'
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { type Db, PG_UNIQUE_VIOLATION, pgCode, pgConstraint, queryRows } from '../../db/client.ts'
import { billingRuns, users } from '../../db/schema/index.ts'
import { AppError } from '../../http/errors.ts'
import type { Clock } from '../../lib/clock.ts'
import { newId } from '../../lib/ids.ts'
import { billingSettings, commonPrices, freeMonthCents, mergePrices, privatePrices } from '../pricing/prices.ts'
import { readSeller } from '../settings/seller.ts'
import { type StoredLine, type StoredTier, toBillingRun } from './queries.ts'

// Monthly bill generation (docs/requirements.md §9.1, docs/billing.md). For a closed month, every user with billable usage gets one bill,
// priced by the contract's `priceBill` with their book's common rates under their private ones. Users
// are taken in id order, CHUNK at a time: one query for the chunk's users, one aggregate of their usage,
// two for their private rates, one for the codes and one multi-row insert, in one transaction. A
// user's bill of a month is unique (user_id, year, month) and inserted with ON CONFLICT DO NOTHING, so a
// rerun, a second instance or a run restarted after a crash creates no bill twice.

const CHUNK_USERS = 2000
/** A running run whose heartbeat is older than this is taken for dead and marked failed. */
const STALE_RUN_MS = 10 * 60_000

export interface GenerateDeps {
  db: Db
  clock: Clock
  log?: Pick<FastifyBaseLogger, 'info' | 'error'>
}

export interface GenerateOptions {
  year: number
  month: number
  trigger: 'schedule' | 'admin'
  /** The admin who started it; null for the schedule. */
  actor?: string | null
  chunkSize?: number
  /** Stops the run between two chunks (server shutdown); it is then marked failed and redone later. */
  signal?: AbortSignal
}

/** The prices, settings and credit every bill of a run is priced with, read once per run. */
export interface PriceBook {
  common: { current: ServicePrice[]; legacy: ServicePrice[] }
  discountPercent: string
  exchangeRate: string
  freeCreditCents: bigint
}

export async function loadPriceBook(db: Db): Promise<PriceBook> {
  const [current, legacy, settings, freeCreditCents] = await Promise.all([
    commonPrices(db, true),
    commonPrices(db, false),
    billingSettings(db),
    freeMonthCents(db),
  ])
  return { common: { current, legacy }, ...settings, freeCreditCents }
}

/** A user's prices (their book's common ones under their private ones) and discount. */
export function pricesFor(
  book: PriceBook,
  user: { isNew: boolean; enjoyDiscount: boolean },
  own: readonly ServicePrice[] | undefined,
) {
  const common = user.isNew ? book.common.current : book.common.legacy
  return {
    // Most users have no private rate: their book's merged list is made once per run.
    prices: own === undefined ? commonMerged(book, user.isNew) : mergePrices(common, own),
    discountPercent: user.enjoyDiscount ? book.discountPercent : '0',
  }
}

const merged = new WeakMap<PriceBook, { current?: MergedPrice[]; legacy?: MergedPrice[] }>()
type MergedPrice = ReturnType<typeof mergePrices>[number]

function commonMerged(book: PriceBook, isNew: boolean): MergedPrice[] {
  let entry = merged.get(book)
  if (!entry) {
    entry = {}
    merged.set(book, entry)
  }
  if (isNew) {
    entry.current ??= mergePrices(book.common.current, undefined)
    return entry.current
  }
  entry.legacy ??= mergePrices(book.common.legacy, undefined)
  return entry.legacy
}

interface PricedBill {
  result: BillResult
  /** The lines as stored (see `StoredLine`): the services used, each with the tiers it reached. */
  lines: StoredLine[]
  discountPercent: string
}

/**
 * One user's bill by the one pricing function: `hits` per service, the user's book and flags, their
 * private prices. Lines are kept for the services used, each with the tiers its requests fell in.
 */
function priceUserBill(
  book: PriceBook,
  user: { isNew: boolean; enjoyDiscount: boolean },
  own: readonly ServicePrice[] | undefined,
  hits: Readonly<Record<string, number>>,
): PricedBill {
  const { prices, discountPercent } = pricesFor(book, user, own)
  const result = priceBill({ hits, prices, discountPercent, freeCreditCents: book.freeCreditCents })
  const lines: StoredLine[] = []
  for (const [i, line] of result.lines.entries()) {
    if (line.hits <= 0) continue
    const tiers: StoredTier[] = []
    for (const tier of line.tiers) {
      if (tier.requests > 0) {
        tiers.push([tier.request_from, tier.request_to, tier.rate, tier.requests, formatRate(tier.nanos)])
      }
    }
    // priceBill keeps the order of `prices`, so the i-th line is priced by the i-th price.
    const isPrivate = prices[i]?.service === line.service && prices[i]?.private === true
    lines.push([
      line.service,
      line.hits,
      line.free,
      line.billable,
      isPrivate ? 1 : 0,
      formatCents(line.subtotalCents),
      tiers,
    ])
  }
  return { result, lines, discountPercent }
}

/** The month before the one `now` falls in (UTC), and when it closed. */
export function previousMonth(now: Date): { year: number; month: number; closedAt: Date } {
  const closedAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
  const previous = new Date(closedAt.getTime() - 1)
  return { year: previous.getUTCFullYear(), month: previous.getUTCMonth() + 1, closedAt }
}

/** The instant a month ends (the first moment of the next one, UTC). */
function monthEnd(year: number, month: number): Date {
  return new Date(Date.UTC(year, month, 1))
}

const runBusy = (year: number, month: number) =>
  new AppError(ErrorCode.BillingRunBusy, 409, 'billing.runBusy', { month: `${year}-${String(month).padStart(2, '0')}` })

const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz'

/**
 * `count` bill ids of lib/ids.ts's shape (`bil_` + 10 characters of time + 16 random), drawing the
 * randomness for all of them at once: one call to the system's generator per chunk, not per bill.
 */
function billIds(now: number, count: number): string[] {
  let time = ''
  for (let i = 0, t = now; i < 10; i++, t = Math.floor(t / 32)) time = CROCKFORD[t % 32] + time
  const random = randomBytes(count * 10)
  const ids: string[] = []
  for (let n = 0; n < count; n++) {
    let tail = ''
    // 80 random bits as 16 characters of 5 bits.
    for (let half = 0; half < 2; half++) {
      let value = 0
      for (let b = 0; b < 5; b++) value = value * 256 + (random[n * 10 + half * 5 + b] ?? 0)
      for (let c = 7; c >= 0; c--) tail += CROCKFORD[Math.floor(value / 32 ** c) % 32]
    }
    ids.push(`bil_${time}${tail}`)
  }
  return ids
}

interface ChunkResult {
  lastId: string
  users: number
  created: number
  skipped: number
}

/**
 * Generates the bills of a closed month and records the run in `billing_runs`. Throws 409
 * `billing.runBusy` while another run of the month is going; a run whose heartbeat stopped more than
 * STALE_RUN_MS ago is marked failed first, so a crash never blocks the month for good.
 */
export async function generateBills(deps: GenerateDeps, options: GenerateOptions): Promise<BillingRun> {
  const { db, clock } = deps
  const { year, month } = options
  const size = options.chunkSize ?? CHUNK_USERS
  const started = clock.now()
  await db
    .update(billingRuns)
    .set({ status: 'failed', finishedAt: started, error: 'no heartbeat for 10 minutes: the run was taken for dead' })
    .where(
      and(
        eq(billingRuns.year, year),
        eq(billingRuns.month, month),
        eq(billingRuns.status, 'running'),
        lt(billingRuns.heartbeatAt, new Date(started.getTime() - STALE_RUN_MS)),
      ),
    )
  const runId = newId('brn', started.getTime())
  try {
    await db.insert(billingRuns).values({
      id: runId,
      year,
      month,
      status: 'running',
      trigger: options.trigger,
      startedBy: options.actor ?? null,
      startedAt: started,
      heartbeatAt: started,
    })
  } catch (error) {
    if (pgCode(error) === PG_UNIQUE_VIOLATION && pgConstraint(error) !== 'billing_runs_pkey') throw runBusy(year, month)
    throw error
  }

  const totals = { users: 0, created: 0, skipped: 0 }
  try {
    const [book, seller] = await Promise.all([loadPriceBook(db), readSeller(db)])
    const billDate = clock.now()
    let after = ''
    for (;;) {
      options.signal?.throwIfAborted()
      const chunk = await db.transaction((tx) => billChunk(tx, book, { year, month, billDate, after, size, seller }))
      if (!chunk) break
      totals.users += chunk.users
      totals.created += chunk.created
      totals.skipped += chunk.skipped
      after = chunk.lastId
      await db
        .update(billingRuns)
        .set({ heartbeatAt: clock.now(), ...totals })
        .where(eq(billingRuns.id, runId))
    }
    const [row] = await db
      .update(billingRuns)
      .set({ status: 'done', finishedAt: clock.now(), heartbeatAt: clock.now(), ...totals })
      .where(eq(billingRuns.id, runId))
      .returning()
    deps.log?.info({ year, month, ...totals }, 'bills generated')
    if (!row) throw new Error(`billing run ${runId} vanished`)
    return toBillingRun(row)
  } catch (error) {
    deps.log?.error({ err: error, year, month }, 'bill generation failed')
    await db
      .update(billingRuns)
      .set({
        status: 'failed',
        finishedAt: clock.now(),
        ...totals,
        error: String((error as Error).message ?? error).slice(0, 500),
      })
      .where(eq(billingRuns.id, runId))
    throw error
  }
}

/**
 * The next `size` users after `after` (by id) with their book and flags, and the month's billable hits
 * of those who used the API (hits by service as JSON); null when no user is left. The chunk's users are
 * a contiguous id range: one range scan of the (user_id, day) index, and one row per user rather than
 * one per user and service. The bill run and the accrued revenue walk the users with it.
 */
async function nextChunk(db: Db, after: string, size: number, year: number, month: number) {
  const people = await db
    .select({ id: users.id, isNew: users.priceBookIsNew, enjoyDiscount: users.enjoyDiscount })
    .from(users)
    .where(gt(users.id, after))
    .orderBy(asc(users.id))
    .limit(size)
  const first = people[0]
  const last = people[people.length - 1]
  if (!first || !last) return null
  const { from, to } = monthBounds(year, month)
  const usage = await queryRows<{ user_id: string; hits: string }>(
    db,
    sql`
    select u.user_id, json_object_agg(u.service, u.hits)::text as hits
    from (
      select d.user_id, d.service, sum(d.hits)::int8 as hits
      from usage_daily_live d
      where d.user_id >= ${first.id} and d.user_id <= ${last.id}
        and d.day >= ${from}::date and d.day <= ${to}::date
        and d.service <> 'UNCLASSIFIED'
      group by d.user_id, d.service
      having sum(d.hits) > 0
    ) u
    group by u.user_id`,
  )
  return { people, usage, first, last }
}

/** Bills the next `size` users after `after` (by id); null when no user is left. */
async function billChunk(
  db: Db,
  book: PriceBook,
  run: { year: number; month: number; billDate: Date; after: string; size: number; seller: Seller },
): Promise<ChunkResult | null> {
  const chunk = await nextChunk(db, run.after, run.size, run.year, run.month)
  if (!chunk) return null
  const { people, usage, first, last } = chunk
  const { from, to } = monthBounds(run.year, run.month)
  const billed = await queryRows<{ user_id: string }>(
    db,
    sql`select user_id from bills where user_id >= ${first.id} and user_id <= ${last.id}
        and year = ${run.year} and month = ${run.month}`,
  )
  const alreadyBilled = new Set(billed.map((row) => row.user_id))
  const hitsByUser = new Map<string, Record<string, number>>()
  let skipped = 0
  for (const row of usage) {
    if (alreadyBilled.has(row.user_id)) skipped++
    else hitsByUser.set(row.user_id, JSON.parse(row.hits) as Record<string, number>)
  }
  const toBill = people.filter((p) => hitsByUser.has(p.id))
  const result: ChunkResult = { lastId: last.id, users: toBill.length + skipped, created: 0, skipped }
  if (toBill.length === 0) return result

  const own = await privatePrices(
    db,
    toBill.map((p) => p.id),
  )
  const serials = await queryRows<{ n: string | number }>(
    db,
    sql`select nextval('bill_code_seq')::int8 as n from generate_series(1, ${toBill.length})`,
  )

  // Rows travel as one JSON document (lines embedded as JSON, not as escaped text): one parameter,
  // parsed once by PostgreSQL, whatever the chunk's size.
  const ids = billIds(run.billDate.getTime(), toBill.length)
  const rows: string[] = []
  for (const [i, person] of toBill.entries()) {
    const priced = priceUserBill(book, person, own.get(person.id), hitsByUser.get(person.id) ?? {})
    const serial = serials[i]?.n
    if (serial === undefined) throw new Error('bill_code_seq gave fewer numbers than asked')
    const r = priced.result
    rows.push(
      JSON.stringify({
        id: ids[i],
        user_id: person.id,
        code: billCode(run.year, run.month, BigInt(serial)),
        is_new: person.isNew,
        lines: priced.lines,
        before: String(r.amountBeforeDiscountCents),
        percent: priced.discountPercent,
        discount: String(r.discountCents),
        amount: String(r.amountCents),
        credit: String(r.freeCreditCents),
        total: String(r.totalCents),
        vnd: String(centsToVnd(r.totalCents, book.exchangeRate)),
      }),
    )
  }

  const billDate = run.billDate.toISOString()
  // A bill of 0 is paid the moment it exists (by nobody).
  const inserted = await queryRows<{ user_id: string }>(
    db,
    sql`
    insert into bills (id, user_id, year, month, code, bill_date, billed_from, billed_to, is_new, lines,
      amount_before_discount_cents, discount_percent, discount_cents, amount_cents, free_credit_cents,
      total_cents, exchange_rate, total_vnd, transfer_content, seller, paid_at, created_at)
    select r.id, r.user_id, ${run.year}, ${run.month}, r.code, ${billDate}::timestamptz, ${from}::date, ${to}::date,
      r.is_new, r.lines, r.before, r.percent, r.discount, r.amount, r.credit, r.total,
      ${book.exchangeRate}::numeric, r.vnd, r.code, ${sellerJson(run.seller)}::jsonb,
      case when r.total = 0 then ${billDate}::timestamptz end, ${billDate}::timestamptz
    from json_to_recordset(${`[${rows.join(',')}]`}::json)
      as r(id text, user_id text, code text, is_new boolean, lines jsonb, before int8, percent numeric,
           discount int8, amount int8, credit int8, total int8, vnd int8)
    on conflict (user_id, year, month) do nothing
    returning user_id`,
  )
  result.created = inserted.length
  result.skipped += toBill.length - inserted.length
  return result
}

/** The seller a bill keeps: null while none is set, so the bill shows the setting once there is one. */
function sellerJson(seller: Seller): string | null {
  return seller.name || seller.address || seller.tax_code ? JSON.stringify(seller) : null
}

/** Refuses a month that has not ended yet (422). */
export function assertMonthClosed(now: Date, year: number, month: number) {
  if (now < monthEnd(year, month)) throw new AppError(ErrorCode.MonthNotClosed, 422, 'billing.monthNotClosed')
}

/**
 * What the month's usage so far would bill, summed over every account that used the API: each by its
 * own book, flags and private prices and the same pricing function the bill run uses, so the
 * back-office overview's accrued revenue (issue 21) becomes the month's bills when it closes, before
 * payments. Accounts are priced CHUNK_USERS at a time.
 */
export async function accruedCents(db: Db, year: number, month: number, chunkSize = CHUNK_USERS): Promise<bigint> {
  const book = await loadPriceBook(db)
  let total = 0n
  let after = ''
  for (;;) {
    // As the bill run walks, so the month's usage is read once in all, not once more per chunk.
    const chunk = await nextChunk(db, after, chunkSize, year, month)
    if (!chunk) return total
    const { people, usage, last } = chunk
    if (usage.length > 0) {
      const byId = new Map(people.map((person) => [person.id, person]))
      const own = await privatePrices(
        db,
        usage.map((row) => row.user_id),
      )
      for (const row of usage) {
        const person = byId.get(row.user_id)
        if (!person) continue
        const hits = JSON.parse(row.hits) as Record<string, number>
        total += priceUserBill(book, person, own.get(row.user_id), hits).result.totalCents
      }
    }
    if (people.length < chunkSize) return total
    after = last.id
  }
}
