import {
  centsToDecimal,
  inLanguage,
  joinName,
  type Lang,
  type Profile,
  type Role,
  VERIFY_WINDOW_HOURS,
} from '@app/contract'
import { asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { userPlans, userRoles, users } from '../../db/schema/index.ts'
import { notFound } from '../../http/errors.ts'

export type UserRow = typeof users.$inferSelect
export type NewUser = typeof users.$inferInsert

const ROLE_ORDER: Role[] = ['admin', 'support', 'customer']

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1)
  return row ?? null
}

export async function getUserById(db: Db, id: string): Promise<UserRow> {
  const row = await findUserById(db, id)
  if (!row) throw notFound('users.notFound')
  return row
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1)
  return row ?? null
}

/** Whether an address has an account: one index probe, no row read. */
export async function emailHasAccount(db: Db, email: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1)
  return rows.length > 0
}

export async function insertUser(db: Db, user: NewUser, roles: readonly Role[]): Promise<UserRow> {
  const [row] = await db.insert(users).values(user).returning()
  if (!row) throw new Error('insert into users returned nothing')
  await db.insert(userRoles).values(roles.map((role) => ({ userId: row.id, role })))
  return row
}

export async function updateUser(db: Db, id: string, changes: Partial<NewUser>, now: Date): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: now })
    .where(eq(users.id, id))
    .returning()
  if (!row) throw notFound('users.notFound')
  return row
}

export async function listRoles(db: Db, userId: string): Promise<Role[]> {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId))
  return sortRoles(rows.map((r) => r.role))
}

export async function listRolesOf(db: Db, userIds: readonly string[]): Promise<Map<string, Role[]>> {
  const result = new Map<string, Role[]>()
  if (userIds.length === 0) return result
  const rows = await db
    .select()
    .from(userRoles)
    .where(inArray(userRoles.userId, [...userIds]))
    .orderBy(asc(userRoles.userId))
  for (const row of rows) result.set(row.userId, sortRoles([...(result.get(row.userId) ?? []), row.role]))
  return result
}

export function sortRoles(roles: readonly Role[]): Role[] {
  return [...new Set(roles)].sort((a, b) => ROLE_ORDER.indexOf(a) - ROLE_ORDER.indexOf(b))
}

/**
 * The name of a user's plan: theirs, or the default plan's when they have none (the session's
 * `name_of_user_plan_id`), in `lang` where staff named it in that language.
 */
export async function planNameOf(db: Db, userPlanId: string | null, lang: Lang = 'en'): Promise<string | null> {
  const [row] = await db
    .select({ name: userPlans.name, translations: userPlans.translations })
    .from(userPlans)
    .where(
      userPlanId
        ? eq(userPlans.id, userPlanId)
        : sql`${userPlans.id} = (select d.id from user_plans d where d.is_default limit 1)`,
    )
    .limit(1)
  return row ? inLanguage({ name: row.name }, row.translations, lang).words.name : null
}

/** The one place a user row becomes an API profile, so no column (password hash…) can leak. */
export function toProfile(row: UserRow, roles: readonly Role[], planName: string | null = null): Profile {
  const verifyDeadline = row.emailVerifiedAt
    ? null
    : new Date(row.createdAt.getTime() + VERIFY_WINDOW_HOURS * 3_600_000).toISOString()
  return {
    id: row.id,
    user_id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    full_name: joinName(row.firstName, row.lastName),
    phone_number: row.phoneNumber,
    phone_verified: row.phoneVerifiedAt !== null,
    organization: row.organization,
    job_title: row.jobTitle,
    avatar: row.avatar,
    status: row.status,
    roles: roles.length ? [...roles] : ['customer'],
    email_verified: row.emailVerifiedAt !== null,
    verify_deadline: verifyDeadline,
    must_change_password: row.mustChangePassword,
    name_of_user_plan_id: planName,
    balance: centsToDecimal(row.balanceCents),
    enjoy_discount: row.enjoyDiscount,
    last_login: row.lastLogin?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}
