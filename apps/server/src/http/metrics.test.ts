import { createServer } from 'node:net'
import * as contract from '@app/contract'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { call, createTestApp, createUser, freshEmail, signIn } from '../../test/helpers.ts'
import { announceChange } from '../modules/gateway/gateway.ts'

// GET /metrics (docs/operations.md "Metrics"): hidden without its token, Prometheus text with it, on the
// main port or on an internal listener of its own; requests by route, key checks by reason and cache,
// usage batches and the job queues are counted.

const TOKEN = 'a-metrics-token-of-some-length'

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

const port = await freePort()
const t = await createTestApp({ metrics: { token: TOKEN, port, host: '127.0.0.1' } })
afterAll(() => t.close())
const bare = await createTestApp()
afterAll(() => bare.close())

const scrape = (token?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: token ? { authorization: `Bearer ${token}` } : {} })

/** The value of one series in the exposition text, or null. */
function seriesValue(text: string, series: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `))
  return line ? Number(line.slice(series.length + 1)) : null
}

describe('/metrics', { timeout: 60_000 }, () => {
  it('is not there without its token, or when no token is set', async () => {
    expect((await scrape()).statusCode).toBe(404)
    expect((await scrape(`${TOKEN}x`)).statusCode).toBe(404)
    const none = await bare.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    })
    expect(none.statusCode).toBe(404)
  })

  it('counts requests by route pattern and status, key checks by reason and cache, and usage batches', async () => {
    const user = await createUser(t, { email: freshEmail('metrics'), phoneVerified: true })
    const token = await signIn(t, user.email)
    const created = await call(
      t,
      contract.createKey,
      { body: { name: 'Metrics', type: 'api_key', restriction_list: null } },
      { token },
    )
    expect(created.status).toBe(201)
    // On PostgreSQL the key's creation is announced to the cache asynchronously (LISTEN/NOTIFY): had it
    // arrived between the two checks below, it would have evicted the first one's entry (CI saw two
    // misses once). Notices arrive in order, so once a marker announced now is heard, so is that one.
    const heard = t.ctx.gateway.cache.generation
    await announceChange(t.ctx.db, { key: 'key_01jd000000000000000marker' })
    await vi.waitFor(() => expect(t.ctx.gateway.cache.generation).toBeGreaterThan(heard), { timeout: 5000 })
    const key = created.body.data.key
    const check = () =>
      call(t, contract.gatewayVerify, { body: { key, service: 'GEOCODE' } }, { token: t.config.gatewayToken })
    // A notice that still arrives late (CI saw two misses once more, after the marker) evicts the first
    // check's entry: check again until one is answered from the cache, and count every check.
    const hits = async () =>
      seriesValue((await scrape(TOKEN)).body, 'maps_portal_gateway_checks_total{reason="OK",cache="hit"}') ?? 0
    expect((await check()).body.data.allowed).toBe(true)
    let checks = 1
    while ((await hits()) === 0 && checks < 5) {
      expect((await check()).body.data.allowed).toBe(true)
      checks++
    }
    const usage = await call(
      t,
      contract.gatewayUsage,
      {
        body: {
          batch_id: `metrics-${Date.now()}`,
          events: [
            {
              key,
              service: 'GEOCODE',
              at: new Date(t.clock.now().getTime() - 30_000).toISOString(),
              status: 200,
              latency_ms: 12,
            },
          ],
        },
      },
      { token: t.config.gatewayToken },
    )
    expect(usage.status).toBe(200)
    const missing = await t.app.inject({
      method: 'GET',
      url: '/v1/keys/key_01jd0000000000000000000000',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(missing.statusCode).toBe(404)

    const res = await scrape(TOKEN)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/plain')
    const text = res.body
    expect(seriesValue(text, 'maps_portal_gateway_checks_total{reason="OK",cache="hit"}')).toBe(1)
    expect(seriesValue(text, 'maps_portal_gateway_checks_total{reason="OK",cache="miss"}')).toBe(checks - 1)
    expect(seriesValue(text, 'maps_portal_usage_events_total')).toBe(1)
    expect(seriesValue(text, 'maps_portal_usage_lag_seconds_bucket{le="30"}')).toBe(1)
    // One series per route pattern, not per key id.
    expect(text).toContain(
      'maps_portal_http_request_duration_seconds_count{method="GET",route="/v1/keys/:id",status="404"} 1',
    )
    expect(text).toContain('route="/v1/gateway/verify",status="200"')
    // The process's own, and the queues (read when asked).
    expect(text).toContain('maps_portal_process_resident_memory_bytes')
    expect(text).toContain('maps_portal_nodejs_eventloop_lag_seconds')
    expect(seriesValue(text, 'maps_portal_scrape_collect_errors')).toBe(0)
  })

  it('answers on its internal listener without a token', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/metrics`)
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('maps_portal_gateway_checks_total')
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404)
  })
})
