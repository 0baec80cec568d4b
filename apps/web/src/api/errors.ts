import { ErrorCode, LOGOUT_ERROR_CODES } from '@app/contract'
import { paths } from '../app/paths.ts'

// What the SPA makes of a failed call, in one place: the error type, which codes sign out or open
// another page, and the words a screen shows (docs/requirements.md §3.3, §3.9, §5.3).

/**
 * The client's own codes for a call that got no answer of ours: the network failed, the request
 * timed out, or the answer was not an envelope (a proxy's error page). `ERROR` is an error envelope
 * that carried no code.
 */
type ClientCode = 'NETWORK' | 'TIMEOUT' | 'HTTP' | 'ERROR'

/** A call that failed: the server's message in the user's language, its code, and field messages. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: ErrorCode | ClientCode,
    readonly httpStatus: number,
    readonly fields: Record<string, string> = {},
    /** The error envelope's `data` (e.g. the approval page of a declined PayPal payment). */
    readonly data: unknown = null,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/** The call got no answer of ours; the client has already said so in a notice. */
export function isTransportFailure(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'NETWORK' || error.code === 'TIMEOUT' || error.code === 'HTTP')
}

/** The code ends the session here: the client forgets it and opens /login. */
export function signsOut(code: ApiError['code']): boolean {
  return (LOGOUT_ERROR_CODES as readonly string[]).includes(code)
}

/** The page a refusal sends the user to, if any: E401 (no verified phone number) opens the profile. */
export function pageFor(error: unknown): string | null {
  if (error instanceof ApiError && error.code === ErrorCode.NoPhone) return paths.settings('profile')
  return null
}

/**
 * Which failures have words to show: the server's own (the default); also the status line of an
 * answer that was not ours (`'http'`, where no notice can show it, as on the public map page); also
 * the client's network and timeout notices (`'any'`, where the alternative would be wrong words).
 */
type Reach = 'server' | 'http' | 'any'

/**
 * The server's own words about a failed call, or null when there are none (the network failed, or
 * the answer was not ours): the screen then says which action failed (docs/requirements.md §3.9).
 */
export function serverMessage(error: unknown, reach: Reach = 'server'): string | null {
  if (!(error instanceof ApiError)) return null
  if (error.code === 'HTTP' && reach === 'server') return null
  if ((error.code === 'NETWORK' || error.code === 'TIMEOUT') && reach !== 'any') return null
  return error.message || null
}

/** "<what failed>: <the server's reason>", or what failed alone when the server gave no reason. */
export function failureText(action: string, error: unknown): string {
  const reason = serverMessage(error)
  return reason ? `${action}: ${reason}` : action
}
