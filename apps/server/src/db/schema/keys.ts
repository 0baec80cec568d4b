import { sql } from 'drizzle-orm'
import { check, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
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
