import type { Passkey } from '@app/contract'
import { and, asc, eq, gt, isNull, lt } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { passkeys, webauthnChallenges } from '../../db/schema/index.ts'
import { newId } from '../../lib/ids.ts'

export type PasskeyRow = typeof passkeys.$inferSelect
type Purpose = (typeof webauthnChallenges.$inferSelect)['purpose']

/** The one place a passkey row becomes an answer (never its key or counter). */
export function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    backed_up: row.backedUp,
  }
}

export function listPasskeyRows(db: Db, userId: string) {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id))
}

export async function findPasskeyByCredential(db: Db, credentialId: string): Promise<PasskeyRow | null> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1)
  return row ?? null
}

/**
 * Records a verified use: the new signature counter and the time. The update only happens from the
 * counter the check was made against, so two uses racing past the check cannot both move it (an
 * authenticator that keeps no counter always reports 0, which is allowed to stay 0).
 */
export async function recordPasskeyUse(db: Db, row: PasskeyRow, newCount: number, now: Date): Promise<boolean> {
  const moved = await db
    .update(passkeys)
    .set({ signCount: newCount, lastUsedAt: now })
    .where(
      and(
        eq(passkeys.id, row.id),
        eq(passkeys.signCount, row.signCount),
        newCount === 0 ? eq(passkeys.signCount, 0) : lt(passkeys.signCount, newCount),
      ),
    )
    .returning({ id: passkeys.id })
  return moved.length === 1
}

export interface ChallengeBinding {
  userId?: string
  sessionId?: string
}

/** Stores a ceremony's challenge; the answer is the attempt id that finishes it. Expired ones are swept. */
export async function saveChallenge(
  db: Db,
  purpose: Purpose,
  challenge: string,
  binding: ChallengeBinding,
  now: Date,
  expiresAt: Date,
): Promise<string> {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now))
  const id = newId('wac', now.getTime())
  await db.insert(webauthnChallenges).values({
    id,
    purpose,
    challenge,
    userId: binding.userId ?? null,
    sessionId: binding.sessionId ?? null,
    createdAt: now,
    expiresAt,
  })
  return id
}

/**
 * Takes an attempt's challenge: the row is deleted by this call, so a challenge is answered at most
 * once, whichever instance answers it. Only an unexpired attempt of this purpose and binding is taken.
 */
export async function takeChallenge(
  db: Db,
  purpose: Purpose,
  attemptId: string,
  binding: ChallengeBinding,
  now: Date,
): Promise<string | null> {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.id, attemptId),
        eq(webauthnChallenges.purpose, purpose),
        gt(webauthnChallenges.expiresAt, now),
        binding.userId === undefined
          ? isNull(webauthnChallenges.userId)
          : eq(webauthnChallenges.userId, binding.userId),
        binding.sessionId === undefined
          ? isNull(webauthnChallenges.sessionId)
          : eq(webauthnChallenges.sessionId, binding.sessionId),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge })
  return row?.challenge ?? null
}

export const newPasskeyId = (now: Date) => newId('pky', now.getTime())
