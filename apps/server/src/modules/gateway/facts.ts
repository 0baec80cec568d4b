import { compileRestrictions } from '@app/contract'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { keySecrets, keys, users } from '../../db/schema/index.ts'
import type { KeyFacts } from './cache.ts'

const prepared = new WeakMap<Db, ReturnType<typeof prepare>>()

/**
 * One indexed lookup by secret hash, joined to the key and its owner: a prepared statement per
 * database, so a first sight of a key costs no parsing or planning.
 */
function prepare(db: Db) {
  return db
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
    .where(eq(keySecrets.hash, sql.placeholder('hash')))
    .limit(1)
    .prepare('gateway_key_facts')
}

export async function loadKeyFacts(db: Db, hash: string): Promise<KeyFacts | null> {
  let statement = prepared.get(db)
  if (!statement) {
    statement = prepare(db)
    prepared.set(db, statement)
  }
  const [row] = await statement.execute({ hash })
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
