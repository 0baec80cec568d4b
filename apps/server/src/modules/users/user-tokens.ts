import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { userTokens } from '../../db/schema/index.ts'
import { sha256Hex } from '../../lib/crypto.ts'
import { newId, randomToken } from '../../lib/ids.ts'

type Purpose = (typeof userTokens.$inferSelect)['purpose']

/** Issues a single-use secret; only its hash is stored. Earlier unused secrets of the same purpose die. */
export async function issueUserToken(db: Db, userId: string, purpose: Purpose, ttlMs: number, now: Date) {
  await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)))
  const token = randomToken(32)
  await db.insert(userTokens).values({
    id: newId('tok', now.getTime()),
    userId,
    purpose,
    tokenHash: sha256Hex(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlMs),
  })
  return token
}

export type TokenState = { state: 'valid'; userId: string; id: string } | { state: 'expired' } | { state: 'invalid' }

export async function inspectUserToken(db: Db, token: string, purpose: Purpose, now: Date): Promise<TokenState> {
  const [row] = await db
    .select()
    .from(userTokens)
    .where(and(eq(userTokens.tokenHash, sha256Hex(token)), eq(userTokens.purpose, purpose)))
    .limit(1)
  if (!row || row.usedAt) return { state: 'invalid' }
  if (row.expiresAt <= now) return { state: 'expired' }
  return { state: 'valid', userId: row.userId, id: row.id }
}

/** Marks a token used; false when another request used it first. */
export async function consumeUserToken(db: Db, id: string, now: Date): Promise<boolean> {
  const used = await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.id, id), isNull(userTokens.usedAt)))
    .returning({ id: userTokens.id })
  return used.length === 1
}
