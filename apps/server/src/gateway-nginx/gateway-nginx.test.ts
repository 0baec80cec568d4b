import {
  appendFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import * as contract from '@app/contract'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { call, createUser, freshEmail, setUser, signIn, userWithToken, useTestApp } from '../../test/helpers.ts'
import { usageHourly } from '../db/schema/index.ts'
import { buildMapsApi } from '../maps-api/app.ts'
import { announceChange } from '../modules/gateway/gateway.ts'
import { measureKeyCaps } from '../modules/keys/caps.ts'
import { type GatewayOptions, hasNginx, type RunningGateway, startGateway } from './run.ts'
import { eventsOf, startShipper } from './shipper.ts'

// Debian's nginx in front of the sample maps API with the portal's keys (docs/gateway.md "nginx in front
// of a maps API"): each refusal's status and body, a key change reaching nginx within a second, and the
// usage of the calls nginx served reaching the portal once each, also when the portal is away for a
// while and when the shipper sends a batch again.

async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/**
 * A TCP relay in front of the portal, which the test can take away and bring back on the same port:
 * to nginx and the shipper it is the portal restarting.
 */
async function relay(target: number) {
  const port = await freePort()
  const sockets = new Set<net.Socket>()
  let server: net.Server | null = null
  const up = async () => {
    server = net.createServer((client) => {
      const upstream = net.connect(target, '127.0.0.1')
      for (const s of [client, upstream]) {
        sockets.add(s)
        s.on('close', () => sockets.delete(s))
        s.on('error', () => {})
      }
      client.pipe(upstream).pipe(client)
    })
    await new Promise<void>((resolve) => server?.listen(port, '127.0.0.1', resolve))
  }
  const down = async () => {
    const closing = new Promise((resolve) => server?.close(resolve))
    for (const s of sockets) s.destroy()
    await closing
    server = null
  }
  await up()
  return { port, up, down }
}

async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (accept(value) || Date.now() > deadline) return value
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

describe('nginx in front of the sample maps API', async () => {
  if (!hasNginx()) throw new Error('These tests need Debian’s nginx: apt-get install nginx (.ci/run installs it).')
  const t = await useTestApp()
  // nginx stamps calls with the real time; the usage check refuses events far from the portal's clock.
  t.clock.set(new Date())
  const admin = await userWithToken(t, ['admin'])
  const dir = mkdtempSync(path.join(tmpdir(), 'gateway-nginx-'))
  const mapsApi = buildMapsApi()
  let gateway: RunningGateway
  let portal: Awaited<ReturnType<typeof relay>>
  let url: string

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    portal = await relay((t.app.server.address() as net.AddressInfo).port)
    await mapsApi.listen({ port: 0, host: '127.0.0.1' })
    gateway = await gatewayBeforePortal(dir, 'test-gateway', { shipIntervalMs: 100 })
    url = gateway.url
  })

  /** nginx on a free port in front of the sample maps API, asking the portal through the relay. */
  async function gatewayBeforePortal(folder: string, name: string, extra: Partial<GatewayOptions> = {}) {
    return startGateway({
      host: '127.0.0.1',
      port: await freePort(),
      portalUrl: `http://127.0.0.1:${portal.port}`,
      gatewayToken: t.config.gatewayToken,
      upstream: `127.0.0.1:${(mapsApi.server.address() as net.AddressInfo).port}`,
      mapsApiPort: 0,
      trustedProxies: [],
      dir: folder,
      name,
      logMaxBytes: 64 * 1024 * 1024,
      ...extra,
    })
  }

  afterAll(async () => {
    await gateway?.stop()
    await mapsApi.close()
    await portal?.down()
    rmSync(dir, { recursive: true, force: true })
  })

  async function customerKey(
    body: Partial<{
      type: contract.KeyType
      restriction_list: contract.RestrictionRow[]
      services: contract.ServiceType[]
    }> = {},
  ) {
    const user = await createUser(t, { email: freshEmail('nginx'), phoneVerified: true })
    const token = await signIn(t, user.email)
    const res = await call(
      t,
      contract.createKey,
      { body: { name: 'nginx test', type: 'api_key', restriction_list: null, ...body } },
      { token },
    )
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return { user, key: res.body.data }
  }

  async function get(pathAndQuery: string, headers: Record<string, string> = {}) {
    const res = await fetch(`${url}${pathAndQuery}`, { headers })
    const type = res.headers.get('content-type') ?? ''
    const body: unknown = type.includes('json') ? await res.json() : await res.arrayBuffer()
    return { status: res.status, body, headers: res.headers }
  }
  const reasonOf = (body: unknown) => (body as { error?: { reason?: string } }).error?.reason

  /** The counters of a key's calls reported so far: calls, and calls by class of status. */
  async function counted(keyId: string) {
    const [row] = await t.ctx.db
      .select({
        hits: sql<number>`coalesce(sum(${usageHourly.hits}), 0)::int`,
        clientErrors: sql<number>`coalesce(sum(${usageHourly.clientErrors}), 0)::int`,
      })
      .from(usageHourly)
      .where(eq(usageHourly.keyId, keyId))
    return row ?? { hits: 0, clientErrors: 0 }
  }

  it('serves a call with a good key, by ?key= or X-Api-Key, and only the services it knows', async () => {
    const { key } = await customerKey()
    const tile = await get(`/tiles/0/0/0.pbf?key=${key.key}`)
    expect(tile.status).toBe(200)
    expect((tile.body as ArrayBuffer).byteLength).toBeGreaterThan(100)
    const geocode = await get('/geocode?q=Hanoi', { 'x-api-key': key.key })
    expect(geocode.status).toBe(200)
    expect(JSON.stringify(geocode.body)).toContain('Hanoi')
    const nowhere = await get('/admin', { 'x-api-key': key.key })
    expect(nowhere.status).toBe(404)
    expect(reasonOf(nowhere.body)).toBe('NO_SUCH_SERVICE')
  })

  it('refuses with 401 without a key or with an unknown one, and with 403 when the key may not make the call', async () => {
    const missing = await get('/geocode?q=Hanoi')
    expect([missing.status, reasonOf(missing.body)]).toEqual([401, 'MISSING_KEY'])
    const unknown = await get('/geocode?q=Hanoi', { 'x-api-key': `mk_${'x'.repeat(40)}` })
    expect([unknown.status, reasonOf(unknown.body)]).toEqual([401, 'NOT_FOUND'])

    const { key: tilesKey } = await customerKey({
      type: 'maptiles_key',
      restriction_list: [{ type: 'domain', value: 'https://maps.example.com' }],
    })
    const wrongType = await get('/geocode?q=Hanoi', { 'x-api-key': tilesKey.key, origin: 'https://maps.example.com' })
    expect([wrongType.status, reasonOf(wrongType.body)]).toEqual([403, 'WRONG_KEY_TYPE'])
    expect(wrongType.headers.get('x-gateway-reason')).toBe('WRONG_KEY_TYPE')
    const otherSite = await get(`/tiles/0/0/0.pbf?key=${tilesKey.key}`, { origin: 'https://evil.example.net' })
    expect([otherSite.status, reasonOf(otherSite.body)]).toEqual([403, 'ORIGIN_NOT_ALLOWED'])
    // The browser may read the refusal (CORS), so a page can say why.
    expect(otherSite.headers.get('access-control-allow-origin')).toBe('https://evil.example.net')
    const { key: geocodingOnly } = await customerKey({ services: ['GEOCODE'] })
    const outOfScope = await get(`/tiles/0/0/0.pbf?key=${geocodingOnly.key}`)
    expect([outOfScope.status, reasonOf(outOfScope.body)]).toEqual([403, 'SERVICE_NOT_ALLOWED'])
    expect((await get(`/geocode?q=Hue&key=${geocodingOnly.key}`)).status).toBe(200)
    const ownSite = await get(`/tiles/0/0/0.pbf?key=${tilesKey.key}`, { origin: 'https://maps.example.com' })
    expect(ownSite.status).toBe(200)
    expect(ownSite.headers.get('access-control-allow-origin')).toBe('https://maps.example.com')
  })

  it('refuses with 429 when the plan’s quota is used up and 402 when the balance is', async () => {
    const plan = await call(
      t,
      contract.createPlan,
      {
        body: { name: `nginx quota ${Date.now()}`, price: '1.00', request_limit: 3, request_limit_duration: 'minute' },
      },
      { token: admin.token },
    )
    expect(plan.status, JSON.stringify(plan.body)).toBe(201)
    const { user, key } = await customerKey()
    const onPlan = await call(
      t,
      contract.changeUserPlan,
      { params: { id: user.id }, body: { user_plan_id: plan.body.data.id } },
      { token: admin.token },
    )
    expect(onPlan.status).toBe(200)
    const first = await eventually(
      () => get('/reverse?lat=16.8&lon=96.15', { 'x-api-key': key.key }),
      (r) => r.status === 200,
    )
    expect(first.status).toBe(200)
    // Quick calls share nginx's half-second of kept verdicts: each must still be counted by the portal
    // (its answers that count a quota are never kept), so the fourth of three allowed is refused.
    for (let i = 2; i <= 3; i++)
      expect((await get('/reverse?lat=16.8&lon=96.15', { 'x-api-key': key.key })).status).toBe(200)
    const fourth = await get('/reverse?lat=16.8&lon=96.15', { 'x-api-key': key.key })
    expect([fourth.status, reasonOf(fourth.body)]).toEqual([429, 'QUOTA_EXCEEDED'])

    const { user: broke, key: brokeKey } = await customerKey()
    await setUser(t, broke.id, { checkBalance: true, balanceCents: 0n })
    await announceChange(t.ctx.db, { user: broke.id })
    const refused = await eventually(
      () => get('/geocode?q=Yangon', { 'x-api-key': brokeKey.key }),
      (r) => r.status !== 200,
    )
    expect([refused.status, reasonOf(refused.body)]).toEqual([402, 'NO_BALANCE'])
  })

  it('keeps a busy key’s verdict for a moment, sparing the portal, and still logs every call with its key', async () => {
    const { key } = await customerKey()
    const verify = vi.spyOn(t.ctx.gateway, 'verify')
    const verifyCached = vi.spyOn(t.ctx.gateway, 'verifyCached')
    try {
      for (let i = 0; i < 30; i++) expect((await get(`/tiles/2/1/1.pbf?key=${key.key}`)).status).toBe(200)
      const asked = verify.mock.calls.length + verifyCached.mock.calls.length
      // One sub-request per half-second (a verdict is kept from its first answer); 30 quick
      // calls span a few half-seconds at most.
      expect(asked).toBeGreaterThan(0)
      expect(asked).toBeLessThan(15)
    } finally {
      verify.mockRestore()
      verifyCached.mockRestore()
    }
    const logged = await eventually(
      async () =>
        readFileSync(path.join(dir, 'usage.log'), 'utf8')
          .split('\n')
          .filter((line) => line.includes(`"key_id":"${key.id}"`) && line.includes('"reason":"OK"')).length,
      (n) => n >= 30,
    )
    expect(logged).toBe(30)
  })

  it('keeps its verdicts in a private folder in memory, never on disk, and removes the folder when it stops', async () => {
    const { key } = await customerKey()
    const ownDir = mkdtempSync(path.join(tmpdir(), 'gateway-nginx-verdicts-'))
    const own = await gatewayBeforePortal(ownDir, 'test-gateway-verdicts')
    try {
      // A verdict is kept from its first answer.
      for (let i = 0; i < 6; i++) expect((await fetch(`${own.url}/tiles/0/0/0.pbf?key=${key.key}`)).status).toBe(200)
      expect(own.verdictDir.startsWith('/dev/shm/')).toBe(true)
      expect(statSync(own.verdictDir).mode & 0o777).toBe(0o700)
      const kept = readdirSync(own.verdictDir, { recursive: true }).filter((name) =>
        statSync(path.join(own.verdictDir, String(name))).isFile(),
      )
      expect(kept.length).toBeGreaterThan(0)
      expect(existsSync(path.join(ownDir, 'run', 'verdicts'))).toBe(false)
    } finally {
      await own.stop()
      rmSync(ownDir, { recursive: true, force: true })
    }
    expect(existsSync(own.verdictDir)).toBe(false)
  })

  it('stops a key within a second of staff suspending it, and serves it again once reactivated', async () => {
    const { key } = await customerKey()
    // Busy enough that nginx keeps its verdict: the suspension must still win within the second.
    for (let i = 0; i < 5; i++) expect((await get(`/tiles/1/0/0.pbf?key=${key.key}`)).status).toBe(200)
    const suspended = await call(t, contract.suspendKey, { params: { id: key.id } }, { token: admin.token })
    expect(suspended.status).toBe(200)
    const started = Date.now()
    const refused = await eventually(
      () => get(`/tiles/1/0/0.pbf?key=${key.key}`),
      (r) => r.status === 403,
      1000,
    )
    expect([refused.status, reasonOf(refused.body)]).toEqual([403, 'KEY_SUSPENDED'])
    expect(Date.now() - started).toBeLessThan(1000)
    await call(t, contract.unsuspendKey, { params: { id: key.id } }, { token: admin.token })
    expect(
      (
        await eventually(
          () => get(`/tiles/1/0/0.pbf?key=${key.key}`),
          (r) => r.status === 200,
          1000,
        )
      ).status,
    ).toBe(200)
  })

  it('refuses a key at its monthly cap with 429 once its shipped usage is measured, and serves it again when the cap is raised', async () => {
    const { key } = await customerKey()
    const capped = await call(
      t,
      contract.updateKey,
      { params: { id: key.id }, body: { name: key.name, restriction_list: null, request_cap: 3 } },
      { token: admin.token },
    )
    expect(capped.status, JSON.stringify(capped.body)).toBe(200)
    for (let i = 0; i < 3; i++) expect((await get(`/geocode?q=Hue&key=${key.key}`)).status).toBe(200)
    await gateway.shipper.flush()
    await eventually(
      () => counted(key.id),
      (c) => c.hits >= 3,
    )
    // What the key-caps job does every minute and after usage arrives.
    expect(await measureKeyCaps(t.ctx)).toMatchObject({ reached: 1 })
    // Within a second: nginx may still hold the key's last verdict for up to half a second.
    const refused = await eventually(
      () => get(`/geocode?q=Hue&key=${key.key}`),
      (r) => r.status !== 200,
      1000,
    )
    expect([refused.status, reasonOf(refused.body)]).toEqual([429, 'KEY_CAP_REACHED'])
    const raised = await call(
      t,
      contract.updateKey,
      { params: { id: key.id }, body: { name: key.name, restriction_list: null, request_cap: 100 } },
      { token: admin.token },
    )
    expect(raised.status).toBe(200)
    const served = await eventually(
      () => get(`/geocode?q=Hue&key=${key.key}`),
      (r) => r.status === 200,
      1000,
    )
    expect(served.status).toBe(200)
  })

  it('reports every call it served to the portal once, with its status, and not the refused ones', async () => {
    const { key } = await customerKey()
    for (let i = 0; i < 5; i++) expect((await get(`/tiles/2/${i % 4}/1.pbf?key=${key.key}`)).status).toBe(200)
    expect((await get('/reverse?lat=100&lon=0', { 'x-api-key': key.key })).status).toBe(400)
    const suspended = await call(t, contract.suspendKey, { params: { id: key.id } }, { token: admin.token })
    expect(suspended.status).toBe(200)
    // Until nginx's kept verdict ends (half a second at most) calls are still served, and billed.
    let servedMeanwhile = 0
    await eventually(
      async () => {
        const r = await get(`/tiles/0/0/0.pbf?key=${key.key}`)
        if (r.status === 200) servedMeanwhile++
        return r
      },
      (r) => r.status === 403,
    )
    await gateway.shipper.flush()
    const usage = await eventually(
      () => counted(key.id),
      (c) => c.hits >= 6 + servedMeanwhile,
    )
    expect(usage).toEqual({ hits: 6 + servedMeanwhile, clientErrors: 1 })
    const [loads] = await t.ctx.db
      .select({ hits: sql<number>`sum(${usageHourly.hits})::int` })
      .from(usageHourly)
      .where(and(eq(usageHourly.keyId, key.id), eq(usageHourly.service, 'LOAD_MAP')))
    expect(loads?.hits).toBe(5 + servedMeanwhile)
  })

  it('keeps the usage while the portal is away and sends it once it is back, and a batch sent again counts once', async () => {
    const { key } = await customerKey()
    for (let i = 0; i < 3; i++) expect((await get(`/geocode?q=Hue&key=${key.key}`)).status).toBe(200)
    // The portal goes away before the shipper has sent those calls (its next round is within 100 ms).
    await portal.down()
    // Calls nginx cannot check meanwhile are refused (and not billed), once its kept verdict ends.
    let servedMeanwhile = 0
    const unavailable = await eventually(
      async () => {
        const r = await get(`/geocode?q=Hue&key=${key.key}`)
        if (r.status === 200) servedMeanwhile++
        return r
      },
      (r) => r.status !== 200,
      1000,
    )
    expect([unavailable.status, reasonOf(unavailable.body)]).toEqual([503, 'KEY_CHECK_UNAVAILABLE'])
    await new Promise((resolve) => setTimeout(resolve, 600))
    await portal.up()
    for (let i = 0; i < 2; i++) {
      const again = await eventually(
        () => get(`/geocode?q=Hue&key=${key.key}`),
        (r) => r.status === 200,
      )
      expect(again.status).toBe(200)
    }
    await gateway.shipper.flush()
    expect(
      await eventually(
        () => counted(key.id),
        (c) => c.hits >= 5 + servedMeanwhile,
      ),
    ).toEqual({ hits: 5 + servedMeanwhile, clientErrors: 0 })
  })

  it('after a crash, sends the batch it was sending again with the same lines under the same id, so every call counts once', async () => {
    const { key } = await customerKey()
    const own = mkdtempSync(path.join(tmpdir(), 'gateway-shipper-'))
    const logFile = path.join(own, 'usage.log')
    const stateFile = path.join(own, 'usage.state.json')
    const at = Date.now() / 1000
    const lines = (n: number, status: number) =>
      Array.from(
        { length: n },
        (_, i) =>
          `{"at":${(at + i / 1000).toFixed(3)},"key_id":"${key.id}","reason":"OK","service":"GEOCODE","status":${status},"time":0.012}\n`,
      ).join('')
    const shipper = () =>
      startShipper({
        logFile,
        stateFile,
        portalUrl: `http://127.0.0.1:${portal.port}`,
        gatewayToken: t.config.gatewayToken,
        name: 'crash-test',
        intervalMs: 60_000,
      })
    try {
      writeFileSync(logFile, lines(4, 200))
      // The portal is away: the shipper writes down the batch it is sending, then keeps trying.
      await portal.down()
      const first = shipper()
      const sending = await eventually(
        async () =>
          existsSync(stateFile) ? (JSON.parse(readFileSync(stateFile, 'utf8')) as { sending?: number }) : {},
        (state) => state.sending !== undefined,
      )
      expect(sending.sending).toBe(Buffer.byteLength(lines(4, 200)))
      const crashState = readFileSync(stateFile, 'utf8')
      // The portal comes back and records the batch; the shipper is killed before it writes that down
      // (its state file is the one from before the answer), and more calls are logged meanwhile.
      await portal.up()
      await first.flush()
      await first.stop()
      expect(await counted(key.id)).toEqual({ hits: 4, clientErrors: 0 })
      writeFileSync(stateFile, crashState)
      appendFileSync(logFile, lines(3, 404))

      // Started again: the interrupted batch goes out as it was (the portal recognises it and counts
      // nothing), then the new lines in a batch of their own. A batch cut anew from the same place
      // would carry the new lines under the old id, and the portal would drop them as a replay.
      const second = shipper()
      await second.flush()
      await second.stop()
      expect(await counted(key.id)).toEqual({ hits: 7, clientErrors: 3 })

      // And once more from the same place: nothing is counted twice.
      writeFileSync(stateFile, crashState)
      const third = shipper()
      await third.flush()
      await third.stop()
      expect(await counted(key.id)).toEqual({ hits: 7, clientErrors: 3 })
    } finally {
      rmSync(own, { recursive: true, force: true })
    }
  })
})

describe('eventsOf (the usage log’s lines as usage events)', () => {
  it('reports the calls the key check let through, in milliseconds, and skips the rest', () => {
    const lines = [
      '{"at":1795342499.120,"key_id":"key_a","reason":"OK","service":"LOAD_MAP","status":200,"time":0.004}',
      '{"at":1795342499.500,"key_id":"key_a","reason":"KEY_SUSPENDED","service":"LOAD_MAP","status":403,"time":0.001}',
      '{"at":1795342499.600,"key_id":"","reason":"","service":"","status":404,"time":0.000}',
      'not json',
      '{"at":1795342500.001,"key_id":"key_b","reason":"OK","service":"GEOCODE","status":502,"time":1.250}',
      '',
    ].join('\n')
    expect(eventsOf(lines)).toEqual([
      { key_id: 'key_a', service: 'LOAD_MAP', at: 1795342499120, count: 1, status: 200, latency_ms: 4 },
      { key_id: 'key_b', service: 'GEOCODE', at: 1795342500001, count: 1, status: 502, latency_ms: 1250 },
    ])
  })
})
