import { ADMIN_ONLY, hasAnyRole, isStaff, type ProfileUpdate } from '@app/contract'
import type { Ctx } from '../../context.ts'
import { forbidden, invalidField } from '../../http/errors.ts'
import type { AuthUser } from '../../lib/auth-user.ts'
import type { RequestMeta } from '../../lib/request-meta.ts'
import { writeAudit } from '../audit/audit.ts'
import { fileIdFromPath, isOwnedFile } from '../files/files.ts'
import { getUserById, listRoles, type NewUser, planNameOf, toProfile, type UserRow, updateUser } from './queries.ts'

type Changes = { [K in keyof ProfileUpdate]?: Exclude<ProfileUpdate[K], undefined> }

/** The columns a profile update may touch, and nothing else (no role, status or balance here). */
function columnsFrom(body: Changes, current: UserRow): Partial<NewUser> {
  const changes: Partial<NewUser> = {}
  if (body.first_name !== undefined) changes.firstName = body.first_name
  if (body.last_name !== undefined) changes.lastName = body.last_name
  if (body.organization !== undefined) changes.organization = body.organization || null
  if (body.job_title !== undefined) changes.jobTitle = body.job_title || null
  if (body.avatar !== undefined) changes.avatar = body.avatar
  if (body.phone_number !== undefined) {
    const phone = body.phone_number || null
    if (phone !== current.phoneNumber) {
      changes.phoneNumber = phone
      // A new number must be verified again before it counts (keys need a verified phone).
      changes.phoneVerifiedAt = null
    }
  }
  return changes
}

function pick(row: UserRow, keys: (keyof UserRow)[]) {
  return Object.fromEntries(keys.map((k) => [k, row[k] instanceof Date ? (row[k] as Date).toISOString() : row[k]]))
}

export async function updateProfile(ctx: Ctx, meta: RequestMeta, actor: AuthUser, userId: string, body: Changes) {
  const now = ctx.clock.now()
  const row = await ctx.db.transaction(async (tx) => {
    const current = await getUserById(tx, userId)
    // Support staff look after customers; only administrators change other staff accounts.
    if (actor.id !== userId && !hasAnyRole(actor.roles, ADMIN_ONLY) && isStaff(await listRoles(tx, userId))) {
      throw forbidden()
    }
    if (body.avatar) {
      const fileId = fileIdFromPath(body.avatar)
      if (!fileId || !(await isOwnedFile(tx, fileId, userId, 'avatar'))) {
        throw invalidField('avatar', 'users.avatarNotYours')
      }
    }
    const changes = columnsFrom(body, current)
    const updated = await updateUser(tx, userId, changes, now)
    if (actor.id !== userId) {
      const keys = Object.keys(changes) as (keyof UserRow)[]
      await writeAudit(
        tx,
        actor,
        meta,
        {
          action: 'user.profile.update',
          targetType: 'user',
          targetId: userId,
          before: pick(current, keys),
          after: pick(updated, keys),
        },
        now,
      )
    }
    return updated
  })
  return toProfile(row, await listRoles(ctx.db, userId), await planNameOf(ctx.db, row.userPlanId, row.language))
}

/** The caller's own profile, from the user row and roles their token was just checked against. */
export async function ownProfile(ctx: Ctx, user: AuthUser) {
  return toProfile(user.row, user.roles, await planNameOf(ctx.db, user.row.userPlanId, user.row.language))
}

export async function profileOf(ctx: Ctx, userId: string) {
  const row = await getUserById(ctx.db, userId)
  return toProfile(row, await listRoles(ctx.db, userId), await planNameOf(ctx.db, row.userPlanId, row.language))
}
