// The server under test for bench/usage.mjs: the real app (the real POST /v1/gateway/usage and
// statistics routes) on the database named by BENCH_DB (`memory://`, a PGlite folder, or a PostgreSQL
// URL), seeded with 10,000 users and 20,000 keys plus one busy customer with 7 keys, and an admin
// signed in for the statistics calls. The benchmark drives it over HTTP; over IPC it asks for the
// work that has to happen inside the database's process: resets, the raw COPY baseline, and the
// generated 10-million-row data set for the query timings.
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { from as copyFrom, to as copyTo } from 'pg-copy-streams'
import { buildApp } from '../apps/server/src/app.ts'
import { loadConfig } from '../apps/server/src/config.ts'
import { type Database, openPglite, openPostgres } from '../apps/server/src/db/client.ts'
import { newId } from '../apps/server/src/lib/ids.ts'
import { hashPassword } from '../apps/server/src/lib/passwords.ts'
import { insertUser } from '../apps/server/src/modules/users/queries.ts'

const target = process.env.BENCH_DB ?? 'memory://'
const port = Number(process.env.PORT ?? 3470)
const USERS = 10_000
const KEYS = 20_000
/** The busy customer of the query timings: 7 keys, each calling 2 services (8 in all) every hour of the year. */
const BUSY_KEYS = 7
const SERVICES = [
  'LOAD_MAP',
  'GEOCODE',
  'AUTOCOMPLETE',
  'DIRECTION',
  'REVERSE_GEOCODE',
  'PLACE_DETAIL',
  'STATIC_MAP',
  'DISTANCE_MATRIX',
  'SESSION_AUTOCOMPLETE',
  'FORWARD_GEOCODE',
  'FIND_PLACE_FROM_TEXT',
  'TRIP',
]

const database: Database = target.startsWith('postgres') ? await openPostgres(target) : await openPglite(target)
await database.migrate()
const db = database.db
const pglite: PGlite | undefined = database.pglite

async function rows<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] }
  return result.rows
}

async function seed(): Promise<number> {
  const started = performance.now()
  const [existing] = await rows<{ n: number }>(sql`select count(*)::int as n from users where email like 'bench%'`)
  if (existing?.n) return 0
  await db.execute(sql`
    insert into users (id, email, first_name, last_name, email_verified_at, created_at, updated_at)
    select 'usr_bench' || lpad(i::text, 21, '0'), 'bench' || i || '@example.com', 'Bench', 'User ' || i, now(), now(), now()
    from generate_series(0, ${USERS}) as i`)
  await db.execute(sql`
    insert into keys (id, user_id, name, type, secret_ciphertext, secret_preview, created_at, updated_at)
    select 'key_bench' || lpad(i::text, 21, '0'), 'usr_bench' || lpad((1 + (i - 1) % ${USERS})::text, 21, '0'),
           'Bench key ' || i, 'api_key', 'not-used-by-the-benchmark', 'mk_…' || i, now(), now()
    from generate_series(1, ${KEYS}) as i`)
  // User 0 is the busy customer.
  await db.execute(sql`
    insert into keys (id, user_id, name, type, secret_ciphertext, secret_preview, created_at, updated_at)
    select 'key_busyy' || lpad(i::text, 21, '0'), 'usr_bench' || lpad('0', 21, '0'),
           'Busy key ' || i, 'api_key', 'not-used-by-the-benchmark', 'mk_…' || i, now(), now()
    from generate_series(1, ${BUSY_KEYS}) as i`)
  await db.execute(sql`analyze`)
  return Math.round(performance.now() - started)
}

async function adminToken(app: Awaited<ReturnType<typeof buildApp>>['app']): Promise<string> {
  const email = 'bench-admin@example.com'
  const password = 'bench-admin-password'
  const [existing] = await rows<{ id: string }>(sql`select id from users where email = ${email}`)
  if (!existing) {
    const now = new Date()
    await insertUser(
      db,
      {
        id: newId('usr', now.getTime()),
        email,
        passwordHash: await hashPassword(password),
        firstName: 'Bench',
        lastName: 'Admin',
        emailVerifiedAt: now,
        createdAt: now,
        updatedAt: now,
      },
      ['admin'],
    )
  }
  const response = await app.inject({
    method: 'POST',
    url: '/v1/login',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ email, password }),
  })
  if (response.statusCode !== 200) throw new Error(`admin sign-in failed: ${response.body}`)
  return (response.json() as { data: { token: string } }).data.token
}

// ── Work done inside the database's process ───────────────────────────────────────────────────────

/** Every table the usage module keeps (counters, log, cursors, batches), whatever the schema calls them. */
async function usageTables(): Promise<string[]> {
  const tables = await rows<{ name: string }>(
    sql`select tablename as name from pg_tables where schemaname = 'public' and left(tablename, 6) = 'usage_' order by 1`,
  )
  return tables.map((t) => t.name)
}

async function reset() {
  await db.execute(sql.raw(`truncate ${(await usageTables()).join(', ')}`))
  await db.execute(sql`drop table if exists bench_usage_hourly_copy`)
}

let snapshot: Blob | null = null
let pgSnapshot: Buffer[] | null = null

/** A connection of its own for the PostgreSQL COPY baseline (COPY … FROM STDIN, as a client loads rows). */
async function withClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: target })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** The rows POST /v1/gateway/usage left in usage_hourly, as COPY text: the baseline loads exactly these. */
async function takeSnapshot(): Promise<number> {
  if (pglite) {
    const result = await pglite.query("copy usage_hourly to '/dev/blob'")
    snapshot = result.blob ?? null
  } else {
    pgSnapshot = await withClient(async (client) => {
      const chunks: Buffer[] = []
      for await (const chunk of client.query(copyTo('copy usage_hourly to stdout'))) chunks.push(chunk as Buffer)
      return chunks
    })
  }
  const [count] = await rows<{ n: number }>(sql`select count(*)::int as n from usage_hourly`)
  return count?.n ?? 0
}

/** Raw COPY of the snapshot into an empty table identical to usage_hourly (same keys and indexes). */
async function copyBaseline(): Promise<{ ms: number; rows: number }> {
  const create =
    'drop table if exists bench_usage_hourly_copy; create table bench_usage_hourly_copy (like usage_hourly including all)'
  let ms: number
  if (pglite) {
    if (!snapshot) throw new Error('no snapshot to copy')
    await pglite.exec(create)
    const started = performance.now()
    await pglite.query("copy bench_usage_hourly_copy from '/dev/blob'", [], { blob: snapshot })
    ms = performance.now() - started
  } else {
    const chunks = pgSnapshot
    if (!chunks) throw new Error('no snapshot to copy')
    ms = await withClient(async (client) => {
      await client.query(create)
      const started = performance.now()
      await pipeline(Readable.from(chunks), client.query(copyFrom('copy bench_usage_hourly_copy from stdin')))
      return performance.now() - started
    })
  }
  const [count] = await rows<{ n: number }>(sql`select count(*)::int as n from bench_usage_hourly_copy`)
  await db.execute(sql`drop table bench_usage_hourly_copy`)
  return { ms, rows: count?.n ?? 0 }
}

interface IndexDefinitions {
  constraint: { name: string; definition: string } | null
  indexes: string[]
}

/** A table's primary key and index definitions, so they can be dropped for a bulk load and rebuilt. */
async function dropIndexes(table: string): Promise<IndexDefinitions> {
  const [constraint] = await rows<{ name: string; definition: string }>(sql`
    select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
    where conrelid = ${table}::regclass and contype = 'p'`)
  const indexes = await rows<{ name: string; definition: string }>(sql`
    select indexname as name, indexdef as definition from pg_indexes
    where tablename = ${table} and indexname <> ${constraint?.name ?? ''}`)
  for (const index of indexes) await db.execute(sql.raw(`drop index ${index.name}`))
  if (constraint) await db.execute(sql.raw(`alter table ${table} drop constraint ${constraint.name}`))
  return { constraint: constraint ?? null, indexes: indexes.map((i) => i.definition) }
}

async function restoreIndexes(table: string, saved: IndexDefinitions) {
  if (saved.constraint) {
    await db.execute(
      sql.raw(`alter table ${table} add constraint ${saved.constraint.name} ${saved.constraint.definition}`),
    )
  }
  for (const definition of saved.indexes) await db.execute(sql.raw(definition))
}

/**
 * The query timings' data set, generated in SQL: a year of hours ending today. Every day a different
 * `perHour` of the 20,000 keys (one service each) is busy all day; the busy customer's 7 keys call 2
 * services each (8 different ones) every hour. usage_daily and usage_daily_all are then summed from usage_hourly per UTC day,
 * and usage_daily is left as the roll-up job leaves it: complete before yesterday, later days read from
 * usage_hourly (docs/usage.md "Daily counters, rolled up by a job").
 */
async function fillQueryData(perHour: number, days: number) {
  const timings: Record<string, number> = {}
  const step = async (name: string, work: () => Promise<unknown>) => {
    const started = performance.now()
    await work()
    timings[name] = Math.round(performance.now() - started)
  }
  await reset()
  const services = `array[${SERVICES.map((s) => `'${s}'`).join(',')}]`
  const hourlyIndexes = await dropIndexes('usage_hourly')
  const dailyIndexes = await dropIndexes('usage_daily')
  await step('hourly rows', () =>
    db.execute(
      sql.raw(`
      insert into usage_hourly (key_id, user_id, service, hour, hits, ok, client_errors, server_errors, latency_sum, latency_max)
      select 'key_bench' || lpad(k::text, 21, '0'), 'usr_bench' || lpad((1 + (k - 1) % ${USERS})::text, 21, '0'),
             (${services})[1 + (j % ${SERVICES.length})], start + make_interval(hours => d * 24 + h),
             hits, hits - hits / 40, hits / 50, hits / 200, hits * (20 + k % 80), 100 + (k * 7 + h) % 900
      from (select date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' - interval '${days - 1} days' as start) s,
           generate_series(0, ${days - 1}) d, generate_series(0, ${perHour - 1}) j,
           lateral (select 1 + ((d * ${perHour} + j) % ${KEYS}) as k) kk,
           generate_series(0, 23) h,
           lateral (select (1 + (k * 31 + h * 17 + d) % 400)::int8 as hits) x`),
    ),
  )
  await step('busy customer rows', () =>
    db.execute(
      sql.raw(`
      insert into usage_hourly (key_id, user_id, service, hour, hits, ok, client_errors, server_errors, latency_sum, latency_max)
      select 'key_busyy' || lpad(k::text, 21, '0'), 'usr_bench' || lpad('0', 21, '0'), (${services})[1 + (k + s) % ${SERVICES.length}],
             start + make_interval(hours => hr), hits, hits - hits / 40, hits / 50, hits / 200, hits * 45, 800
      from (select date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' - interval '${days - 1} days' as start) st,
           generate_series(1, ${BUSY_KEYS}) k, generate_series(0, 1) s, generate_series(0, ${days * 24 - 1}) hr,
           lateral (select (50 + (k * 13 + hr) % 500)::int8 as hits) x`),
    ),
  )
  await step('hourly keys and indexes', () => restoreIndexes('usage_hourly', hourlyIndexes))
  await step('usage_daily from hourly', () =>
    db.execute(sql`
      insert into usage_daily (key_id, user_id, service, day, hits, ok, client_errors, server_errors, latency_sum, latency_max)
      select key_id, min(user_id), service, (hour at time zone 'UTC')::date, sum(hits), sum(ok), sum(client_errors),
             sum(server_errors), sum(latency_sum), max(latency_max)
      from usage_hourly group by key_id, service, (hour at time zone 'UTC')::date`),
  )
  await step('daily keys and indexes', () => restoreIndexes('usage_daily', dailyIndexes))
  await step('usage_daily rolled up to yesterday', async () => {
    const yesterday = sql`(now() at time zone 'UTC')::date - 1`
    await db.execute(sql`delete from usage_daily where day >= ${yesterday}`)
    await db.execute(sql`insert into usage_rollups (id, hourly_from) values (1, ${yesterday})
      on conflict (id) do update set hourly_from = excluded.hourly_from`)
  })
  await step('usage_daily_all from daily', () =>
    db.execute(sql`
      insert into usage_daily_all (service, day, hits, ok, client_errors, server_errors, latency_sum, latency_max)
      select service, day, sum(hits), sum(ok), sum(client_errors), sum(server_errors), sum(latency_sum), max(latency_max)
      from usage_daily_live group by service, day`),
  )
  await step('vacuum analyze', () => db.execute(sql`vacuum analyze`))
  const counts = await rows<{
    hourly: number
    daily: number
    daily_all: number
    busy_hourly: number
    busy_daily: number
  }>(sql`
    select (select count(*) from usage_hourly)::int as hourly, (select count(*) from usage_daily)::int as daily,
           (select count(*) from usage_daily_all)::int as daily_all,
           (select count(*) from usage_hourly where user_id = 'usr_bench' || lpad('0', 21, '0'))::int as busy_hourly,
           (select count(*) from usage_daily where user_id = 'usr_bench' || lpad('0', 21, '0'))::int as busy_daily`)
  return { timings, counts: counts[0] }
}

async function counts() {
  const [result] = await rows<Record<string, number>>(
    sql.raw(`select ${(await usageTables()).map((t) => `(select count(*) from ${t})::int as ${t}`).join(', ')},
      (select coalesce(sum(hits), 0) from usage_hourly)::int8 as hourly_hits,
      (select coalesce(sum(hits), 0) from usage_daily_live)::int8 as daily_hits,
      (select coalesce(sum(hits), 0) from usage_daily_all)::int8 as daily_all_hits`),
  )
  return result
}

/**
 * Where the batches' time went since the last call (then reset): per step of recordUsage, and the
 * whole request as the router timed it, whose remainder is parsing, validation and the answer.
 */
async function phases() {
  const registry = served.ctx.metrics.registry
  const steps = (await registry.getSingleMetric('maps_portal_usage_batch_phase_seconds_total')?.get())?.values ?? []
  const requests = (await registry.getSingleMetric('maps_portal_http_request_duration_seconds')?.get())?.values ?? []
  const sumOf = (name: string) =>
    requests
      .filter((v) => (v as { metricName?: string }).metricName === name && v.labels.route === '/v1/gateway/usage')
      .reduce((total, v) => total + v.value, 0)
  const result = {
    batches: sumOf('maps_portal_http_request_duration_seconds_count'),
    requestSeconds: sumOf('maps_portal_http_request_duration_seconds_sum'),
    steps: Object.fromEntries(steps.map((v) => [String(v.labels.phase), v.value])),
  }
  registry.resetMetrics()
  return result
}

const commands: Record<string, (args: Record<string, number>) => Promise<unknown>> = {
  phases,
  reset,
  snapshot: takeSnapshot,
  copy: copyBaseline,
  fill: (args) => fillQueryData(args.perHour ?? 1128, args.days ?? 365),
  counts,
  checkpoint: () => db.execute(sql`checkpoint`),
}

const seededMs = process.env.BENCH_SEED === '0' ? 0 : await seed()
const config = {
  ...loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', LOG_LEVEL: 'silent' }),
  port,
  gatewayToken: 'bench-gateway-token',
}
const served = await buildApp({ config, database, serveWeb: false })
const { app } = served
await app.listen({ port, host: '127.0.0.1' })
const token = await adminToken(app)

process.on('message', (message: { id: number; command: string; args?: Record<string, number> }) => {
  const run = commands[message.command]
  if (!run) {
    process.send?.({ id: message.id, error: `unknown command ${message.command}` })
    return
  }
  run(message.args ?? {}).then(
    (result) => process.send?.({ id: message.id, result }),
    (error: unknown) =>
      process.send?.({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
  )
})
process.send?.({ ready: true, engine: database.kind, seededMs, token, users: USERS, keys: KEYS })
process.on('SIGINT', () => void app.close().then(() => database.close().then(() => process.exit(0))))
