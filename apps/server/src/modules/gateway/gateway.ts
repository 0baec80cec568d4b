import { isMapLoad, type VerifyReason, type VerifyResult } from '@app/contract'
import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Database, Db } from '../../db/client.ts'
import type { Clock } from '../../lib/clock.ts'
import { sha256Hex } from '../../lib/crypto.ts'
import type { Metrics } from '../../lib/metrics.ts'
import { type CacheValue, createKeyCache, type KeyCache } from './cache.ts'
import { decide } from './decide.ts'
import { loadKeyFacts } from './facts.ts'
import { postgresMinutes, redisMinutes, type SharedMinutes } from './minutes.ts'
import { createQuotaCounter, limitFor, type QuotaCounter } from './quota.ts'

const CHANNEL = 'gateway_cache'

interface VerifyInput {
  key: string
  service: Parameters<typeof decide>[1]
  origin?: string | null
  referer?: string | null
  ip?: string | null
  /**
   * The portal itself is the caller (a shared map's public page, which it serves): the key's web-address
   * and IP restrictions concern the customer's own sites and are not applied; every other rule is.
   */
  ignoreRestrictions?: boolean
}

const OPEN_MATCHER = { check: () => 'OK' as const }

export interface Gateway {
  /**
   * Synchronous when the key's facts are cached; a promise when they must be read first, or when the
   * user's plan limits the minute and the count is shared (minutes.ts).
   */
  verify(input: VerifyInput): VerifyResult | Promise<VerifyResult>
  /** The answer when the key's facts are cached; undefined (and nothing done) when they are not. */
  verifyCached(input: VerifyInput): VerifyResult | undefined
  start(): Promise<void>
  stop(): Promise<void>
  readonly cache: KeyCache
  /** Calls counted against plan limits on this instance (docs/pricing.md "Quotas"). */
  readonly quota: QuotaCounter
}

/**
 * Tells every instance that a key, a user, a plan or the rate settings' paths changed, so that what
 * they cached for the gateway's answers and the usage classification is read again (within a second).
 * Call it inside the transaction that makes the change: PostgreSQL delivers the notification when (and
 * only if) it commits.
 */
export async function announceChange(db: Db, change: { key?: string; user?: string; plan?: string; paths?: boolean }) {
  if (change.key) await db.execute(sql`select pg_notify(${CHANNEL}, ${`key:${change.key}`})`)
  if (change.user) await db.execute(sql`select pg_notify(${CHANNEL}, ${`user:${change.user}`})`)
  if (change.plan) await db.execute(sql`select pg_notify(${CHANNEL}, ${`plan:${change.plan}`})`)
  if (change.paths) await db.execute(sql`select pg_notify(${CHANNEL}, 'paths:all')`)
}

function hasLimit(value: CacheValue): value is NonNullable<CacheValue> {
  return value?.plan != null && (value.plan.requestLimit !== null || value.plan.loadLimit !== null)
}

/**
 * The hot path (docs/requirements.md §6.2): secret → SHA-256 → cached facts (one indexed query on a miss, shared by
 * concurrent misses) → the rules. Changes arrive by LISTEN/NOTIFY and evict what they concern.
 */
export function createGateway(options: {
  database: Database
  clock: Clock
  log: FastifyBaseLogger
  metrics?: Metrics
  /** The rate settings' paths changed (or notices were missed): the usage classifier reads them again. */
  onPathsChanged?: () => void
  /** Where plan limits per minute are counted for all instances (minutes.ts); Redis when set. */
  redisUrl?: string | null
}): Gateway {
  const { database, clock, log, metrics } = options
  /** Set at start: null on the embedded database, whose one process counts exactly by itself. */
  let minutes: SharedMinutes | null = null
  const cache = createKeyCache({ ttlMs: 5 * 60_000, negativeTtlMs: 60_000, maxEntries: 500_000 })
  const quota = createQuotaCounter({ db: database.db, log })
  const loading = new Map<string, { generation: number; promise: Promise<CacheValue> }>()
  let unlisten: (() => Promise<void>) | undefined

  async function facts(hash: string, now: number): Promise<CacheValue> {
    const cached = cache.get(hash, now)
    if (cached !== undefined) return cached
    const generation = cache.generation
    // Concurrent misses share one query, unless a change was announced since it started.
    const running = loading.get(hash)
    if (running && running.generation === generation) return running.promise
    const promise = loadKeyFacts(database, hash).finally(() => {
      if (loading.get(hash)?.promise === promise) loading.delete(hash)
    })
    loading.set(hash, { generation, promise })
    const value = await promise
    // A limited plan's first sight of a user reads what the rollups already count (the miss is async
    // anyway; cached calls after it never wait).
    if (hasLimit(value)) await quota.seed(value.userId, now)
    // A change announced while the query ran may not be in what it read: answer, but do not keep it.
    if (cache.generation === generation) cache.set(hash, value, now)
    return value
  }

  function result(value: CacheValue, reason: VerifyReason, remaining: number | null, cached: boolean): VerifyResult {
    metrics?.gatewayCheck(reason, cached)
    const found = reason !== 'NOT_FOUND'
    return {
      allowed: reason === 'OK',
      reason,
      // Nothing about a key is told to someone who does not hold a working secret of it.
      key_id: found ? (value?.keyId ?? null) : null,
      user_id: found ? (value?.userId ?? null) : null,
      plan: found ? (value?.plan?.answer ?? null) : null,
      remaining,
    }
  }

  /** The facts the rules see: a key's own restrictions are left out when the portal itself asks. */
  const asChecked = (value: CacheValue, input: VerifyInput): CacheValue =>
    input.ignoreRestrictions && value ? { ...value, matcher: OPEN_MATCHER } : value

  /** A per-minute limit counted for all instances, when one applies to this call. */
  function sharedMinuteLimit(value: CacheValue, input: VerifyInput) {
    if (!minutes || !value?.plan) return null
    const limit = limitFor(value.plan, input.service)
    return limit?.duration === 'minute' ? limit : null
  }

  function answer(value: CacheValue, input: VerifyInput, now: number, cached: boolean): VerifyResult {
    const limit = value?.plan ? limitFor(value.plan, input.service) : null
    let used = -1
    const reason = decide(
      asChecked(value, input),
      input.service,
      input,
      now,
      limit && value
        ? () => {
            used = quota.used(value.userId, input.service, limit.duration, now)
            return used >= limit.limit
          }
        : undefined,
    )
    let remaining: number | null = null
    if (limit && value && used >= 0) {
      // Only calls answered OK count; `remaining` is what is left after this one.
      if (reason === 'OK') {
        quota.count(value.userId, input.service, now)
        used++
      }
      remaining = Math.max(0, limit.limit - used)
    }
    return result(value, reason, remaining, cached)
  }

  /**
   * The same rules, with the minute counted in the shared store: one round trip, only for users whose
   * plan limits the minute. The rules before the quota decide first, and a call they refuse is not
   * counted; a call the quota would let through but the balance refuses is not counted either (the
   * count is only read, as QUOTA_EXCEEDED comes before NO_BALANCE).
   */
  async function answerShared(
    value: NonNullable<CacheValue>,
    input: VerifyInput,
    now: number,
    cached: boolean,
    limit: { limit: number },
    store: SharedMinutes,
  ): Promise<VerifyResult> {
    const reason = decide(asChecked(value, input), input.service, input, now)
    if (reason !== 'OK' && reason !== 'NO_BALANCE') return result(value, reason, null, cached)
    const kind = isMapLoad(input.service) ? 1 : 0
    const minute = Math.floor(now / 60_000)
    try {
      if (reason === 'NO_BALANCE') {
        const used = await store.peek(value.userId, kind, minute)
        return result(
          value,
          used >= limit.limit ? 'QUOTA_EXCEEDED' : 'NO_BALANCE',
          Math.max(0, limit.limit - used),
          cached,
        )
      }
      const count = await store.hit(value.userId, kind, minute)
      if (count > limit.limit) return result(value, 'QUOTA_EXCEEDED', 0, cached)
      // Days and months are still counted here, against their baselines.
      quota.count(value.userId, input.service, now)
      return result(value, 'OK', limit.limit - count, cached)
    } catch (error) {
      // The store is out of reach: this instance's own count decides meanwhile.
      log.warn({ err: error }, 'gateway quota: the shared minute count is out of reach; counting here')
      return answer(value, input, now, cached)
    }
  }

  function decideOn(value: CacheValue, input: VerifyInput, now: number, cached: boolean) {
    const shared = sharedMinuteLimit(value, input)
    return shared && value && minutes
      ? answerShared(value, input, now, cached, shared, minutes)
      : answer(value, input, now, cached)
  }

  function onNotification(payload: string) {
    const [kind, id] = payload.split(':', 2)
    if (!id) return
    if (kind === 'key') cache.evictKey(id)
    else if (kind === 'user') cache.evictUser(id)
    else if (kind === 'plan') cache.evictPlan(id)
    else if (kind === 'paths') options.onPathsChanged?.()
  }

  return {
    cache,
    quota,
    verify(input) {
      const now = clock.now().getTime()
      const hash = sha256Hex(input.key)
      // The hot path: a cached answer is decided synchronously, with no promise in between.
      const cached = cache.get(hash, now)
      if (cached !== undefined) return decideOn(cached, input, now, true)
      return facts(hash, now).then((value) => decideOn(value, input, now, false))
    },
    verifyCached(input) {
      const now = clock.now().getTime()
      const cached = cache.get(sha256Hex(input.key), now)
      // A shared minute count is a round trip: such a call is answered by `verify`.
      if (cached === undefined || sharedMinuteLimit(cached, input)) return undefined
      return answer(cached, input, now, true)
    },
    async start() {
      minutes = options.redisUrl
        ? await redisMinutes(options.redisUrl, log)
        : database.kind === 'postgres'
          ? postgresMinutes(database)
          : null
      unlisten = await database.listen(CHANNEL, onNotification, () => {
        log.warn('gateway cache: change notifications were interrupted; starting cold')
        cache.clear()
        options.onPathsChanged?.()
      })
    },
    async stop() {
      await minutes?.close()
      minutes = null
      await unlisten?.()
      cache.clear()
      quota.clear()
    },
  }
}
