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
import { eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Ctx } from '../../context.ts'
import { type Db, queryRows, type Tx } from '../../db/client.ts'
import { keySecrets, keys, settingsWeight, usageBatches } from '../../db/schema/index.ts'
import { sha256Hex } from '../../lib/crypto.ts'
import { type Classifier, compileClassifier } from './classify.ts'

// POST /v1/gateway/usage (DESIGN §4): a batch of events, recorded once per batch_id. Events are
// summed in memory into one row per (key, service, hour), per (key, service, day) and per (service,
// day), and the three counter tables, the recent-requests ring and the batch row are written in one
// transaction: a batch counts entirely or not at all, and a replay (even a concurrent one, which waits
// on the batch row's primary key) counts nothing.

const HOUR_MS = 3_600_000
const DAY_MS = 86_400_000

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

const isoDay = (ms: number) => new Date(ms - (ms % DAY_MS)).toISOString().slice(0, 10)

/** The rate settings' paths, compiled; read again at most every 30 s (the pricing issue announces edits). */
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

/** Which key (and owner) each secret and each key id in the batch names; unknown ones are absent. */
async function resolveOwners(ctx: Ctx, events: readonly ParsedEvent[]) {
  const bySecret = new Map<string, Owner | null>()
  const byId = new Map<string, Owner | null>()
  const hashes = new Map<string, string>()
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
    } else if (event.key_id !== undefined && !byId.has(event.key_id)) byId.set(event.key_id, null)
  }
  if (hashes.size > 0) {
    const rows = await ctx.db
      .select({ hash: keySecrets.hash, keyId: keys.id, userId: keys.userId })
      .from(keySecrets)
      .innerJoin(keys, eq(keys.id, keySecrets.keyId))
      .where(inArray(keySecrets.hash, [...hashes.keys()]))
    for (const row of rows) {
      const secret = hashes.get(row.hash)
      if (secret !== undefined) bySecret.set(secret, { keyId: row.keyId, userId: row.userId })
    }
  }
  if (byId.size > 0) {
    const rows = await ctx.db
      .select({ keyId: keys.id, userId: keys.userId })
      .from(keys)
      .where(inArray(keys.id, [...byId.keys()]))
    for (const row of rows) byId.set(row.keyId, row)
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

const counterColumns = (c: Counter) => [c.hits, c.ok, c.clientErrors, c.serverErrors, c.latencySum, c.latencyMax]

export async function recordUsage(
  ctx: Ctx,
  batch: { batch_id: string; events: readonly ParsedEvent[] },
): Promise<UsageBatchResult> {
  const earlier = await storedResult(ctx.db, batch.batch_id)
  if (earlier) return earlier

  const now = ctx.clock.now().getTime()
  const oldest = now - USAGE_MAX_AGE_DAYS * DAY_MS
  const newest = now + USAGE_MAX_SKEW_MS
  const [ownerOf, classifier] = await Promise.all([resolveOwners(ctx, batch.events), ctx.usagePaths.get()])

  const hourly = new Map<string, Counter>()
  const daily = new Map<string, Counter>()
  const dailyAll = new Map<string, Counter>()
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
    const hour = at - (at % HOUR_MS)
    const day = isoDay(at)
    add(bump(hourly, `${owner.keyId}\u0000${service}\u0000${hour}`), count, status, latency)
    add(bump(daily, `${owner.keyId}\u0000${service}\u0000${day}`), count, status, latency)
    add(bump(dailyAll, `${service}\u0000${day}`), count, status, latency)
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
    if (claimed.length === 0) return false
    if (accepted === 0) return true
    await upsertHourly(tx, hourly, owners)
    await upsertDaily(tx, daily, owners)
    await upsertDailyAll(tx, dailyAll)
    await appendToRings(tx, logByUser)
    return true
  })
  if (!recorded) return (await storedResult(ctx.db, batch.batch_id)) ?? result
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

// The rows travel as one JSON parameter each (json_array_elements): one round trip, one plan, and the
// same on node-postgres and PGlite.

const COUNTER_UPDATE = sql.raw(`
  hits = t.hits + excluded.hits,
  ok = t.ok + excluded.ok,
  client_errors = t.client_errors + excluded.client_errors,
  server_errors = t.server_errors + excluded.server_errors,
  latency_sum = t.latency_sum + excluded.latency_sum,
  latency_max = greatest(t.latency_max, excluded.latency_max)`)

/**
 * Rows in key order: concurrent batches that touch the same rows then lock them in the same order
 * and wait for each other instead of deadlocking.
 */
function inKeyOrder<T>(map: Map<string, T>): [string, T][] {
  return [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
}

async function upsertHourly(tx: Tx, hourly: Map<string, Counter>, owners: Map<string, string>) {
  const rows = inKeyOrder(hourly).map(([key, c]) => {
    const [keyId = '', service, hour] = key.split('\u0000')
    return [keyId, owners.get(keyId), service, new Date(Number(hour)).toISOString(), ...counterColumns(c)]
  })
  await tx.execute(sql`
    insert into usage_hourly as t (key_id, user_id, service, hour, hits, ok, client_errors, server_errors, latency_sum, latency_max)
    select r->>0, r->>1, r->>2, (r->>3)::timestamptz, (r->>4)::int8, (r->>5)::int8, (r->>6)::int8, (r->>7)::int8, (r->>8)::int8, (r->>9)::int4
    from json_array_elements(${JSON.stringify(rows)}::json) as r
    on conflict (key_id, service, hour) do update set ${COUNTER_UPDATE}`)
}

async function upsertDaily(tx: Tx, daily: Map<string, Counter>, owners: Map<string, string>) {
  const rows = inKeyOrder(daily).map(([key, c]) => {
    const [keyId = '', service, day] = key.split('\u0000')
    return [keyId, owners.get(keyId), service, day, ...counterColumns(c)]
  })
  await tx.execute(sql`
    insert into usage_daily as t (key_id, user_id, service, day, hits, ok, client_errors, server_errors, latency_sum, latency_max)
    select r->>0, r->>1, r->>2, (r->>3)::date, (r->>4)::int8, (r->>5)::int8, (r->>6)::int8, (r->>7)::int8, (r->>8)::int8, (r->>9)::int4
    from json_array_elements(${JSON.stringify(rows)}::json) as r
    on conflict (key_id, service, day) do update set ${COUNTER_UPDATE}`)
}

async function upsertDailyAll(tx: Tx, dailyAll: Map<string, Counter>) {
  const rows = inKeyOrder(dailyAll).map(([key, c]) => {
    const [service, day] = key.split('\u0000')
    return [service, day, ...counterColumns(c)]
  })
  await tx.execute(sql`
    insert into usage_daily_all as t (service, day, hits, ok, client_errors, server_errors, latency_sum, latency_max)
    select r->>0, (r->>1)::date, (r->>2)::int8, (r->>3)::int8, (r->>4)::int8, (r->>5)::int8, (r->>6)::int8, (r->>7)::int4
    from json_array_elements(${JSON.stringify(rows)}::json) as r
    on conflict (service, day) do update set ${COUNTER_UPDATE}`)
}

/**
 * Appends each user's newest requests of the batch to their ring: the cursor moves by how many are
 * written (at most the ring's size), and the slots they land in are overwritten.
 */
async function appendToRings(tx: Tx, logByUser: Map<string, LogRow[]>) {
  const users = [...logByUser.keys()].sort()
  const take = new Map<string, LogRow[]>()
  for (const userId of users) {
    const log = logByUser.get(userId) ?? []
    // Newest last; only the newest ring-full of a big batch can survive anyway.
    log.sort((a, b) => a.at - b.at)
    take.set(userId, log.length > MAX_USAGE_EXPORT_ROWS ? log.slice(-MAX_USAGE_EXPORT_ROWS) : log)
  }
  const moved = await queryRows<{ user_id: string; next: string | number }>(
    tx,
    sql`
    insert into usage_request_cursors as c (user_id, next)
    select r->>0, (r->>1)::int8 from json_array_elements(${JSON.stringify(users.map((u) => [u, take.get(u)?.length ?? 0]))}::json) as r
    on conflict (user_id) do update set next = c.next + excluded.next
    returning user_id, next`,
  )
  const rows: unknown[][] = []
  for (const { user_id: userId, next } of moved) {
    const log = take.get(userId) ?? []
    const first = Number(next) - log.length
    log.forEach((entry, i) => {
      const seq = first + i
      rows.push([
        userId,
        seq % MAX_USAGE_EXPORT_ROWS,
        seq,
        entry.keyId,
        entry.service,
        entry.path,
        new Date(entry.at).toISOString(),
        entry.status,
        entry.latency,
        entry.count,
      ])
    })
  }
  await tx.execute(sql`
    insert into usage_requests as t (user_id, slot, seq, key_id, service, path, at, status, latency_ms, count)
    select r->>0, (r->>1)::int4, (r->>2)::int8, r->>3, r->>4, r->>5, (r->>6)::timestamptz, (r->>7)::int4, (r->>8)::int4, (r->>9)::int4
    from json_array_elements(${JSON.stringify(rows)}::json) as r
    on conflict (user_id, slot) do update set
      seq = excluded.seq, key_id = excluded.key_id, service = excluded.service, path = excluded.path,
      at = excluded.at, status = excluded.status, latency_ms = excluded.latency_ms, count = excluded.count`)
}
