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
import { type Db, queryRows, type Tx } from '../../db/client.ts'
import { keySecrets, keys, settingsWeight, usageBatches } from '../../db/schema/index.ts'
import { sha256Hex } from '../../lib/crypto.ts'
import type { UsagePhase } from '../../lib/metrics.ts'
import { type Classifier, compileClassifier } from './classify.ts'

// POST /v1/gateway/usage (docs/requirements.md §6.3): a batch of events, recorded once per batch_id. Events are
// summed in memory into one row per (key, service, hour); those sums (to usage_pending), the
// recent-requests log and the batch row are written in one transaction that only appends: a batch
// counts entirely or not at all, and a replay (even a concurrent one, which waits on the batch row's
// primary key) counts nothing. The request then folds what is pending into the counter tables
// (hourly, daily, everyone's daily) before it answers (`foldPending`): one fold at a time across
// instances, each taking every batch committed so far, so that concurrent batches never hold each
// other's counter rows, and a batch's usage is in the counters when its answer arrives. A fold lost
// to a crash is done by the next batch or by the `usage-fold` job (docs/usage.md "Ingestion").

const HOUR_MS = 3_600_000
const DAY_MS = 86_400_000
/**
 * Pending sums are split into lanes by key; the folds of one lane take turns (an advisory lock per
 * lane, numbered from FOLD_LOCK, unique among the product's locks), different lanes fold side by side.
 */
const FOLD_LANES = 4
const FOLD_LOCK = 7_210_316

/** A key's lane: a cheap hash of its id (ids are random, so the lanes fill evenly). */
function laneOf(keyId: string): number {
  let hash = 0
  for (let i = 0; i < keyId.length; i++) hash = (hash * 31 + keyId.charCodeAt(i)) | 0
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
    if (accepted === 0) return true
    await appendPending(tx, hourly, owners)
    phase('pending')
    await appendToLogs(tx, logByUser, phase)
    return true
  })
  phase('commit')
  if (!recorded) return (await storedResult(ctx.db, batch.batch_id)) ?? result
  if (accepted > 0) {
    // Recorded whatever happens next: a failed fold leaves the sums pending for the next one.
    const lanes = new Set([...owners.keys()].map(laneOf))
    await foldLanes(ctx.db, lanes).catch((error: unknown) =>
      ctx.log.warn({ err: error }, 'usage fold failed; left pending'),
    )
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

const COUNTER_UPDATE = sql.raw(`
  hits = t.hits + excluded.hits,
  ok = t.ok + excluded.ok,
  client_errors = t.client_errors + excluded.client_errors,
  server_errors = t.server_errors + excluded.server_errors,
  latency_sum = t.latency_sum + excluded.latency_sum,
  latency_max = greatest(t.latency_max, excluded.latency_max)`)

/** The counter columns summed over a group of pending rows. */
const COUNTER_SUMS = sql.raw(`sum(hits)::int8, sum(ok)::int8, sum(client_errors)::int8, sum(server_errors)::int8,
  sum(latency_sum)::int8, max(latency_max)`)

/** The counter columns of the rows, as six array parameters. */
function counterArrays(counters: readonly Counter[]) {
  return [
    pgIntArray(counters.map((c) => c.hits)),
    pgIntArray(counters.map((c) => c.ok)),
    pgIntArray(counters.map((c) => c.clientErrors)),
    pgIntArray(counters.map((c) => c.serverErrors)),
    pgIntArray(counters.map((c) => c.latencySum)),
    pgIntArray(counters.map((c) => c.latencyMax)),
  ] as const
}

/** The batch's per-hour sums, appended to usage_pending (no row of another batch is touched). */
async function appendPending(tx: Tx, hourly: Map<string, Counter>, owners: Map<string, string>) {
  const lanes: number[] = []
  const keyIds: string[] = []
  const userIds: string[] = []
  const services: string[] = []
  const hours: number[] = []
  for (const key of hourly.keys()) {
    const [keyId = '', service = '', hour = '0'] = key.split(' ')
    lanes.push(laneOf(keyId))
    keyIds.push(keyId)
    userIds.push(owners.get(keyId) ?? '')
    services.push(service)
    hours.push(Number(hour))
  }
  const [hits, ok, clientErrors, serverErrors, latencySum, latencyMax] = counterArrays([...hourly.values()])
  await tx.execute(sql`
    insert into usage_pending (lane, key_id, user_id, service, hour, hits, ok, client_errors, server_errors, latency_sum, latency_max)
    select l, k, u, s, to_timestamp(h * 3600), a, b, c, d, e, f
    from unnest(${pgIntArray(lanes)}::int2[], ${pgTextArray(keyIds)}::text[], ${pgTextArray(userIds)}::text[], ${pgTextArray(services)}::text[],
      ${pgIntArray(hours)}::int8[], ${hits}::int8[], ${ok}::int8[], ${clientErrors}::int8[], ${serverErrors}::int8[],
      ${latencySum}::int8[], ${latencyMax}::int4[]) as r(l, k, u, s, h, a, b, c, d, e, f)`)
}

/**
 * Folds the lanes a batch wrote to: first each lane no other fold holds (several instances' batches
 * then fold different lanes at once), then, waiting for their turn, the lanes that were busy: a busy
 * lane's fold may have started before this batch committed, so it is folded again once it is free.
 */
async function foldLanes(db: Db, lanes: Set<number>) {
  const busy: number[] = []
  for (const lane of lanes) if ((await foldPending(db, lane, { wait: false })) === null) busy.push(lane)
  for (const lane of busy) await foldPending(db, lane, { wait: true })
}

/** Every lane, each in turn (the usage-fold job). */
export async function foldAllLanes(db: Db): Promise<number> {
  let folded = 0
  for (let lane = 0; lane < FOLD_LANES; lane++) folded += (await foldPending(db, lane, { wait: true })) ?? 0
  return folded
}

/**
 * Moves a lane's pending sums into the three counter tables, in one transaction: the pending rows are
 * deleted in the transaction that counts them, so each is counted once even if the process dies. The
 * lane's folds take turns (an advisory lock held to the end of the transaction); without `wait`, a
 * busy lane answers null at once. Rows go in key order within each table, so folds of different lanes
 * that meet on everyone's daily rows lock them in one order. Returns how many pending rows were folded.
 */
async function foldPending(db: Db, lane: number, options: { wait: boolean }): Promise<number | null> {
  return db.transaction(async (tx) => {
    if (options.wait) await tx.execute(sql`select pg_advisory_xact_lock(${FOLD_LOCK + lane})`)
    else {
      const [lock] = await queryRows<{ ok: boolean }>(
        tx,
        sql`select pg_try_advisory_xact_lock(${FOLD_LOCK + lane}) as ok`,
      )
      if (!lock?.ok) return null
    }
    const [row] = await queryRows<{ folded: number }>(
      tx,
      sql`
      with moved as (delete from usage_pending where lane = ${lane} returning *),
      hourly as (
        insert into usage_hourly as t (key_id, user_id, service, hour, hits, ok, client_errors, server_errors, latency_sum, latency_max)
        select key_id, min(user_id), service, hour, ${COUNTER_SUMS}
        from moved group by hour, key_id, service order by hour, key_id, service
        on conflict (hour, key_id, service) do update set ${COUNTER_UPDATE}),
      daily as (
        insert into usage_daily as t (key_id, user_id, service, day, hits, ok, client_errors, server_errors, latency_sum, latency_max)
        select key_id, min(user_id), service, (hour at time zone 'UTC')::date, ${COUNTER_SUMS}
        from moved group by 4, key_id, service order by 4, key_id, service
        on conflict (day, key_id, service) do update set ${COUNTER_UPDATE}),
      everyone as (
        insert into usage_daily_all as t (service, day, hits, ok, client_errors, server_errors, latency_sum, latency_max)
        select service, (hour at time zone 'UTC')::date, ${COUNTER_SUMS}
        from moved group by 2, service order by 2, service
        on conflict (service, day) do update set ${COUNTER_UPDATE})
      select count(*)::int as folded from moved`,
    )
    return row?.folded ?? 0
  })
}

/**
 * Appends each user's requests of the batch to their log, in one statement: the cursor moves by how
 * many are logged (a batch logs at most a user's newest 10,000), one chunk per user holds them; then
 * chunks that fall wholly outside the newest 10,000 are deleted. The chunks travel as one JSON
 * parameter (one `JSON.stringify`, parsed once by the database), not as escaped array literals.
 */
async function appendToLogs(tx: Tx, logByUser: Map<string, LogRow[]>, phase: (name: UsagePhase) => void) {
  const input: { u: string; n: number; fa: number; la: number; e: unknown[][] }[] = []
  for (const userId of [...logByUser.keys()].sort()) {
    let log = logByUser.get(userId) ?? []
    log.sort((a, b) => a.at - b.at)
    if (log.length > MAX_USAGE_EXPORT_ROWS) log = log.slice(-MAX_USAGE_EXPORT_ROWS)
    const first = log[0]
    const last = log.at(-1)
    if (!first || !last) continue
    input.push({
      u: userId,
      n: log.length,
      fa: first.at,
      la: last.at,
      e: log.map((e) => [e.at, e.keyId, e.service, e.path, e.status, e.latency, e.count]),
    })
  }
  const crowded = await queryRows<{ user_id: string; next: string | number }>(
    tx,
    sql`
    with input as (
      select u, n, fa, la, e from json_to_recordset(${JSON.stringify(input)}::json) as r(u text, n int8, fa int8, la int8, e json)
    ),
    moved as (
      insert into usage_request_cursors as c (user_id, next)
      select u, n from input order by u
      on conflict (user_id) do update set next = c.next + excluded.next
      returning user_id, next
    ),
    chunks as (
      insert into usage_request_chunks (user_id, first_seq, last_seq, first_at, last_at, events)
      select i.u, m.next - i.n, m.next - 1, to_timestamp(i.fa / 1000.0), to_timestamp(i.la / 1000.0), i.e::text
      from input i join moved m on m.user_id = i.u
    )
    select user_id, next from moved where next > ${MAX_USAGE_EXPORT_ROWS}`,
  )
  phase('log')
  if (crowded.length === 0) return
  // Chunks wholly before each user's newest 10,000, found through the primary key (user, last_seq)
  // one user at a time; users with fewer than 10,000 logged requests have nothing to delete.
  await tx.execute(sql`
    delete from usage_request_chunks r
    using unnest(${pgTextArray(crowded.map((c) => c.user_id))}::text[],
      ${pgIntArray(crowded.map((c) => Number(c.next) - MAX_USAGE_EXPORT_ROWS))}::int8[]) as c(user_id, bound)
    where r.user_id = c.user_id and r.last_seq < c.bound`)
  phase('prune')
}
