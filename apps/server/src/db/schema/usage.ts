import { sql } from 'drizzle-orm'
import { bigint, boolean, date, index, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { tstz } from './columns.ts'
import { users } from './users.ts'

// Usage metering (DESIGN §4 "Gateway", issue 4). The gateway's events roll up, in the transaction
// that records their batch, into counters per key, service and hour, per key, service and day, and
// per service and day for everyone: charts read the coarsest table that answers them (docs/usage.md).
// The counter tables carry no foreign keys: every upsert would pay an index probe per row, and keys
// are only ever soft-deleted (a user's hard deletion leaves counters that no query can reach).

const counters = {
  hits: bigint('hits', { mode: 'number' }).notNull(),
  /** Answers 1xx–3xx. */
  ok: bigint('ok', { mode: 'number' }).notNull(),
  clientErrors: bigint('client_errors', { mode: 'number' }).notNull(),
  serverErrors: bigint('server_errors', { mode: 'number' }).notNull(),
  /** Σ latency × count, in ms: the mean is latency_sum / hits. */
  latencySum: bigint('latency_sum', { mode: 'number' }).notNull(),
  latencyMax: integer('latency_max').notNull(),
}

export const usageHourly = pgTable(
  'usage_hourly',
  {
    keyId: text('key_id').notNull(),
    userId: text('user_id').notNull(),
    service: text('service').notNull(),
    hour: tstz('hour').notNull(),
    ...counters,
  },
  (t) => [
    primaryKey({ columns: [t.keyId, t.service, t.hour] }),
    index('usage_hourly_user_idx').on(t.userId, t.hour),
    index('usage_hourly_hour_idx').on(t.hour),
  ],
)

export const usageDaily = pgTable(
  'usage_daily',
  {
    keyId: text('key_id').notNull(),
    userId: text('user_id').notNull(),
    service: text('service').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    ...counters,
  },
  (t) => [
    primaryKey({ columns: [t.keyId, t.service, t.day] }),
    index('usage_daily_user_idx').on(t.userId, t.day),
    index('usage_daily_day_idx').on(t.day),
  ],
)

/** Everyone's usage per service and day: the all-users charts read a few thousand rows a year. */
export const usageDailyAll = pgTable(
  'usage_daily_all',
  {
    service: text('service').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    ...counters,
  },
  (t) => [primaryKey({ columns: [t.service, t.day] })],
)

/**
 * The recent-requests log behind the CSV export and the requests table: a ring of 10,000 slots per
 * user (SPEC §9 keeps at most 10,000 recent requests), so it never needs pruning. `seq` counts a
 * user's logged requests; the slot is `seq % 10000`.
 */
export const usageRequests = pgTable(
  'usage_requests',
  {
    userId: text('user_id').notNull(),
    slot: integer('slot').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    keyId: text('key_id').notNull(),
    service: text('service').notNull(),
    path: text('path'),
    at: tstz('at').notNull(),
    status: integer('status').notNull(),
    latencyMs: integer('latency_ms').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.slot] }), index('usage_requests_seq_idx').on(t.userId, t.seq)],
)

/** Each user's count of logged requests (the ring's write position). */
export const usageRequestCursors = pgTable('usage_request_cursors', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  next: bigint('next', { mode: 'number' }).notNull(),
})

/** Batches already recorded, with what was answered: a replay gets the same numbers and changes nothing. */
export const usageBatches = pgTable('usage_batches', {
  batchId: text('batch_id').primaryKey(),
  receivedAt: tstz('received_at').notNull().defaultNow(),
  accepted: integer('accepted').notNull(),
  unclassified: integer('unclassified').notNull(),
  unknownKey: integer('unknown_key').notNull(),
  outOfRange: integer('out_of_range').notNull(),
})

/**
 * Rate settings (SPEC §3 "Setting weight"): per service type a rate per request, a free monthly
 * allowance, and the request paths that belong to it (`prefix` + one of `paths` + optional `subpath`).
 * Usage classification reads the paths; the pricing issue adds ranges, private settings and their screens.
 */
export const settingsWeight = pgTable(
  'settings_weight',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    rate: numeric('rate', { precision: 18, scale: 8 }).notNull(),
    free: integer('free').notNull(),
    prefix: text('prefix').notNull(),
    /** Comma-separated path beginnings after the prefix. */
    paths: text('paths').notNull(),
    subpath: text('subpath'),
    isNew: boolean('is_new').notNull().default(true),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('settings_weight_type_idx').on(t.type, t.isNew).where(sql`${t.userId} is null`)],
)
