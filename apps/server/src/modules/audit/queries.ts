import type { AuditEntry } from '@app/contract'
import { and, count, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm'
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import { auditLog, users } from '../../db/schema/index.ts'
import { escapeLike } from '../../lib/like.ts'

// Reading the audit log: the list and the export share one filter. Nothing here writes (audit.ts
// inserts; the table's trigger refuses updates and deletes).

export type AuditRow = typeof auditLog.$inferSelect

export interface AuditFilter {
  keyword?: string | undefined
  actor?: string | undefined
  action?: string | undefined
  target_type?: string | undefined
  target_id?: string | undefined
  /** UTC days, both included. */
  from?: string | undefined
  to?: string | undefined
}

const ACTOR_ID = /^usr_[0-9a-z]{26}$/
const DAY_MS = 86_400_000

/** The people a row names, as they are now: who acted and, for a row about an account, whose. */
interface People {
  actorName: string | null
  targetName: string | null
  targetEmail: string | null
}

const actorUser = alias(users, 'actor_user')
const targetUser = alias(users, 'target_user')
const fullName = (table: { firstName: AnyPgColumn; lastName: AnyPgColumn }) =>
  sql<string | null>`nullif(trim(${table.firstName} || ' ' || ${table.lastName}), '')`

function toAuditEntry(row: AuditRow, people: People): AuditEntry {
  return {
    id: String(row.id),
    actor_id: row.actorId,
    actor_email: row.actorEmail,
    actor_name: people.actorName,
    target_name: people.targetName,
    target_email: people.targetEmail,
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    before: row.before ?? null,
    after: row.after ?? null,
    ip: row.ip,
    created_at: row.createdAt.toISOString(),
  }
}

function auditWhere(filter: AuditFilter): SQL | undefined {
  const conditions: SQL[] = []
  const actor = filter.actor?.trim()
  if (actor) {
    const like = `%${escapeLike(actor)}%`
    // By id, by the e-mail recorded with the row, or by the actor's name as it is now.
    const byText = or(
      ilike(auditLog.actorEmail, like),
      sql`exists (select 1 from ${users} where ${users.id} = ${auditLog.actorId} and ${users.firstName} || ' ' || ${users.lastName} ilike ${like})`,
    )
    if (ACTOR_ID.test(actor)) conditions.push(eq(auditLog.actorId, actor))
    else if (byText) conditions.push(byText)
  }
  const action = filter.action?.trim()
  // A whole action (`coupons.create`) or a feature (`coupons`: every action under it).
  if (action) {
    const feature = or(eq(auditLog.action, action), ilike(auditLog.action, `${escapeLike(action)}.%`))
    if (feature) conditions.push(feature)
  }
  if (filter.target_type?.trim()) conditions.push(eq(auditLog.targetType, filter.target_type.trim()))
  if (filter.target_id?.trim()) conditions.push(eq(auditLog.targetId, filter.target_id.trim()))
  if (filter.from) conditions.push(gte(auditLog.createdAt, new Date(`${filter.from}T00:00:00.000Z`)))
  if (filter.to) conditions.push(lt(auditLog.createdAt, new Date(Date.parse(`${filter.to}T00:00:00.000Z`) + DAY_MS)))
  const text = filter.keyword?.trim()
  if (text) {
    const like = `%${escapeLike(text)}%`
    const match = or(
      ilike(auditLog.action, like),
      ilike(auditLog.actorEmail, like),
      ilike(auditLog.targetType, like),
      ilike(auditLog.targetId, like),
      ilike(sql`coalesce(${auditLog.before}::text, '')`, like),
      ilike(sql`coalesce(${auditLog.after}::text, '')`, like),
    )
    if (match) conditions.push(match)
  }
  return conditions.length ? and(...conditions) : undefined
}

export async function listAuditEntries(db: Db, filter: AuditFilter, page: { limit: number; offset: number }) {
  const where = auditWhere(filter)
  const [rows, [total]] = await Promise.all([
    db
      .select({
        row: auditLog,
        actorName: fullName(actorUser),
        targetName: fullName(targetUser),
        targetEmail: targetUser.email,
      })
      .from(auditLog)
      .leftJoin(actorUser, eq(actorUser.id, auditLog.actorId))
      .leftJoin(targetUser, and(eq(auditLog.targetType, 'user'), eq(targetUser.id, auditLog.targetId)))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(auditLog).where(where),
  ])
  return { items: rows.map(({ row, ...people }) => toAuditEntry(row, people)), total: total?.value ?? 0 }
}

export async function countAuditEntries(db: Db, filter: AuditFilter): Promise<number> {
  const [row] = await db.select({ value: count() }).from(auditLog).where(auditWhere(filter))
  return row?.value ?? 0
}

export async function listAuditActions(db: Db) {
  return db
    .select({ action: auditLog.action, count: count() })
    .from(auditLog)
    .groupBy(auditLog.action)
    .orderBy(auditLog.action)
}

const WALK_PAGE = 1_000

/** Every selected row, newest first, a page at a time (keyset on the id, which grows with time). */
export async function* walkAuditEntries(db: Db, filter: AuditFilter, max: number): AsyncGenerator<AuditRow[]> {
  let before: number | null = null
  let left = max
  while (left > 0) {
    const where = auditWhere(filter)
    const conditions: SQL[] = []
    if (where) conditions.push(where)
    if (before !== null) conditions.push(lt(auditLog.id, before))
    const rows: AuditRow[] = await db
      .select()
      .from(auditLog)
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(desc(auditLog.id))
      .limit(Math.min(WALK_PAGE, left))
    if (rows.length === 0) return
    yield rows
    left -= rows.length
    before = rows[rows.length - 1]?.id ?? null
    if (rows.length < WALK_PAGE) return
  }
}
