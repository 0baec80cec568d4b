import { sql } from 'drizzle-orm'
import { bigint, check, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { tstz } from './columns.ts'
import { users } from './users.ts'

/**
 * A user's TOTP second factor (docs/sign-in.md). Secrets are AES-256-GCM sealed under a key derived from
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

/**
 * The nonces of Google sign-ins in progress (docs/sign-in.md "Nonce"). The server issues one per attempt:
 * the browser keeps a random `attempt` secret and sends Google `nonce = SHA-256(attempt)`; this table
 * holds the nonce until `expires_at`. The sign-in deletes the row it uses, so each nonce opens at most
 * one session, and only with the secret of the browser that started it.
 */
export const googleSignInNonces = pgTable(
  'google_sign_in_nonces',
  {
    nonce: text('nonce').primaryKey(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [index('google_sign_in_nonces_expires_idx').on(t.expiresAt)],
)

/** A sign-in identity at an outside provider: provider + subject, never the e-mail, names the user. */
export const userIdentities = pgTable(
  'user_identities',
  {
    provider: text('provider', { enum: ['google', 'facebook'] }).notNull(),
    subject: text('subject').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address the provider reported at the first sign-in (for support; never used to match). */
    email: text('email'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    lastUsedAt: tstz('last_used_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.subject] }),
    index('user_identities_user_idx').on(t.userId),
    check('user_identities_provider_check', sql`${t.provider} in ('google', 'facebook')`),
  ],
)
