import { errors, SignJWT } from 'jose'
import { verifyJwt } from '../../lib/jwt.ts'

const ISSUER = 'maps-portal'
const AUDIENCE = 'maps-portal-api'

export interface AccessClaims {
  userId: string
  sessionId: string
}

/** An HS256 JWT naming the user and the server-side session row that can revoke it. */
export function signAccessToken(key: Uint8Array, claims: AccessClaims, issuedAt: Date, expiresAt: Date) {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key)
}

/** The claims of a valid token, or null for anything forged, expired, malformed or of another kind. */
export async function verifyAccessToken(key: Uint8Array, token: string, now: Date): Promise<AccessClaims | null> {
  try {
    const { payload } = await verifyJwt(token, key, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: now,
      typ: 'JWT',
      kid: 'absent',
    })
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null
    return { userId: payload.sub, sessionId: payload.sid }
  } catch (error) {
    if (error instanceof errors.JOSEError) return null
    throw error
  }
}
