import { ErrorCode, STEP_UP_WINDOW_MINUTES, type StepUpMethod, type StepUpStatus } from '@app/contract'
import { eq } from 'drizzle-orm'
import type { Ctx } from '../../context.ts'
import { sessions } from '../../db/schema/index.ts'
import { badRequest, refused, tooManyRequests } from '../../http/errors.ts'
import type { AuthUser } from '../../lib/auth-user.ts'
import { checkPassword } from '../../lib/passwords.ts'
import * as throttle from '../../lib/throttle.ts'
import { twoFactorEnabled } from '../auth/challenge.ts'
import { proofExpiry } from '../auth/sessions.ts'
import { consumeCode } from '../two-factor/service.ts'

// Step-up (docs/auth.md "Step-up"): a session lasts days, but revealing an API key's secret needs a
// proof of identity from the last STEP_UP_WINDOW_MINUTES on *this* session: the password, or the
// two-factor code when two-factor authentication is on (the password alone is then not enough, as at
// sign-in). Signing in does not count as a proof: the proof is asked for at the moment of the act.

const WINDOW_MS = STEP_UP_WINDOW_MINUTES * 60_000
/** Wrong proofs per account before a 15-minute lock, as at sign-in (ASVS 6.3.1: 5 per 15 minutes). */
const LOCK_AFTER_FAILURES = 5
const FIFTEEN_MINUTES = 15 * 60

const bucketOf = (userId: string) => `step-up:user:${userId}`

/** What a person offers as proof; a new kind (a recovery code, a passkey) adds a member and a checker. */
export type Proof = { method: 'password'; password: string } | { method: 'totp'; code: string }

interface ProofChecker {
  /** Whether this account may use this kind of proof now. */
  available(ctx: Ctx, user: AuthUser): Promise<boolean>
  /** Whether the proof is right (a TOTP code is also consumed, so it cannot be replayed). */
  check(ctx: Ctx, user: AuthUser, proof: Proof, now: Date): Promise<boolean>
}

/**
 * The proof kinds, strongest first. With two-factor authentication on, only the second factor counts:
 * a stolen password must not be enough to reveal secrets when it is not enough to sign in.
 */
const checkers: Record<StepUpMethod, ProofChecker> = {
  totp: {
    available: (ctx, user) => twoFactorEnabled(ctx.db, user.id),
    check: (ctx, user, proof, now) =>
      proof.method === 'totp' ? consumeCode(ctx, user.id, proof.code, now) : Promise.resolve(false),
  },
  password: {
    available: async (ctx, user) => user.row.passwordHash !== null && !(await twoFactorEnabled(ctx.db, user.id)),
    check: (_ctx, user, proof) =>
      proof.method === 'password' ? checkPassword(user.row.passwordHash, proof.password) : Promise.resolve(false),
  },
}

const StepUpMethodOrder: readonly StepUpMethod[] = ['totp', 'password']

/** The proof kinds this account may use now, in the order a screen should offer them. */
async function stepUpMethods(ctx: Ctx, user: AuthUser): Promise<StepUpMethod[]> {
  const methods: StepUpMethod[] = []
  for (const method of StepUpMethodOrder) if (await checkers[method].available(ctx, user)) methods.push(method)
  return methods
}

export async function stepUpStatus(ctx: Ctx, user: AuthUser): Promise<StepUpStatus> {
  const expires = await proofExpiry(ctx.db, user, ctx.clock.now())
  return { methods: await stepUpMethods(ctx, user), expires_at: expires?.toISOString() ?? null }
}

/**
 * Checks a proof and records it on the caller's session (not the account: another session of the
 * same user does not inherit it). Failures count towards a 15-minute lock of step-up for the account.
 */
export async function verifyStepUp(ctx: Ctx, user: AuthUser, proof: Proof): Promise<StepUpStatus> {
  const now = ctx.clock.now()
  const bucket = bucketOf(user.id)
  const blocked = await throttle.blockedFor(ctx.db, bucket, now)
  if (blocked > 0) throw tooManyRequests(blocked, 'stepUp.locked')
  const methods = await stepUpMethods(ctx, user)
  if (methods.length === 0) throw refused(ErrorCode.StepUpUnavailable, 'stepUp.unavailable')
  if (!methods.includes(proof.method)) {
    // Not a wrong guess but the wrong kind: the screen asks for the other one. Nothing is counted.
    throw badRequest(ErrorCode.Validation, methods.includes('totp') ? 'stepUp.useCode' : 'stepUp.usePassword')
  }
  if (!(await checkers[proof.method].check(ctx, user, proof, now))) {
    const verdict = await throttle.hit(ctx.db, bucket, LOCK_AFTER_FAILURES - 1, FIFTEEN_MINUTES, now, FIFTEEN_MINUTES)
    if (!verdict.allowed) throw tooManyRequests(verdict.retryAfter, 'stepUp.locked')
    throw proof.method === 'totp'
      ? refused(ErrorCode.WrongCode, 'twoFactor.wrongCode')
      : refused(ErrorCode.WrongPassword, 'stepUp.passwordWrong')
  }
  await ctx.db
    .update(sessions)
    .set({ stepUpAt: now, stepUpMethod: proof.method })
    .where(eq(sessions.id, user.sessionId))
  await throttle.clear(ctx.db, bucket)
  return { methods, expires_at: new Date(now.getTime() + WINDOW_MS).toISOString() }
}

/** The body of POST /v1/users/step-up as a proof: exactly one of `password` and `code`. */
export function proofOf(body: { password?: string; code?: string }): Proof {
  if (body.code !== undefined && body.password === undefined) return { method: 'totp', code: body.code }
  if (body.password !== undefined && body.code === undefined) return { method: 'password', password: body.password }
  throw badRequest(ErrorCode.Validation, 'stepUp.proofRequired')
}
