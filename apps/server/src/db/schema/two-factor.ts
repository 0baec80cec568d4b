import { sql } from 'drizzle-orm'
import { bigint, check, pgTable, text } from 'drizzle-orm/pg-core'
import { tstz } from './columns.ts'
import { users } from './users.ts'

/**
 * A user's TOTP second factor (docs/auth.md). Secrets are AES-256-GCM sealed under a key derived from
 * APP_SECRET with the user's id as associated data; never stored in clear. `pending_*` holds a secret
 * generated but not yet confirmed with a code; `secret_ciphertext` is set once 2FA is on.
 */
export const userTotp = pgTable(
  'user_totp',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    secretCiphertext: text('secret_ciphertext'),
    enabledAt: tstz('enabled_at'),
    pendingCiphertext: text('pending_ciphertext'),
    pendingCreatedAt: tstz('pending_created_at'),
    /** The last accepted RFC 6238 time step: a code of this step or an earlier one is never accepted again. */
    lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [check('user_totp_enabled_check', sql`(${t.enabledAt} is null) = (${t.secretCiphertext} is null)`)],
)
