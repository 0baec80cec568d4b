// One run of bench/billing.mjs, in a process of its own so that its memory is its own: opens the
// database named by BENCH_DB (a PGlite folder, `memory://`, or a PostgreSQL URL), applies the
// migrations, seeds BENCH_USERS users with a month of usage of every service (one usage_daily row per
// user and service, generated in SQL: a benchmark fixture, not the gateway's path) and a few private
// rates, then times the real `generateBills` of that month, and once more (the rerun creates nothing).
// Prints one line `RESULT {json}`.
import { sql } from 'drizzle-orm'
import { type Database, openPglite, openPostgres } from '../apps/server/src/db/client.ts'
import { systemClock } from '../apps/server/src/lib/clock.ts'
import { generateBills } from '../apps/server/src/modules/billing/generate.ts'

const target = process.env.BENCH_DB ?? 'memory://'
const USERS = Number(process.env.BENCH_USERS ?? 100_000)
const PRIVATE_USERS = 100
const SERVICES = [
  'LOAD_MAP',
  'STATIC_MAP',
  'GEOCODE',
  'FORWARD_GEOCODE',
  'REVERSE_GEOCODE',
  'DIRECTION',
  'DISTANCE_MATRIX',
  'PLACE_DETAIL',
  'AUTOCOMPLETE',
  'SESSION_AUTOCOMPLETE',
  'FIND_PLACE_FROM_TEXT',
  'TRIP',
]
const MiB = 1024 * 1024

const database: Database = target.startsWith('postgres') ? await openPostgres(target) : await openPglite(target)
await database.migrate()
const db = database.db

// The month before this one (UTC): a closed month, as the schedule would bill it.
const now = new Date()
const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
const year = monthStart.getUTCFullYear()
const month = monthStart.getUTCMonth() + 1
const day = monthStart.toISOString().slice(0, 10)

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now()
  const value = await work()
  return { ms: performance.now() - started, value }
}

const seed = await timed(async () => {
  // Every 10th user gets the discount, every 20th is billed by the legacy book.
  await db.execute(sql`
    insert into users (id, email, first_name, last_name, email_verified_at, enjoy_discount, price_book_is_new, created_at, updated_at)
    select 'usr_bench' || lpad(i::text, 21, '0'), 'bench' || i || '@example.com', 'Bench', 'User ' || i, now(),
           i % 10 = 0, i % 20 <> 7, now(), now()
    from generate_series(1, ${USERS}) as i`)
  // Hits from 1 to 600,000 a service: every tier of the current book is crossed by some users. Every
  // 50th user stays under every free allowance (a bill of 0, stored as paid).
  await db.execute(
    sql.raw(`
    insert into usage_daily (key_id, user_id, service, day, hits, ok, client_errors, server_errors, latency_sum, latency_max)
    select 'key_bench' || lpad(u::text, 21, '0'), 'usr_bench' || lpad(u::text, 21, '0'), (array[${SERVICES.map((s) => `'${s}'`).join(',')}])[s + 1],
           '${day}'::date + (u % 28), h, h, 0, 0, h * 20, 300
    from generate_series(1, ${USERS}) as u, generate_series(0, ${SERVICES.length - 1}) as s,
         lateral (select case when u % 50 = 0 then 1 + (u + s) % 1000 else 1 + ((u::int8 * 7919 + s * 104729) % 600000) end as h) x`),
  )
  // A few private GEOCODE rates with ranges of their own.
  await db.execute(sql`
    insert into settings_weight (id, type, rate, free, prefix, paths, is_new, user_id)
    select 'rat_bench' || lpad(i::text, 21, '0'), 'GEOCODE', 0.002, 1000, '/api/v1', '/geocode', true,
           'usr_bench' || lpad((i * 37)::text, 21, '0')
    from generate_series(1, ${PRIVATE_USERS}) as i`)
  await db.execute(sql`
    insert into range_requests (id, setting_id, request_from, request_to, rate, user_id)
    select 'rng_bench' || lpad((i * 2 + r)::text, 21, '0'), 'rat_bench' || lpad(i::text, 21, '0'),
           case r when 0 then 0 else 50000 end, case r when 0 then 50000 else -1 end, case r when 0 then 0.002 else 0.001 end,
           'usr_bench' || lpad((i * 37)::text, 21, '0')
    from generate_series(1, ${PRIVATE_USERS}) as i, generate_series(0, 1) as r`)
  await db.execute(sql`analyze`)
})

/** Peak RSS and heap while `work` runs, sampled every 20 ms. */
async function sampled<T>(work: () => Promise<T>) {
  const peak = { rss: 0, heapUsed: 0 }
  const sample = () => {
    const m = process.memoryUsage()
    peak.rss = Math.max(peak.rss, m.rss)
    peak.heapUsed = Math.max(peak.heapUsed, m.heapUsed)
  }
  sample()
  const before = { ...process.memoryUsage() }
  const timer = setInterval(sample, 20)
  try {
    const result = await timed(work)
    sample()
    return { ...result, before, peak }
  } finally {
    clearInterval(timer)
  }
}

const first = await sampled(() => generateBills({ db, clock: systemClock }, { year, month, trigger: 'admin' }))
const rerun = await timed(() => generateBills({ db, clock: systemClock }, { year, month, trigger: 'admin' }))

const [check] = (
  (await db.execute(sql`
    select count(*)::int as bills, count(paid_at)::int as paid, sum(total_cents)::text as total_cents,
           count(distinct code)::int as codes,
           (select count(*)::int from bills where year = ${year} and month = ${month} and discount_cents > 0) as discounted,
           (select count(*)::int from bills b where year = ${year} and month = ${month}
              and exists (select 1 from jsonb_array_elements(b.lines) l where (l->>4)::int = 1)) as private_lines
    from bills where year = ${year} and month = ${month}`)) as unknown as {
    rows: {
      bills: number
      paid: number
      total_cents: string
      codes: number
      discounted: number
      private_lines: number
    }[]
  }
).rows
if (
  !check ||
  check.bills !== USERS ||
  check.codes !== USERS ||
  first.value.created !== USERS ||
  rerun.value.created !== 0
) {
  throw new Error(`unexpected result: ${JSON.stringify({ check, first: first.value, rerun: rerun.value })}`)
}

const result = {
  engine: database.kind,
  users: USERS,
  services: SERVICES.length,
  usageRows: USERS * SERVICES.length,
  month: `${year}-${String(month).padStart(2, '0')}`,
  seedS: Number((seed.ms / 1000).toFixed(1)),
  generateS: Number((first.ms / 1000).toFixed(2)),
  usersPerS: Math.round(USERS / (first.ms / 1000)),
  rerunS: Number((rerun.ms / 1000).toFixed(2)),
  rssBeforeMiB: Math.round(first.before.rss / MiB),
  rssPeakMiB: Math.round(first.peak.rss / MiB),
  heapBeforeMiB: Math.round(first.before.heapUsed / MiB),
  heapPeakMiB: Math.round(first.peak.heapUsed / MiB),
  bills: check.bills,
  paidZeroBills: check.paid,
  discountedBills: check.discounted,
  billsWithPrivateRates: check.private_lines,
  billedUsd: Number(BigInt(check.total_cents) / 100n).toLocaleString('en'),
}
await database.close()
console.log(`RESULT ${JSON.stringify(result)}`)
process.exit(0)
