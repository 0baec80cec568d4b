import type { NotificationTranslations, TranslationLang } from '@app/contract'
import { sql } from 'drizzle-orm'
import { check, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { tstz } from './columns.ts'
import { files } from './system.ts'
import { users } from './users.ts'

/** A campaign (docs/requirements.md §16.1): a dashboard banner shown from `start_date` to `end_date` (UTC dates, both included). */
export const campaigns = pgTable(
  'campaigns',
  {
    id: text('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    url: text('url').notNull(),
    /**
     * The banner's name in Burmese and Vietnamese, where staff made a banner in that language; its
     * images are the `campaign_files` rows of that `lang` (docs/campaigns.md "Banners in three languages").
     */
    translations: jsonb('translations')
      .$type<Partial<Record<TranslationLang, { name: string }>>>()
      .notNull()
      .default({}),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('campaigns_code_key').on(sql`lower(${t.code})`),
    index('campaigns_dates_idx').on(t.startDate, t.endDate),
    index('campaigns_created_idx').on(t.createdAt),
    check('campaigns_dates_check', sql`${t.endDate} >= ${t.startDate}`),
  ],
)

/**
 * A campaign's file list ("image(s) or file list"): its images in order per language, the first of a
 * language is its banner; `en` are the campaign's own images, `my` and `vi` its translations'.
 */
export const campaignFiles = pgTable(
  'campaign_files',
  {
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    fileId: text('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    lang: text('lang', { enum: ['en', 'my', 'vi'] })
      .notNull()
      .default('en'),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.fileId] }),
    uniqueIndex('campaign_files_file_key').on(t.fileId),
    check('campaign_files_lang_check', sql`${t.lang} in ('en', 'my', 'vi')`),
  ],
)

/** A notification (docs/requirements.md §16.2): an e-mail campaign to customers. */
export const notifications = pgTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    /** Sanitised HTML. */
    contentHtml: text('content_html').notNull(),
    /** The e-mail in Burmese and Vietnamese, where staff wrote it (docs/notifications.md "In the recipient's language"). */
    translations: jsonb('translations').$type<NotificationTranslations>().notNull().default({}),
    /** The recipient filter it was saved with (the recipients themselves are rows below). */
    recipients: jsonb('recipients').notNull(),
    /**
     * pending → sending → sent → deleted (docs/requirements.md §16.2). Deleting a pending one removes the
     * row (nothing went out); deleting a sent one keeps it, its counts and its recipients, as deleted.
     */
    status: text('status', { enum: ['pending', 'sending', 'sent', 'deleted'] })
      .notNull()
      .default('pending'),
    sendAt: tstz('send_at').notNull(),
    total: integer('total').notNull().default(0),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
    startedAt: tstz('started_at'),
    finishedAt: tstz('finished_at'),
    deletedAt: tstz('deleted_at'),
    deletedBy: text('deleted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('notifications_due_idx').on(t.sendAt).where(sql`${t.status} in ('pending', 'sending')`),
    index('notifications_created_idx').on(t.createdAt),
    check('notifications_status_check', sql`${t.status} in ('pending', 'sending', 'sent', 'deleted')`),
  ],
)

/**
 * One row per recipient of a notification: the primary key (notification, e-mail) is what makes one
 * e-mail per recipient. A worker claims a row (pending → sending, with a lease), sends, and marks it
 * sent or failed in a transaction; see docs/notifications.md.
 */
export const notificationRecipients = pgTable(
  'notification_recipients',
  {
    notificationId: text('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    language: text('language').notNull().default('en'),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
    /** While `sending`: the instance that claimed it and until when. */
    claimedBy: text('claimed_by'),
    claimedUntil: tstz('claimed_until'),
    lastError: text('last_error'),
    sentAt: tstz('sent_at'),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.email] }),
    index('notification_recipients_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('notification_recipients_status_idx').on(t.notificationId, t.status),
    check('notification_recipients_status_check', sql`${t.status} in ('pending', 'sending', 'sent', 'failed')`),
  ],
)
