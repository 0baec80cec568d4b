import { createHmac, randomBytes } from 'node:crypto'
import { formatRecoveryCode, RECOVERY_CODE_COUNT, RECOVERY_CODE_LENGTH } from '@app/contract'
import { and, count, eq, isNull, min } from 'drizzle-orm'
import type { Ctx } from '../../context.ts'
import type { Db } from '../../db/client.ts'
import { userRecoveryCodes } from '../../db/schema/index.ts'
import { deriveKey } from '../../lib/crypto.ts'
import { newId } from '../../lib/ids.ts'

// Two-factor recovery codes (docs/auth.md "Recovery codes"): ten single-use codes of 120 random bits.
//
// At rest only HMAC-SHA-256(key, user id + code) is kept, the key derived from APP_SECRET. A slow
// password hash is not needed: a code is random with 120 bits, so even with the key no list of guesses
// can find one (ASVS 6.5.2 asks for at least 112 bits before a fast hash will do); the key means that a
// database dump alone does not even allow trying, and the user id in the MAC means that a hash copied to
// another account's row matches nothing. A fast hash also lets the sign-in find the code with one
// indexed `UPDATE`, which is what makes a code single-use under concurrency.

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567'

const macKey = (ctx: Ctx) => deriveKey(ctx.config.secret, 'recovery-codes-hmac-sha256')

/** The stored form of a (normalised) code. */
function hashRecoveryCode(ctx: Ctx, userId: string, code: string): string {
  return createHmac('sha256', macKey(ctx)).update(`${userId}\u0000${code}`).digest('hex')
}

/** A new code: RECOVERY_CODE_LENGTH base32 characters, 5 random bits each. */
function newRecoveryCode(): string {
  const bytes = randomBytes((RECOVERY_CODE_LENGTH * 5) / 8)
  let bits = 0
  let value = 0
  let code = ''
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xffff
    bits += 8
    while (bits >= 5) {
      code += ALPHABET[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  return code
}

/**
 * Replaces the account's codes with a new set and returns them formatted (`abcd-efgh-…`), to be shown
 * once. Call inside the transaction that turns 2FA on or regenerates, so the old set and the new one
 * never both work.
 */
export async function replaceRecoveryCodes(ctx: Ctx, tx: Db, userId: string, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
  await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId))
  await tx.insert(userRecoveryCodes).values(
    codes.map((code) => ({
      id: newId('rcv', now.getTime()),
      userId,
      codeHash: hashRecoveryCode(ctx, userId, code),
      createdAt: now,
    })),
  )
  return codes.map(formatRecoveryCode)
}

/**
 * Marks the code used if it is one of the account's unused codes. One conditional `UPDATE`: of two
 * requests racing with the same code, exactly one gets the row back.
 */
export async function consumeRecoveryCode(ctx: Ctx, db: Db, userId: string, code: string, now: Date) {
  const used = await db
    .update(userRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(userRecoveryCodes.userId, userId),
        eq(userRecoveryCodes.codeHash, hashRecoveryCode(ctx, userId, code)),
        isNull(userRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: userRecoveryCodes.id })
  return used.length === 1
}

/** Unused codes left, and when the set was made. */
export async function recoveryCodesLeft(db: Db, userId: string) {
  const [all] = await db
    .select({ generatedAt: min(userRecoveryCodes.createdAt) })
    .from(userRecoveryCodes)
    .where(eq(userRecoveryCodes.userId, userId))
  const [unused] = await db
    .select({ remaining: count() })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)))
  return { remaining: unused?.remaining ?? 0, generatedAt: all?.generatedAt ?? null }
}
