import http from 'node:http'
import type { FastifyInstance } from 'fastify'
import type { Ctx } from '../context.ts'
import { queueDepths } from '../jobs/runner.ts'
import { safeEqual } from '../lib/crypto.ts'

// GET /metrics (docs/operations.md "Metrics"): Prometheus's text format, for the operator's scraper, not
// an API call of the contract (like /docs). Two ways to reach it, both off by default:
// - on the portal's own port with `Authorization: Bearer <METRICS_TOKEN>`;
// - on an internal listener of its own, METRICS_HOST:METRICS_PORT (127.0.0.1 unless told), with no token:
//   for a scraper on the same host or private network, never to be published.

const BEARER = /^Bearer\s+(\S+)$/i

/** What the registry cannot count as it goes: the queues' depths and the pool's use, read per scrape. */
export function installMetrics(app: FastifyInstance, ctx: Ctx) {
  const { metrics, database } = ctx
  metrics.onScrape(async (set) => {
    for (const { job, state, count } of await queueDepths(database, ctx.jobs.definitions))
      set.jobQueue(job, state, count)
  })
  metrics.onScrape((set) => {
    const use = database.poolUse?.()
    if (!use) return
    set.dbPool('total', use.total)
    set.dbPool('idle', use.idle)
    set.dbPool('waiting', use.waiting)
  })

  app.addHook('onResponse', (req, reply, done) => {
    // The route's pattern, so that /v1/keys/{id} is one series, not one per key.
    const route = req.routeOptions.url ?? 'unmatched'
    metrics.request(req.method, route, reply.statusCode, reply.elapsedTime / 1000)
    done()
  })

  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    const token = ctx.config.metrics.token
    const given = BEARER.exec(req.headers.authorization ?? '')?.[1]
    if (!token || !given || !safeEqual(given, token)) {
      // Unknown to anyone without the token, as if it did not exist.
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found')
    }
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.registry.contentType)
      .send(await metrics.registry.metrics())
  })
}

/** The internal listener, when METRICS_PORT is set; closed with the app. */
export async function listenForMetrics(ctx: Ctx): Promise<(() => Promise<void>) | null> {
  const { port, host } = ctx.config.metrics
  if (port === null) return null
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found')
      return
    }
    ctx.metrics.registry
      .metrics()
      .then((text) => res.writeHead(200, { 'content-type': ctx.metrics.registry.contentType }).end(text))
      .catch(() => res.writeHead(500).end())
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve())
  })
  ctx.log.info(`metrics on http://${host}:${port}/metrics`)
  return () => new Promise<void>((resolve) => server.close(() => resolve()))
}
