import { type Envelope, ErrorCode, isMessageKey, type MessageKey } from '@app/contract'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import { PG_UNIQUE_VIOLATION, pgCode, pgConstraint } from '../db/client.ts'
import { AppError } from './errors.ts'
import { t } from './lang.ts'

interface ValidationItem {
  instancePath: string
  keyword: string
  message?: string
  params?: Record<string, unknown>
}

function valueAt(root: unknown, path: string[]): unknown {
  let current = root
  for (const part of path) {
    if (current === null || typeof current !== 'object') return undefined
    current = (current as Record<string, unknown>)[part]
  }
  return current
}

/**
 * Turns one zod issue into a message in the caller's language. Our own checks carry a message key;
 * zod's built-in issues are phrased generically with the field's name.
 */
function issueMessage(req: FastifyRequest, source: unknown, item: ValidationItem): string {
  const path = item.instancePath.split('/').filter(Boolean)
  const field = path.join('.') || 'body'
  const params = item.params ?? {}
  const numbers = {
    field,
    max: params.maximum as number | undefined,
    min: params.minimum as number | undefined,
    ...((params.params as Record<string, string | number> | undefined) ?? {}),
  }
  if (item.message && isMessageKey(item.message)) return t(req, item.message, numbers)
  switch (item.keyword) {
    case 'invalid_type':
      if (valueAt(source, path) === undefined) return t(req, 'validation.required', { field })
      return t(req, 'validation.invalidType', { field, expected: String(params.expected ?? '') })
    case 'too_big':
      return params.origin === 'string' ? t(req, 'validation.tooLong', numbers) : t(req, 'validation.tooBig', numbers)
    case 'too_small':
      if (params.origin === 'string' && params.minimum === 1) return t(req, 'validation.required', { field })
      return params.origin === 'string'
        ? t(req, 'validation.tooShort', numbers)
        : t(req, 'validation.tooSmall', numbers)
    case 'unrecognized_keys': {
      const keys = (params.keys as string[] | undefined) ?? []
      return t(req, 'validation.unknownField', {
        field: keys.map((k) => (path.length ? `${field}.${k}` : k)).join(', '),
      })
    }
    case 'invalid_value':
      return t(req, 'validation.oneOf', { field, values: ((params.values as unknown[]) ?? []).join(', ') })
    default:
      return t(req, 'validation.invalid', { field })
  }
}

/**
 * What an unhandled error may write to the log. A database error keeps its SQLSTATE, its constraint
 * and the stack's frames, but never its message: the driver's "Failed query: <SQL> params: <values>",
 * and PostgreSQL's own messages, can quote what the caller sent (docs/security.md "Text input").
 */
function loggableError(error: Error): unknown {
  const code = pgCode(error)
  if (!code && !hasQueryText(error)) return error
  return {
    type: error.name,
    message: `database error${code ? ` ${code}` : ''}`,
    code,
    constraint: pgConstraint(error),
    // The first line of a stack repeats the message; the frames name only our code.
    stack: error.stack
      ?.split('\n')
      .filter((line) => /^\s+at /.test(line))
      .join('\n'),
  }
}

function hasQueryText(error: unknown): boolean {
  let current = error
  for (let depth = 0; current && depth < 5; depth++) {
    if (typeof current === 'object' && ('query' in current || 'params' in current || 'parameters' in current))
      return true
    if (current instanceof Error && current.message.startsWith('Failed query')) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

function send(reply: FastifyReply, httpStatus: number, body: Envelope<unknown>) {
  return reply.code(httpStatus).type('application/json; charset=utf-8').send(body)
}

function errorBody(message: string, code: string, data: unknown = null): Envelope<unknown> {
  return { status: code === ErrorCode.Maintenance ? 'maintain' : 'error', data, message, error_code: code }
}

/** Fastify's own errors that mean "your request is malformed", with the message we give for each. */
const FRAMEWORK_ERRORS: Record<string, { status: number; code: string; key: MessageKey }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: ErrorCode.Validation, key: 'error.invalidJson' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: ErrorCode.Validation, key: 'error.bodyRequired' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: ErrorCode.UnsupportedMediaType,
    key: 'error.unsupportedMediaType',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: ErrorCode.PayloadTooLarge, key: 'error.payloadTooLarge' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: ErrorCode.PayloadTooLarge, key: 'error.payloadTooLarge' },
  FST_PARTS_LIMIT: { status: 413, code: ErrorCode.PayloadTooLarge, key: 'error.payloadTooLarge' },
  FST_FILES_LIMIT: { status: 413, code: ErrorCode.PayloadTooLarge, key: 'error.payloadTooLarge' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    code: ErrorCode.UnsupportedMediaType,
    key: 'error.unsupportedMediaType',
  },
}

/** Field messages a handler raises as keys reach the client in its language, like the validator's. */
function localiseFields(req: FastifyRequest, data: unknown, params?: Record<string, string | number>): unknown {
  const fields = (data as { fields?: unknown } | null)?.fields
  if (typeof fields !== 'object' || fields === null) return data
  const localised = Object.entries(fields).map(([name, value]) => [
    name,
    typeof value === 'string' && isMessageKey(value) ? t(req, value, params) : value,
  ])
  return { ...(data as object), fields: Object.fromEntries(localised) }
}

/** What a 429 that names no wait of its own tells the client (RFC 9110 §10.2.3: `Retry-After` in seconds). */
const DEFAULT_RETRY_AFTER_SECONDS = 60

/** The wait a refusal names: the limiter's own count of seconds (`tooManyRequests`), else the default. */
function retryAfterOf(error: AppError): number {
  const seconds = error.params?.seconds
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0
    ? Math.ceil(seconds)
    : DEFAULT_RETRY_AFTER_SECONDS
}

export function installErrorHandling(app: FastifyInstance) {
  // Every 429 tells the client when to come back (docs/security.md "Rate limits"): a refusal raised as an
  // AppError carries its limiter's seconds; anything else answering 429 (a framework plugin, the payment
  // sandbox imitating a gateway) gets the default here, so no source of 429 can forget the header.
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (reply.statusCode === 429 && !reply.hasHeader('retry-after')) {
      reply.header('retry-after', String(DEFAULT_RETRY_AFTER_SECONDS))
    }
    done(null, payload)
  })
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (error instanceof AppError) {
      if (error.httpStatus === 429) reply.header('retry-after', String(retryAfterOf(error)))
      const data = localiseFields(req, error.data, error.params)
      return send(reply, error.httpStatus, errorBody(t(req, error.messageKey, error.params), error.code, data))
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const source =
        error.validationContext === 'body'
          ? req.body
          : error.validationContext === 'querystring'
            ? req.query
            : req.params
      const fields: Record<string, string> = {}
      const messages: string[] = []
      for (const item of error.validation as unknown as ValidationItem[]) {
        const message = issueMessage(req, source, item)
        const path = item.instancePath.split('/').filter(Boolean)
        const names =
          item.keyword === 'unrecognized_keys'
            ? ((item.params?.keys as string[] | undefined) ?? []).map((k) => [...path, k].join('.'))
            : [path.join('.') || error.validationContext || 'body']
        for (const name of names) fields[name] ??= message
        messages.push(message)
      }
      return send(
        reply,
        400,
        errorBody(messages[0] ?? t(req, 'validation.invalid', { field: '_' }), ErrorCode.Validation, { fields }),
      )
    }
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined
    if (known) {
      const type = String(req.headers['content-type'] ?? 'none')
      return send(reply, known.status, errorBody(t(req, known.key, { type }), known.code))
    }
    if (pgCode(error) === PG_UNIQUE_VIOLATION) {
      return send(reply, 409, errorBody(t(req, 'error.conflict'), ErrorCode.Conflict))
    }
    if (isResponseSerializationError(error)) {
      req.log.error({ err: error, issues: error.cause.issues }, 'response does not match its contract')
    } else if (error.statusCode === 429) {
      reply.header('retry-after', String(DEFAULT_RETRY_AFTER_SECONDS))
      return send(
        reply,
        429,
        errorBody(t(req, 'error.rateLimited', { seconds: DEFAULT_RETRY_AFTER_SECONDS }), ErrorCode.RateLimited),
      )
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      req.log.info({ err: error }, 'client error')
      return send(
        reply,
        error.statusCode,
        errorBody(t(req, 'validation.invalid', { field: 'request' }), ErrorCode.Validation),
      )
    } else {
      req.log.error({ err: loggableError(error) }, 'unhandled error')
    }
    return send(reply, 500, errorBody(t(req, 'error.internal'), ErrorCode.Internal))
  })
}

/** What Fastify refuses before routing (a malformed or over-long path) is answered in the envelope too. */
export function frameworkErrors(_error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  return send(reply, 400, errorBody(t(req, 'validation.invalid', { field: 'path' }), ErrorCode.Validation))
}

/** Unknown API paths answer in the envelope; other GETs are left to the SPA fallback. */
export function apiNotFound(req: FastifyRequest, reply: FastifyReply) {
  const path = req.url.split('?')[0] ?? req.url
  return send(reply, 404, errorBody(t(req, 'error.noRoute', { method: req.method, path }), ErrorCode.NotFound))
}
