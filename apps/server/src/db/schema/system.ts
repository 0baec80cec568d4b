import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core'
import { bytea, tstz } from './columns.ts'
import { users } from './users.ts'

/** Every e-mail we send, written in the same transaction as the change that causes it. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** `email`, or `sms` (a phone number in `to_address`; only the text body is used). */
    channel: text('channel', { enum: ['email', 'sms'] })
      .notNull()
      .default('email'),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    template: text('template').notNull(),
    /** pending → sent | failed over SMTP; `stored` when no SMTP server is configured. */
    status: text('status', { enum: ['pending', 'sent', 'failed', 'stored'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    sentAt: tstz('sent_at'),
    /**
     * The message's one-time secrets (a verification or reset link, an SMS code), AES-256-GCM sealed
     * under a key derived from APP_SECRET with the message id bound in; the bodies above hold them
     * redacted. Opened only by the SMTP dispatcher (and wiped once it is done) or, outside production,
     * by the outbox page (docs/security.md "Secrets in the outbox").
     */
    sealedSecrets: text('sealed_secrets'),
  },
  (t) => [
    index('email_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('email_outbox_created_idx').on(t.createdAt),
    index('email_outbox_to_idx').on(t.toAddress),
    check('email_outbox_status_check', sql`${t.status} in ('pending', 'sent', 'failed', 'stored')`),
    check('email_outbox_channel_check', sql`${t.channel} in ('email', 'sms')`),
  ],
)

/** Who changed what, for every staff action (and security-relevant customer actions). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
  ],
)

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
})

/** Uploaded images, kept in the database so that server instances stay stateless. */
export const files = pgTable(
  'files',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    purpose: text('purpose', { enum: ['avatar', 'campaign', 'ticket', 'faq'] }).notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('files_owner_idx').on(t.ownerId),
    check('files_purpose_check', sql`${t.purpose} in ('avatar', 'campaign', 'ticket', 'faq')`),
  ],
)

/**
 * Plan limits per minute, counted for all instances at once (docs/pricing.md "Quotas"): one row per user,
 * kind (0 API requests, 1 map loads) and UTC minute. Rows of past minutes are swept by the
 * `throttles-sweep` job. With REDIS_URL the counts live in Redis instead.
 */
export const gatewayMinuteCounts = pgTable(
  'gateway_minute_counts',
  {
    userId: text('user_id').notNull(),
    kind: smallint('kind').notNull(),
    minute: bigint('minute', { mode: 'number' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.minute] })],
)

/** Fixed-window counters shared by all instances: sign-in failures and rate limits. */
export const throttles = pgTable('throttles', {
  bucket: text('bucket').primaryKey(),
  hits: integer('hits').notNull().default(0),
  windowStart: tstz('window_start').notNull().defaultNow(),
  blockedUntil: tstz('blocked_until'),
})
