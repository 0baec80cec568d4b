import { ErrorCode } from '@app/contract'
import type { Ctx } from '../../context.ts'
import { AppError } from '../../http/errors.ts'
import type { AuthUser } from '../../lib/auth-user.ts'
import { findSessionWithUser, touchSession } from './sessions.ts'
import { verifyAccessToken } from './tokens.ts'

// Writing last_seen_at on every request would turn each read into a write; once a few minutes is enough.
const TOUCH_INTERVAL_MS = 5 * 60_000

const tokenInvalid = () => new AppError(ErrorCode.TokenInvalid, 401, 'error.tokenInvalid')

/**
 * `401` for a missing, forged, expired or unknown token; `403` when the session was ended on the
 * server (logout elsewhere, password change, suspension). The SPA signs out on both (docs/requirements.md §3.3).
 */
export async function authenticate(ctx: Ctx, token: string | null): Promise<AuthUser> {
  if (!token) throw new AppError(ErrorCode.TokenInvalid, 401, 'error.unauthenticated')
  const now = ctx.clock.now()
  const claims = await verifyAccessToken(ctx.keys.jwt, token, now)
  if (!claims) throw tokenInvalid()
  const found = await findSessionWithUser(ctx.db, claims.sessionId)
  if (!found || found.user.id !== claims.userId) throw tokenInvalid()
  const { session, user, roles } = found
  if (session.revokedAt) {
    // A token the user signed out themselves is simply invalid; one the server ended is "session ended".
    if (session.revokedReason === 'logout') throw tokenInvalid()
    throw new AppError(ErrorCode.SessionEnded, 401, 'error.sessionEnded')
  }
  if (session.expiresAt <= now) throw tokenInvalid()
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) await touchSession(ctx.db, session.id, now)
  return {
    id: user.id,
    sessionId: session.id,
    email: user.email,
    roles,
    status: user.status,
    row: user,
  }
}
