import {
  type Account,
  type AccountGroup,
  type AccountSortField,
  centsToDecimal,
  joinName,
  type Role,
} from '@app/contract'
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { userPlans, userRoles, users } from '../../db/schema/index.ts'
import { escapeLike } from '../../lib/like.ts'
import { listRolesOf, type UserRow } from '../users/queries.ts'

export interface AccountFilter {
  keyword?: string | undefined
  status?: 'active' | 'suspended' | undefined
  group?: AccountGroup | undefined
  role?: Role | undefined
  sortBy: AccountSortField
  sortMode: 'asc' | 'desc'
  offset: number
  limit: number
}

const STAFF = ['admin', 'support'] as const

function hasRoleIn(roles: readonly Role[]): SQL {
  return sql`exists (select 1 from ${userRoles} r where r.user_id = ${users.id} and r.role in ${roles})`
}

function sortColumn(field: AccountSortField): SQL {
  switch (field) {
    case 'email':
      return sql`${users.email}`
    case 'full_name':
      return sql`lower(${users.firstName} || ' ' || ${users.lastName})`
    case 'last_login':
      return sql`${users.lastLogin}`
    case 'balance':
      return sql`${users.balanceCents}`
    case 'status':
      return sql`${users.status}`
    case 'created_at':
      return sql`${users.createdAt}`
  }
}

function conditionsOf(filter: AccountFilter): SQL | undefined {
  const conditions: SQL[] = []
  if (filter.keyword) {
    const pattern = `%${escapeLike(filter.keyword)}%`
    conditions.push(
      sql`(${users.email} ilike ${pattern} or (${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}
        or coalesce(${users.phoneNumber}, '') ilike ${pattern} or coalesce(${users.organization}, '') ilike ${pattern}
        or ${users.id} = ${filter.keyword})`,
    )
  }
  if (filter.status) conditions.push(eq(users.status, filter.status))
  if (filter.group === 'staff') conditions.push(hasRoleIn(STAFF))
  if (filter.group === 'customer') conditions.push(sql`not ${hasRoleIn(STAFF)}`)
  if (filter.role) conditions.push(hasRoleIn([filter.role]))
  return conditions.length ? and(...conditions) : undefined
}

/** One page of accounts and the number of matches, sorted with the id as tie-breaker (a stable order). */
export async function listAccounts(db: Db, filter: AccountFilter): Promise<{ items: Account[]; total: number }> {
  const where = conditionsOf(filter)
  const order = filter.sortMode === 'asc' ? asc : desc
  const nulls = filter.sortMode === 'asc' ? sql`nulls first` : sql`nulls last`
  const rows = await db
    .select({ user: users, planName: userPlans.name })
    .from(users)
    .leftJoin(userPlans, eq(userPlans.id, users.userPlanId))
    .where(where)
    .orderBy(sql`${sortColumn(filter.sortBy)} ${sql.raw(filter.sortMode)} ${nulls}`, order(users.id))
    .limit(filter.limit)
    .offset(filter.offset)
  const [counted] = await db.select({ n: count() }).from(users).where(where)
  const roles = await listRolesOf(
    db,
    rows.map((r) => r.user.id),
  )
  const defaultPlan = await defaultPlanName(db)
  return {
    items: rows.map((r) => toAccount(r.user, roles.get(r.user.id) ?? [], r.planName ?? defaultPlan)),
    total: counted?.n ?? 0,
  }
}

async function defaultPlanName(db: Db): Promise<string | null> {
  const [row] = await db.select({ name: userPlans.name }).from(userPlans).where(eq(userPlans.isDefault, true)).limit(1)
  return row?.name ?? null
}

/** Locks the user row for the rest of the transaction (changes to one account happen one at a time). */
export async function lockUser(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1).for('update')
  return row ?? null
}

/** Replaces the account's roles with exactly `roles`. */
export async function replaceRoles(db: Db, userId: string, roles: readonly Role[], now: Date) {
  await db.delete(userRoles).where(eq(userRoles.userId, userId))
  await db.insert(userRoles).values(roles.map((role) => ({ userId, role, grantedAt: now })))
}

/**
 * Locks every administrator's row, in id order. A change that may remove an administrator takes these
 * locks first (before its target's), so two administrators demoting each other at once queue up
 * instead of deadlocking, and the second sees the first's change.
 */
export async function lockAdmins(db: Db): Promise<void> {
  await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, db.select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.role, 'admin'))))
    .orderBy(asc(users.id))
    .for('update')
}

/** How many active administrators there are besides `userId`. */
export async function countOtherActiveAdmins(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(
      and(
        sql`${users.id} <> ${userId}`,
        eq(users.status, 'active'),
        inArray(users.id, db.select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.role, 'admin'))),
      ),
    )
  return row?.n ?? 0
}

/** The one place a user row becomes an `Account`. */
export function toAccount(row: UserRow, roles: readonly Role[], planName: string | null): Account {
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    full_name: joinName(row.firstName, row.lastName),
    phone_number: row.phoneNumber,
    organization: row.organization,
    job_title: row.jobTitle,
    avatar: row.avatar,
    status: row.status,
    roles: roles.length ? [...roles] : ['customer'],
    email_verified: row.emailVerifiedAt !== null,
    balance: centsToDecimal(row.balanceCents),
    enjoy_discount: row.enjoyDiscount,
    check_balance: row.checkBalance,
    active_after_created: row.activeAfterCreated,
    user_plan_id: row.userPlanId,
    name_of_user_plan_id: planName,
    last_login: row.lastLogin?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}
