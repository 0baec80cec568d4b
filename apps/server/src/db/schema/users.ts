import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { tstz } from './columns.ts'
import { userPlans } from './plans.ts'

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phoneNumber: text('phone_number'),
    phoneVerifiedAt: tstz('phone_verified_at'),
    organization: text('organization'),
    jobTitle: text('job_title'),
    /** Path of the avatar image in `files`, e.g. `/files/fil_…`. */
    avatar: text('avatar'),
    status: text('status', { enum: ['active', 'suspended'] })
      .notNull()
      .default('active'),
    emailVerifiedAt: tstz('email_verified_at'),
    /** Language of the e-mails we send this user. */
    language: text('language', { enum: ['en', 'vi', 'my'] })
      .notNull()
      .default('en'),
    /** Set for the generated first administrator: the one-time password must be replaced. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /**
     * Cached balance in USD cents; the balance log is the ledger behind it. Negative only after a
     * provider refund or chargeback took back more than was left: the account owes that amount
     * (docs/balance.md "Refunds and what is owed"); `balance_logs_after_check` keeps every other debit at 0 or above.
     */
    balanceCents: bigint('balance_cents', { mode: 'bigint' }).notNull().default(sql`0`),
    enjoyDiscount: boolean('enjoy_discount').notNull().default(false),
    /** When on, the gateway refuses calls (NO_BALANCE) while the balance is not positive. */
    checkBalance: boolean('check_balance').notNull().default(false),
    /** Whether an account created by staff starts active (on) or suspended until activated (off). */
    activeAfterCreated: boolean('active_after_created').notNull().default(true),
    /** Created with active-after-created off and not activated yet (suspended since creation). */
    pendingActivation: boolean('pending_activation').notNull().default(false),
    /** The user's plan; null means the default plan (the one with `is_default`). */
    userPlanId: text('user_plan_id').references(() => userPlans.id, { onDelete: 'restrict' }),
    /**
     * Monthly renewal of a plan bought from the balance (docs/pricing.md "Plans renew"): when it was
     * bought (renewals count months from here), when it is next charged (null: it does not renew from
     * the balance), the end of the grace period after a renewal failed for a short balance, and the
     * renewal the reminder e-mail went out for.
     */
    planStartedAt: tstz('plan_started_at'),
    planRenewsAt: tstz('plan_renews_at'),
    planGraceUntil: tstz('plan_grace_until'),
    planRemindedFor: tstz('plan_reminded_for'),
    /** E-mail the user when the balance falls below this (cents); null: never. */
    balanceAlertCents: bigint('balance_alert_cents', { mode: 'bigint' }),
    /** When the last low-balance e-mail went out; cleared when the balance rises above the threshold. */
    balanceAlertSentAt: tstz('balance_alert_sent_at'),
    /** Which price book bills this user: the current one (true) or the legacy one (`is_new`, docs/requirements.md §8.1). */
    priceBookIsNew: boolean('price_book_is_new').notNull().default(true),
    lastLogin: tstz('last_login'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_created_at_idx').on(t.createdAt),
    index('users_plan_idx').on(t.userPlanId),
    index('users_plan_renews_idx').on(t.planRenewsAt).where(sql`${t.planRenewsAt} is not null`),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
    check('users_status_check', sql`${t.status} in ('active', 'suspended')`),
    check('users_language_check', sql`${t.language} in ('en', 'vi', 'my')`),
  ],
)

export const userRoles = pgTable(
  'user_roles',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['admin', 'support', 'customer'] }).notNull(),
    grantedAt: tstz('granted_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.role] }),
    check('user_roles_role_check', sql`${t.role} in ('admin', 'support', 'customer')`),
  ],
)

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
    expiresAt: tstz('expires_at').notNull(),
    lastSeenAt: tstz('last_seen_at').notNull().defaultNow(),
    revokedAt: tstz('revoked_at'),
    revokedReason: text('revoked_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** The last step-up proof on this session (docs/auth.md "Step-up"): when, and with what. */
    stepUpAt: tstz('step_up_at'),
    stepUpMethod: text('step_up_method'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

/** Single-use secrets sent by e-mail or SMS; only their SHA-256 is stored. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password', 'verify_phone'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_tokens_hash_key').on(t.tokenHash),
    index('user_tokens_user_idx').on(t.userId, t.purpose),
    check('user_tokens_purpose_check', sql`${t.purpose} in ('verify_email', 'reset_password', 'verify_phone')`),
  ],
)
