import { randomBytes } from 'node:crypto'
import { checkEmail, checkPassword as checkPasswordRule, normalizeEmail } from '@app/contract'
import { eq } from 'drizzle-orm'
import type { Ctx } from '../../context.ts'
import { PG_UNIQUE_VIOLATION, pgCode } from '../../db/client.ts'
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

/**
 * The first start creates an administrator, from ADMIN_EMAIL/ADMIN_PASSWORD or with a generated
 * one-time password that has to be changed at the first sign-in. Later starts do nothing.
 */
export async function ensureAdministrator(ctx: Ctx): Promise<CreatedAdmin | null> {
  const [existing] = await ctx.db.select().from(userRoles).where(eq(userRoles.role, 'admin')).limit(1)
  if (existing) return null
  const email = normalizeEmail(ctx.config.adminEmail ?? DEFAULT_ADMIN_EMAIL)
  const emailProblem = checkEmail(email)
  if (emailProblem) throw new Error(`ADMIN_EMAIL is not a valid e-mail address: ${email}`)
  const given = ctx.config.adminPassword
  if (given && checkPasswordRule(given)) throw new Error('ADMIN_PASSWORD must be at least 8 characters long.')
  const password = given ?? randomBytes(12).toString('base64url')
  const now = ctx.clock.now()
  if (await findUserByEmail(ctx.db, email)) {
    throw new Error(`${email} already has an account without the admin role; set ADMIN_EMAIL to another address.`)
  }
  try {
    await insertUser(
      ctx.db,
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
  } catch (error) {
    // Several instances started at once on a new database (docs/scale-out.md): another one created the
    // administrator between the checks above and this insert. It exists; this start has nothing to do.
    if (pgCode(error) === PG_UNIQUE_VIOLATION) return null
    throw error
  }
  return { email, generatedPassword: given ? null : password }
}
