import { randomBytes } from 'node:crypto'
import { checkEmail, checkPassword as checkPasswordRule, normalizeEmail } from '@app/contract'
import { eq, sql } from 'drizzle-orm'
import type { Ctx } from '../../context.ts'
import { userRoles } from '../../db/schema/index.ts'
import { newId } from '../../lib/ids.ts'
import { hashPassword } from '../../lib/passwords.ts'
import { findUserByEmail, insertUser } from './queries.ts'

export const DEFAULT_ADMIN_EMAIL = 'admin@maps-portal.local'

export interface CreatedAdmin {
  email: string
  /** Set when the password was generated and must be shown once. */
  generatedPassword: string | null
}

/** The advisory lock first starts take turns on (unique among the product's locks: usage folds use 7,210,316-7,210,319). */
const BOOTSTRAP_LOCK = 7_210_300

/**
 * The first start creates an administrator, from ADMIN_EMAIL/ADMIN_PASSWORD or with a generated
 * one-time password that has to be changed at the first sign-in. Later starts do nothing.
 *
 * Several instances may start at once on a new database (docs/scale-out.md): they take turns on an
 * advisory lock, in one transaction with the user and its role, so each start's checks see what an
 * earlier one committed. Without it a start could miss the administrator, then find its address taken
 * (by the administrator just made, or by its user before its role) and refuse to start.
 */
export async function ensureAdministrator(ctx: Ctx): Promise<CreatedAdmin | null> {
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK})`)
    const [existing] = await tx.select().from(userRoles).where(eq(userRoles.role, 'admin')).limit(1)
    if (existing) return null
    const email = normalizeEmail(ctx.config.adminEmail ?? DEFAULT_ADMIN_EMAIL)
    const emailProblem = checkEmail(email)
    if (emailProblem) throw new Error(`ADMIN_EMAIL is not a valid e-mail address: ${email}`)
    const given = ctx.config.adminPassword
    if (given && checkPasswordRule(given)) throw new Error('ADMIN_PASSWORD must be at least 8 characters long.')
    const password = given ?? randomBytes(12).toString('base64url')
    const now = ctx.clock.now()
    if (await findUserByEmail(tx, email)) {
      throw new Error(`${email} already has an account without the admin role; set ADMIN_EMAIL to another address.`)
    }
    await insertUser(
      tx,
      {
        id: newId('usr', now.getTime()),
        email,
        passwordHash: await hashPassword(password),
        firstName: 'Portal',
        lastName: 'Administrator',
        emailVerifiedAt: now,
        mustChangePassword: !given,
        createdAt: now,
        updatedAt: now,
      },
      ['admin'],
    )
    return { email, generatedPassword: given ? null : password }
  })
}
