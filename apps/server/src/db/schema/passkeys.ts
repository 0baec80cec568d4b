import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { bytea, tstz } from './columns.ts'
import { userTotp } from './two-factor.ts'
import { sessions, users } from './users.ts'

/**
 * Two-factor recovery codes (docs/auth.md "Recovery codes"): ten single-use codes made when 2FA is
 * turned on or the codes are regenerated. Only an HMAC-SHA-256 of each (key derived from APP_SECRET) is
 * kept. The rows hang off `user_totp`, so turning 2FA off (by the user or an administrator) deletes them
 * with it: no code can outlive the second factor it stands in for.
 */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => userTotp.userId, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    /** Set once, by the `UPDATE … WHERE used_at IS NULL` that accepts the code. */
    usedAt: tstz('used_at'),
  },
  (t) => [uniqueIndex('user_recovery_codes_user_hash_idx').on(t.userId, t.codeHash)],
)

/** A WebAuthn credential (passkey) of a user (docs/auth.md "Passkeys"). */
export const passkeys = pgTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id the authenticator chose (base64url); unique across every account. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key from the registration. */
    publicKey: bytea('public_key').notNull(),
    /** The authenticator's signature counter; an assertion must raise it (when it counts at all). */
    signCount: bigint('sign_count', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: tstz('created_at').notNull().defaultNow(),
    lastUsedAt: tstz('last_used_at'),
  },
  (t) => [uniqueIndex('passkeys_credential_idx').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
)

/**
 * WebAuthn challenges, kept in the database so that any instance can finish a ceremony another one
 * started. Each row is one attempt: taken (deleted) by the call that finishes it, so it is single-use,
 * and refused after `expires_at`. A registration is bound to the session that asked for it; a
 * second-factor sign-in to the user its two-factor challenge names.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: text('id').primaryKey(),
    purpose: text('purpose', { enum: ['register', 'sign_in', 'second_factor'] }).notNull(),
    challenge: text('challenge').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [
    index('webauthn_challenges_expires_idx').on(t.expiresAt),
    check('webauthn_challenges_purpose_check', sql`${t.purpose} in ('register', 'sign_in', 'second_factor')`),
  ],
)
