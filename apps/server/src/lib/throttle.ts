import { and, eq, isNull, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { throttles } from '../db/schema/index.ts'

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

/** Whether a bucket is currently blocked, without counting a hit. */
export async function blockedFor(db: Db, bucket: string, now: Date): Promise<number> {
  const [row] = await db.select().from(throttles).where(eq(throttles.bucket, bucket)).limit(1)
  return row?.blockedUntil && row.blockedUntil > now ? secondsBetween(now, row.blockedUntil) : 0
}

export async function clear(db: Db, bucket: string) {
  await db.delete(throttles).where(eq(throttles.bucket, bucket))
}

/** Drops counters whose window and block ended more than a day ago. */
export async function sweep(db: Db, now: Date) {
  const dayAgo = new Date(now.getTime() - 86_400_000)
  await db
    .delete(throttles)
    .where(and(lt(throttles.windowStart, dayAgo), or(isNull(throttles.blockedUntil), lt(throttles.blockedUntil, now))))
}

function secondsBetween(from: Date, to: Date): number {
  return Math.max(1, Math.ceil((to.getTime() - from.getTime()) / 1000))
}
