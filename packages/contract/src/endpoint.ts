import type { z } from 'zod'
import type { Role } from './roles.ts'

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'

/**
 * Who may call: `public` (no sign-in), `gateway` (the maps API gateway's service token), or the roles
 * of a signed-in user. It is a required field, so no endpoint can forget its guard.
 */
export type Access = 'public' | 'gateway' | readonly Role[]

export interface EndpointSpec {
  method: Method
  /** The path as the customer's call list writes it (docs/requirements.md §3.2), with `{name}` placeholders. */
  path: string
  roles: Access
  /** OpenAPI group and one-line description. */
  tag: string
  summary: string
  params?: z.ZodType
  query?: z.ZodType
  body?: z.ZodType
  /** Request headers the endpoint reads (a loose object: other headers pass through untouched). */
  headers?: z.ZodType
  /** A multipart upload with one file in the field `file` instead of a JSON body. */
  upload?: { maxBytes: number }
  /** Schema of the envelope's `data`. */
  data: z.ZodType
  /** HTTP status of success (default 200). */
  successStatus?: 200 | 201
  /** Still callable while maintenance mode is on (sign-in, public configuration, health). */
  duringMaintenance?: boolean
  /** The response is not an envelope (health probes, files, binary downloads). */
  raw?: boolean
  /**
   * On the gateway's hot path: the answer is serialised without being re-validated against `data`
   * (the handler's return type is checked by the compiler; the schema still documents it).
   */
  hot?: boolean
  /**
   * Hand-written checks a hot endpoint's input is tried with before its schemas: each returns true only
   * for input its schema accepts as it is (no defaults, no transforms), so the schema runs only to
   * explain a refusal. A contract test holds each check to its schema.
   */
  accepts?: {
    query?: (value: unknown) => boolean
    headers?: (value: unknown) => boolean
    body?: (value: unknown) => boolean
  }
  /** Keep the request's bytes as received (`req.rawBody`), for a signature over the exact body (webhooks). */
  rawBody?: boolean
  /** Largest JSON body, in bytes, when it is not the app's default of 1 MiB. */
  bodyLimit?: number
}

export function endpoint<const E extends EndpointSpec>(spec: E): E {
  return spec
}

type Input<S> = S extends z.ZodType ? z.input<S> : undefined
type Output<S> = S extends z.ZodType ? z.output<S> : undefined

export type ParamsOf<E extends EndpointSpec> = Output<E['params']>
export type QueryOf<E extends EndpointSpec> = Output<E['query']>
export type BodyOf<E extends EndpointSpec> = Output<E['body']>
export type DataOf<E extends EndpointSpec> = z.input<E['data']>

/** What a client passes: inputs before defaults and coercion. */
export type RequestOf<E extends EndpointSpec> = (E['params'] extends z.ZodType
  ? { params: Input<E['params']> }
  : { params?: undefined }) &
  (E['query'] extends z.ZodType ? { query?: Input<E['query']> } : { query?: undefined }) &
  (E['body'] extends z.ZodType ? { body: Input<E['body']> } : { body?: undefined })

/** What a client gets back: the parsed `data`. */
export type ResponseOf<E extends EndpointSpec> = z.output<E['data']>

/** Fills `{name}` placeholders; values are URI-encoded. */
export function buildPath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name]
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`)
    return encodeURIComponent(String(value))
  })
}

/** `/v1/users/{id}` → `/v1/users/:id` for routers that use colon parameters. */
export function toColonPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1')
}
