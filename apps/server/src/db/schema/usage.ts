import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  pgView,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { tstz } from './columns.ts'
import { users } from './users.ts'

// Usage metering (docs/requirements.md §6.3, §7.1, issue 4). The gateway's events roll up into counters
// per key, service and hour, per key, service and day, and per service and day for everyone: charts
// read the coarsest table that answers them (docs/usage.md). A batch's transaction only appends (its
// per-hour sums to usage_pending, its log chunks); the counters are then folded from usage_pending
// one fold at a time, so that concurrent batches never wait on each other's counter rows.
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
  // The primary key leads with the hour, so it also serves everyone's hourly view: one index fewer
  // to maintain on every upsert.
  (t) => [primaryKey({ columns: [t.hour, t.keyId, t.service] }), index('usage_hourly_user_idx').on(t.userId, t.hour)],
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
  (t) => [primaryKey({ columns: [t.day, t.keyId, t.service] }), index('usage_daily_user_idx').on(t.userId, t.day)],
)

/**
 * How far the per-key daily counters are rolled up (one row): `usage_daily` holds every day before
 * `hourly_from` in full; from that day on the fold writes usage_hourly only, and the `usage-rollup` job
 * later adds closed days to usage_daily (modules/usage/rollup.ts). Read per-key daily usage through
 * `usage_daily_live`, never usage_daily alone.
 */
export const usageRollups = pgTable(
  'usage_rollups',
  {
    id: smallint('id').primaryKey().default(1),
    /** The first day whose hourly rows are not in usage_daily yet ('-infinity' before the first roll-up). */
    hourlyFrom: date('hourly_from', { mode: 'string' }).notNull(),
  },
  (t) => [check('usage_rollups_one_row', sql`${t.id} = 1`)],
)

/**
 * Per-key daily usage as readers need it: usage_daily, plus the hourly rows from `hourly_from` on as
 * rows of their day (several rows per key, service and day: readers sum). Defined in migration 0019;
 * drizzle only reads it.
 */
export const usageDailyLive = pgView('usage_daily_live', {
  keyId: text('key_id').notNull(),
  userId: text('user_id').notNull(),
  service: text('service').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  ...counters,
}).existing()

/**
 * Everyone's usage per service and day: the all-users charts read a few thousand rows a year. One
 * row per fold lane (readers sum them), so that folds of different lanes never wait on each other.
 */
export const usageDailyAll = pgTable(
  'usage_daily_all',
  {
    service: text('service').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    lane: smallint('lane').notNull().default(0),
    ...counters,
  },
  (t) => [primaryKey({ columns: [t.service, t.day, t.lane] })],
)

/**
 * What recorded batches left for the fold (modules/usage/ingest.ts `foldPending`): one row per batch
 * and lane, written in the batch's transaction, deleted in the fold's. A handful of rows between
 * batches, whatever the batch size: a batch's transaction appends a few rows and touches no row that
 * another batch touches.
 */
export const usagePending = pgTable('usage_pending', {
  /** Batches in the order they committed their rows: the order of a user's log chunks. */
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  /** Which fold takes the row (a hash of the user id): folds of different lanes share no row. */
  lane: smallint('lane').notNull(),
  /** The batch's per-hour sums in this lane, JSON `[{k, u, s, h, a, b, c, d, e, f}, …]`. */
  sums: text('sums').notNull(),
  /** The batch's requests per user in this lane, JSON `[{u, n, fa, la, e}, …]` (`pendingByLane` in modules/usage/ingest.ts). */
  log: text('log').notNull(),
})

/**
 * The recent-requests log behind the CSV export and the requests table (docs/requirements.md §7.3: up to 10,000 recent
 * requests). Each folded batch writes one chunk per user holding that user's requests of the batch (a
 * JSON array, compressed by PostgreSQL when large), numbered `first_seq`..`last_seq` in the user's
 * sequence, which goes on from their newest chunk (never deleted); chunks wholly older than the
 * user's newest 10,000 requests are deleted as new ones arrive.
 * One row per user and batch instead of one per request: a request log row per event would cost more
 * than all the counters together.
 */
export const usageRequestChunks = pgTable(
  'usage_request_chunks',
  {
    userId: text('user_id').notNull(),
    firstSeq: bigint('first_seq', { mode: 'number' }).notNull(),
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
    firstAt: tstz('first_at').notNull(),
    lastAt: tstz('last_at').notNull(),
    /** `[[at_ms, key_id, service, path, status, latency_ms, count], …]`, oldest first. */
    events: text('events').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lastSeq] })],
)

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
 * Rate settings (docs/requirements.md §8.1): per service type a rate per request, a free monthly
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
  (t) => [
    uniqueIndex('settings_weight_common_key').on(t.type, t.isNew).where(sql`${t.userId} is null`),
    uniqueIndex('settings_weight_private_key').on(t.userId, t.type, t.isNew).where(sql`${t.userId} is not null`),
    check('settings_weight_rate_check', sql`${t.rate} > 0`),
    check('settings_weight_free_check', sql`${t.free} >= 0`),
  ],
)
