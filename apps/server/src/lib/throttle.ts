import { isIPv6 } from 'node:net'
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { gatewayMinuteCounts, throttles } from '../db/schema/index.ts'

// Fixed-window counters in PostgreSQL, so that every server instance sees the same counts.

export interface Verdict {
  allowed: boolean
  /** Seconds until the caller may try again (0 when allowed). */
  retryAfter: number
}

/**
 * Counts one hit in `bucket`. More than `limit` hits within `windowSeconds` are refused until the
 * window ends; with `blockSeconds`, passing the limit also blocks the bucket for that long.
 */
export async function hit(
  db: Db,
  bucket: string,
  limit: number,
  windowSeconds: number,
  now: Date,
  blockSeconds = 0,
): Promise<Verdict> {
  const windowStartLimit = sql`${new Date(now.getTime() - windowSeconds * 1000).toISOString()}::timestamptz`
  const nowSql = sql`${now.toISOString()}::timestamptz`
  const [row] = await db
    .insert(throttles)
    .values({ bucket, hits: 1, windowStart: now })
    .onConflictDoUpdate({
      target: throttles.bucket,
      set: {
        hits: sql`case when ${throttles.windowStart} <= ${windowStartLimit} then 1 else ${throttles.hits} + 1 end`,
        windowStart: sql`case when ${throttles.windowStart} <= ${windowStartLimit} then ${nowSql} else ${throttles.windowStart} end`,
      },
    })
    .returning()
  if (!row) throw new Error('throttle upsert returned nothing')
  if (row.blockedUntil && row.blockedUntil > now) {
    return { allowed: false, retryAfter: secondsBetween(now, row.blockedUntil) }
  }
  if (row.hits <= limit) return { allowed: true, retryAfter: 0 }
  if (blockSeconds > 0) {
    const blockedUntil = new Date(now.getTime() + blockSeconds * 1000)
    await db.update(throttles).set({ blockedUntil }).where(eq(throttles.bucket, bucket))
    return { allowed: false, retryAfter: blockSeconds }
  }
  return { allowed: false, retryAfter: secondsBetween(now, new Date(row.windowStart.getTime() + windowSeconds * 1000)) }
}

/**
 * The part of a client address a per-address limit counts. An IPv6 subscriber is usually given a whole
 * /64, so counting single IPv6 addresses would give one person 2⁶⁴ budgets; their /64 is counted
 * instead. An IPv4 address (also written IPv4-mapped, `::ffff:a.b.c.d`) counts as itself.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)
  if (mapped?.[1]) return mapped[1]
  if (!isIPv6(ip)) return ip
  const [head = '', tail = ''] = ip.split('%')[0]?.split('::') ?? []
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`
}

/** Whether a bucket is currently blocked, without counting a hit. */
export async function blockedFor(db: Db, bucket: string, now: Date): Promise<number> {
  const [row] = await db.select().from(throttles).where(eq(throttles.bucket, bucket)).limit(1)
  return row?.blockedUntil && row.blockedUntil > now ? secondsBetween(now, row.blockedUntil) : 0
}

export async function clear(db: Db, bucket: string) {
  await db.delete(throttles).where(eq(throttles.bucket, bucket))
}

/**
 * Drops counters whose window and block ended more than a day ago, and the plan minute counts of
 * minutes past (modules/gateway/minutes.ts); how many.
 */
export async function sweep(db: Db, now: Date): Promise<number> {
  const dayAgo = new Date(now.getTime() - 86_400_000)
  const deleted = await db
    .delete(throttles)
    .where(and(lt(throttles.windowStart, dayAgo), or(isNull(throttles.blockedUntil), lt(throttles.blockedUntil, now))))
    .returning({ bucket: throttles.bucket })
  const minutes = await db
    .delete(gatewayMinuteCounts)
    .where(lt(gatewayMinuteCounts.minute, Math.floor(now.getTime() / 60_000) - 2))
    .returning({ minute: gatewayMinuteCounts.minute })
  return deleted.length + minutes.length
}

function secondsBetween(from: Date, to: Date): number {
  return Math.max(1, Math.ceil((to.getTime() - from.getTime()) / 1000))
}
