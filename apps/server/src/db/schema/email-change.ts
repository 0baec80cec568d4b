import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { tstz } from './columns.ts'
import { users } from './users.ts'

/**
 * A customer's request for a new e-mail address (docs/requirements.md §13). At most one unfinished
 * request per user, and one unfinished request per new address, both held by partial unique indexes.
 */
export const emailChangeRequests = pgTable(
  'email_change_requests',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    reason: text('reason').notNull(),
    refuseReason: text('refuse_reason'),
    status: text('status', { enum: ['unaccomplished', 'accomplished', 'refused'] })
      .notNull()
      .default('unaccomplished'),
    handledBy: text('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledAt: tstz('handled_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_change_requests_one_open_per_user').on(t.userId).where(sql`${t.status} = 'unaccomplished'`),
    uniqueIndex('email_change_requests_one_open_per_email').on(t.newEmail).where(sql`${t.status} = 'unaccomplished'`),
    index('email_change_requests_user_idx').on(t.userId, t.createdAt),
    index('email_change_requests_status_idx').on(t.status, t.createdAt),
    check('email_change_requests_status_check', sql`${t.status} in ('unaccomplished', 'accomplished', 'refused')`),
    check('email_change_requests_new_email_lower', sql`${t.newEmail} = lower(${t.newEmail})`),
    check(
      'email_change_requests_lengths',
      sql`length(${t.newEmail}) <= 255 and length(${t.reason}) <= 512 and length(coalesce(${t.refuseReason}, '')) <= 1024`,
    ),
    check('email_change_requests_refusal', sql`(${t.status} = 'refused') = (${t.refuseReason} is not null)`),
  ],
)
