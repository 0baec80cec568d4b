import { randomInt } from 'node:crypto'
import { ErrorCode } from '@app/contract'
import { and, desc, eq, isNull } from 'drizzle-orm'
import type { Ctx } from '../../context.ts'
import { userTokens } from '../../db/schema/index.ts'
import { badRequest, refused, tooManyRequests } from '../../http/errors.ts'
import type { AuthUser } from '../../lib/auth-user.ts'
import { sha256Hex } from '../../lib/crypto.ts'
import { newId } from '../../lib/ids.ts'
import * as throttle from '../../lib/throttle.ts'
import { getUserById, updateUser } from './queries.ts'
import { consumeUserToken } from './user-tokens.ts'

const CODE_TTL_MS = 10 * 60_000
const FIFTEEN_MINUTES = 15 * 60

const smsText: Record<'en' | 'vi' | 'my', (code: string) => string> = {
  en: (code) => `Maps Portal: your verification code is ${code}. It expires in 10 minutes.`,
  vi: (code) => `Maps Portal: mã xác minh của bạn là ${code}. Mã hết hạn sau 10 phút.`,
  my: (code) => `Maps Portal: သင့်အတည်ပြုကုဒ်မှာ ${code} ဖြစ်ပါသည်။ ၁၀ မိနစ်အတွင်း သက်တမ်းကုန်ပါမည်။`,
}

/** The code is bound to the number it was sent to: changing the number makes it useless. */
function codeHash(userId: string, phone: string, code: string) {
  return sha256Hex(`phone:${userId}:${phone}:${code}`)
}

/** GET /v1/users/verify_phone: a 6-digit code to the profile's number, at most one a minute. */
export async function sendPhoneCode(ctx: Ctx, actor: AuthUser) {
  const user = await getUserById(ctx.db, actor.id)
  if (!user.phoneNumber) throw refused(ErrorCode.NoPhone, 'phone.none')
  if (user.phoneVerifiedAt) throw refused(ErrorCode.PhoneVerified, 'phone.alreadyVerified')
  const now = ctx.clock.now()
  const minute = await throttle.hit(ctx.db, `phone-code:minute:${user.id}`, 1, 60, now)
  if (!minute.allowed) throw tooManyRequests(minute.retryAfter)
  const hour = await throttle.hit(ctx.db, `phone-code:hour:${user.id}`, 5, 3600, now)
  if (!hour.allowed) throw tooManyRequests(hour.retryAfter)
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const expiresAt = new Date(now.getTime() + CODE_TTL_MS)
  const phone = user.phoneNumber
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(userTokens)
      .set({ usedAt: now })
      .where(and(eq(userTokens.userId, user.id), eq(userTokens.purpose, 'verify_phone'), isNull(userTokens.usedAt)))
    await tx.insert(userTokens).values({
      id: newId('tok', now.getTime()),
      userId: user.id,
      purpose: 'verify_phone',
      tokenHash: codeHash(user.id, phone, code),
      createdAt: now,
      expiresAt,
    })
    await ctx.sms.send(tx, {
      to: phone,
      text: smsText[user.language](code),
      userId: user.id,
      template: 'verifyPhone',
      secret: code,
    })
  })
  return { phone_number: phone, expires_at: expiresAt.toISOString() }
}

/** POST /v1/users/verify_phone: five wrong codes in 15 minutes lock the check for 15 minutes. */
export async function verifyPhoneCode(ctx: Ctx, actor: AuthUser, code: string) {
  const user = await getUserById(ctx.db, actor.id)
  if (!user.phoneNumber) throw refused(ErrorCode.NoPhone, 'phone.none')
  if (user.phoneVerifiedAt) return { phone_number: user.phoneNumber, phone_verified: true as const }
  const now = ctx.clock.now()
  const bucket = `phone-verify:${user.id}`
  const blocked = await throttle.blockedFor(ctx.db, bucket, now)
  if (blocked > 0) throw tooManyRequests(blocked, 'phone.locked')
  const [token] = await ctx.db
    .select()
    .from(userTokens)
    .where(and(eq(userTokens.userId, user.id), eq(userTokens.purpose, 'verify_phone'), isNull(userTokens.usedAt)))
    .orderBy(desc(userTokens.createdAt))
    .limit(1)
  if (!token || token.tokenHash !== codeHash(user.id, user.phoneNumber, code)) {
    const verdict = await throttle.hit(ctx.db, bucket, 4, FIFTEEN_MINUTES, now, FIFTEEN_MINUTES)
    if (!verdict.allowed) throw tooManyRequests(verdict.retryAfter, 'phone.locked')
    throw badRequest(ErrorCode.CodeInvalid, 'phone.codeInvalid')
  }
  if (token.expiresAt <= now) throw badRequest(ErrorCode.TokenExpired, 'phone.codeExpired')
  const phone = user.phoneNumber
  await ctx.db.transaction(async (tx) => {
    if (!(await consumeUserToken(tx, token.id, now))) throw badRequest(ErrorCode.CodeInvalid, 'phone.codeInvalid')
    await updateUser(tx, user.id, { phoneVerifiedAt: now }, now)
  })
  await throttle.clear(ctx.db, bucket)
  return { phone_number: phone, phone_verified: true as const }
}
