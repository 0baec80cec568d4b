import { ErrorCode, type Role, STEP_UP_WINDOW_MINUTES } from '@app/contract'
import { and, eq, isNull, ne, sql } from 'drizzle-orm'
import type { Ctx } from '../../context.ts'
import type { Db } from '../../db/client.ts'
import { sessions, userRoles, users } from '../../db/schema/index.ts'
import { AppError } from '../../http/errors.ts'
import type { AuthUser } from '../../lib/auth-user.ts'
import { newId } from '../../lib/ids.ts'
import { sortRoles } from '../users/queries.ts'

export type SessionRow = typeof sessions.$inferSelect

export async function insertSession(
  db: Db,
  values: { userId: string; now: Date; expiresAt: Date; ip: string | null; userAgent: string | null },
): Promise<SessionRow> {
  const [row] = await db
    .insert(sessions)
    .values({
      id: newId('ses', values.now.getTime()),
      userId: values.userId,
      createdAt: values.now,
      lastSeenAt: values.now,
      expiresAt: values.expiresAt,
      ip: values.ip,
      userAgent: values.userAgent?.slice(0, 512) ?? null,
    })
    .returning()
  if (!row) throw new Error('insert into sessions returned nothing')
  return row
}

/** A session with its user and the user's roles: one query on every signed-in request. */
export async function findSessionWithUser(db: Db, sessionId: string) {
  const [row] = await db
    .select({
      session: sessions,
      user: users,
      roles: sql<
        Role[]
      >`array(select ${userRoles.role}::text from ${userRoles} where ${userRoles.userId} = ${users.id})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId))
    .limit(1)
  return row ? { ...row, roles: sortRoles(row.roles) } : null
}

export async function touchSession(db: Db, sessionId: string, now: Date) {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId))
}

export async function revokeSession(db: Db, sessionId: string, reason: string, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
}

/** Ends every open session of a user, except `keep` (the session that made the change). */
export async function revokeUserSessions(db: Db, userId: string, reason: string, now: Date, keep?: string) {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)]
  if (keep) conditions.push(ne(sessions.id, keep))
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(...conditions))
}

/** Until when the session's last step-up proof counts (modules/step-up records it), or null. */
export async function proofExpiry(db: Db, user: AuthUser, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ at: sessions.stepUpAt })
    .from(sessions)
    .where(eq(sessions.id, user.sessionId))
    .limit(1)
  if (!row?.at) return null
  const expires = new Date(row.at.getTime() + STEP_UP_WINDOW_MINUTES * 60_000)
  return expires > now ? expires : null
}

/**
 * Refuses a sensitive act (revealing a key's secret; adding a passkey…) unless this session proved its identity within
 * the last STEP_UP_WINDOW_MINUTES. HTTP 403 with STEP_UP_REQUIRED: the SPA asks for the proof and
 * retries; it is not one of the codes after which the SPA signs out.
 */
export async function requireStepUp(ctx: Ctx, user: AuthUser): Promise<void> {
  if (await proofExpiry(ctx.db, user, ctx.clock.now())) return
  throw new AppError(ErrorCode.StepUpRequired, 403, 'stepUp.required')
}
