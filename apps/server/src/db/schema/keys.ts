import type { ServiceType } from '@app/contract'
import { sql } from 'drizzle-orm'
import { bigint, check, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { tstz } from './columns.ts'
import { users } from './users.ts'

export const keys = pgTable(
  'keys',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    type: text('type', { enum: ['api_key', 'maptiles_key'] }).notNull(),
    /** Active or suspended by staff; deletion is `deleted_at` (soft). */
    status: text('status', { enum: ['active', 'suspended'] })
      .notNull()
      .default('active'),
    restrictionList: jsonb('restriction_list').$type<{ type: 'domain' | 'ip'; value: string }[]>(),
    /** The services the key may call (docs/gateway.md "Service scopes"); null: every service its type serves. */
    services: text('services').array().$type<ServiceType[]>(),
    // Monthly caps (docs/gateway.md "Monthly caps"), measured by the key-caps job (modules/keys/caps.ts).
    /** Calls per UTC month; null: no request cap. */
    requestCap: bigint('request_cap', { mode: 'number' }),
    /** USD cents per UTC month; null: no spend cap. */
    spendCapCents: bigint('spend_cap_cents', { mode: 'bigint' }),
    /** The month ('YYYY-MM') the use below was measured in; null: never measured. */
    capMonth: text('cap_month'),
    capUsedRequests: bigint('cap_used_requests', { mode: 'number' }).notNull().default(0),
    capUsedCents: bigint('cap_used_cents', { mode: 'bigint' }).notNull().default(sql`0`),
    capMeasuredAt: tstz('cap_measured_at'),
    /** The month whose 80 % e-mail was sent (once a month). */
    capWarnedMonth: text('cap_warned_month'),
    /** The gateway refuses the key (KEY_CAP_REACHED) until then: the next month's start; null: not capped out. */
    capBlockedUntil: tstz('cap_blocked_until'),
    /** The current secret, AES-256-GCM under a key derived from APP_SECRET (its owner can copy it). */
    secretCiphertext: text('secret_ciphertext').notNull(),
    /** Prefix and last four characters, for lists. */
    secretPreview: text('secret_preview').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
    deletedAt: tstz('deleted_at'),
  },
  (t) => [
    index('keys_user_live_idx').on(t.userId, t.createdAt).where(sql`${t.deletedAt} is null`),
    index('keys_user_deleted_idx').on(t.userId, t.deletedAt).where(sql`${t.deletedAt} is not null`),
    index('keys_created_idx').on(t.createdAt),
    check('keys_type_check', sql`${t.type} in ('api_key', 'maptiles_key')`),
    check('keys_status_check', sql`${t.status} in ('active', 'suspended')`),
    check('keys_request_cap_check', sql`${t.requestCap} is null or ${t.requestCap} > 0`),
    check('keys_spend_cap_check', sql`${t.spendCapCents} is null or ${t.spendCapCents} > 0`),
    /** The key-caps job's list: live keys with a cap. */
    index('keys_capped_idx')
      .on(t.userId)
      .where(sql`${t.deletedAt} is null and (${t.requestCap} is not null or ${t.spendCapCents} is not null)`),
  ],
)

/**
 * Every secret that can open a key, by SHA-256 (the gateway's lookup). The current one has no expiry;
 * after a roll the previous ones expire at the end of the grace period.
 */
export const keySecrets = pgTable(
  'key_secrets',
  {
    hash: text('hash').primaryKey(),
    keyId: text('key_id')
      .notNull()
      .references(() => keys.id, { onDelete: 'cascade' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
    expiresAt: tstz('expires_at'),
  },
  (t) => [index('key_secrets_key_idx').on(t.keyId)],
)
