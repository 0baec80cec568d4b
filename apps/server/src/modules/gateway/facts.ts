import { compileRestrictions } from '@app/contract'
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { keySecrets, keys, users } from '../../db/schema/index.ts'
import type { KeyFacts } from './cache.ts'

/** One indexed lookup by secret hash, joined to the key and its owner. */
export async function loadKeyFacts(db: Db, hash: string): Promise<KeyFacts | null> {
  const [row] = await db
    .select({
      keyId: keys.id,
      userId: keys.userId,
      type: keys.type,
      keyStatus: keys.status,
      deletedAt: keys.deletedAt,
      restrictionList: keys.restrictionList,
      secretExpiresAt: keySecrets.expiresAt,
      userStatus: users.status,
      emailVerifiedAt: users.emailVerifiedAt,
      checkBalance: users.checkBalance,
      balanceCents: users.balanceCents,
    })
    .from(keySecrets)
    .innerJoin(keys, eq(keys.id, keySecrets.keyId))
    .innerJoin(users, eq(users.id, keys.userId))
    .where(eq(keySecrets.hash, hash))
    .limit(1)
  if (!row) return null
  return {
    keyId: row.keyId,
    userId: row.userId,
    type: row.type,
    keyStatus: row.keyStatus,
    deleted: row.deletedAt !== null,
    secretExpiresAt: row.secretExpiresAt?.getTime() ?? null,
    userStatus: row.userStatus,
    userVerified: row.emailVerifiedAt !== null,
    checkBalance: row.checkBalance,
    balancePositive: row.balanceCents > 0n,
    matcher: compileRestrictions(row.restrictionList),
  }
}
