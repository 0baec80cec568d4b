#!/usr/bin/env node
// `npm run bench:minutes` → where to count plan limits per minute for all instances (issue 18): the key
// check of a user whose plan limits the minute, counted in PostgreSQL and then in Redis, each beside a
// bare hello-world route and the check of a user on the default plan (no count at all), on one
// keep-alive connection alternating the three request by request. 3 rounds of 8 s per store, median.
// Needs PostgreSQL (BENCH_PG_URL, default the machine's) and, for the second store, Redis (BENCH_REDIS_URL).
import { fork } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { alternate, get, getWith, stats, throughput } from './lib/mixclient.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const PORT = Number(process.env.BENCH_PORT ?? 3461)
const ROUNDS = Number(process.env.ROUNDS ?? 3)
const SECONDS = Number(process.env.SECONDS ?? 8)
const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379'
const TOKEN = 'bench-gateway-token'

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const round1 = (n) => Math.round(n * 10) / 10
const check = (key) => () =>
  getWith('/v1/gateway/verify?service=GEOCODE', { authorization: `Bearer ${TOKEN}`, 'x-api-key': key })
const ok = (route, status, body) => {
  if (status !== 200 || (route > 0 && !body.includes('"allowed":true'))) throw new Error(`${status}: ${body}`)
}

async function measure(store, databaseUrl) {
  const server = fork(path.join(here, 'minutes-server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      PORT: String(PORT),
      BENCH_DATABASE_URL: databaseUrl,
      REDIS_URL: store === 'redis' ? REDIS_URL : '',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  await new Promise((resolve, reject) => {
    server.on('message', resolve)
    server.on('exit', (code) => reject(new Error(`server exited with ${code}`)))
  })
  try {
    const routes = [() => get('/hello'), check('mk_minute_2'), check('mk_minute_1')]
    await alternate(PORT, routes, 2, ok)
    const rounds = []
    for (let r = 0; r < ROUNDS; r++) {
      const [hello, plain, limited] = (await alternate(PORT, routes, SECONDS, ok)).map(stats)
      rounds.push({ hello, plain, limited })
      console.log(
        `${store} round ${r + 1}: hello ${round1(hello.mean)} µs | default plan ${round1(plain.mean)} µs | minute limit ${round1(limited.mean)} µs p99 ${round1(limited.p99)} | ratios ${(plain.mean / hello.mean).toFixed(3)} / ${(limited.mean / hello.mean).toFixed(3)}`,
      )
    }
    const rps = await throughput(PORT, check('mk_minute_1'), 8, 4)
    return {
      store,
      helloMeanUs: round1(median(rounds.map((r) => r.hello.mean))),
      defaultPlanMeanUs: round1(median(rounds.map((r) => r.plain.mean))),
      minuteMeanUs: round1(median(rounds.map((r) => r.limited.mean))),
      minuteP99Us: round1(median(rounds.map((r) => r.limited.p99))),
      defaultPlanRatio: median(rounds.map((r) => r.plain.mean / r.hello.mean)),
      minuteRatio: median(rounds.map((r) => r.limited.mean / r.hello.mean)),
      minuteRequestsPerSecondAt8: Math.round(rps),
    }
  } finally {
    server.kill('SIGINT')
    await new Promise((resolve) => server.once('exit', resolve))
  }
}

async function main() {
  const admin = new pg.Client({ connectionString: ADMIN_URL })
  await admin.connect()
  const results = []
  try {
    for (const store of ['postgres', 'redis']) {
      const name = `bench_minutes_${Date.now()}`
      await admin.query(`create database ${name}`)
      const url = new URL(ADMIN_URL)
      url.pathname = `/${name}`
      try {
        results.push(await measure(store, url.toString()))
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`)
      }
    }
  } finally {
    await admin.end()
  }
  console.log('\nPlan limits per minute, counted for all instances (median of rounds):')
  console.table(results)
  mkdirSync(path.join(here, 'results'), { recursive: true })
  const file = path.join(here, 'results', `minutes-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
  writeFileSync(file, JSON.stringify(results, null, 2))
  console.log(`written ${path.relative(process.cwd(), file)}`)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
