import { joinName, type Ticket, type TicketMessage, type TicketReference, type TicketSummary } from '@app/contract'
import { and, asc, count, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import { bills, keys, maps, supportTickets, ticketMessages, users } from '../../db/schema/index.ts'
import { escapeLike } from '../../lib/like.ts'

// The tickets' queries. `toTicketSummary` and `toTicketMessage` are the only places a row becomes an
// API answer.

export type TicketRow = typeof supportTickets.$inferSelect
type UserCols = { id: string; firstName: string | null; lastName: string | null; email: string }

export interface Page {
  limit: number
  offset: number
}

const messageCount = sql<number>`(select count(*)::int from ${ticketMessages} m where m.ticket_id = ${supportTickets}.id)`

// The label of what a ticket points at, read when the ticket is shown (a renamed key shows its new name).
const referenceLabel = sql<string | null>`case ${supportTickets.referenceType}
  when 'key' then (select k.name from ${keys} k where k.id = ${supportTickets.referenceId})
  when 'bill' then (select b.code from ${bills} b where b.id = ${supportTickets.referenceId})
  when 'map' then (select mp.name from ${maps} mp where mp.id = ${supportTickets.referenceId})
end`

const owner = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
}

function toTicketSummary(row: TicketRow, user: UserCols, messages: number, label: string | null): TicketSummary {
  const reference: TicketReference | null =
    row.referenceType && row.referenceId ? { type: row.referenceType, id: row.referenceId, label } : null
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    user: { id: user.id, full_name: joinName(user.firstName, user.lastName), email: user.email },
    reference,
    messages,
    last_reply_by: row.lastReplyBy,
    last_reply_at: row.lastReplyAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    closed_at: row.closedAt?.toISOString() ?? null,
  }
}

export interface TicketFilter {
  userId?: string
  status?: TicketRow['status']
  keyword?: string
}

export async function listTickets(
  db: Db,
  filter: TicketFilter,
  page: Page,
): Promise<{ items: TicketSummary[]; total: number }> {
  const conditions: SQL[] = []
  if (filter.userId) conditions.push(eq(supportTickets.userId, filter.userId))
  if (filter.status) conditions.push(eq(supportTickets.status, filter.status))
  if (filter.keyword) {
    const like = `%${escapeLike(filter.keyword)}%`
    const matching = or(
      ilike(supportTickets.title, like),
      ilike(users.email, like),
      sql`exists (select 1 from ${ticketMessages} m where m.ticket_id = ${supportTickets}.id and m.content ilike ${like})`,
    )
    if (matching) conditions.push(matching)
  }
  const where = conditions.length ? and(...conditions) : undefined
  const [rows, [total]] = await Promise.all([
    db
      .select({ ticket: supportTickets, user: owner, messages: messageCount, label: referenceLabel })
      .from(supportTickets)
      .innerJoin(users, eq(users.id, supportTickets.userId))
      .where(where)
      .orderBy(desc(supportTickets.lastReplyAt), desc(supportTickets.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ value: count() })
      .from(supportTickets)
      .innerJoin(users, eq(users.id, supportTickets.userId))
      .where(where),
  ])
  return {
    items: rows.map((r) => toTicketSummary(r.ticket, r.user, r.messages, r.label)),
    total: total?.value ?? 0,
  }
}

export async function findTicketRow(db: Db, id: string, options: { lock?: boolean } = {}): Promise<TicketRow | null> {
  const query = db.select().from(supportTickets).where(eq(supportTickets.id, id)).limit(1)
  const [row] = options.lock ? await query.for('update') : await query
  return row ?? null
}

const author = alias(users, 'author')

export async function findTicket(db: Db, id: string): Promise<Ticket | null> {
  const [row] = await db
    .select({ ticket: supportTickets, user: owner, messages: messageCount, label: referenceLabel })
    .from(supportTickets)
    .innerJoin(users, eq(users.id, supportTickets.userId))
    .where(eq(supportTickets.id, id))
    .limit(1)
  if (!row) return null
  const messages = await db
    .select({
      message: ticketMessages,
      author: { id: author.id, firstName: author.firstName, lastName: author.lastName },
    })
    .from(ticketMessages)
    .innerJoin(author, eq(author.id, ticketMessages.authorId))
    .where(eq(ticketMessages.ticketId, id))
    .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id))
  return {
    ...toTicketSummary(row.ticket, row.user, row.messages, row.label),
    conversation: messages.map((m) => toTicketMessage(m.message, m.author)),
  }
}

function toTicketMessage(
  row: typeof ticketMessages.$inferSelect,
  by: { id: string; firstName: string | null; lastName: string | null },
): TicketMessage {
  return {
    id: row.id,
    author: { id: by.id, full_name: joinName(by.firstName, by.lastName) },
    from_staff: row.fromStaff,
    content: row.content,
    images: row.images,
    created_at: row.createdAt.toISOString(),
  }
}

/** Whether `userId` owns the key (not deleted), bill or map (not in the trash) a ticket names. */
export async function ownsReference(
  db: Db,
  userId: string,
  reference: { type: 'key' | 'bill' | 'map'; id: string },
): Promise<boolean> {
  const rows =
    reference.type === 'key'
      ? await db
          .select({ id: keys.id })
          .from(keys)
          .where(and(eq(keys.id, reference.id), eq(keys.userId, userId), isNull(keys.deletedAt)))
      : reference.type === 'bill'
        ? await db
            .select({ id: bills.id })
            .from(bills)
            .where(and(eq(bills.id, reference.id), eq(bills.userId, userId)))
        : await db
            .select({ id: maps.id })
            .from(maps)
            .where(and(eq(maps.id, reference.id), eq(maps.userId, userId), isNull(maps.trashedAt)))
  return rows.length > 0
}

const CHOICES = 100

/** What a user's ticket may point at, newest first. */
export async function listReferenceChoices(db: Db, userId: string) {
  const [keyRows, billRows, mapRows] = await Promise.all([
    db
      .select({ id: keys.id, label: keys.name })
      .from(keys)
      .where(and(eq(keys.userId, userId), isNull(keys.deletedAt)))
      .orderBy(desc(keys.createdAt))
      .limit(CHOICES),
    db
      .select({ id: bills.id, label: bills.code })
      .from(bills)
      .where(eq(bills.userId, userId))
      .orderBy(desc(bills.year), desc(bills.month))
      .limit(CHOICES),
    db
      .select({ id: maps.id, label: maps.name })
      .from(maps)
      .where(and(eq(maps.userId, userId), isNull(maps.trashedAt)))
      .orderBy(desc(maps.createdAt))
      .limit(CHOICES),
  ])
  return { key: keyRows, bill: billRows, map: mapRows }
}
