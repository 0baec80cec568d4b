import {
  type BodyOf,
  type gatewayUsage,
  MAX_USAGE_EXPORT_ROWS,
  UNCLASSIFIED,
  USAGE_MAX_AGE_DAYS,
  USAGE_MAX_SKEW_MS,
  type UsageBatchResult,
  type UsageService,
} from '@app/contract'
import { eq, isNull, sql } from 'drizzle-orm'
import type { Ctx } from '../../context.ts'
import { type Db, queryRows } from '../../db/client.ts'
import { keySecrets, keys, settingsWeight, usageBatches } from '../../db/schema/index.ts'
import { sha256Hex } from '../../lib/crypto.ts'
import type { UsagePhase } from '../../lib/metrics.ts'
import { type Classifier, compileClassifier } from './classify.ts'

// POST /v1/gateway/usage (docs/requirements.md §6.3): a batch of events, recorded once per batch_id. Events are
// summed in memory into one row per (key, service, hour) and grouped per user for the recent-requests
// log; the batch row and, per fold lane, one usage_pending row holding the lane's sums and log are
// written in one transaction that only appends: a batch counts entirely or not at all, a replay (even
// a concurrent one, which waits on the batch row's primary key) counts nothing, and concurrent batches
// touch no common row. The request then folds what is pending into the counter tables (hourly, daily,
// everyone's daily) and the users' logs before it answers (`foldPending`): one fold at a time per lane
// across instances, each taking every batch committed so far, so a batch's usage is in the counters
// and the log when its answer arrives. A fold lost to a crash is done by the next batch or by the
// `usage-fold` job (docs/usage.md "One batch, one transaction, then a fold").

const HOUR_MS = 3_600_000
const DAY_MS = 86_400_000
/**
 * Pending batches are split into lanes by user; the folds of one lane take turns (an advisory lock per
 * lane, numbered from FOLD_LOCK, unique among the product's locks), different lanes fold side by side.
 * A user's counter rows, log chunks and log cursor, and everyone's daily row of each lane, belong to
 * exactly one lane, so folds of different lanes never wait on each other's rows.
 */
export const FOLD_LANES = 4
export const FOLD_LOCK = 7_210_316

/** A user's lane: a cheap hash of their id (ids are random, so the lanes fill evenly). */
export function laneOf(userId: string): number {
  let hash = 0
  for (let i = 0; i < userId.length; i++) hash = (hash * 31 + userId.charCodeAt(i)) | 0
  return (hash >>> 0) % FOLD_LANES
}

interface Counter {
  hits: number
  ok: number
  clientErrors: number
  serverErrors: number
  latencySum: number
  latencyMax: number
}

interface Owner {
  keyId: string
  userId: string
}

type ParsedEvent = BodyOf<typeof gatewayUsage>['events'][number]

function emptyCounter(): Counter {
  return { hits: 0, ok: 0, clientErrors: 0, serverErrors: 0, latencySum: 0, latencyMax: 0 }
}

function add(counter: Counter, count: number, status: number, latency: number) {
  counter.hits += count
  if (status >= 500) counter.serverErrors += count
  else if (status >= 400) counter.clientErrors += count
  else counter.ok += count
  counter.latencySum += latency * count
  if (latency > counter.latencyMax) counter.latencyMax = latency
}

function bump<K>(map: Map<K, Counter>, key: K): Counter {
  let counter = map.get(key)
  if (!counter) {
    counter = emptyCounter()
    map.set(key, counter)
  }
  return counter
}

/**
 * The rate settings' paths, compiled. A change is announced to every instance (`announceChange` with
 * `paths`), which forgets them; they are read again at the latest every 30 s in any case.
 */
export type ClassifierSource = ReturnType<typeof createClassifierSource>

export function createClassifierSource(db: Db, now: () => number) {
  let cached: { classifier: Classifier; at: number } | null = null
  return {
    async get(): Promise<Classifier> {
      if (cached && now() - cached.at < 30_000) return cached.classifier
      const rules = await db
        .select({
          type: settingsWeight.type,
          prefix: settingsWeight.prefix,
          paths: settingsWeight.paths,
          subpath: settingsWeight.subpath,
        })
        .from(settingsWeight)
        .where(isNull(settingsWeight.userId))
      cached = { classifier: compileClassifier(rules), at: now() }
      return cached.classifier
    },
    forget() {
      cached = null
    },
  }
}

/**
 * Owners of key ids seen before, per database. A key never changes owner, so this never goes stale
 * (a hard-deleted account's keys go with it; their ids are random and never reused).
 */
const knownOwners = new WeakMap<Db, Map<string, string>>()
const KNOWN_OWNERS_MAX = 200_000

function ownersOf(db: Db) {
  let map = knownOwners.get(db)
  if (!map) {
    map = new Map()
    knownOwners.set(db, map)
  }
  return map
}

/** Which key (and owner) each secret and each key id in the batch names; unknown ones are absent. */
async function resolveOwners(ctx: Ctx, events: readonly ParsedEvent[]) {
  const bySecret = new Map<string, Owner | null>()
  const byId = new Map<string, Owner | null>()
  const hashes = new Map<string, string>()
  const known = ownersOf(ctx.db)
  const now = ctx.clock.now().getTime()
  for (const event of events) {
    if (event.key !== undefined) {
      if (bySecret.has(event.key)) continue
      // The gateway cache already knows the secrets it verified.
      const hash = sha256Hex(event.key)
      const cached = ctx.gateway.cache.get(hash, now)
      if (cached) bySecret.set(event.key, { keyId: cached.keyId, userId: cached.userId })
      else {
        bySecret.set(event.key, null)
        hashes.set(hash, event.key)
      }
    } else if (event.key_id !== undefined && !byId.has(event.key_id)) {
      const userId = known.get(event.key_id)
      byId.set(event.key_id, userId === undefined ? null : { keyId: event.key_id, userId })
    }
  }
  if (hashes.size > 0) {
    const rows = await ctx.db
      .select({ hash: keySecrets.hash, keyId: keys.id, userId: keys.userId })
      .from(keySecrets)
      .innerJoin(keys, eq(keys.id, keySecrets.keyId))
      .where(sql`${keySecrets.hash} = any(${pgTextArray([...hashes.keys()])}::text[])`)
    for (const row of rows) {
      const secret = hashes.get(row.hash)
      if (secret !== undefined) bySecret.set(secret, { keyId: row.keyId, userId: row.userId })
    }
  }
  const unknownIds = [...byId].filter(([, owner]) => owner === null).map(([id]) => id)
  if (unknownIds.length > 0) {
    const rows = await ctx.db
      .select({ keyId: keys.id, userId: keys.userId })
      .from(keys)
      .where(sql`${keys.id} = any(${pgTextArray(unknownIds)}::text[])`)
    if (known.size + rows.length > KNOWN_OWNERS_MAX) known.clear()
    for (const row of rows) {
      byId.set(row.keyId, row)
      known.set(row.keyId, row.userId)
    }
  }
  return (event: ParsedEvent) =>
    (event.key !== undefined ? bySecret.get(event.key) : byId.get(event.key_id ?? '')) ?? null
}

interface LogRow {
  userId: string
  keyId: string
  service: UsageService
  path: string | null
  at: number
  status: number
  latency: number
  count: number
}

function toMillis(at: string | number): number {
  return typeof at === 'number' ? at : Date.parse(at)
}

export async function recordUsage(
  ctx: Ctx,
  batch: { batch_id: string; events: readonly ParsedEvent[] },
): Promise<UsageBatchResult> {
  let mark = performance.now()
  const phase = (name: UsagePhase) => {
    const at = performance.now()
    ctx.metrics.usagePhase(name, (at - mark) / 1000)
    mark = at
  }
  const earlier = await storedResult(ctx.db, batch.batch_id)
  if (earlier) return earlier

  const now = ctx.clock.now().getTime()
  const oldest = now - USAGE_MAX_AGE_DAYS * DAY_MS
  const newest = now + USAGE_MAX_SKEW_MS
  const [ownerOf, classifier] = await Promise.all([resolveOwners(ctx, batch.events), ctx.usagePaths.get()])
  phase('lookup')

  const hourly = new Map<string, Counter>()
  const owners = new Map<string, string>()
  const logByUser = new Map<string, LogRow[]>()
  let accepted = 0
  let unclassified = 0
  let unknownKey = 0
  let outOfRange = 0

  for (const event of batch.events) {
    const owner = ownerOf(event)
    if (!owner) {
      unknownKey++
      continue
    }
    const at = toMillis(event.at)
    if (!(at >= oldest && at <= newest)) {
      outOfRange++
      continue
    }
    const service: UsageService = event.service ?? classifier.classify(event.path ?? '')
    if (service === UNCLASSIFIED) unclassified++
    accepted++
    owners.set(owner.keyId, owner.userId)
    const { count, status, latency_ms: latency } = event
    // Hours as whole numbers since the epoch (UTC): cheap keys, and cheap to send.
    add(bump(hourly, `${owner.keyId} ${service} ${Math.floor(at / HOUR_MS)}`), count, status, latency)
    let log = logByUser.get(owner.userId)
    if (!log) {
      log = []
      logByUser.set(owner.userId, log)
    }
    log.push({
      userId: owner.userId,
      keyId: owner.keyId,
      service,
      path: event.path ?? null,
      at,
      status,
      latency,
      count,
    })
  }

  const result: UsageBatchResult = {
    batch_id: batch.batch_id,
    replayed: false,
    accepted,
    unclassified,
    rejected: { unknown_key: unknownKey, out_of_range: outOfRange },
  }

  const pending = pendingByLane(hourly, owners, logByUser)
  phase('sum')
  const recorded = await ctx.db.transaction(async (tx) => {
    // The batch row first: a concurrent replay waits here until this transaction ends, then finds it.
    const claimed = await tx
      .insert(usageBatches)
      .values({
        batchId: batch.batch_id,
        accepted,
        unclassified,
        unknownKey,
        outOfRange,
        receivedAt: new Date(now),
      })
      .onConflictDoNothing()
      .returning({ batchId: usageBatches.batchId })
    phase('claim')
    if (claimed.length === 0) return false
    if (pending.length === 0) return true
    await tx.execute(
      sql`insert into usage_pending (lane, sums, log) values ${sql.join(
        pending.map((p) => sql`(${p.lane}, ${p.sums}, ${p.log})`),
        sql`, `,
      )}`,
    )
    phase('pending')
    return true
  })
  phase('commit')
  if (!recorded) return (await storedResult(ctx.db, batch.batch_id)) ?? result
  if (pending.length > 0) {
    // Recorded whatever happens next: a failed fold leaves the batch pending for the next one.
    await foldLanes(
      ctx.db,
      pending.map((p) => p.lane),
      accepted,
    ).catch((error: unknown) => ctx.log.warn({ err: error }, 'usage fold failed; left pending'))
    phase('fold')
  }
  return result
}

async function storedResult(db: Db, batchId: string): Promise<UsageBatchResult | null> {
  const [row] = await db.select().from(usageBatches).where(eq(usageBatches.batchId, batchId)).limit(1)
  if (!row) return null
  return {
    batch_id: row.batchId,
    replayed: true,
    accepted: row.accepted,
    unclassified: row.unclassified,
    rejected: { unknown_key: row.unknownKey, out_of_range: row.outOfRange },
  }
}

// Rows travel as one array parameter per column (`unnest($1::text[], …)`): one round trip and one
// plan whatever the batch size, and no per-row parsing beyond the arrays themselves.

/** A PostgreSQL array literal of texts, every element quoted (and `"`, `\\` escaped); null as NULL. */
function pgTextArray(values: readonly (string | null)[]): string {
  return `{${values.map((v) => (v === null ? 'NULL' : `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`)).join(',')}}`
}

/** A PostgreSQL array literal of integers. */
function pgIntArray(values: readonly number[]): string {
  return `{${values.join(',')}}`
}

export const COUNTER_UPDATE = sql.raw(`
  hits = t.hits + excluded.hits,
  ok = t.ok + excluded.ok,
  client_errors = t.client_errors + excluded.client_errors,
  server_errors = t.server_errors + excluded.server_errors,
  latency_sum = t.latency_sum + excluded.latency_sum,
  latency_max = greatest(t.latency_max, excluded.latency_max)`)

/** The counter columns summed over a group of pending sums. */
const COUNTER_SUMS = sql.raw(`sum(a)::int8, sum(b)::int8, sum(c)::int8, sum(d)::int8, sum(e)::int8, max(f)`)

/** What a batch leaves for the fold of one lane. */
interface PendingLane {
  lane: number
  /** `[{k: key, u: user, s: service, h: hour since the epoch, a: hits, b: ok, c: 4xx, d: 5xx, e: Σ latency, f: max latency}]` */
  sums: string
  /** `[{u: user, n: requests, fa: first at, la: last at, e: [[at, key, service, path, status, latency, count]]}]` */
  log: string
}

/**
 * The batch's per-hour sums and its requests per user, split by lane, as the JSON texts of its
 * usage_pending rows (one `JSON.stringify` each, parsed once by the database in the fold). A user's
 * requests are sorted by time and cut to their newest 10,000 (all the log keeps).
 */
function pendingByLane(
  hourly: Map<string, Counter>,
  owners: Map<string, string>,
  logByUser: Map<string, LogRow[]>,
): PendingLane[] {
  const sums: unknown[][] = Array.from({ length: FOLD_LANES }, () => [])
  const logs: unknown[][] = Array.from({ length: FOLD_LANES }, () => [])
  for (const [key, c] of hourly) {
    const [keyId = '', service = '', hour = '0'] = key.split(' ')
    const userId = owners.get(keyId) ?? ''
    sums[laneOf(userId)]?.push({
      k: keyId,
      u: userId,
      s: service,
      h: Number(hour),
      a: c.hits,
      b: c.ok,
      c: c.clientErrors,
      d: c.serverErrors,
      e: c.latencySum,
      f: c.latencyMax,
    })
  }
  for (const [userId, all] of logByUser) {
    all.sort((a, b) => a.at - b.at)
    const log = all.length > MAX_USAGE_EXPORT_ROWS ? all.slice(-MAX_USAGE_EXPORT_ROWS) : all
    const first = log[0]
    const last = log.at(-1)
    if (!first || !last) continue
    logs[laneOf(userId)]?.push({
      u: userId,
      n: log.length,
      fa: first.at,
      la: last.at,
      e: log.map((e) => [e.at, e.keyId, e.service, e.path, e.status, e.latency, e.count]),
    })
  }
  const pending: PendingLane[] = []
  for (let lane = 0; lane < FOLD_LANES; lane++) {
    const laneSums = sums[lane] ?? []
    if (laneSums.length === 0) continue
    pending.push({ lane, sums: JSON.stringify(laneSums), log: JSON.stringify(logs[lane] ?? []) })
  }
  return pending
}

/**
 * A batch of at most this many events folds its free lanes together, in one transaction; a larger one
 * folds them one by one. Measured (bench/README.md "Small batches: one fold, not four"): a gateway's
 * batch of 200 events touches every lane, and four folds of a few rows each cost the database a
 * quarter more CPU than one (the soak's customer calls p99 340 ms against 151 ms at 420 requests/s);
 * batches of 10,000 ingest 12-15 % faster lane by lane, because two batches in flight then fold
 * different lanes on both cores.
 */
const FOLD_TOGETHER_MAX_EVENTS = 2_000

/**
 * Folds the lanes a batch wrote to: first each lane no other fold holds (together, for a small batch),
 * so that several instances' batches fold different lanes at once, then, waiting for their turn, the
 * lanes that were busy: a busy lane's fold may have started before this batch committed, so it is
 * folded again once it is free.
 */
async function foldLanes(db: Db, lanes: readonly number[], events: number) {
  const busy: number[] = []
  if (events <= FOLD_TOGETHER_MAX_EVENTS) busy.push(...(await foldPending(db, lanes, { wait: false })).busy)
  else for (const lane of lanes) busy.push(...(await foldPending(db, [lane], { wait: false })).busy)
  for (const lane of busy) await foldPending(db, [lane], { wait: true })
}

/** Every lane, each in turn (the usage-fold job). Returns how many pending batch rows were folded. */
export async function foldAllLanes(db: Db): Promise<number> {
  let folded = 0
  for (let lane = 0; lane < FOLD_LANES; lane++) folded += (await foldPending(db, [lane], { wait: true })).folded
  return folded
}

/**
 * Moves the pending batches of some lanes into the counter tables and the users' recent-requests logs,
 * in one transaction: the pending rows are deleted in the transaction that counts them, so each batch is
 * counted once even if the process dies. A lane's folds take turns (an advisory lock held to the end of
 * the transaction): with `wait` (one lane at a time), the fold waits for its lane; without it, the lanes
 * another fold holds are left out and returned as `busy`, and the rest are folded together. Such a fold
 * may hold several lanes but never waits for one, so it cannot deadlock with the roll-up, which waits for
 * every lane in order. Returns how many pending rows (batches' lanes) were folded. No other transaction
 * writes a lane's rows, so rows need no lock order.
 *
 * Per-key daily counters are written only for hours before `usage_rollups.hourly_from` (usage that
 * arrives late for a day already rolled up); later hours reach usage_daily through the `usage-rollup`
 * job, which takes every lane's lock (rollup.ts), and are read from usage_hourly meanwhile.
 *
 * The log: a user's requests are numbered on from their newest chunk's last number; each folded
 * batch's requests of the user become one chunk, in batch order; then chunks that fall wholly outside
 * the user's newest 10,000 are deleted. Users deleted since their batch are left out of the log
 * (their counters, which no query can reach, are kept like any deleted user's).
 */
async function foldPending(
  db: Db,
  lanes: readonly number[],
  options: { wait: boolean },
): Promise<{ folded: number; busy: number[] }> {
  return db.transaction(async (tx) => {
    let free = [...lanes]
    if (options.wait) {
      for (const lane of free) await tx.execute(sql`select pg_advisory_xact_lock(${FOLD_LOCK + lane})`)
    } else {
      const [taken] = await queryRows<{ lanes: number[] | null }>(
        tx,
        sql`select array_agg(l) as lanes from unnest(${pgIntArray(lanes)}::int[]) as l
          where pg_try_advisory_xact_lock(${FOLD_LOCK} + l)`,
      )
      free = taken?.lanes ?? []
    }
    const busy = lanes.filter((lane) => !free.includes(lane))
    if (free.length === 0) return { folded: 0, busy }
    const inLanes = sql`${pgIntArray(free)}::int[]`
    // A fold need not wait for its commit to reach the disk: if the database crashes first, the whole
    // fold is undone (its pending rows come back with its counters) and is done again; the batches it
    // folded were made durable by their own transactions.
    await tx.execute(sql`set local synchronous_commit = off`)
    const [row] = await queryRows<{ folded: number; crowded: string | null }>(
      tx,
      sql`
      with moved as (delete from usage_pending where lane = any(${inLanes}) returning id, lane, sums, log),
      sums as (
        select moved.lane, r.* from moved, json_to_recordset(moved.sums::json)
          as r(k text, u text, s text, h int8, a int8, b int8, c int8, d int8, e int8, f int4)),
      hourly as (
        insert into usage_hourly as t (key_id, user_id, service, hour, hits, ok, client_errors, server_errors, latency_sum, latency_max)
        select k, min(u), s, to_timestamp(h * 3600), ${COUNTER_SUMS}
        from sums group by h, k, s
        on conflict (hour, key_id, service) do update set ${COUNTER_UPDATE}),
      daily as (
        insert into usage_daily as t (key_id, user_id, service, day, hits, ok, client_errors, server_errors, latency_sum, latency_max)
        select k, min(u), s, (to_timestamp(h * 3600) at time zone 'UTC')::date, ${COUNTER_SUMS}
        from sums where to_timestamp(h * 3600) < coalesce((select hourly_from from usage_rollups), '-infinity'::date)::timestamp at time zone 'UTC'
        group by 4, k, s
        on conflict (day, key_id, service) do update set ${COUNTER_UPDATE}),
      everyone as (
        insert into usage_daily_all as t (service, day, lane, hits, ok, client_errors, server_errors, latency_sum, latency_max)
        select s, (to_timestamp(h * 3600) at time zone 'UTC')::date, lane, ${COUNTER_SUMS}
        from sums group by 2, s, lane
        on conflict (service, day, lane) do update set ${COUNTER_UPDATE}),
      logged as (
        select moved.id, r.u, r.n, r.fa, r.la, r.e from moved, json_to_recordset(moved.log::json)
          as r(u text, n int8, fa int8, la int8, e json)
        where exists (select 1 from users where users.id = r.u)),
      heads as (
        -- A user's next sequence number follows their newest chunk (never deleted: only chunks wholly
        -- older than the newest 10,000 are); one probe of the primary key's end, nothing written.
        select t.u, coalesce((select max(c.last_seq) + 1 from usage_request_chunks c where c.user_id = t.u), 0) + t.n as next
        from (select u, sum(n)::int8 as n from logged group by u) t),
      chunks as (
        insert into usage_request_chunks (user_id, first_seq, last_seq, first_at, last_at, events)
        select l.u, h.next - l.later - l.n, h.next - l.later - 1, to_timestamp(l.fa / 1000.0), to_timestamp(l.la / 1000.0), l.e::text
        from (
          select logged.*, coalesce(sum(n) over (partition by u order by id desc rows between unbounded preceding and 1 preceding), 0) as later
          from logged) l
        join heads h on h.u = l.u)
      select (select count(*) from moved)::int as folded,
        (select json_agg(json_build_array(u, next)) from heads where next > ${MAX_USAGE_EXPORT_ROWS})::text as crowded`,
    )
    const crowded = row?.crowded ? (JSON.parse(row.crowded) as [string, number | string][]) : []
    if (crowded.length > 0) {
      // Chunks wholly before each user's newest 10,000, found through the primary key (user, last_seq)
      // one user at a time; users with fewer than 10,000 logged requests have nothing to delete.
      await tx.execute(sql`
        delete from usage_request_chunks r
        using unnest(${pgTextArray(crowded.map(([user]) => user))}::text[],
          ${pgIntArray(crowded.map(([, next]) => Number(next) - MAX_USAGE_EXPORT_ROWS))}::int8[]) as c(user_id, bound)
        where r.user_id = c.user_id and r.last_seq < c.bound`)
    }
    return { folded: row?.folded ?? 0, busy }
  })
}
