// The envelope's shape and error codes, without zod: the browser bundle imports this module.

export type ResponseStatus = 'success' | 'error' | 'maintain'

/** Every response body has this shape (DESIGN §3). */
export interface Envelope<D = unknown> {
  status: ResponseStatus
  data: D
  message: string
  error_code: string | null
}

/**
 * Stable error codes. `401` and `403` are the two the SPA logs out on (SPEC §8); a role that may not
 * call an endpoint gets `FORBIDDEN` instead, which only shows the permission-denied notice.
 */
export const ErrorCode = {
  TokenInvalid: '401',
  SessionEnded: '403',
  Forbidden: 'FORBIDDEN',
  Validation: 'VALIDATION',
  NotFound: 'NOT_FOUND',
  Conflict: 'CONFLICT',
  Maintenance: 'MAINTENANCE',
  RateLimited: 'RATE_LIMITED',
  Internal: 'INTERNAL',
  PayloadTooLarge: 'PAYLOAD_TOO_LARGE',
  UnsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  BadCredentials: 'BAD_CREDENTIALS',
  Unverified: 'UNVERIFIED',
  VerifyExpired: 'VERIFY_EXPIRED',
  TokenExpired: 'TOKEN_EXPIRED',
  TokenUsed: 'TOKEN_USED',
  EmailUsed: 'EMAIL_USED',
  WrongPassword: 'WRONG_PASSWORD',
  /** A two-factor code that is wrong, outside the ±1 step window, or already used. */
  WrongCode: 'WRONG_CODE',
  Suspended: 'SUSPENDED',
  InvalidImage: 'INVALID_IMAGE',
  NoPhone: 'E401',
  // Passkeys (issue 16, passkeys): a passkey answer that does not verify (signature, origin, counter).
  PasskeyRefused: 'PASSKEY_REFUSED',
  // Step-up (issue 16, secrets): a sensitive act needs a proof of identity from the last 10 minutes.
  StepUpRequired: 'STEP_UP_REQUIRED',
} as const
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode]

/** Codes after which the client must forget its session (SPEC §8). */
export const LOGOUT_ERROR_CODES: readonly string[] = [ErrorCode.TokenInvalid, ErrorCode.SessionEnded]

export interface Page<T> {
  items: T[]
  total: number
  page: number
  page_size: number
}
