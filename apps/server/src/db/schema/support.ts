import { sql } from 'drizzle-orm'
import { boolean, check, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { tstz } from './columns.ts'
import { users } from './users.ts'

/**
 * A customer's support request (docs/requirements.md §15.1): open until the customer or staff
 * close it; a closed ticket takes no reply until staff reopen it. The question itself is the first
 * row of `ticket_messages`. `last_reply_*` are kept with each message so lists sort without a join.
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    /** One of the customer's keys, bills or maps (checked when the ticket is opened); no foreign key, so
     * the ticket outlives what it names. */
    referenceType: text('reference_type', { enum: ['key', 'bill', 'map'] }),
    referenceId: text('reference_id'),
    lastReplyBy: text('last_reply_by', { enum: ['customer', 'staff'] })
      .notNull()
      .default('customer'),
    lastReplyAt: tstz('last_reply_at').notNull(),
    closedAt: tstz('closed_at'),
    createdAt: tstz('created_at').notNull(),
    updatedAt: tstz('updated_at').notNull(),
  },
  (t) => [
    index('support_tickets_user_idx').on(t.userId, t.lastReplyAt),
    index('support_tickets_status_idx').on(t.status, t.lastReplyAt),
    check('support_tickets_status_check', sql`${t.status} in ('open', 'closed')`),
    check('support_tickets_last_reply_by_check', sql`${t.lastReplyBy} in ('customer', 'staff')`),
    check(
      'support_tickets_reference_check',
      sql`(${t.referenceType} is null) = (${t.referenceId} is null) and (${t.referenceType} is null or ${t.referenceType} in ('key', 'bill', 'map'))`,
    ),
    check('support_tickets_closed_check', sql`(${t.status} = 'closed') = (${t.closedAt} is not null)`),
  ],
)

/** The conversation of a ticket, oldest first: the question, then customer and staff replies. */
export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: text('id').primaryKey(),
    ticketId: text('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromStaff: boolean('from_staff').notNull(),
    content: text('content').notNull(),
    /** `/files/…` paths of images the author uploaded (at most 5). */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [index('ticket_messages_ticket_idx').on(t.ticketId, t.createdAt)],
)
