import type { FastifyInstance } from 'fastify'

// How the server speaks to a payment gateway, and how the built-in sandbox speaks back to the server.
// Calls to the built-in sandbox (`/sandbox/…`) and the sandbox's own callbacks (`/v1/payments/…`) stay
// inside the process (`app.inject`), so the whole flow runs on a machine that cannot reach itself by
// its public address (tests, a laptop behind a proxy). Everything else goes over the network.

export interface HttpRequest {
  method: 'GET' | 'POST'
  url: string
  headers?: Record<string, string>
  body?: string
}

export interface HttpResponse {
  status: number
  text: string
}

export type Transport = (request: HttpRequest) => Promise<HttpResponse>

/** A gateway that does not answer within this time is treated as not having answered. */
const TIMEOUT_MS = 20_000

export function createTransport(app: FastifyInstance, publicUrl: string): Transport {
  return async (request) => {
    if (request.url.startsWith(`${publicUrl}/`)) {
      const path = request.url.slice(publicUrl.length)
      if (path.startsWith('/sandbox/') || path.startsWith('/v1/payments/')) {
        const response = await app.inject({
          method: request.method,
          url: path,
          headers: request.headers ?? {},
          remoteAddress: '127.0.0.1',
          ...(request.body !== undefined ? { payload: request.body } : {}),
        })
        return { status: response.statusCode, text: response.body }
      }
    }
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers ?? {},
      ...(request.body !== undefined ? { body: request.body } : {}),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    })
    return { status: response.status, text: await response.text() }
  }
}

/** The JSON of an answer, or null when it is not JSON. */
export function jsonOf<T>(response: HttpResponse): T | null {
  try {
    return JSON.parse(response.text) as T
  } catch {
    return null
  }
}
