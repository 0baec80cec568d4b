import {
  type AccountTwoFactor,
  ErrorCode,
  isStaff,
  joinName,
  type RecoveryCodes,
  type RecoveryCodesInfo,
  type Session,
  type TwoFactorEnabled,
  type TwoFactorInfo,
  type TwoFactorSecret,
} from '@app/contract'
import { and, eq, isNotNull, lt, sql } from 'drizzle-orm'
import type { Ctx } from '../../context.ts'
import type { Db } from '../../db/client.ts'
import { userTotp } from '../../db/schema/index.ts'
import { type AppError, badRequest, conflict, refused, tooManyRequests } from '../../http/errors.ts'
import { maintenanceError } from '../../http/routes.ts'
import type { AuthUser } from '../../lib/auth-user.ts'
import { decrypt, deriveKey, encrypt, safeEqual } from '../../lib/crypto.ts'
import { checkPassword } from '../../lib/passwords.ts'
import type { RequestMeta } from '../../lib/request-meta.ts'
import * as throttle from '../../lib/throttle.ts'
import { writeAudit } from '../audit/audit.ts'
import { readChallenge, twoFactorEnabled } from '../auth/challenge.ts'
import { openSession } from '../auth/service.ts'
import { findUserById, getUserById, listRoles, type UserRow } from '../users/queries.ts'
import { consumeRecoveryCode, recoveryCodesLeft, replaceRecoveryCodes } from './recovery-codes.ts'
import { matchStep, newSecret, normaliseSecret, otpauthUrl } from './totp.ts'

// Two-factor authentication (docs/requirements.md §4.5, docs/auth.md): enrol, confirm, sign in, turn off.

/** A generated secret must be confirmed within this time, or generated again. */
const PENDING_MINUTES = 15
/** Wrong codes (or passwords) per account before a 15-minute lock (ASVS 6.3.1; 5 per 15 min). */
const LOCK_AFTER_FAILURES = 5
const FIFTEEN_MINUTES = 15 * 60

const sealKey = (ctx: Ctx) => deriveKey(ctx.config.secret, 'totp-secrets-aes256gcm')
/** The user's id is the associated data: a sealed secret moved to another row does not open. */
const aad = (userId: string) => `totp:${userId}`
const seal = (ctx: Ctx, userId: string, secret: string) => encrypt(sealKey(ctx), secret, aad(userId))
const unseal = (ctx: Ctx, userId: string, sealed: string) => decrypt(sealKey(ctx), sealed, aad(userId))

const bucketOf = (userId: string) => `2fa:user:${userId}`
const wrongCode = () => refused(ErrorCode.WrongCode, 'twoFactor.wrongCode')

async function totpRow(db: Db, userId: string) {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId)).limit(1)
  return row ?? null
}

export async function refuseWhileLocked(ctx: Ctx, userId: string, now: Date) {
  const blocked = await throttle.blockedFor(ctx.db, bucketOf(userId), now)
  if (blocked > 0) throw tooManyRequests(blocked, 'auth.locked')
}

/** Counts a failure (outside any transaction, so it sticks) and throws `error`, or 429 once locked. */
export async function failure(ctx: Ctx, userId: string, now: Date, error: AppError): Promise<never> {
  const verdict = await throttle.hit(
    ctx.db,
    bucketOf(userId),
    LOCK_AFTER_FAILURES - 1,
    FIFTEEN_MINUTES,
    now,
    FIFTEEN_MINUTES,
  )
  if (!verdict.allowed) throw tooManyRequests(verdict.retryAfter, 'auth.locked')
  throw error
}

/**
 * Accepts `code` for the enabled secret once: the step it matches is written only if it is later than
 * the last used one (`UPDATE … WHERE last_step < step`), so two requests racing with one code cannot
 * both pass.
 */
export async function consumeCode(ctx: Ctx, userId: string, code: string, now: Date): Promise<boolean> {
  const row = await totpRow(ctx.db, userId)
  if (!row?.secretCiphertext) return false
  const step = matchStep(unseal(ctx, userId, row.secretCiphertext), code, now, row.lastStep)
  if (step === null) return false
  const updated = await ctx.db
    .update(userTotp)
    .set({ lastStep: step, updatedAt: now })
    .where(and(eq(userTotp.userId, userId), lt(userTotp.lastStep, step), isNotNull(userTotp.secretCiphertext)))
    .returning({ userId: userTotp.userId })
  return updated.length === 1
}

/** Every change to an account's second factor is e-mailed to it, so a change made by someone else shows. */
async function tellUser(
  ctx: Ctx,
  tx: Db,
  user: UserRow,
  template: 'twoFactorOn' | 'twoFactorSelfOff' | 'twoFactorOff' | 'recoveryCodesRegenerated' | 'recoveryCodeUsed',
  vars: Record<string, string> = {},
) {
  await ctx.mail.queue(tx, {
    to: user.email,
    userId: user.id,
    template,
    lang: user.language,
    vars: { name: joinName(user.firstName, user.lastName) || user.email, ...vars },
  })
}

export async function info(ctx: Ctx, user: AuthUser): Promise<TwoFactorInfo> {
  const row = await totpRow(ctx.db, user.id)
  return {
    enabled: Boolean(row?.enabledAt),
    enabled_at: row?.enabledAt?.toISOString() ?? null,
    has_password: user.row.passwordHash !== null,
  }
}

export async function generateSecret(ctx: Ctx, user: AuthUser): Promise<TwoFactorSecret> {
  const now = ctx.clock.now()
  const secret = newSecret()
  const pendingCiphertext = seal(ctx, user.id, secret)
  const saved = await ctx.db
    .insert(userTotp)
    .values({ userId: user.id, pendingCiphertext, pendingCreatedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: userTotp.userId,
      set: { pendingCiphertext, pendingCreatedAt: now, updatedAt: now },
      // A secret that is on is never replaced by generating another.
      setWhere: sql`${userTotp.enabledAt} is null`,
    })
    .returning({ userId: userTotp.userId })
  if (saved.length === 0) throw conflict(ErrorCode.Conflict, 'twoFactor.alreadyEnabled')
  const issuer = ctx.config.signIn.totpIssuer
  return { secret_key: secret, otpauth_url: otpauthUrl(secret, issuer, user.email), issuer, account: user.email }
}

export async function enable(ctx: Ctx, user: AuthUser, code: string, secretKey: string): Promise<TwoFactorEnabled> {
  const now = ctx.clock.now()
  await refuseWhileLocked(ctx, user.id, now)
  const row = await totpRow(ctx.db, user.id)
  if (row?.enabledAt) throw conflict(ErrorCode.Conflict, 'twoFactor.alreadyEnabled')
  const fresh =
    row?.pendingCiphertext &&
    row.pendingCreatedAt &&
    now.getTime() - row.pendingCreatedAt.getTime() <= PENDING_MINUTES * 60_000
  if (!row?.pendingCiphertext || !fresh) throw badRequest(ErrorCode.TokenExpired, 'twoFactor.noPending')
  const pending = row.pendingCiphertext
  const secret = unseal(ctx, user.id, pending)
  // The key the browser shows must be the one generated last (another tab may have generated a newer one).
  if (!safeEqual(normaliseSecret(secretKey), secret)) throw badRequest(ErrorCode.TokenExpired, 'twoFactor.noPending')
  const step = matchStep(secret, code, now, row.lastStep)
  if (step === null) return failure(ctx, user.id, now, wrongCode())
  // The first set of recovery codes is made with it, in the same transaction (docs/auth.md).
  const recoveryCodes = await ctx.db.transaction(async (tx) => {
    const updated = await tx
      .update(userTotp)
      .set({
        secretCiphertext: pending,
        enabledAt: now,
        pendingCiphertext: null,
        pendingCreatedAt: null,
        lastStep: step,
        updatedAt: now,
      })
      .where(
        and(eq(userTotp.userId, user.id), sql`${userTotp.enabledAt} is null`, eq(userTotp.pendingCiphertext, pending)),
      )
      .returning({ enabledAt: userTotp.enabledAt })
    if (updated.length === 0) throw conflict(ErrorCode.Conflict, 'twoFactor.alreadyEnabled')
    await tellUser(ctx, tx, user.row, 'twoFactorOn')
    return replaceRecoveryCodes(ctx, tx, user.id, now)
  })
  ctx.mail.kick()
  await throttle.clear(ctx.db, bucketOf(user.id))
  return {
    enabled: true,
    enabled_at: now.toISOString(),
    has_password: user.row.passwordHash !== null,
    recovery_codes: recoveryCodes,
  }
}

/** Turning it off is re-authentication: a current code, and the password when the account has one. */
export async function disable(
  ctx: Ctx,
  user: AuthUser,
  code: string,
  password: string | undefined,
): Promise<TwoFactorInfo> {
  const now = ctx.clock.now()
  await refuseWhileLocked(ctx, user.id, now)
  const row = await totpRow(ctx.db, user.id)
  if (!row?.enabledAt) throw conflict(ErrorCode.Conflict, 'twoFactor.notEnabled')
  if (user.row.passwordHash !== null) {
    if (!password) throw badRequest(ErrorCode.Validation, 'twoFactor.passwordRequired')
    if (!(await checkPassword(user.row.passwordHash, password))) {
      return failure(ctx, user.id, now, refused(ErrorCode.WrongPassword, 'auth.currentPasswordWrong'))
    }
  }
  if (!(await consumeCode(ctx, user.id, code, now))) return failure(ctx, user.id, now, wrongCode())
  await ctx.db.transaction(async (tx) => {
    await tx.delete(userTotp).where(eq(userTotp.userId, user.id))
    await tellUser(ctx, tx, user.row, 'twoFactorSelfOff')
  })
  ctx.mail.kick()
  await throttle.clear(ctx.db, bucketOf(user.id))
  return { enabled: false, enabled_at: null, has_password: user.row.passwordHash !== null }
}

/** An account's two-factor status, for administrators. */
export async function accountInfo(ctx: Ctx, userId: string): Promise<AccountTwoFactor> {
  await getUserById(ctx.db, userId)
  const row = await totpRow(ctx.db, userId)
  return { enabled: Boolean(row?.enabledAt), enabled_at: row?.enabledAt?.toISOString() ?? null }
}

/**
 * An administrator turns off someone's two-factor authentication (a lost phone): no code can be asked
 * of a user who has none, so the reason is written to the audit log and e-mailed to the user, who can
 * raise the alarm if they did not ask. One's own goes through `disable`, which asks for a code.
 */
export async function turnOffFor(
  ctx: Ctx,
  meta: RequestMeta,
  actor: AuthUser,
  userId: string,
  reason: string,
): Promise<AccountTwoFactor> {
  if (actor.id === userId) throw refused(ErrorCode.SelfTwoFactor, 'twoFactor.notForYourself')
  const now = ctx.clock.now()
  await ctx.db.transaction(async (tx) => {
    const user = await getUserById(tx, userId)
    const removed = await tx
      .delete(userTotp)
      .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.enabledAt)))
      .returning({ enabledAt: userTotp.enabledAt })
    if (removed.length === 0) throw conflict(ErrorCode.Conflict, 'twoFactor.notEnabled')
    await writeAudit(
      tx,
      actor,
      meta,
      {
        action: 'user.two_factor_off',
        targetType: 'user',
        targetId: userId,
        before: { two_factor: true, enabled_at: removed[0]?.enabledAt?.toISOString() ?? null },
        after: { two_factor: false, reason },
      },
      now,
    )
    await tellUser(ctx, tx, user, 'twoFactorOff', { reason })
  })
  ctx.mail.kick()
  await throttle.clear(ctx.db, bucketOf(userId))
  return { enabled: false, enabled_at: null }
}

/** The second step of a sign-in: the challenge from the first step and a code give the session. */
export async function verifySignIn(ctx: Ctx, meta: RequestMeta, token: string, code: string): Promise<Session> {
  const now = ctx.clock.now()
  const userId = await readChallenge(ctx, token, now)
  const challengeInvalid = () => badRequest(ErrorCode.TokenExpired, 'twoFactor.challengeInvalid')
  if (!userId) throw challengeInvalid()
  await refuseWhileLocked(ctx, userId, now)
  const user = await findUserById(ctx.db, userId)
  if (!user) throw challengeInvalid()
  if (!(await consumeCode(ctx, userId, code, now))) {
    // 2FA turned off since the first step has no code to match either: sign in again.
    if (!(await totpRow(ctx.db, userId))?.enabledAt) throw challengeInvalid()
    return failure(ctx, userId, now, wrongCode())
  }
  return finishSignIn(ctx, meta, user, now)
}

/**
 * The end of every second step (a code, a recovery code, a passkey): the lock is cleared and the session
 * opened as a password sign-in would open it (maintenance mode still turns customers away).
 */
export async function finishSignIn(ctx: Ctx, meta: RequestMeta, user: UserRow, now: Date): Promise<Session> {
  await throttle.clear(ctx.db, bucketOf(user.id))
  const roles = await listRoles(ctx.db, user.id)
  if (!isStaff(roles) && (await ctx.settings.maintenance())) throw maintenanceError()
  return openSession(ctx, meta, user, roles, now)
}

/** How many recovery codes the signed-in account has left (none while 2FA is off). */
export async function recoveryInfo(ctx: Ctx, user: AuthUser): Promise<RecoveryCodesInfo> {
  const { remaining, generatedAt } = await recoveryCodesLeft(ctx.db, user.id)
  return { remaining, generated_at: generatedAt?.toISOString() ?? null }
}

/**
 * A new set of recovery codes. The caller proved themselves on this session within the last minutes
 * (step-up, checked by the route); the old set stops working in the same transaction and the account is
 * e-mailed.
 */
export async function regenerateRecoveryCodes(ctx: Ctx, user: AuthUser): Promise<RecoveryCodes> {
  const now = ctx.clock.now()
  const codes = await ctx.db.transaction(async (tx) => {
    // Locks the 2FA row, so that turning 2FA off at the same time cannot leave codes behind.
    const [row] = await tx.select().from(userTotp).where(eq(userTotp.userId, user.id)).for('update')
    if (!row?.enabledAt) throw conflict(ErrorCode.Conflict, 'twoFactor.notEnabled')
    const codes = await replaceRecoveryCodes(ctx, tx, user.id, now)
    await tellUser(ctx, tx, user.row, 'recoveryCodesRegenerated')
    return codes
  })
  ctx.mail.kick()
  return { codes, remaining: codes.length, generated_at: now.toISOString() }
}

/**
 * The second step with a recovery code instead of the app's code. The code is spent by one conditional
 * `UPDATE` (so a code opens at most one session, even under concurrency); the account is e-mailed with
 * the number of codes left. Wrong codes count towards the same lock as wrong app codes.
 */
export async function verifyRecoverySignIn(ctx: Ctx, meta: RequestMeta, token: string, code: string): Promise<Session> {
  const now = ctx.clock.now()
  const userId = await readChallenge(ctx, token, now)
  const challengeInvalid = () => badRequest(ErrorCode.TokenExpired, 'twoFactor.challengeInvalid')
  if (!userId) throw challengeInvalid()
  await refuseWhileLocked(ctx, userId, now)
  const user = await findUserById(ctx.db, userId)
  if (!user) throw challengeInvalid()
  // Maintenance is checked before the code is spent: a refused sign-in must not cost one of ten codes.
  if (!isStaff(await listRoles(ctx.db, userId)) && (await ctx.settings.maintenance())) throw maintenanceError()
  const accepted = await ctx.db.transaction(async (tx) => {
    if (!(await consumeRecoveryCode(ctx, tx, userId, code, now))) return false
    const { remaining } = await recoveryCodesLeft(tx, userId)
    await tellUser(ctx, tx, user, 'recoveryCodeUsed', { remaining: String(remaining) })
    return true
  })
  if (!accepted) {
    // 2FA turned off since the first step took its codes with it: sign in again.
    if (!(await twoFactorEnabled(ctx.db, userId))) throw challengeInvalid()
    return failure(ctx, userId, now, refused(ErrorCode.WrongCode, 'recoveryCodes.wrong'))
  }
  ctx.mail.kick()
  return finishSignIn(ctx, meta, user, now)
}
