import { capMonthOf, capPercent, capState, formatCents, hasCap, type Key } from '@app/contract'
import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { keySecrets, keys, users } from '../../db/schema/index.ts'
import { notFound } from '../../http/errors.ts'
import { escapeLike } from '../../lib/like.ts'

export type KeyRow = typeof keys.$inferSelect

/** The one place a key row becomes an API key: the secret and its ciphertext never leave here. */
export function toKey(row: KeyRow, userEmail: string, previousExpiresAt: Date | null, now: Date): Key {
  return {
    id: row.id,
    user_id: row.userId,
    user_email: userEmail,
    name: row.name,
    type: row.type,
    description: row.description,
    key_preview: row.secretPreview,
    status: row.deletedAt ? 'deleted' : row.status,
    restriction_list: row.restrictionList ?? null,
    created_at: row.createdAt.toISOString(),
    last_modified: row.updatedAt.toISOString(),
    deleted_at: row.deletedAt?.toISOString() ?? null,
    previous_key_expires_at: previousExpiresAt?.toISOString() ?? null,
    services: row.services ?? null,
    request_cap: row.requestCap,
    spend_cap: row.spendCapCents === null ? null : formatCents(row.spendCapCents),
    cap_use: capUseOf(row, now),
  }
}

/** This month's use of a key's caps as the key-caps job last measured it (nothing yet in a new month). */
function capUseOf(row: KeyRow, now: Date): Key['cap_use'] {
  const caps = { requestCap: row.requestCap, spendCapCents: row.spendCapCents }
  if (!hasCap(caps)) return null
  const month = capMonthOf(now.getTime())
  const isThisMonth = row.capMonth === month
  const use = isThisMonth
    ? { requests: row.capUsedRequests, spendCents: row.capUsedCents }
    : { requests: 0, spendCents: 0n }
  const blocked = row.capBlockedUntil !== null && row.capBlockedUntil.getTime() > now.getTime()
  return {
    month,
    requests: use.requests,
    spend: formatCents(use.spendCents),
    percent: Math.round(capPercent(use, caps) * 10) / 10,
    // The gateway's answer decides: a key refused until the month ends shows as reached.
    state: blocked ? 'reached' : capState(use, caps),
    measured_at: isThisMonth ? (row.capMeasuredAt?.toISOString() ?? null) : null,
  }
}

/** Keys with their owner's e-mail and, after a roll, until when a previous secret still works. */
function selectKeys(db: Db, now: Date) {
  const previousExpiresAt = sql<string | null>`(
    select max(${keySecrets.expiresAt}) from ${keySecrets}
    where ${keySecrets.keyId} = ${keys.id} and ${keySecrets.expiresAt} > ${now.toISOString()}::timestamptz
  )`.mapWith((value: string | Date | null) => (value === null ? null : new Date(value)))
  return db
    .select({ key: keys, userEmail: users.email, previousExpiresAt })
    .from(keys)
    .innerJoin(users, eq(users.id, keys.userId))
}

export async function findKey(db: Db, id: string, now: Date) {
  const [row] = await selectKeys(db, now).where(eq(keys.id, id)).limit(1)
  return row ?? null
}

export async function getKeyRow(db: Db, id: string): Promise<KeyRow> {
  const [row] = await db.select().from(keys).where(eq(keys.id, id)).limit(1)
  if (!row) throw notFound('keys.notFound')
  return row
}

/** The key row, locked until the transaction ends, so that changes which read and then write take turns. */
export async function lockKeyRow(db: Db, id: string): Promise<KeyRow> {
  const [row] = await db.select().from(keys).where(eq(keys.id, id)).limit(1).for('update')
  if (!row) throw notFound('keys.notFound')
  return row
}

export interface KeyFilter {
  userId?: string
  deleted: boolean
  keyword?: string
  status?: 'active' | 'suspended'
}

export async function listKeys(db: Db, filter: KeyFilter, page: { limit: number; offset: number }, now: Date) {
  const conditions: SQL[] = [filter.deleted ? isNotNull(keys.deletedAt) : isNull(keys.deletedAt)]
  if (filter.userId) conditions.push(eq(keys.userId, filter.userId))
  if (filter.status) conditions.push(eq(keys.status, filter.status))
  const keyword = filter.keyword?.trim()
  if (keyword) {
    const like = `%${escapeLike(keyword)}%`
    const match = or(ilike(keys.name, like), ilike(users.email, like), eq(keys.id, keyword))
    if (match) conditions.push(match)
  }
  const where = and(...conditions)
  const order = filter.deleted ? [desc(keys.deletedAt), desc(keys.id)] : [desc(keys.createdAt), desc(keys.id)]
  const [rows, [total]] = await Promise.all([
    selectKeys(db, now)
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(keys).innerJoin(users, eq(users.id, keys.userId)).where(where),
  ])
  return { rows, total: total?.value ?? 0 }
}
