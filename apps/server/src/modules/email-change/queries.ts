import type { EmailChangeRequest } from '@app/contract'
import { aliasedTable, and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { emailChangeRequests, users } from '../../db/schema/index.ts'
import { escapeLike } from '../../lib/like.ts'

export type EmailChangeRow = typeof emailChangeRequests.$inferSelect
type Status = EmailChangeRow['status']

export interface Page {
  limit: number
  offset: number
}

const handler = aliasedTable(users, 'handler')

const selection = {
  request: emailChangeRequests,
  userEmail: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  handledByEmail: handler.email,
}

interface Joined {
  request: EmailChangeRow
  userEmail: string
  firstName: string
  lastName: string
  handledByEmail: string | null
}

function toEmailChangeRequest(row: Joined): EmailChangeRequest {
  const r = row.request
  return {
    id: r.id,
    user_id: r.userId,
    user_email: row.userEmail,
    user_name: `${row.firstName} ${row.lastName}`.trim(),
    old_email: r.oldEmail,
    new_email: r.newEmail,
    reason: r.reason,
    refuse_reason: r.refuseReason,
    status: r.status,
    handled_by_email: row.handledByEmail,
    handled_at: r.handledAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  }
}

function joined(db: Db) {
  return db
    .select(selection)
    .from(emailChangeRequests)
    .innerJoin(users, eq(users.id, emailChangeRequests.userId))
    .leftJoin(handler, eq(handler.id, emailChangeRequests.handledBy))
}

export async function findEmailChangeRequest(db: Db, id: string): Promise<EmailChangeRequest | null> {
  const [row] = await joined(db).where(eq(emailChangeRequests.id, id)).limit(1)
  return row ? toEmailChangeRequest(row) : null
}

/** The request row, locked until the transaction ends, so two staff members cannot both decide it. */
export async function lockEmailChangeRequest(db: Db, id: string): Promise<EmailChangeRow | null> {
  const [row] = await db.select().from(emailChangeRequests).where(eq(emailChangeRequests.id, id)).for('update')
  return row ?? null
}

export async function findOpenRequestOf(db: Db, userId: string): Promise<EmailChangeRow | null> {
  const [row] = await db
    .select()
    .from(emailChangeRequests)
    .where(and(eq(emailChangeRequests.userId, userId), eq(emailChangeRequests.status, 'unaccomplished')))
    .limit(1)
  return row ?? null
}

/** Whether an address belongs to an account, or to someone else's unfinished request. */
export async function isEmailTaken(db: Db, email: string, exceptUserId?: string): Promise<boolean> {
  const [account] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1)
  if (account) return true
  const conditions = [eq(emailChangeRequests.newEmail, email), eq(emailChangeRequests.status, 'unaccomplished')]
  if (exceptUserId) conditions.push(sql`${emailChangeRequests.userId} <> ${exceptUserId}`)
  const [open] = await db
    .select({ id: emailChangeRequests.id })
    .from(emailChangeRequests)
    .where(and(...conditions))
    .limit(1)
  return Boolean(open)
}

export interface RequestFilter {
  keyword?: string | undefined
  userId?: string | undefined
  status?: Status | undefined
}

function whereOf(filter: RequestFilter): SQL | undefined {
  const conditions: SQL[] = []
  if (filter.userId) conditions.push(eq(emailChangeRequests.userId, filter.userId))
  if (filter.status) conditions.push(eq(emailChangeRequests.status, filter.status))
  const text = filter.keyword?.trim()
  if (text) {
    const like = `%${escapeLike(text)}%`
    const match = or(
      ilike(emailChangeRequests.oldEmail, like),
      ilike(emailChangeRequests.newEmail, like),
      ilike(users.email, like),
      ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
    )
    if (match) conditions.push(match)
  }
  return conditions.length ? and(...conditions) : undefined
}

/** Newest first; `oldestFirst` for a work queue (the request waiting longest on top). */
export async function listEmailChangeRequests(db: Db, filter: RequestFilter, page: Page, oldestFirst = false) {
  const where = whereOf(filter)
  const order = oldestFirst
    ? [asc(emailChangeRequests.createdAt), asc(emailChangeRequests.id)]
    : [desc(emailChangeRequests.createdAt), desc(emailChangeRequests.id)]
  const [rows, [total]] = await Promise.all([
    joined(db)
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ value: count() })
      .from(emailChangeRequests)
      .innerJoin(users, eq(users.id, emailChangeRequests.userId))
      .where(where),
  ])
  return { items: rows.map(toEmailChangeRequest), total: total?.value ?? 0 }
}
