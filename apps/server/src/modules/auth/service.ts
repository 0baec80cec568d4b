import {
  type BodyOf,
  ErrorCode,
  isStaff,
  joinName,
  type Lang,
  type LoginResult,
  RESET_TOKEN_HOURS,
  type Role,
  type register as registerEndpoint,
  type Session,
  splitFullName,
  VERIFY_WINDOW_HOURS,
} from '@app/contract'
import type { Ctx } from '../../context.ts'
import { PG_UNIQUE_VIOLATION, pgCode } from '../../db/client.ts'
import { AppError, badRequest, conflict, refused, tooManyRequests } from '../../http/errors.ts'
import { maintenanceError } from '../../http/routes.ts'
import type { AuthUser } from '../../lib/auth-user.ts'
import { newId } from '../../lib/ids.ts'
import { checkPassword, hashPassword } from '../../lib/passwords.ts'
import type { RequestMeta } from '../../lib/request-meta.ts'
import * as throttle from '../../lib/throttle.ts'
import { grantFirstRegisterCredit } from '../balance/service.ts'
import { announceChange } from '../gateway/gateway.ts'
import {
  emailHasAccount,
  findUserByEmail,
  getUserById,
  insertUser,
  listRoles,
  planNameOf,
  toProfile,
  type UserRow,
  updateUser,
} from '../users/queries.ts'
import { consumeUserToken, inspectUserToken, issueUserToken } from '../users/user-tokens.ts'
import { issueChallenge, twoFactorEnabled } from './challenge.ts'
import { insertSession, revokeSession, revokeUserSessions } from './sessions.ts'
import { signAccessToken } from './tokens.ts'

const HOUR = 3_600_000
const FIFTEEN_MINUTES = 15 * 60

// Sign-in throttling (ASVS 6.3.1): the fifth failure for an account (the fiftieth from an address) within
// 15 minutes locks it for 15 minutes. `throttle.hit` refuses once a count passes its limit, hence the `- 1`.
const LOCK_AFTER_FAILURES_PER_ACCOUNT = 5
const LOCK_AFTER_FAILURES_PER_IP = 50

function displayName(user: UserRow) {
  return joinName(user.firstName, user.lastName) || user.email
}

function verifyLink(ctx: Ctx, token: string) {
  return `${ctx.config.publicUrl}/user/verify?token=${encodeURIComponent(token)}`
}

function resetLink(ctx: Ctx, token: string) {
  return `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`
}

async function limitByIp(ctx: Ctx, meta: RequestMeta, name: string, limit: number, windowSeconds: number) {
  const verdict = await throttle.hit(ctx.db, `${name}:ip:${meta.ip}`, limit, windowSeconds, ctx.clock.now())
  if (!verdict.allowed) throw tooManyRequests(verdict.retryAfter)
}

/** Per-address limits on calls that send mail answer silently, so they reveal nothing about accounts. */
async function mailAllowed(ctx: Ctx, name: string, email: string) {
  const verdict = await throttle.hit(ctx.db, `${name}:email:${email}`, 3, FIFTEEN_MINUTES, ctx.clock.now())
  return verdict.allowed
}

export async function register(
  ctx: Ctx,
  meta: RequestMeta,
  input: Omit<BodyOf<typeof registerEndpoint>, 'confirm_password'>,
) {
  await limitByIp(ctx, meta, 'register', 10, 3600)
  const now = ctx.clock.now()
  const lang = meta.lang
  const passwordHash = await hashPassword(input.password)
  const name = splitFullName(input.full_name)
  try {
    const user = await ctx.db.transaction(async (tx) => {
      const created = await insertUser(
        tx,
        {
          id: newId('usr', now.getTime()),
          email: input.email,
          passwordHash,
          firstName: name.first_name,
          lastName: name.last_name,
          phoneNumber: input.phone_number,
          organization: input.organization || null,
          jobTitle: input.job_title || null,
          language: lang,
          createdAt: now,
          updatedAt: now,
        },
        ['customer'],
      )
      await sendVerification(ctx, tx, created, lang)
      return created
    })
    ctx.mail.kick()
    return { user_id: user.id, email: user.email }
  } catch (error) {
    if (pgCode(error) === PG_UNIQUE_VIOLATION) throw conflict(ErrorCode.EmailUsed, 'auth.emailUsed')
    throw error
  }
}

async function sendVerification(ctx: Ctx, db: Ctx['db'], user: UserRow, lang: Lang) {
  const token = await issueUserToken(db, user.id, 'verify_email', VERIFY_WINDOW_HOURS * HOUR, ctx.clock.now())
  await ctx.mail.queue(db, {
    to: user.email,
    userId: user.id,
    template: 'verifyEmail',
    lang,
    vars: { name: displayName(user), hours: VERIFY_WINDOW_HOURS },
    link: verifyLink(ctx, token),
  })
}

export async function login(ctx: Ctx, meta: RequestMeta, email: string, password: string): Promise<LoginResult> {
  const now = ctx.clock.now()
  const accountBucket = `login:email:${email}`
  const ipBucket = `login:ip:${meta.ip}`
  const blocked = Math.max(
    await throttle.blockedFor(ctx.db, accountBucket, now),
    await throttle.blockedFor(ctx.db, ipBucket, now),
  )
  if (blocked > 0) throw tooManyRequests(blocked, 'auth.locked')

  const user = await findUserByEmail(ctx.db, email)
  if (!(await checkPassword(user?.passwordHash, password)) || !user) {
    const byAccount = await throttle.hit(
      ctx.db,
      accountBucket,
      LOCK_AFTER_FAILURES_PER_ACCOUNT - 1,
      FIFTEEN_MINUTES,
      now,
      FIFTEEN_MINUTES,
    )
    const byIp = await throttle.hit(
      ctx.db,
      ipBucket,
      LOCK_AFTER_FAILURES_PER_IP - 1,
      FIFTEEN_MINUTES,
      now,
      FIFTEEN_MINUTES,
    )
    if (!byAccount.allowed || !byIp.allowed) {
      throw tooManyRequests(Math.max(byAccount.retryAfter, byIp.retryAfter), 'auth.locked')
    }
    throw new AppError(ErrorCode.BadCredentials, 401, 'auth.badCredentials')
  }

  const roles = await listRoles(ctx.db, user.id)
  await admit(ctx, user, roles, now)

  await throttle.clear(ctx.db, accountBucket)
  // With two-factor authentication on, the password alone opens no session (docs/auth.md).
  if (await twoFactorEnabled(ctx.db, user.id)) return issueChallenge(ctx, user.id, now)
  return openSession(ctx, meta, user, roles, now)
}

/**
 * What every first factor checks once the identity is proven (a password, a passkey): the 24 hours to
 * verify the e-mail, and maintenance mode for customers. A suspended account still signs in and sees
 * its status (docs/accounts.md "Suspension").
 */
export async function admit(ctx: Ctx, user: UserRow, roles: Role[], now: Date) {
  if (!user.emailVerifiedAt && now.getTime() - user.createdAt.getTime() > VERIFY_WINDOW_HOURS * HOUR) {
    throw new AppError(ErrorCode.VerifyExpired, 403, 'auth.verifyExpired')
  }
  if (!isStaff(roles) && (await ctx.settings.maintenance())) throw maintenanceError()
}

/** A new session for a user whose identity (and second factor) has been checked. */
export async function openSession(
  ctx: Ctx,
  meta: RequestMeta,
  user: UserRow,
  roles: Role[],
  now: Date,
): Promise<Session> {
  const expiresAt = new Date(now.getTime() + ctx.config.sessionTtlHours * HOUR)
  const { session, row } = await ctx.db.transaction(async (tx) => {
    const session = await insertSession(tx, {
      userId: user.id,
      now,
      expiresAt,
      ip: meta.ip,
      userAgent: meta.userAgent,
    })
    const row = await updateUser(tx, user.id, { lastLogin: now }, now)
    return { session, row }
  })
  const token = await signAccessToken(ctx.keys.jwt, { userId: user.id, sessionId: session.id }, now, expiresAt)
  return {
    ...toProfile(row, roles, await planNameOf(ctx.db, row.userPlanId, row.language)),
    token,
    expires_at: expiresAt.toISOString(),
  }
}

export async function logout(ctx: Ctx, user: AuthUser) {
  await revokeSession(ctx.db, user.sessionId, 'logout', ctx.clock.now())
}

export async function verifyEmail(ctx: Ctx, meta: RequestMeta, token: string) {
  await limitByIp(ctx, meta, 'token', 30, 60)
  const now = ctx.clock.now()
  const state = await inspectUserToken(ctx.db, token, 'verify_email', now)
  if (state.state === 'invalid') throw badRequest(ErrorCode.TokenUsed, 'auth.verifyTokenInvalid')
  if (state.state === 'expired') throw badRequest(ErrorCode.TokenExpired, 'auth.verifyTokenExpired')
  return ctx.db.transaction(async (tx) => {
    if (!(await consumeUserToken(tx, state.id, now))) throw badRequest(ErrorCode.TokenUsed, 'auth.verifyTokenInvalid')
    const user = await getUserById(tx, state.userId)
    if (!user.emailVerifiedAt) {
      await updateUser(tx, user.id, { emailVerifiedAt: now }, now)
      await announceChange(tx, { user: user.id })
      // The welcome credit (settings-free/first-register), once per user, with the verification.
      await grantFirstRegisterCredit(ctx, tx, user.id)
    }
    return { email: user.email }
  })
}

export async function resendVerification(ctx: Ctx, meta: RequestMeta, email: string) {
  await limitByIp(ctx, meta, 'verify-mail', 20, FIFTEEN_MINUTES)
  const user = await findUserByEmail(ctx.db, email)
  if (!user || user.emailVerifiedAt || !(await mailAllowed(ctx, 'verify-mail', email))) return
  await ctx.db.transaction((tx) => sendVerification(ctx, tx, user, user.language))
  ctx.mail.kick()
}

export async function requestPasswordReset(ctx: Ctx, meta: RequestMeta, email: string) {
  await limitByIp(ctx, meta, 'reset-mail', 20, FIFTEEN_MINUTES)
  const user = await findUserByEmail(ctx.db, email)
  if (!user || !(await mailAllowed(ctx, 'reset-mail', email))) return
  await ctx.db.transaction(async (tx) => {
    const token = await issueUserToken(tx, user.id, 'reset_password', RESET_TOKEN_HOURS * HOUR, ctx.clock.now())
    await ctx.mail.queue(tx, {
      to: user.email,
      userId: user.id,
      template: 'resetPassword',
      lang: user.language,
      vars: { name: displayName(user), minutes: RESET_TOKEN_HOURS * 60 },
      link: resetLink(ctx, token),
    })
  })
  ctx.mail.kick()
}

/** "a***@example.com": enough for the user to recognise the account, little for anyone else. */
function maskEmail(email: string) {
  const [local = '', domain = ''] = email.split('@')
  return `${local.slice(0, 1)}***@${domain}`
}

async function usableResetToken(ctx: Ctx, token: string) {
  const state = await inspectUserToken(ctx.db, token, 'reset_password', ctx.clock.now())
  if (state.state === 'invalid') throw badRequest(ErrorCode.TokenUsed, 'auth.resetTokenInvalid')
  if (state.state === 'expired') throw badRequest(ErrorCode.TokenExpired, 'auth.resetTokenExpired')
  return state
}

export async function checkResetToken(ctx: Ctx, meta: RequestMeta, token: string) {
  await limitByIp(ctx, meta, 'token', 30, 60)
  const state = await usableResetToken(ctx, token)
  const user = await getUserById(ctx.db, state.userId)
  return { valid: true as const, email: maskEmail(user.email) }
}

export async function resetPassword(ctx: Ctx, meta: RequestMeta, token: string, password: string) {
  await limitByIp(ctx, meta, 'token', 30, 60)
  const state = await usableResetToken(ctx, token)
  const now = ctx.clock.now()
  const passwordHash = await hashPassword(password)
  const email = await ctx.db.transaction(async (tx) => {
    if (!(await consumeUserToken(tx, state.id, now))) throw badRequest(ErrorCode.TokenUsed, 'auth.resetTokenInvalid')
    const user = await getUserById(tx, state.userId)
    // Following a link sent to the address proves the address, so an unverified account becomes verified.
    await updateUser(
      tx,
      user.id,
      { passwordHash, mustChangePassword: false, emailVerifiedAt: user.emailVerifiedAt ?? now },
      now,
    )
    await revokeUserSessions(tx, user.id, 'password_reset', now)
    if (!user.emailVerifiedAt) {
      await announceChange(tx, { user: user.id })
      await grantFirstRegisterCredit(ctx, tx, user.id)
    }
    await notifyPasswordChanged(ctx, tx, user, now)
    return user.email
  })
  // A successful reset lifts a sign-in lock the owner may have run into.
  await throttle.clear(ctx.db, `login:email:${email}`)
  ctx.mail.kick()
}

async function notifyPasswordChanged(ctx: Ctx, db: Ctx['db'], user: UserRow, now: Date) {
  await ctx.mail.queue(db, {
    to: user.email,
    userId: user.id,
    template: 'passwordChanged',
    lang: user.language,
    vars: { name: displayName(user), time: now.toISOString().slice(0, 16).replace('T', ' ') },
  })
}

export async function changePassword(ctx: Ctx, user: AuthUser, current: string, next: string) {
  const now = ctx.clock.now()
  const bucket = `password:user:${user.id}`
  const blocked = await throttle.blockedFor(ctx.db, bucket, now)
  if (blocked > 0) throw tooManyRequests(blocked, 'auth.locked')
  if (!(await checkPassword(user.row.passwordHash, current))) {
    const verdict = await throttle.hit(
      ctx.db,
      bucket,
      LOCK_AFTER_FAILURES_PER_ACCOUNT - 1,
      FIFTEEN_MINUTES,
      now,
      FIFTEEN_MINUTES,
    )
    if (!verdict.allowed) throw tooManyRequests(verdict.retryAfter, 'auth.locked')
    throw refused(ErrorCode.WrongPassword, 'auth.currentPasswordWrong')
  }
  if (current === next) throw refused(ErrorCode.Validation, 'auth.samePassword')
  const passwordHash = await hashPassword(next)
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash, mustChangePassword: false }, now)
    await revokeUserSessions(tx, user.id, 'password_changed', now, user.sessionId)
    await notifyPasswordChanged(ctx, tx, user.row, now)
  })
  await throttle.clear(ctx.db, bucket)
  ctx.mail.kick()
}

// check-email-existed (one of the customer's calls, docs/requirements.md §3.2) answers whether an address has an account, which is what an enumeration
// wants to know; its budgets keep it a form helper (docs/security.md "Rate limits"): per client address
// (an IPv6 /64 counts as one) a few a minute and a few dozen an hour, and for everyone together a global
// budget per minute, so many addresses cannot add up to a bulk oracle. Past the global budget the
// register form still works: the sign-up itself refuses a used address.
export const EMAIL_CHECK_LIMITS = {
  perAddressPerMinute: 5,
  perAddressPerHour: 30,
  globalPerMinute: 60,
} as const

export async function checkEmailExisted(ctx: Ctx, meta: RequestMeta, email: string) {
  const now = ctx.clock.now()
  const address = throttle.addressKey(meta.ip)
  for (const [bucket, limit, windowSeconds] of [
    [`email-check:ip:${address}`, EMAIL_CHECK_LIMITS.perAddressPerMinute, 60],
    [`email-check:ip-hour:${address}`, EMAIL_CHECK_LIMITS.perAddressPerHour, 3600],
    ['email-check:global', EMAIL_CHECK_LIMITS.globalPerMinute, 60],
  ] as const) {
    const verdict = await throttle.hit(ctx.db, bucket, limit, windowSeconds, now)
    if (!verdict.allowed) throw tooManyRequests(verdict.retryAfter)
  }
  // One indexed existence test whichever the answer, so the time taken says no more than the answer.
  return { existed: await emailHasAccount(ctx.db, email) }
}
