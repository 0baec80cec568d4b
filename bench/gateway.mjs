#!/usr/bin/env node
// `npm run bench` → the gateway's key check against a bare hello-world route, side by side in one run
// (issue 3's targets): one keep-alive connection alternating the routes request by request, 5 rounds
// of 10 s, median of the rounds. Cached verification (all checks) must stay within 1.15× the
// hello-world mean and 1.25× its p99; a first sight of a key (database lookup) within 5× the mean.
// The targets are taken on the check's GET form (key in X-Api-Key, the call in the query string: what
// an auth sub-request sends); the POST form is measured beside it in the same rounds.
//
// Then "through nginx" (issue 19): the sample maps API behind Debian's nginx, once with the
// deployment's configuration (deploy/nginx/gateway.conf: auth_request to the portal's key check) and
// once with the same configuration minus its auth_request line (bench/lib/gateway-nginx.ts). The same
// calls go to both, interleaved request by request on one keep-alive connection to each, 5 rounds of
// 10 s, median of the rounds: with the key check within 1.3× the mean and 1.5× the p99 of straight
// through. In the same rounds, for context: the portal's answer to nginx's sub-request asked directly
// (where the added time goes), and the deployed configuration without its verdict cache (every call
// asks the portal). Requests/s at 8 connections for context.
//
// Environment: ONLY=portal or ONLY=nginx (one phase; both by default), ROUNDS (5), SECONDS (10 per
// round), MISS_SECONDS (3), BENCH_PORT (3460).
import { fork } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { alternate, get, getWith, interleave, postJson, stats, throughput } from './lib/mixclient.mjs'
import { hasNginx, startNginx } from './lib/nginx.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const PORT = Number(process.env.BENCH_PORT ?? 3460)
const ROUNDS = Number(process.env.ROUNDS ?? 5)
const SECONDS = Number(process.env.SECONDS ?? 10)
const MISS_SECONDS = Number(process.env.MISS_SECONDS ?? 3)
/** `ONLY=portal` or `ONLY=nginx`: one of the two phases (both by default). */
const PHASES = new Set((process.env.ONLY ?? 'portal,nginx').split(','))
const TOKEN = 'bench-gateway-token'
const KEYS = 50_000
const WARM = 1_000
const MAPS_PORT = PORT + 1
const NGINX_PORT = PORT + 2

const secret = (i) => `mk_bench_${String(i).padStart(37, '0')}`
// Keys divisible by 3 are restricted (domain and IP rows); every verify is shaped to pass all checks.
const verifyBody = (i) => ({
  key: secret(i),
  service: i % 5 === 0 ? 'LOAD_MAP' : 'GEOCODE',
  referer: 'https://shop.example.com/store-locator',
  ip: '203.0.113.7',
})
const verifyGet = (i) => {
  const { key, ...call } = verifyBody(i)
  return getWith(`/v1/gateway/verify?${new URLSearchParams(call)}`, {
    authorization: `Bearer ${TOKEN}`,
    'x-api-key': key,
  })
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const round1 = (n) => Math.round(n * 10) / 10

function expectAllowed(route, status, body) {
  if (status !== 200) throw new Error(`route ${route} answered ${status}: ${body}`)
  if (route > 0 && !body.includes('"allowed":true')) throw new Error(`verify refused: ${body}`)
}

/** Forks gateway-server.ts (with `args`) and resolves with the child and its ready message. */
async function startServer(args, env) {
  const child = fork(path.join(here, 'gateway-server.ts'), args, {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const info = await new Promise((resolve, reject) => {
    child.on('message', resolve)
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)))
  })
  return [child, info]
}

// Key 1 is an unrestricted API key of a verified account: every call below passes the check.
const NGINX_CALLS = {
  // The nearest of ~7,300 places (the maps API scans them all): a cheap geocoding call.
  reverse: {
    raw: getWith('/reverse?lat=16.8&lon=96.15', { 'x-api-key': secret(1) }),
    service: 'REVERSE_GEOCODE',
  },
  // A tile the maps API holds encoded in memory, the key in the query as a map library sends it.
  tile: {
    raw: getWith(`/tiles/3/6/3.pbf?key=${secret(1)}`, { 'accept-encoding': 'gzip' }),
    service: 'LOAD_MAP',
  },
}
// Each call goes to every nginx (bench/lib/gateway-nginx.ts) and, as nginx's sub-request for it, to the portal.
const NGINX_ROUTES = ['keyCheck', 'direct', 'uncached', 'portal']

/** The sub-request nginx sends for a call of `service` (deploy/nginx/gateway.conf, /_portal/authorize). */
const authorizeCall = (service) =>
  getWith(`/v1/gateway/authorize?service=${service}`, {
    authorization: `Bearer ${TOKEN}`,
    'x-api-key': secret(1),
    'x-call-ip': '127.0.0.1',
  })

function expectServed(route, status, body) {
  const expected = NGINX_ROUTES[route % NGINX_ROUTES.length] === 'portal' ? 204 : 200
  if (status !== expected) throw new Error(`route ${route} answered ${status}: ${body}`)
}

/** The "through nginx" phase: the portal must be listening on PORT with key 1 known to it. */
async function throughNginx() {
  const [mapsApi, info] = await startServer(['maps-api'], {
    PORT: String(MAPS_PORT),
    PORTAL_URL: `http://127.0.0.1:${PORT}`,
    NGINX_PORT: String(NGINX_PORT),
  })
  const nginxes = []
  try {
    for (const { name, run, port } of info.nginx) nginxes.push({ name, port, ...(await startNginx(run, port)) })
    const ports = Object.fromEntries([...nginxes.map((n) => [n.name, n.port]), ['portal', PORT]])
    const routes = Object.values(NGINX_CALLS).flatMap(({ raw, service }) =>
      NGINX_ROUTES.map((name) => {
        const request = name === 'portal' ? authorizeCall(service) : raw
        return { port: ports[name], make: () => request }
      }),
    )
    console.log(
      `\nthrough nginx: key check on :${ports.keyCheck}, straight to the maps API on :${ports.direct}, every call asking the portal on :${ports.uncached}`,
    )
    await interleave(routes, 3, expectServed)

    const rounds = []
    for (let r = 0; r < ROUNDS; r++) {
      const samples = await interleave(routes, SECONDS, expectServed)
      const round = { round: r + 1 }
      Object.keys(NGINX_CALLS).forEach((call, c) => {
        const [keyCheck, direct, uncached, portal] = NGINX_ROUTES.map((_, i) =>
          stats(samples[c * NGINX_ROUTES.length + i]),
        )
        round[call] = {
          keyCheck,
          direct,
          uncached,
          portal,
          meanRatio: keyCheck.mean / direct.mean,
          p99Ratio: keyCheck.p99 / direct.p99,
          uncachedMeanRatio: uncached.mean / direct.mean,
          uncachedP99Ratio: uncached.p99 / direct.p99,
        }
      })
      rounds.push(round)
      console.log(
        `nginx round ${r + 1}: ${Object.keys(NGINX_CALLS)
          .map((call) => {
            const { keyCheck: k, direct: d, uncached: v, portal: p, meanRatio, p99Ratio } = round[call]
            return `${call}: key check mean ${round1(k.mean)} µs p99 ${round1(k.p99)}, direct ${round1(d.mean)} / ${round1(d.p99)}, ratios ${meanRatio.toFixed(3)} / ${p99Ratio.toFixed(3)}; every call asking the portal ${round1(v.mean)} / ${round1(v.p99)}; portal alone ${round1(p.mean)} / ${round1(p.p99)}`
          })
          .join(' | ')}`,
      )
    }

    const summary = {}
    for (const [call, { raw }] of Object.entries(NGINX_CALLS)) {
      const us = (pick) => round1(median(rounds.map((r) => pick(r[call]))))
      const ratio = (pick) => Number(median(rounds.map((r) => pick(r[call]))).toFixed(3))
      const rps = async (name) => Math.round(await throughput(ports[name], () => raw, 8, 5))
      summary[call] = {
        ...Object.fromEntries(
          NGINX_ROUTES.flatMap((name) => [
            [`${name}MeanUs`, us((c) => c[name].mean)],
            [`${name}P50Us`, us((c) => c[name].p50)],
            [`${name}P99Us`, us((c) => c[name].p99)],
          ]),
        ),
        meanRatio: ratio((c) => c.meanRatio),
        p99Ratio: ratio((c) => c.p99Ratio),
        addedMeanUs: us((c) => c.keyCheck.mean - c.direct.mean),
        uncachedMeanRatio: ratio((c) => c.uncachedMeanRatio),
        uncachedP99Ratio: ratio((c) => c.uncachedP99Ratio),
        rpsAt8Connections: {
          keyCheck: await rps('keyCheck'),
          direct: await rps('direct'),
          uncached: await rps('uncached'),
        },
      }
    }
    return { summary, rounds }
  } finally {
    for (const nginx of nginxes) await nginx.stop()
    mapsApi.kill()
    rmSync(info.dir, { recursive: true, force: true })
    for (const run of info.nginx) if (run.verdictDir) rmSync(run.verdictDir, { recursive: true, force: true })
  }
}

/** Prints the "through nginx" phase's figures and adds its targets to `targets`. */
function reportNginx(nginx, targets) {
  console.log('\nThrough nginx, with the key check vs straight to the maps API (median of rounds, µs):')
  const labels = {
    keyCheck: 'key check',
    direct: 'direct',
    uncached: 'key check, every call asking the portal (no verdict cache)',
    portal: "portal's answer to the sub-request, asked directly",
  }
  console.table(
    Object.fromEntries(
      Object.entries(nginx.summary).flatMap(([call, s]) =>
        NGINX_ROUTES.map((name) => [
          `${call}, ${labels[name]}`,
          { mean: s[`${name}MeanUs`], p50: s[`${name}P50Us`], p99: s[`${name}P99Us`] },
        ]),
      ),
    ),
  )
  for (const [call, s] of Object.entries(nginx.summary)) {
    console.log(
      `${call}: ratios mean ${s.meanRatio} (target ≤ 1.3), p99 ${s.p99Ratio} (target ≤ 1.5); the key check adds ${s.addedMeanUs} µs (the portal alone answers in ${s.portalMeanUs}); with every call asking the portal ${s.uncachedMeanRatio} / ${s.uncachedP99Ratio}`,
    )
    console.log(
      `${call}: requests/s at 8 connections (context): key check ${s.rpsAt8Connections.keyCheck}, direct ${s.rpsAt8Connections.direct}, every call asking the portal ${s.rpsAt8Connections.uncached}`,
    )
    targets[`through nginx, ${call}: mean <= 1.3x direct`] = s.meanRatio <= 1.3
    targets[`through nginx, ${call}: p99 <= 1.5x direct`] = s.p99Ratio <= 1.5
  }
}

/** The portal's own check against hello-world: cached, first sight, throughput. */
async function portalPhases() {
  const cached = []
  for (let r = 0; r < ROUNDS; r++) {
    const pick = (i) => 1 + ((i * 7919) % WARM)
    const [hello, verify, viaPost] = await alternate(
      PORT,
      [
        () => get('/hello'),
        (i) => verifyGet(pick(i)),
        (i) => postJson('/v1/gateway/verify', verifyBody(pick(i)), TOKEN),
      ],
      SECONDS,
      expectAllowed,
    )
    const h = stats(hello)
    const v = stats(verify)
    const p = stats(viaPost)
    cached.push({
      round: r + 1,
      hello: h,
      verify: v,
      post: p,
      meanRatio: v.mean / h.mean,
      p99Ratio: v.p99 / h.p99,
      postMeanRatio: p.mean / h.mean,
      postP99Ratio: p.p99 / h.p99,
    })
    console.log(
      `cached round ${r + 1}: hello mean ${round1(h.mean)} µs p99 ${round1(h.p99)} | verify GET mean ${round1(v.mean)} µs p99 ${round1(v.p99)} | verify POST mean ${round1(p.mean)} µs p99 ${round1(p.p99)} | ratios GET ${(v.mean / h.mean).toFixed(3)} / ${(v.p99 / h.p99).toFixed(3)}, POST ${(p.mean / h.mean).toFixed(3)} / ${(p.p99 / h.p99).toFixed(3)}`,
    )
  }

  // Context: what a POST with the same JSON body costs on this app before any work is done.
  const floor = []
  for (let r = 0; r < 3; r++) {
    const [hello, post] = await alternate(
      PORT,
      [() => get('/hello'), (i) => postJson('/hello-post', verifyBody(1 + (i % WARM)), TOKEN)],
      SECONDS / 2,
    )
    floor.push(stats(post).mean / stats(hello).mean)
  }
  console.log(`POST floor: a JSON POST that does nothing costs ${median(floor).toFixed(3)}× the GET hello-world`)

  // First sight of a key: every verify uses a key the cache has never held.
  let next = WARM + 1
  const misses = []
  for (let r = 0; r < ROUNDS && next < KEYS; r++) {
    const [hello, verify] = await alternate(
      PORT,
      [() => get('/hello'), () => verifyGet(next < KEYS ? next++ : 1)],
      MISS_SECONDS,
      expectAllowed,
    )
    const h = stats(hello)
    const v = stats(verify)
    misses.push({ round: r + 1, hello: h, verify: v, meanRatio: v.mean / h.mean })
    console.log(
      `miss round ${r + 1}: hello mean ${round1(h.mean)} µs | verify (first sight) mean ${round1(v.mean)} µs p99 ${round1(v.p99)} | ratio ${v.mean / h.mean}`,
    )
  }

  const helloRps = await throughput(PORT, () => get('/hello'), 8, 5)
  const verifyRps = await throughput(PORT, (i) => verifyGet(1 + (i % WARM)), 8, 5)
  const postRps = await throughput(PORT, (i) => postJson('/v1/gateway/verify', verifyBody(1 + (i % WARM)), TOKEN), 8, 5)

  const summary = {
    cached: {
      helloMeanUs: round1(median(cached.map((c) => c.hello.mean))),
      helloP50Us: round1(median(cached.map((c) => c.hello.p50))),
      helloP99Us: round1(median(cached.map((c) => c.hello.p99))),
      verifyMeanUs: round1(median(cached.map((c) => c.verify.mean))),
      verifyP50Us: round1(median(cached.map((c) => c.verify.p50))),
      verifyP99Us: round1(median(cached.map((c) => c.verify.p99))),
      meanRatio: Number(median(cached.map((c) => c.meanRatio)).toFixed(3)),
      p99Ratio: Number(median(cached.map((c) => c.p99Ratio)).toFixed(3)),
      postMeanUs: round1(median(cached.map((c) => c.post.mean))),
      postP50Us: round1(median(cached.map((c) => c.post.p50))),
      postP99Us: round1(median(cached.map((c) => c.post.p99))),
      postMeanRatio: Number(median(cached.map((c) => c.postMeanRatio)).toFixed(3)),
      postP99Ratio: Number(median(cached.map((c) => c.postP99Ratio)).toFixed(3)),
    },
    miss: {
      verifyMeanUs: round1(median(misses.map((m) => m.verify.mean))),
      verifyP99Us: round1(median(misses.map((m) => m.verify.p99))),
      meanRatio: Number(median(misses.map((m) => m.meanRatio)).toFixed(3)),
    },
    postFloorMeanRatio: Number(median(floor).toFixed(3)),
    rpsAt8Connections: {
      hello: Math.round(helloRps),
      verify: Math.round(verifyRps),
      verifyPost: Math.round(postRps),
    },
  }
  console.log('\nGateway key check vs hello-world (median of rounds):')
  console.table({
    'hello-world': {
      mean: summary.cached.helloMeanUs,
      p50: summary.cached.helloP50Us,
      p99: summary.cached.helloP99Us,
    },
    'verify GET, cached': {
      mean: summary.cached.verifyMeanUs,
      p50: summary.cached.verifyP50Us,
      p99: summary.cached.verifyP99Us,
    },
    'verify POST, cached': {
      mean: summary.cached.postMeanUs,
      p50: summary.cached.postP50Us,
      p99: summary.cached.postP99Us,
    },
    'verify GET, first sight': { mean: summary.miss.verifyMeanUs, p50: null, p99: summary.miss.verifyP99Us },
  })
  console.log(
    `ratios (GET form): cached mean ${summary.cached.meanRatio} (target ≤ 1.15), cached p99 ${summary.cached.p99Ratio} (target ≤ 1.25), first-sight mean ${summary.miss.meanRatio} (target ≤ 5)`,
  )
  console.log(
    `context: the POST form ${summary.cached.postMeanRatio} mean / ${summary.cached.postP99Ratio} p99; a JSON POST that does nothing ${summary.postFloorMeanRatio}`,
  )
  console.log(
    `requests/s at 8 connections (context): hello ${summary.rpsAt8Connections.hello}, verify GET ${summary.rpsAt8Connections.verify}, verify POST ${summary.rpsAt8Connections.verifyPost}`,
  )
  const targets = {
    'cached mean <= 1.15x hello': summary.cached.meanRatio <= 1.15,
    'cached p99 <= 1.25x hello': summary.cached.p99Ratio <= 1.25,
    'first sight mean <= 5x hello': summary.miss.meanRatio <= 5,
  }
  return { summary, cached, misses, targets }
}

async function main() {
  const [server, info] = await startServer([], { PORT: String(PORT) })
  console.log(`server ready: ${info.users} users, ${info.keys} keys (seeded in ${info.seededMs} ms)`)
  try {
    // Warm the cache with the pool the cached rounds use.
    await alternate(PORT, [(i) => postJson('/v1/gateway/verify', verifyBody(1 + (i % WARM)), TOKEN)], 2, (_, s, b) =>
      expectAllowed(1, s, b),
    )

    const { summary, cached, misses, targets } = PHASES.has('portal')
      ? await portalPhases()
      : { summary: null, cached: [], misses: [], targets: {} }

    let nginx
    if (!PHASES.has('nginx')) console.log('\nthrough nginx: not asked for (ONLY)')
    else if (hasNginx()) {
      nginx = await throughNginx()
      reportNginx(nginx, targets)
    } else {
      console.log('\nthrough nginx: nginx is not installed (apt-get install nginx); skipped')
    }

    console.log('\nTargets:')
    for (const [name, met] of Object.entries(targets)) console.log(`  ${met ? 'met    ' : 'MISSED '} ${name}`)
    mkdirSync(path.join(here, 'results'), { recursive: true })
    const file = path.join(here, 'results', `gateway-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
    writeFileSync(file, JSON.stringify({ summary, cached, misses, nginx, targets }, null, 2))
    console.log(`written ${path.relative(path.resolve(here, '..'), file)}`)
  } finally {
    server.kill()
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error)
    process.exit(1)
  },
)
