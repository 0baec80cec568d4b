import { sql } from 'drizzle-orm'
import { check, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { tstz } from './columns.ts'
import { users } from './users.ts'

/**
 * The nonces of Google sign-ins in progress (docs/auth.md "Nonce"). The server issues one per attempt:
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
