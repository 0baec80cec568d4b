import { type CodeWithStatus, ErrorCode, type MessageKey, type StatusOf } from '@app/contract'

/**
 * The one error type handlers throw. The envelope hook turns it into
 * `{ status: 'error', message: <localised messageKey>, error_code: code }` with this HTTP status.
 * The code is a member of the contract's catalogue and the status one the catalogue lists for it,
 * so a typo or a new code without its entry fails the type check.
 */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  constructor(
    readonly code: C,
    readonly httpStatus: StatusOf<C>,
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
export const conflict = (code: CodeWithStatus<409>, key: MessageKey) => new AppError(code, 409, key)
/** A business rule said no (HTTP 422) with a stable code. */
export const refused = (code: CodeWithStatus<422>, key: MessageKey, params?: Record<string, string | number>) =>
  new AppError(code, 422, key, params)
export const badRequest = (code: CodeWithStatus<400>, key: MessageKey, params?: Record<string, string | number>) =>
  new AppError(code, 400, key, params)
/** A field-level validation failure raised by a handler, shaped like the schema validator's. */
export const invalidField = (field: string, key: MessageKey, params?: Record<string, string | number>) =>
  new AppError(ErrorCode.Validation, 400, key, params, { fields: { [field]: key } })
export const tooManyRequests = (seconds: number, key: MessageKey = 'error.rateLimited') =>
  new AppError(ErrorCode.RateLimited, 429, key, { seconds, minutes: Math.max(1, Math.ceil(seconds / 60)) })
