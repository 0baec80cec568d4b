import {
  type Account,
  ADMIN_ONLY,
  type AuditAction,
  type CreateUserBody,
  ErrorCode,
  formatCents,
  hasAnyRole,
  isStaff,
  type Role,
} from '@app/contract'
import type { Ctx } from '../../context.ts'
import type { Db } from '../../db/client.ts'
import { PG_UNIQUE_VIOLATION, pgCode } from '../../db/client.ts'
import { conflict, forbidden, notFound, refused } from '../../http/errors.ts'
import type { AuthUser } from '../../lib/auth-user.ts'
import { newId } from '../../lib/ids.ts'
import { hashPassword } from '../../lib/passwords.ts'
import type { RequestMeta } from '../../lib/request-meta.ts'
import { writeAudit } from '../audit/audit.ts'
import { revokeUserSessions } from '../auth/sessions.ts'
import { grantFirstRegisterCredit } from '../balance/service.ts'
import { announceChange } from '../gateway/gateway.ts'
import { findPlan } from '../plans/queries.ts'
import { getUserById, insertUser, listRoles, planNameOf, type UserRow, updateUser } from '../users/queries.ts'
import { countOtherActiveAdmins, lockAdmins, lockUser, replaceRoles, toAccount } from './queries.ts'

// The back office's account actions (docs/requirements.md §4.7, §4.8). Each runs in one transaction that locks the
// account's row, writes an audit row with the before and after values, and — when the gateway's answer
// for the account's keys may change — announces the change so every instance's key cache forgets it.

export type CreateUserInput = Omit<
  CreateUserBody,
  'role' | 'active_after_created' | 'enjoy_discount' | 'check_balance'
> & {
  role: Role
  active_after_created: boolean
  enjoy_discount: boolean
  check_balance: boolean
}

const isAdmin = (actor: AuthUser) => hasAnyRole(actor.roles, ADMIN_ONLY)

export async function accountOf(db: Db, userId: string): Promise<Account> {
  const row = await getUserById(db, userId)
  return toAccount(row, await listRoles(db, userId), await planNameOf(db, row.userPlanId))
}

async function lockedUser(db: Db, userId: string): Promise<UserRow> {
  const row = await lockUser(db, userId)
  if (!row) throw notFound('users.notFound')
  return row
}

/** Support look after customers; staff accounts are the administrators' business. */
async function assertMayManage(db: Db, actor: AuthUser, userId: string) {
  if (isAdmin(actor)) return
  if (isStaff(await listRoles(db, userId))) throw forbidden('accounts.staffByAdmin')
}

function flagsOf(row: UserRow) {
  return {
    status: row.status,
    enjoy_discount: row.enjoyDiscount,
    check_balance: row.checkBalance,
    active_after_created: row.activeAfterCreated,
  }
}

export async function createAccount(ctx: Ctx, meta: RequestMeta, actor: AuthUser, body: CreateUserInput) {
  const usesAdminChoices =
    body.role !== 'customer' ||
    !body.active_after_created ||
    body.enjoy_discount ||
    body.check_balance ||
    Boolean(body.user_plan_id)
  if (usesAdminChoices && !isAdmin(actor)) throw forbidden('accounts.flagsByAdmin')
  const now = ctx.clock.now()
  const passwordHash = await hashPassword(body.password)
  try {
    const row = await ctx.db.transaction(async (tx) => {
      if (body.user_plan_id && !(await findPlan(tx, body.user_plan_id))) throw notFound('plans.notFound')
      const created = await insertUser(
        tx,
        {
          id: newId('usr', now.getTime()),
          email: body.email,
          passwordHash,
          firstName: body.first_name,
          lastName: body.last_name,
          phoneNumber: body.phone_number,
          organization: body.organization || null,
          jobTitle: body.job_title || null,
          // Staff vouch for the address they typed; the account needs no verification link.
          emailVerifiedAt: now,
          status: body.active_after_created ? 'active' : 'suspended',
          pendingActivation: !body.active_after_created,
          activeAfterCreated: body.active_after_created,
          enjoyDiscount: body.enjoy_discount,
          checkBalance: body.check_balance,
          userPlanId: body.user_plan_id ?? null,
          createdAt: now,
          updatedAt: now,
        },
        [body.role],
      )
      // A customer whom staff sign up gets the welcome credit a customer who signs up gets on
      // verifying: staff vouch for the address, which is what verification proves (docs/access.md).
      // Staff accounts get none; the credit is for customers.
      const welcome = body.role === 'customer' ? await grantFirstRegisterCredit(ctx, tx, created.id) : 0n
      await writeAudit(
        tx,
        actor,
        meta,
        {
          action: 'user.create',
          targetType: 'user',
          targetId: created.id,
          before: null,
          after: {
            email: created.email,
            roles: [body.role],
            user_plan_id: created.userPlanId,
            ...flagsOf(created),
            first_register_credit: formatCents(welcome),
          },
        },
        now,
      )
      return created
    })
    return toAccount(row, [body.role], await planNameOf(ctx.db, row.userPlanId))
  } catch (error) {
    if (pgCode(error) === PG_UNIQUE_VIOLATION) throw conflict(ErrorCode.EmailUsed, 'auth.emailUsed')
    throw error
  }
}

/**
 * Suspends or reactivates an account. Suspension ends every session (the next call answers `403`
 * and the SPA signs out) and the gateway answers USER_SUSPENDED for the account's keys.
 */
export async function setAccountStatus(
  ctx: Ctx,
  meta: RequestMeta,
  actor: AuthUser,
  userId: string,
  status: 'active' | 'suspended',
) {
  if (status === 'suspended' && actor.id === userId) throw refused(ErrorCode.SelfSuspend, 'accounts.notYourself')
  const now = ctx.clock.now()
  await ctx.db.transaction(async (tx) => {
    if (status === 'suspended') await lockAdmins(tx)
    const current = await lockedUser(tx, userId)
    await assertMayManage(tx, actor, userId)
    if (current.status === status) return
    // A suspended administrator does not count as one: someone active must remain.
    if (
      status === 'suspended' &&
      (await listRoles(tx, userId)).includes('admin') &&
      (await countOtherActiveAdmins(tx, userId)) === 0
    ) {
      throw refused(ErrorCode.LastAdmin, 'accounts.lastAdmin')
    }
    const updated = await updateUser(tx, userId, { status, pendingActivation: false }, now)
    if (status === 'suspended') await revokeUserSessions(tx, userId, 'suspended', now)
    await writeAudit(
      tx,
      actor,
      meta,
      {
        action: status === 'suspended' ? 'user.suspend' : 'user.unsuspend',
        targetType: 'user',
        targetId: userId,
        before: { status: current.status },
        after: { status: updated.status },
      },
      now,
    )
    await announceChange(tx, { user: userId })
  })
  ctx.gateway.cache.evictUser(userId)
  return accountOf(ctx.db, userId)
}

/** The role changes among admin, support and customer (docs/requirements.md §4.8); an account holds one of them. */
export async function setAccountRole(ctx: Ctx, meta: RequestMeta, actor: AuthUser, userId: string, role: Role) {
  const now = ctx.clock.now()
  await ctx.db.transaction(async (tx) => {
    if (role !== 'admin') await lockAdmins(tx)
    await lockedUser(tx, userId)
    const before = await listRoles(tx, userId)
    if (before.length === 1 && before[0] === role) return
    if (before.includes('admin') && role !== 'admin' && (await countOtherActiveAdmins(tx, userId)) === 0) {
      throw refused(ErrorCode.LastAdmin, 'accounts.lastAdmin')
    }
    await replaceRoles(tx, userId, [role], now)
    await updateUser(tx, userId, {}, now)
    await writeAudit(
      tx,
      actor,
      meta,
      {
        action: 'user.role.change',
        targetType: 'user',
        targetId: userId,
        before: { roles: before },
        after: { roles: [role] },
      },
      now,
    )
  })
  return accountOf(ctx.db, userId)
}

export type AccountFlag = 'enjoyDiscount' | 'checkBalance' | 'activeAfterCreated'

const FLAG_ACTIONS: Record<AccountFlag, AuditAction> = {
  enjoyDiscount: 'user.flag.enjoyDiscount',
  checkBalance: 'user.flag.checkBalance',
  activeAfterCreated: 'user.flag.activeAfterCreated',
}

/**
 * Turns a per-user flag over (the call sends no body). Enjoy-discount is read when bills are made,
 * check-balance by the gateway; turning active-after-created on activates an account still held
 * suspended since its creation.
 */
export async function toggleAccountFlag(
  ctx: Ctx,
  meta: RequestMeta,
  actor: AuthUser,
  userId: string,
  flag: AccountFlag,
) {
  const now = ctx.clock.now()
  await ctx.db.transaction(async (tx) => {
    const current = await lockedUser(tx, userId)
    const value = !current[flag]
    const activates =
      flag === 'activeAfterCreated' && value && current.pendingActivation && current.status === 'suspended'
    const updated = await updateUser(
      tx,
      userId,
      { [flag]: value, ...(activates ? { status: 'active' as const, pendingActivation: false } : {}) },
      now,
    )
    await writeAudit(
      tx,
      actor,
      meta,
      {
        action: FLAG_ACTIONS[flag],
        targetType: 'user',
        targetId: userId,
        before: flagsOf(current),
        after: flagsOf(updated),
      },
      now,
    )
    await announceChange(tx, { user: userId })
  })
  ctx.gateway.cache.evictUser(userId)
  return accountOf(ctx.db, userId)
}
