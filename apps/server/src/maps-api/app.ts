import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify'
import { z } from 'zod'
import { forwardGeocode, type LonLat, reverseGeocode, straightLineRoute } from './geocode.ts'
import { isTileInRange, TILE_MAX_ZOOM, tileJson, vectorStyle, vectorTile } from './tiles.ts'

// The sample maps API: a small, honest upstream for the nginx gateway to protect (docs/gateway.md).
// It is not a mock of the portal: it serves real vector tiles of the base map the portal packages
// (Natural Earth 1:50m), their TileJSON and MapLibre styles, forward and reverse geocoding over the
// packaged gazetteer, and straight-line directions that say they are straight lines. It checks no keys:
// the gateway in front of it does. Run it with `tsx src/main.ts maps-api` (MAPS_API_PORT, MAPS_API_HOST).

class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

const notFound = (message: string) => new ApiError(404, 'not_found', message)

function parseQuery<T extends z.ZodType>(schema: T, query: unknown): z.output<T> {
  const result = schema.safeParse(query)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  throw new ApiError(400, 'invalid_request', `${issue?.path.join('.') || 'query'}: ${issue?.message ?? 'invalid'}`)
}

/** A decimal number in a range, from a query string ("" and "1e3" are refused, unlike z.coerce). */
const decimal = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/, 'expected a decimal number')
    .transform(Number)
    .pipe(z.number().min(min).max(max))

/** "lon,lat", the order GeoJSON writes. */
const lonLat = z
  .string()
  .regex(/^\s*-?\d+(\.\d+)?\s*,\s*-?\d+(\.\d+)?\s*$/, 'expected "lon,lat"')
  .transform((text) => text.split(',').map(Number) as [number, number])
  .refine(([lon, lat]) => Math.abs(lon) <= 180 && Math.abs(lat) <= 90, 'longitude or latitude out of range')
  .transform(([lon, lat]): LonLat => ({ lon, lat }))

/** The key a caller sent, to carry into the URLs this API hands out (the gateway checks it, not us). */
const KeyQuery = z.object({ key: z.string().min(1).max(512).optional() })
const GeocodeQuery = z.object({
  q: z.string().trim().min(1, 'q is required').max(200),
  limit: decimal(1, 20)
    .refine(Number.isInteger, 'expected an integer')
    .optional()
    .transform((n) => n ?? 5),
})
const ReverseQuery = z.object({ lat: decimal(-90, 90), lon: decimal(-180, 180) })
const RouteQuery = z.object({ from: lonLat, to: lonLat })
const TileParams = z.object({
  z: z.string().regex(/^\d{1,2}$/, 'expected a zoom level'),
  x: z.string().regex(/^\d{1,7}$/, 'expected a tile column'),
  y: z.string().regex(/^\d{1,7}$/, 'expected a tile row'),
})

const TILE_CACHE_CONTROL = 'public, max-age=86400'
const DOCUMENT_CACHE_CONTROL = 'public, max-age=300'
/** The request headers the absolute URLs in TileJSON and styles are built from. */
const URL_VARY = 'Host, X-Forwarded-Host, X-Forwarded-Proto, X-Forwarded-Prefix'

function firstHeader(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name]
  return (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim() || undefined
}

/**
 * This API's public address as the client reached it: behind nginx, from X-Forwarded-Proto, -Host and
 * -Prefix (a gateway that serves it under /maps sets the prefix), else from the request itself. Values
 * that are not a plain scheme, host or path are ignored, so a header cannot inject markup or a scheme.
 */
function publicBaseUrl(request: FastifyRequest): string {
  const forwardedProto = firstHeader(request, 'x-forwarded-proto')
  const proto = forwardedProto === 'https' || forwardedProto === 'http' ? forwardedProto : request.protocol
  const hostPattern = /^([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:\d{1,5})?$/i
  const host = [firstHeader(request, 'x-forwarded-host'), firstHeader(request, 'host')].find(
    (h) => h !== undefined && hostPattern.test(h),
  )
  if (!host) throw new ApiError(400, 'invalid_request', 'The Host header is missing or not a host name.')
  const prefix = firstHeader(request, 'x-forwarded-prefix')?.replace(/\/+$/, '') ?? ''
  return `${proto}://${host}${/^(\/[\w.~-]+)+$/.test(prefix) ? prefix : ''}`
}

export function buildMapsApi(options: { logger?: boolean } = {}): FastifyInstance {
  const app = Fastify({ logger: options.logger ?? false })

  // Tiles and styles are fetched by map libraries on other origins; nothing here depends on cookies.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('access-control-allow-origin', '*')
  })

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.statusCode).send({ error: { code: error.code, message: error.message } })
    }
    const status = typeof error === 'object' && error && 'statusCode' in error ? Number(error.statusCode) : 500
    if (status >= 400 && status < 500) {
      const message = error instanceof Error ? error.message : 'Bad request.'
      return reply.status(status).send({ error: { code: 'invalid_request', message } })
    }
    request.log.error({ err: error }, 'maps API request failed')
    return reply.status(500).send({ error: { code: 'internal_error', message: 'Internal error.' } })
  })
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ error: { code: 'not_found', message: `No such resource: ${request.url.split('?')[0]}` } }),
  )

  app.get('/healthz', async () => ({ ok: true }))

  app.get('/tiles/:z/:x/:y.pbf', async (request, reply) => {
    const params = TileParams.safeParse(request.params)
    if (!params.success) throw new ApiError(400, 'invalid_request', 'Tile coordinates must be whole numbers.')
    const [z, x, y] = [Number(params.data.z), Number(params.data.x), Number(params.data.y)]
    if (!isTileInRange(z, x, y))
      throw notFound(`No tile ${z}/${x}/${y}: zoom is 0 to ${TILE_MAX_ZOOM}, x and y below 2^zoom.`)
    const tile = vectorTile(z, x, y)
    reply.header('cache-control', TILE_CACHE_CONTROL)
    // Open sea: MapLibre reads 204 as an empty tile, with nothing to decode.
    if (!tile) return reply.status(204).send()
    reply.header('etag', tile.etag).header('vary', 'Accept-Encoding')
    const known = request.headers['if-none-match']?.split(',').map((tag) => tag.trim().replace(/^W\//, ''))
    if (known?.includes(tile.etag)) return reply.status(304).send()
    reply.type('application/x-protobuf')
    if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
      return reply.header('content-encoding', 'gzip').send(tile.gzip)
    }
    return reply.send(tile.body)
  })

  app.get('/tiles.json', async (request, reply) => {
    const { key } = parseQuery(KeyQuery, request.query)
    reply.header('cache-control', DOCUMENT_CACHE_CONTROL).header('vary', URL_VARY)
    return tileJson(publicBaseUrl(request), key)
  })

  app.get('/styles/:name.json', async (request, reply) => {
    const { name } = request.params as { name: string }
    const { key } = parseQuery(KeyQuery, request.query)
    const style = vectorStyle(name, publicBaseUrl(request), key)
    if (!style) throw notFound(`No style "${name}": normal, dark, navigation_day and navigation_night exist.`)
    reply.header('cache-control', DOCUMENT_CACHE_CONTROL).header('vary', URL_VARY)
    return style
  })

  app.get('/geocode', async (request) => {
    const { q, limit } = parseQuery(GeocodeQuery, request.query)
    return forwardGeocode(q, limit)
  })

  app.get('/reverse', async (request) => {
    const { lat, lon } = parseQuery(ReverseQuery, request.query)
    return reverseGeocode({ lat, lon })
  })

  app.get('/route', async (request) => {
    const { from, to } = parseQuery(RouteQuery, request.query)
    return straightLineRoute(from, to)
  })

  return app
}

const ListenEnv = z.object({
  MAPS_API_PORT: z.coerce.number().int().min(0).max(65535).default(8081),
  MAPS_API_HOST: z.string().min(1).default('127.0.0.1'),
})

/** `main.ts maps-api`: listens until SIGINT or SIGTERM. Needs no database and no portal configuration. */
export async function startMapsApi(): Promise<void> {
  // Read here rather than in config.ts: this process is not the portal and needs none of its settings.
  const env = ListenEnv.parse(process.env)
  const app = buildMapsApi()
  const close = async () => {
    await app.close()
    process.exit(0)
  }
  process.once('SIGINT', () => void close())
  process.once('SIGTERM', () => void close())
  await app.listen({ port: env.MAPS_API_PORT, host: env.MAPS_API_HOST })
  console.log(`Sample maps API listening on http://${env.MAPS_API_HOST}:${env.MAPS_API_PORT}`)
}
