import { Readable } from 'node:stream'
import {
  accessOf,
  type BodyOf,
  type EndpointSpec,
  ErrorCode,
  envelopeSchema,
  findNul,
  hasAnyRole,
  isStaff,
  type MessageKey,
  NUL,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
  type Role,
  SUBJECTS,
  toColonPath,
} from '@app/contract'
import type { MultipartFile } from '@fastify/multipart'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { validatorCompiler } from 'fastify-type-provider-zod'
import type { Ctx } from '../context.ts'
import type { Db } from '../db/client.ts'
import type { AuthUser } from '../lib/auth-user.ts'
import { safeEqual } from '../lib/crypto.ts'
import type { RequestMeta } from '../lib/request-meta.ts'
import { authenticate } from '../modules/auth/authenticate.ts'
import { type ActFor, actForOf, checkSubject, recordRefusal } from './access.ts'
import { AppError, invalidField } from './errors.ts'
import { requestMeta, t } from './lang.ts'

/** A successful answer with a message for the envelope (otherwise the message is "Success"). */
const REPLY = Symbol('reply')
interface Reply<D> {
  [REPLY]: true
  data: D
  messageKey: MessageKey
  params?: Record<string, string | number>
}
export function ok<D>(data: D, messageKey: MessageKey, params?: Record<string, string | number>): Reply<D> {
  return { [REPLY]: true, data, messageKey, ...(params ? { params } : {}) }
}
function isReply(value: unknown): value is Reply<unknown> {
  return typeof value === 'object' && value !== null && REPLY in value
}

type UserOf<E extends EndpointSpec> = E['roles'] extends 'public' | 'gateway' ? null : AuthUser

interface HandlerArgs<E extends EndpointSpec> {
  params: ParamsOf<E>
  query: QueryOf<E>
  body: BodyOf<E>
  user: UserOf<E>
  ctx: Ctx
  db: Db
  /** The request as services see it (address, language, user agent). */
  meta: RequestMeta
  req: FastifyRequest
  reply: FastifyReply
  /** The uploaded file of a multipart endpoint. */
  file: E['upload'] extends object ? MultipartFile : undefined
  /**
   * "For another user" (docs/access.md) for a record the handler found: passes for the caller's own record or
   * a role that may act for others here (packages/contract/src/access.ts), else throws.
   */
  actFor: E['roles'] extends 'public' | 'gateway' ? undefined : ActFor
}

type Result<E extends EndpointSpec> = E['raw'] extends true ? FastifyReply : ResponseOf<E> | Reply<ResponseOf<E>>

/** Hot endpoints (`hot: true`) may answer synchronously, sparing the promise machinery. */
type Handler<E extends EndpointSpec> = (args: HandlerArgs<E>) => Promise<Result<E>> | Result<E>

export interface Route {
  endpoint: EndpointSpec
  handler: Handler<EndpointSpec>
}

export interface Registrar {
  on<E extends EndpointSpec>(endpoint: E, handler: Handler<E>): void
}

/** A feature's routes: `routes((r) => { r.on(contract.login, async ({ body }) => …) })`. */
export function routes(define: (r: Registrar) => void): Route[] {
  const list: Route[] = []
  define({
    on(endpoint, handler) {
      list.push({ endpoint, handler: handler as unknown as Handler<EndpointSpec> })
    },
  })
  return list
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null
    /** The request body exactly as received, on endpoints declared with `rawBody`. */
    rawBody?: string
  }
  interface FastifyContextConfig {
    endpoint?: EndpointSpec
  }
}

/**
 * The one guard every route passes, before its input is parsed: who is calling (bearer token),
 * whether their role may call this endpoint, and whether maintenance mode turns them away. The roles
 * come from the access table (`accessOf`, packages/contract/src/access.ts), which a contract test holds
 * each endpoint's declared `roles` to.
 */
function guard(ctx: Ctx, endpoint: EndpointSpec) {
  const access = accessOf(endpoint).roles
  if (access === 'gateway') {
    // The maps API gateway's service token, compared in constant time. Synchronous (callback style):
    // this guards the hot path, and needs neither the database nor a promise.
    return (req: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
      req.user = null
      const token = bearerToken(req)
      if (!token) done(new AppError(ErrorCode.TokenInvalid, 401, 'error.unauthenticated'))
      else if (!safeEqual(token, ctx.config.gatewayToken))
        done(new AppError(ErrorCode.Forbidden, 403, 'error.forbidden'))
      else if (!endpoint.duringMaintenance) {
        ctx.settings.maintenance().then(
          (isOn) => done(isOn ? maintenanceError() : undefined),
          (error: Error) => done(error),
        )
      } else done()
    }
  }
  return async (req: FastifyRequest) => {
    req.user = null
    if (access !== 'public') {
      const user = await authenticate(ctx, bearerToken(req))
      req.user = user
      if (!hasAnyRole(user.roles, access as readonly Role[])) {
        throw new AppError(ErrorCode.Forbidden, 403, 'error.forbidden')
      }
    }
    if (!endpoint.duringMaintenance && (await ctx.settings.maintenance())) {
      // Staff keep working while customers see the maintenance page (docs/requirements.md §3.4).
      if (!req.user || !isStaff(req.user.roles)) throw maintenanceError()
    }
  }
}

function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization
  if (!header) return null
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  return match?.[1] ?? null
}

/**
 * The caller's session when the request carries a bearer token, else null (for an endpoint that also
 * takes another proof, such as a bill's download token). Kept on the request, so a refusal is recorded
 * with who asked (docs/security.md).
 */
export async function sessionOf(ctx: Ctx, req: FastifyRequest): Promise<AuthUser | null> {
  const token = bearerToken(req)
  if (!token) return null
  req.user = await authenticate(ctx, token)
  return req.user
}

export function maintenanceError() {
  return new AppError(ErrorCode.Maintenance, 503, 'error.maintenance')
}

export function registerRoutes(app: FastifyInstance, ctx: Ctx, list: readonly Route[]) {
  for (const { endpoint, handler } of list) {
    const status = endpoint.successStatus ?? 200
    app.route({
      method: endpoint.method,
      url: toColonPath(endpoint.path),
      config: { endpoint },
      ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}),
      schema: {
        tags: [endpoint.tag],
        summary: endpoint.summary,
        ...(endpoint.roles === 'public' ? {} : { security: [{ bearer: [] }] }),
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        ...(endpoint.body ? { body: endpoint.body } : {}),
        ...(endpoint.headers ? { headers: endpoint.headers } : {}),
        ...(endpoint.upload ? { consumes: ['multipart/form-data'] } : {}),
        ...(endpoint.raw ? {} : { response: { [status]: envelopeSchema(endpoint.data) } }),
      },
      onRequest: guard(ctx, endpoint),
      // Every refusal of a signed-in staff member leaves a security event in the audit log (docs/security.md).
      onError: async (req: FastifyRequest, _reply: FastifyReply, error: Error) =>
        recordRefusal(ctx, endpoint, req, error),
      // The input is parsed by now: a call naming another user is refused unless the role may (docs/access.md).
      ...(SUBJECTS.has(endpoint)
        ? { preHandler: async (req: FastifyRequest) => req.user && checkSubject(endpoint, req, req.user) }
        : {}),
      // A signature over the exact body (PayPal webhooks) needs the bytes as they came, before JSON parsing.
      ...(endpoint.rawBody ? { preParsing: keepRawBody } : {}),
      // Typed for the app-wide zod schemas; Fastify's route typing cannot see that this is the same kind.
      ...(endpoint.accepts ? { validatorCompiler: acceptFirst(endpoint.accepts) as never } : {}),
      ...(endpoint.hot ? { serializerCompiler: () => (data: unknown) => JSON.stringify(data) } : {}),
      handler: endpoint.hot
        ? (req, reply) => {
            // Synchronous when the handler answers synchronously (the gateway's cached check).
            const result = handler(argsOf(req, reply, undefined))
            if (!isPromise(result)) {
              reply.code(status).send(envelope(req, result))
              return
            }
            return result.then((value) => {
              reply.code(status)
              return envelope(req, value)
            })
          }
        : async (req, reply) => {
            const file = endpoint.upload ? await readUpload(req, endpoint.upload.maxBytes) : undefined
            const result = await handler(argsOf(req, reply, file))
            if (endpoint.raw) return reply
            reply.code(status)
            return envelope(req, result)
          },
    })
  }

  function argsOf(req: FastifyRequest, reply: FastifyReply, file: MultipartFile | undefined) {
    let meta: RequestMeta | undefined
    return {
      params: req.params as never,
      query: req.query as never,
      body: req.body as never,
      user: req.user as never,
      ctx,
      db: ctx.db,
      // Built on first use: the gateway's hot check never needs it.
      get meta() {
        meta ??= requestMeta(req)
        return meta
      },
      req,
      reply,
      file: file as never,
      actFor: (req.user && req.routeOptions.config.endpoint
        ? actForOf(req.user, req.routeOptions.config.endpoint)
        : undefined) as never,
    }
  }
}

/**
 * A hot endpoint's validator: its hand-written check first, the zod schema only when that check does
 * not accept the input (to accept what it accepts, or to explain the refusal in the caller's language).
 */
function acceptFirst(accepts: NonNullable<EndpointSpec['accepts']>) {
  return (route: Parameters<typeof validatorCompiler>[0]) => {
    const bySchema = validatorCompiler(route)
    const accept = accepts[route.httpPart as keyof typeof accepts]
    if (!accept) return bySchema
    return (data: unknown) => (accept(data) ? { value: data } : bySchema(data))
  }
}

const RAW_BODY_LIMIT = 1024 * 1024

async function keepRawBody(req: FastifyRequest, _reply: FastifyReply, payload: NodeJS.ReadableStream) {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of payload) {
    const part = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)
    size += part.length
    if (size > RAW_BODY_LIMIT) throw new AppError(ErrorCode.PayloadTooLarge, 413, 'error.payloadTooLarge')
    chunks.push(part)
  }
  const body = Buffer.concat(chunks)
  req.rawBody = body.toString('utf8')
  // The parser after this hook reads the same bytes again; it checks their count against the limit.
  return Object.assign(Readable.from([body]), { receivedEncodedLength: body.length })
}

function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function'
}

/** The envelope of a successful answer (docs/requirements.md §3.1). */
function envelope(req: FastifyRequest, result: unknown) {
  const answer = isReply(result) ? result : { data: result, messageKey: 'common.ok' as const, params: undefined }
  return {
    status: 'success',
    data: answer.data ?? null,
    message: t(req, answer.messageKey, answer.params),
    error_code: null,
  }
}

async function readUpload(req: FastifyRequest, maxBytes: number): Promise<MultipartFile> {
  if (!req.isMultipart()) {
    throw new AppError(ErrorCode.UnsupportedMediaType, 415, 'error.unsupportedMediaType', {
      type: String(req.headers['content-type'] ?? 'none'),
    })
  }
  const file = await req.file({ limits: { fileSize: maxBytes, files: 1, fields: 5 } })
  if (!file)
    throw new AppError(ErrorCode.Validation, 400, 'validation.file.required', undefined, {
      fields: { file: 'validation.file.required' },
    })
  // The file's name and the form's other fields are request text too (docs/security.md "Text input").
  const fieldValues = Object.values(file.fields).flatMap((part) =>
    (Array.isArray(part) ? part : [part]).map((p) => (p && 'value' in p ? p.value : null)),
  )
  if (file.filename.includes(NUL) || findNul(fieldValues)) throw invalidField('file', 'validation.nulCharacter')
  return file
}
