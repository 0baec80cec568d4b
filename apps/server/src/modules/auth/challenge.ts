import type { TwoFactorChallenge } from '@app/contract'
import { and, eq, isNotNull } from 'drizzle-orm'
import { errors, SignJWT } from 'jose'
import type { Ctx } from '../../context.ts'
import type { Db } from '../../db/client.ts'
import { userTotp } from '../../db/schema/index.ts'
import { deriveKey } from '../../lib/crypto.ts'
import { verifyJwt } from '../../lib/jwt.ts'

// The step between a correct first factor and the session: a short-lived signed token naming the user,
// which only `POST /v1/users/2fa/verify-code` accepts (its own key, audience and type, so it can never
// pass for an access token or the other way round).

const CHALLENGE_MINUTES = 5
const ISSUER = 'maps-portal'
const AUDIENCE = 'maps-portal-2fa'
const TYPE = 'mfa-challenge+jwt'

const challengeKey = (ctx: Ctx) => new Uint8Array(deriveKey(ctx.config.secret, 'totp-challenge-hs256'))

export async function twoFactorEnabled(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: userTotp.userId })
    .from(userTotp)
    .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.enabledAt)))
    .limit(1)
  return row !== undefined
}

export async function issueChallenge(ctx: Ctx, userId: string, now: Date): Promise<TwoFactorChallenge> {
  const expiresAt = new Date(now.getTime() + CHALLENGE_MINUTES * 60_000)
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: TYPE })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(challengeKey(ctx))
  return { two_factor_required: true, token, expires_at: expiresAt.toISOString() }
}

/** The user a valid, unexpired challenge names, or null. */
export async function readChallenge(ctx: Ctx, token: string, now: Date): Promise<string | null> {
  try {
    const { payload } = await verifyJwt(token, challengeKey(ctx), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      typ: TYPE,
      currentDate: now,
      kid: 'absent',
    })
    return typeof payload.sub === 'string' ? payload.sub : null
  } catch (error) {
    if (error instanceof errors.JOSEError) return null
    throw error
  }
}
