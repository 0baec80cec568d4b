#!/usr/bin/env node
// `npm run bench` → the gateway's key check against a bare hello-world route, side by side in one run
// (issue 3's targets): one keep-alive connection alternating the routes request by request, 5 rounds
// of 10 s, median of the rounds. Cached verification (all checks) must stay within 1.15× the
// hello-world mean and 1.25× its p99; a first sight of a key (database lookup) within 5× the mean.
// The targets are taken on the check's GET form (key in X-Api-Key, the call in the query string: what
// an auth sub-request sends); the POST form is measured beside it in the same rounds.
import { fork } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { alternate, get, getWith, postJson, stats, throughput } from './lib/mixclient.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const PORT = Number(process.env.BENCH_PORT ?? 3460)
const ROUNDS = Number(process.env.ROUNDS ?? 5)
const SECONDS = Number(process.env.SECONDS ?? 10)
const MISS_SECONDS = Number(process.env.MISS_SECONDS ?? 3)
const TOKEN = 'bench-gateway-token'
const KEYS = 50_000
const WARM = 1_000

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

async function main() {
  const server = fork(path.join(here, 'gateway-server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, PORT: String(PORT) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const info = await new Promise((resolve, reject) => {
    server.on('message', resolve)
    server.on('exit', (code) => reject(new Error(`server exited with ${code}`)))
  })
  console.log(`server ready: ${info.users} users, ${info.keys} keys (seeded in ${info.seededMs} ms)`)
  try {
    // Warm the cache with the pool the cached rounds use.
    await alternate(PORT, [(i) => postJson('/v1/gateway/verify', verifyBody(1 + (i % WARM)), TOKEN)], 2, (_, s, b) =>
      expectAllowed(1, s, b),
    )

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
    const postRps = await throughput(
      PORT,
      (i) => postJson('/v1/gateway/verify', verifyBody(1 + (i % WARM)), TOKEN),
      8,
      5,
    )

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
    for (const [name, met] of Object.entries(targets)) console.log(`  ${met ? 'met    ' : 'MISSED '} ${name}`)
    mkdirSync(path.join(here, 'results'), { recursive: true })
    const file = path.join(here, 'results', `gateway-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
    writeFileSync(file, JSON.stringify({ summary, cached, misses, targets }, null, 2))
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
