import { type BodyOf, type EmailChangeRequest, ErrorCode, type requestEmailChange } from '@app/contract'
import { eq } from 'drizzle-orm'
import type { Ctx } from '../../context.ts'
import { PG_UNIQUE_VIOLATION, pgCode, pgConstraint } from '../../db/client.ts'
import { emailChangeRequests, users } from '../../db/schema/index.ts'
import { AppError, conflict, notFound } from '../../http/errors.ts'
import type { AuthUser } from '../../lib/auth-user.ts'
import { newId } from '../../lib/ids.ts'
import type { RequestMeta } from '../../lib/request-meta.ts'
import { writeAudit } from '../audit/audit.ts'
import { revokeUserSessions } from '../auth/sessions.ts'
import { findUserById, type UserRow } from '../users/queries.ts'
import {
  type EmailChangeRow,
  findEmailChangeRequest,
  findOpenRequestOf,
  isEmailTaken,
  lockEmailChangeRequest,
} from './queries.ts'

// E-mail change requests (docs/requirements.md §13; a suspended account may not ask, §4.7). A
// customer asks; staff complete or refuse. Every step is one transaction: the request
// row is locked first, so two staff members deciding at once give one decision and one "already handled".

// The form shows it under the new address field ("Please re-enter new Email…", docs/requirements.md §13.1).
const emailUsed = () =>
  new AppError(ErrorCode.EmailUsed, 409, 'emailChange.emailUsed', undefined, {
    fields: { new_email: 'emailChange.emailUsed' },
  })
const pending = () => conflict(ErrorCode.RequestPending, 'emailChange.pending')
const handled = () => conflict(ErrorCode.RequestHandled, 'emailChange.alreadyHandled')
const missing = () => notFound('emailChange.notFound')

const displayName = (user: UserRow) => `${user.firstName} ${user.lastName}`.trim()

/** A unique index that stands for one of the rules above, when two requests race past the checks. */
function mapUniqueViolation(error: unknown): never {
  if (pgCode(error) === PG_UNIQUE_VIOLATION) {
    const constraint = pgConstraint(error)
    if (constraint === 'email_change_requests_one_open_per_user') throw pending()
    if (constraint === 'email_change_requests_one_open_per_email' || constraint === 'users_email_key') throw emailUsed()
  }
  throw error
}

async function reread(ctx: Ctx, id: string): Promise<EmailChangeRequest> {
  const request = await findEmailChangeRequest(ctx.db, id)
  if (!request) throw missing()
  return request
}

export async function requestChange(
  ctx: Ctx,
  meta: RequestMeta,
  actor: AuthUser,
  body: BodyOf<typeof requestEmailChange>,
): Promise<EmailChangeRequest> {
  const now = ctx.clock.now()
  let id: string
  try {
    id = await ctx.db.transaction(async (tx) => {
      const user = await findUserById(tx, actor.id)
      if (!user) throw missing()
      if (user.status === 'suspended') throw new AppError(ErrorCode.Suspended, 403, 'error.suspended')
      if (await findOpenRequestOf(tx, user.id)) throw pending()
      if (body.new_email === user.email) throw conflict(ErrorCode.SameEmail, 'emailChange.sameEmail')
      if (await isEmailTaken(tx, body.new_email, user.id)) throw emailUsed()
      const [row] = await tx
        .insert(emailChangeRequests)
        .values({
          id: newId('ecr', now.getTime()),
          userId: user.id,
          oldEmail: user.email,
          newEmail: body.new_email,
          reason: body.reason,
          status: 'unaccomplished',
          createdAt: now,
          updatedAt: now,
        })
        .returning()
      if (!row) throw new Error('email change request insert returned nothing')
      await writeAudit(
        tx,
        actor,
        meta,
        {
          action: 'emailChange.request',
          targetType: 'email_change_request',
          targetId: row.id,
          after: { user_id: user.id, old_email: row.oldEmail, new_email: row.newEmail, reason: row.reason },
        },
        now,
      )
      return row.id
    })
  } catch (error) {
    mapUniqueViolation(error)
  }
  return reread(ctx, id)
}

async function lockOpen(tx: Ctx['db'], id: string): Promise<EmailChangeRow> {
  const row = await lockEmailChangeRequest(tx, id)
  if (!row) throw missing()
  if (row.status !== 'unaccomplished') throw handled()
  return row
}

const auditView = (row: EmailChangeRow) => ({
  user_id: row.userId,
  old_email: row.oldEmail,
  new_email: row.newEmail,
  status: row.status,
  refuse_reason: row.refuseReason,
})

export async function completeChange(
  ctx: Ctx,
  meta: RequestMeta,
  actor: AuthUser,
  id: string,
): Promise<EmailChangeRequest> {
  const now = ctx.clock.now()
  try {
    await ctx.db.transaction(async (tx) => {
      const row = await lockOpen(tx, id)
      const [user] = await tx.select().from(users).where(eq(users.id, row.userId)).for('update')
      if (!user) throw missing()
      if (await isEmailTaken(tx, row.newEmail, user.id)) throw emailUsed()
      const oldEmail = user.email
      await tx.update(users).set({ email: row.newEmail, updatedAt: now }).where(eq(users.id, user.id))
      const [after] = await tx
        .update(emailChangeRequests)
        .set({ status: 'accomplished', oldEmail, handledBy: actor.id, handledAt: now, updatedAt: now })
        .where(eq(emailChangeRequests.id, id))
        .returning()
      if (!after) throw missing()
      // Every session ends: the account is signed in again with the new address.
      await revokeUserSessions(tx, user.id, 'email_changed', now)
      const vars = { name: displayName(user), old: oldEmail, new: row.newEmail }
      await ctx.mail.queue(tx, { to: oldEmail, userId: user.id, template: 'emailChanged', lang: user.language, vars })
      await ctx.mail.queue(tx, {
        to: row.newEmail,
        userId: user.id,
        template: 'emailChangeWelcome',
        lang: user.language,
        vars,
      })
      await writeAudit(
        tx,
        actor,
        meta,
        {
          action: 'emailChange.complete',
          targetType: 'email_change_request',
          targetId: id,
          before: { ...auditView(row), user_email: oldEmail },
          after: { ...auditView(after), user_email: row.newEmail },
        },
        now,
      )
    })
  } catch (error) {
    mapUniqueViolation(error)
  }
  ctx.mail.kick()
  return reread(ctx, id)
}

export async function refuseChange(
  ctx: Ctx,
  meta: RequestMeta,
  actor: AuthUser,
  id: string,
  refuseReason: string,
): Promise<EmailChangeRequest> {
  const now = ctx.clock.now()
  await ctx.db.transaction(async (tx) => {
    const row = await lockOpen(tx, id)
    const [after] = await tx
      .update(emailChangeRequests)
      .set({ status: 'refused', refuseReason, handledBy: actor.id, handledAt: now, updatedAt: now })
      .where(eq(emailChangeRequests.id, id))
      .returning()
    if (!after) throw missing()
    const user = await findUserById(tx, row.userId)
    if (user) {
      await ctx.mail.queue(tx, {
        to: user.email,
        userId: user.id,
        template: 'emailChangeRefused',
        lang: user.language,
        vars: { name: displayName(user), new: row.newEmail, reason: refuseReason },
      })
    }
    await writeAudit(
      tx,
      actor,
      meta,
      {
        action: 'emailChange.refuse',
        targetType: 'email_change_request',
        targetId: id,
        before: auditView(row),
        after: auditView(after),
      },
      now,
    )
  })
  ctx.mail.kick()
  return reread(ctx, id)
}
