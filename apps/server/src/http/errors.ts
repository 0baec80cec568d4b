import { ErrorCode, type MessageKey } from '@app/contract'

/**
 * The one error type handlers throw. The envelope hook turns it into
 * `{ status: 'error', message: <localised messageKey>, error_code: code }` with this HTTP status.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly httpStatus: number,
    readonly messageKey: MessageKey,
    readonly params?: Record<string, string | number>,
    readonly data: unknown = null,
  ) {
    super(messageKey)
    this.name = 'AppError'
  }
}

export const notFound = (key: MessageKey = 'error.notFound') => new AppError(ErrorCode.NotFound, 404, key)
export const forbidden = (key: MessageKey = 'error.forbidden') => new AppError(ErrorCode.Forbidden, 403, key)
export const conflict = (code: string, key: MessageKey) => new AppError(code, 409, key)
/** A business rule said no (HTTP 422) with a stable code. */
export const refused = (code: string, key: MessageKey, params?: Record<string, string | number>) =>
  new AppError(code, 422, key, params)
export const badRequest = (code: string, key: MessageKey, params?: Record<string, string | number>) =>
  new AppError(code, 400, key, params)
/** A field-level validation failure raised by a handler, shaped like the schema validator's. */
export const invalidField = (field: string, key: MessageKey, params?: Record<string, string | number>) =>
  new AppError(ErrorCode.Validation, 400, key, params, { fields: { [field]: key } })
export const tooManyRequests = (seconds: number, key: MessageKey = 'error.rateLimited') =>
  new AppError(ErrorCode.RateLimited, 429, key, { seconds, minutes: Math.max(1, Math.ceil(seconds / 60)) })
