import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client.ts'

// Plan limits per minute, counted once for all instances (docs/pricing.md "Quotas"). A call of a user whose
// plan limits the minute adds one to the minute's shared count and is allowed while the count is within
// the limit: exact across instances, at the price of one round trip for these users only (every other
// check stays in memory). Where the count lives:
// - Redis, when REDIS_URL is set: INCR and EXPIRE in one MULTI;
// - PostgreSQL otherwise: one upsert on `gateway_minute_counts` that returns the new count;
// - nowhere on the embedded database: one process serves it, so its own count is already exact.
// The choice between the first two was measured (bench/README.md "Plan limits per minute").

export interface SharedMinutes {
  readonly store: 'redis' | 'postgres'
  /** Adds one call to the user's count for this minute and kind (0 requests, 1 map loads); the new count. */
  hit(userId: string, kind: 0 | 1, minute: number): Promise<number>
  /** The count so far, without adding to it (for a call refused for another reason). */
  peek(userId: string, kind: 0 | 1, minute: number): Promise<number>
  close(): Promise<void>
}

/** Counts kept a little past their minute, then dropped (Redis expiry, or the `throttles-sweep` job). */
const MINUTE_COUNT_TTL_SECONDS = 120

export function postgresMinutes(database: Database): SharedMinutes {
  return {
    store: 'postgres',
    async hit(userId, kind, minute) {
      const { rows } = await database.run(
        `insert into gateway_minute_counts (user_id, kind, minute, count) values ($1, $2, $3, 1)
         on conflict (user_id, kind, minute) do update set count = gateway_minute_counts.count + 1
         returning count`,
        [userId, kind, minute],
      )
      return Number((rows[0] as { count: number } | undefined)?.count ?? 1)
    },
    async peek(userId, kind, minute) {
      const { rows } = await database.run(
        'select count from gateway_minute_counts where user_id = $1 and kind = $2 and minute = $3',
        [userId, kind, minute],
      )
      return Number((rows[0] as { count: number } | undefined)?.count ?? 0)
    },
    async close() {},
  }
}

/**
 * The count in Redis. The instance starts without waiting for Redis and keeps reconnecting; while
 * Redis is out of reach a call fails at once (no queue of commands waits for it), and the gateway
 * counts on this instance meanwhile.
 */
export async function redisMinutes(url: string, log: FastifyBaseLogger): Promise<SharedMinutes> {
  // Loaded only here: a portal without REDIS_URL never needs the client.
  const { createClient } = await import('redis')
  const client = createClient({ url, disableOfflineQueue: true, socket: { connectTimeout: 2000 } })
  let warned = false
  client.on('error', (error) => {
    if (warned) return
    warned = true
    log.warn({ err: error }, 'redis: out of reach; plan minutes are counted per instance until it answers')
  })
  client.on('ready', () => {
    warned = false
  })
  client.connect().catch(() => {})
  const keyOf = (userId: string, kind: 0 | 1, minute: number) => `maps-portal:minute:${userId}:${kind}:${minute}`
  return {
    store: 'redis',
    async hit(userId, kind, minute) {
      if (!client.isReady) throw new Error('Redis is not connected')
      const key = keyOf(userId, kind, minute)
      const [count] = await client.multi().incr(key).expire(key, MINUTE_COUNT_TTL_SECONDS).exec()
      return Number(count)
    },
    async peek(userId, kind, minute) {
      if (!client.isReady) throw new Error('Redis is not connected')
      return Number((await client.get(keyOf(userId, kind, minute))) ?? 0)
    },
    async close() {
      // A client still trying to reach Redis is dropped at once; a connected one says goodbye.
      if (client.isReady) await client.quit().catch(() => {})
      else if (client.isOpen) client.destroy()
    },
  }
}
