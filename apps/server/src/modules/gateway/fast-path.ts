import type { IncomingMessage, ServerResponse } from 'node:http'
import * as contract from '@app/contract'
import { pickLang, translate } from '@app/contract'
import { parse as parseQuery } from 'fast-querystring'
import { safeEqual } from '../../lib/crypto.ts'
import type { Gateway } from './gateway.ts'

const PREFIX = '/v1/gateway/verify?'
const BEARER = /^Bearer\s+(\S+)$/i
const { accepts } = contract.gatewayVerifyGet

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
  // Flat [name, value, …], the cheapest form `writeHead` takes; content-length goes last.
  const fixedHeaders = Object.entries({
    ...options.headers,
    'cache-control': 'no-store',
    'content-type': 'application/json; charset=utf-8',
  }).flat()
  const okMessage = new Map<string, string>()

  return function serve(req: IncomingMessage, res: ServerResponse): boolean {
    const url = req.url
    if (req.method !== 'GET' || url === undefined || !url.startsWith(PREFIX)) return false
    const headers = req.headers
    if (cors && headers.origin !== undefined) return false
    const search = url.slice(PREFIX.length)
    // Fastify's router also ends the query at ';' and '#'; such calls take the long way.
    if (search.includes(';') || search.includes('#')) return false
    const token = headers.authorization === undefined ? undefined : BEARER.exec(headers.authorization)?.[1]
    if (token === undefined || !safeEqual(token, gatewayToken)) return false
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
    let message = okMessage.get(lang)
    if (message === undefined) {
      message = translate(lang, 'common.ok')
      okMessage.set(lang, message)
    }
    const body = JSON.stringify({ status: 'success', data: result, message, error_code: null })
    res.writeHead(200, [...fixedHeaders, 'content-length', String(Buffer.byteLength(body))])
    res.end(body)
    return true
  }
}
