import helmet, { type HelmetOptions } from 'helmet'

/**
 * The response headers helmet would set, worked out once. @fastify/helmet builds helmet's middleware
 * again for every request (parsing the CSP directives each time), which cost more than the gateway's
 * whole key check; the headers never change, so they are computed at start and copied onto replies.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {}
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value)
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()]
    },
  }
  let finished = false
  helmet(options)({} as never, response as never, (error?: unknown) => {
    if (error) throw error
    finished = true
  })
  // helmet's middleware is synchronous; if that ever changes, fail at start rather than send nothing.
  if (!finished) throw new Error('helmet did not finish synchronously')
  return headers
}
