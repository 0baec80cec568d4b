import type { IncomingMessage, ServerResponse } from 'node:http'
import * as contract from '@app/contract'
import { pickLang, translate } from '@app/contract'
import { parse as parseQuery } from 'fast-querystring'
import { safeEqual } from '../../lib/crypto.ts'
import type { Gateway } from './gateway.ts'
import { authorizeHeaders } from './routes.ts'

const PREFIX = '/v1/gateway/verify?'
const AUTHORIZE_PREFIX = '/v1/gateway/authorize?'
const BEARER = /^Bearer\s+(\S+)$/i
const { accepts } = contract.gatewayVerifyGet
const authorizeAccepts = contract.gatewayAuthorize.accepts

export interface VerifyFastPathOptions {
  gateway: Gateway
  gatewayToken: string
  /** The headers every answer carries (the app's security headers). */
  headers: Readonly<Record<string, string>>
  /** Requests with an Origin header go through Fastify when CORS is on, so that @fastify/cors answers them. */
  cors: boolean
}

/**
 * The gateway's cached key check (`GET /v1/gateway/verify`), answered before Fastify's request
 * pipeline: routing, hooks, schema compilation and reply objects cost more than the check itself
 * (bench/README.md "Gateway key check"). It answers only the plain case, and exactly as the Fastify
 * route would (same status, headers and envelope; `fast-path.test.ts` compares the two byte for
 * byte): a well-formed call with the right service token for a key whose facts are cached. Anything
 * else returns false untouched and Fastify serves it: a first sight of a key, a bad or missing token,
 * input the contract's quick checks do not accept, a trailing slash, another method.
 *
 * These answers write no access-log line (the gateway reports what it served through
 * `POST /v1/gateway/usage`); refusals, misses and errors are still logged by Fastify.
 */
export function createVerifyFastPath(options: VerifyFastPathOptions) {
  const { gateway, gatewayToken, cors } = options
  // Flat [name, value, …], the cheapest form `writeHead` takes, reused by every answer: writeHead turns
  // it into the header text before it returns. Content-length's value (last) is set per answer.
  const okHeaders = [
    ...Object.entries({
      ...options.headers,
      'cache-control': 'no-store',
      'content-type': 'application/json; charset=utf-8',
    }).flat(),
    'content-length',
    '',
  ]
  const lengthAt = okHeaders.length - 1
  // The envelope's end per language: `,"message":…,"error_code":null}`.
  const okTail = new Map<string, string>()
  // Each plan's limits as JSON, made once per cached plan object.
  const planJson = new WeakMap<object, string>()

  const noStore = Object.entries({ ...options.headers, 'cache-control': 'no-store' }).flat()

  /** The input both forms share: the query string after `prefix`, or null when Fastify must answer. */
  function searchOf(req: IncomingMessage, prefix: string): string | null {
    const url = req.url as string
    if (cors && req.headers.origin !== undefined) return null
    const search = url.slice(prefix.length)
    // Fastify's router also ends the query at ';' and '#'; such calls take the long way.
    if (search.includes(';') || search.includes('#')) return null
    const authorization = req.headers.authorization
    const token = authorization === undefined ? undefined : BEARER.exec(authorization)?.[1]
    if (token === undefined || !safeEqual(token, gatewayToken)) return null
    return search
  }

  /** `GET /v1/gateway/authorize` (the auth sub-request's form): the verdict in the status and headers. */
  function authorize(req: IncomingMessage, res: ServerResponse): boolean {
    const search = searchOf(req, AUTHORIZE_PREFIX)
    if (search === null) return false
    const headers = req.headers
    if (!authorizeAccepts?.headers?.(headers)) return false
    const query = parseQuery(search)
    if (!authorizeAccepts.query?.(query)) return false
    let result: contract.VerifyResult | undefined
    try {
      result = gateway.verifyCached({
        key: headers['x-api-key'] as string,
        service: query.service as contract.ServiceType,
        origin: (headers['x-call-origin'] as string | undefined) || null,
        referer: (headers['x-call-referer'] as string | undefined) || null,
        ip: (headers['x-call-ip'] as string | undefined) || null,
      })
    } catch {
      return false
    }
    if (result === undefined) return false
    const status = contract.authorizeStatus(result.reason)
    // As Fastify sends an empty answer: a 204 has no length, a refusal says it has none.
    res.writeHead(status, [
      ...noStore,
      ...Object.entries(authorizeHeaders(result)).flat(),
      ...(status === 204 ? [] : ['content-length', '0']),
    ])
    res.end()
    return true
  }

  /**
   * `JSON.stringify(result)`, with each plan's part made once (the same text, key for key: the fast-path
   * tests compare the answer with the route's byte for byte).
   */
  function resultJson(result: contract.VerifyResult): string {
    let plan = 'null'
    if (result.plan !== null) {
      const made = planJson.get(result.plan)
      plan = made ?? JSON.stringify(result.plan)
      if (made === undefined) planJson.set(result.plan, plan)
    }
    return `{"allowed":${result.allowed},"reason":"${result.reason}","key_id":${JSON.stringify(result.key_id)},"user_id":${JSON.stringify(result.user_id)},"plan":${plan},"remaining":${result.remaining}}`
  }

  return function serve(req: IncomingMessage, res: ServerResponse): boolean {
    const url = req.url
    if (req.method !== 'GET' || url === undefined) return false
    if (url.startsWith(AUTHORIZE_PREFIX)) return authorize(req, res)
    if (!url.startsWith(PREFIX)) return false
    const headers = req.headers
    const search = searchOf(req, PREFIX)
    if (search === null) return false
    if (!accepts.headers(headers)) return false
    const query = parseQuery(search)
    if (!accepts.query(query)) return false
    const { service, origin, referer, ip } = query as Record<string, string | undefined>
    let result: contract.VerifyResult | undefined
    try {
      result = gateway.verifyCached({
        key: headers['x-api-key'] as string,
        service: service as contract.ServiceType,
        origin,
        referer,
        ip,
      })
    } catch {
      // Nothing is written yet: the route runs the check again and answers the error as every route does.
      return false
    }
    if (result === undefined) return false

    const lang = pickLang(headers['accept-language'])
    let tail = okTail.get(lang)
    if (tail === undefined) {
      tail = `,"message":${JSON.stringify(translate(lang, 'common.ok'))},"error_code":null}`
      okTail.set(lang, tail)
    }
    const body = `{"status":"success","data":${resultJson(result)}${tail}`
    okHeaders[lengthAt] = String(Buffer.byteLength(body))
    res.writeHead(200, okHeaders)
    res.end(body)
    return true
  }
}
