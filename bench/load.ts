// `npm run bench:load` (issue 18, docs/scale-out.md "Load"): a bounded soak of the multi-instance setup
// of `npm run test:scale` (scripts/lib/cluster.ts: the built server, production mode, on a PostgreSQL
// database of its own, behind Debian's nginx), driven by autocannon.
//
// 1. Seed: CUSTOMERS customers (SQL, the production password hash, e-mail and phone verified), each
//    signed in through the API and given two keys through `POST /v1/keys`; a month and a half of usage
//    on every key (SQL rollups, as ingestion writes them); last month's bills through
//    `POST /v1/bills/generate`.
// 2. Probe: the whole traffic mix (below) at a rising load factor, PROBE_SECONDS a step, through one
//    instance and through two behind the same nginx, the two taking turns at every factor. A step holds
//    when nothing failed, every customer route's p99 is ≤ 250 ms and ≥ 95 % of the asked rate was
//    served (a step not held is run once more; after a topology's first one, one more step halfway
//    back). The highest step held is the topology's sustained rate.
// 3. Soak: the mix at 60 % of the highest factor two instances held (or `--factor`), MINUTES long,
//    every instance's RSS, event-loop delay (prom-client's p99 since the last scrape), CPU and pool, the
//    database's connections (pg_stat_activity) and the machine's load sampled every 5 s.
//
// The mix at factor 1 (requests/s; every route at least 1/s once scaled): customers signing in and
// opening the dashboard (profile, month summary, this month by day, bill estimate, plan card, campaign
// banner), the keys list, the statistics page (last 7 days, keys' health), bills and balance; staff
// listing accounts and every bill; the gateway's key checks (one in 21 deliberately for an unknown key,
// answered NOT_FOUND) and usage reports of 200 events. Each route is its own set of autocannon
// instances at a fixed rate (one request a second per connection), started at staggered phases across
// the second so that arrivals are spread rather than one burst a second. An error is a socket error or
// timeout, a status the route does not ask for, or an answer that is not the expected one.
//
// Options: --minutes N (LOAD_MINUTES, default 10; 0 = probe only), --probe-seconds N (default 20),
// --factor F (skip the probe, soak at F), --customers N (default 300), --instances 1|2 (the soak's
// topology, default 2). Prints per route requests/s, p50, p99 and errors, the instances over time and
// the targets met or MISSED; writes bench/results/load-<time>.json. Needs PostgreSQL (DATABASE_URL or the
// machine's), nginx, and `npm run build` (built here when missing).
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import autocannon from 'autocannon'
import pg from 'pg'
import { hashPassword } from '../apps/server/src/lib/passwords.ts'
import { ADMIN, type Cluster, ensureBuilt, killChildren, root, sleep, startCluster } from '../scripts/lib/cluster.ts'

const args = process.argv.slice(2)
const option = (name: string, env: string, fallback: number) => {
  const at = args.indexOf(`--${name}`)
  const value = at >= 0 ? args[at + 1] : process.env[env]
  const n = value === undefined ? fallback : Number(value)
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a number (got ${value})`)
  return n
}
const MINUTES = option('minutes', 'LOAD_MINUTES', 10)
const PROBE_SECONDS = option('probe-seconds', 'LOAD_PROBE_SECONDS', 20)
const FIXED_FACTOR = option('factor', 'LOAD_FACTOR', 0)
const CUSTOMERS = option('customers', 'LOAD_CUSTOMERS', 300)
const SOAK_INSTANCES = option('instances', 'LOAD_INSTANCES', 2)
const ADMIN_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'

/** Targets (issue 18). */
const CUSTOMER_P99_MS = 250
const RSS_GROWTH = 0.1
/**
 * The soak runs at this share of the highest factor the two instances held in the probe: a 20 s step
 * ends before slow moments show (another job on the machine, a checkpoint); at 75 % the sign-in's p99
 * went over 250 ms in such minutes of a quiet machine's 10-minute soaks.
 */
const SOAK_SHARE = 0.6
const FACTORS = [2, 4, 6, 8, 11, 16, 22, 32, 45, 64]
/** The least share of the asked rate a step must serve to count as held. */
const SERVED = 0.95
/** Autocannon instances per route at most: the route's arrivals are spread over as many phases a second. */
const PHASES = 10
const SAMPLE_MS = 5000
const PASSWORD = 'load-customer-password-1'
const GATEWAY_TOKEN = randomBytes(24).toString('hex')
const METRICS_TOKEN = randomBytes(16).toString('hex')
const SERVICES = ['GEOCODE', 'LOAD_MAP', 'DIRECTION'] as const

const log = (line: string) => console.log(`[load] ${line}`)
const epoch = performance.now()
const now = () => performance.now() - epoch

// ── The traffic ─────────────────────────────────────────────────────────────────────────────────────

type Kind = 'customer' | 'staff' | 'gateway'

interface Route {
  name: string
  kind: Kind
  /** Requests/s at factor 1. */
  base: number
  method: 'GET' | 'POST'
  path: (i: number) => string
  headers: (i: number) => Record<string, string>
  body?: (i: number) => string
  /** Statuses asked for (the rest are errors). */
  expect: readonly number[]
  /** The answer is the one asked for (checked on the expected statuses). */
  check?: (body: string) => boolean
}

interface Customer {
  email: string
  token: string
  keyIds: string[]
  secrets: string[]
}

const day = (d: Date) => d.toISOString().slice(0, 10)

function routes(customers: Customer[], adminToken: string, runId: string): Route[] {
  const today = new Date()
  const monthStart = day(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1)))
  const weekAgo = day(new Date(today.getTime() - 6 * 86_400_000))
  const customer = (i: number) => customers[i % customers.length] as Customer
  const signedIn = (i: number) => ({ authorization: `Bearer ${customer(i).token}` })
  const staff = () => ({ authorization: `Bearer ${adminToken}` })
  const gateway = { authorization: `Bearer ${GATEWAY_TOKEN}` }
  const keyIds = customers.flatMap((c) => c.keyIds)
  const secrets = customers.flatMap((c) => c.secrets)
  const ok = [200]
  const get = (name: string, kind: Kind, base: number, url: (i: number) => string, headers = signedIn): Route => ({
    name: `GET ${name}`,
    kind,
    base,
    method: 'GET',
    path: url,
    headers,
    expect: ok,
  })
  return [
    {
      name: 'POST /v1/login',
      kind: 'customer',
      base: 0.5,
      method: 'POST',
      path: () => '/v1/login',
      headers: (i) => ({ 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i % 250}` }),
      body: (i) => JSON.stringify({ email: customer(i).email, password: PASSWORD }),
      expect: ok,
      check: (body) => body.includes('"token"'),
    },
    get('/v1/users/profile', 'customer', 2, () => '/v1/users/profile'),
    get('/v1/statistics/hits-one-user-per-month', 'customer', 1, () => '/v1/statistics/hits-one-user-per-month'),
    get(
      '/v1/statistics/hits-one-user (month by day)',
      'customer',
      1,
      () => `/v1/statistics/hits-one-user?start_at=${monthStart}&end_at=${day(today)}&perTime=day`,
    ),
    get('/v1/bills/estimate', 'customer', 1, () => '/v1/bills/estimate'),
    get('/v1/users-plans-dashboard', 'customer', 1, () => '/v1/users-plans-dashboard'),
    get('/v1/campaigns/active', 'customer', 1, () => '/v1/campaigns/active'),
    get('/v1/user_keys-unDelete', 'customer', 1, () => '/v1/user_keys-unDelete?page=1&page_size=10'),
    get(
      '/v1/statistics/hits-one-user (7 days)',
      'customer',
      1,
      () => `/v1/statistics/hits-one-user?start_at=${weekAgo}&end_at=${day(today)}`,
    ),
    get('/v1/statistics/keys', 'customer', 1, () => `/v1/statistics/keys?start_at=${monthStart}&end_at=${day(today)}`),
    get('/v1/bills', 'customer', 1, () => '/v1/bills?page=1&page_size=10'),
    get('/v1/balance', 'customer', 1, () => '/v1/balance'),
    get(
      '/v1/users (staff)',
      'staff',
      0.5,
      (i) => `/v1/users?page=${1 + (i % 15)}&page_size=20&group=customer&sort_by=created_at&sort_mode=desc`,
      staff,
    ),
    get('/v1/bills/all (staff)', 'staff', 0.5, (i) => `/v1/bills/all?page=${1 + (i % 15)}&page_size=20`, staff),
    {
      name: 'GET /v1/gateway/verify',
      kind: 'gateway',
      base: 20,
      method: 'GET',
      path: (i) => `/v1/gateway/verify?service=${SERVICES[i % SERVICES.length]}`,
      headers: (i) => ({ ...gateway, 'x-api-key': secrets[i % secrets.length] as string }),
      expect: ok,
      check: (body) => body.includes('"allowed":true'),
    },
    {
      name: 'GET /v1/gateway/verify (unknown key)',
      kind: 'gateway',
      base: 1,
      method: 'GET',
      path: () => '/v1/gateway/verify?service=GEOCODE',
      headers: (i) => ({ ...gateway, 'x-api-key': `mk_unknown_${runId}_${i % 50}` }),
      // A refusal is an answer, not a failure: it is asked for.
      expect: ok,
      check: (body) => body.includes('"NOT_FOUND"'),
    },
    {
      name: 'POST /v1/gateway/usage (200 events)',
      kind: 'gateway',
      base: 0.5,
      method: 'POST',
      path: () => '/v1/gateway/usage',
      headers: () => ({ ...gateway, 'content-type': 'application/json' }),
      body: (i) => {
        const at = Date.now()
        const events = Array.from({ length: 200 }, (_, e) => ({
          key_id: keyIds[(i * 200 + e) % keyIds.length],
          service: SERVICES[e % SERVICES.length],
          at: at - (e % 50) * 10,
          status: e % 25 === 0 ? 404 : 200,
          latency_ms: 5 + (e % 40),
        }))
        return JSON.stringify({ batch_id: `load-${runId}-${i}`, events })
      },
      expect: ok,
      check: (body) => body.includes('"accepted":200'),
    },
  ]
}

const rateOf = (route: Route, factor: number) => Math.max(1, Math.round(route.base * factor))

// ── Recording ──────────────────────────────────────────────────────────────────────────────────────

interface Tally {
  /** Completion times (ms since the run began) and latencies (ms), one pair per answer. */
  at: number[]
  latency: number[]
  statuses: Record<number, number>
  unexpected: number
  wrongAnswer: number
  socketErrors: number
  timeouts: number
}

interface RouteStats {
  route: string
  kind: Kind
  askedPerSecond: number
  servedPerSecond: number
  p50Ms: number
  p99Ms: number
  maxMs: number
  answers: number
  errors: number
  statuses: Record<number, number>
}

const percentile = (sorted: Float64Array, q: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number)
const round1 = (n: number) => Math.round(n * 10) / 10

function latencies(tallies: Tally[], from: number, to: number): Float64Array {
  const values: number[] = []
  for (const tally of tallies)
    for (let i = 0; i < tally.at.length; i++) {
      const t = tally.at[i] as number
      if (t >= from && t <= to) values.push(tally.latency[i] as number)
    }
  return Float64Array.from(values).sort()
}

function routeStats(route: Route, asked: number, tally: Tally, from: number, to: number): RouteStats {
  const sorted = latencies([tally], from, to)
  return {
    route: route.name,
    kind: route.kind,
    askedPerSecond: asked,
    servedPerSecond: round1(sorted.length / ((to - from) / 1000)),
    p50Ms: round1(percentile(sorted, 0.5)),
    p99Ms: round1(percentile(sorted, 0.99)),
    maxMs: round1(sorted[sorted.length - 1] ?? 0),
    answers: sorted.length,
    // Errors over the whole period, warm-up included.
    errors: tally.unexpected + tally.wrongAnswer + tally.socketErrors + tally.timeouts,
    statuses: tally.statuses,
  }
}

interface Period {
  factor: number
  seconds: number
  from: number
  to: number
  routes: RouteStats[]
  tallies: Tally[]
  askedPerSecond: number
  servedPerSecond: number
  errors: number
  customerP50Ms: number
  customerP99Ms: number
  worstCustomerRoute: string
  worstCustomerP99Ms: number
}

/**
 * Runs the mix at `factor` for `seconds`; statistics leave out the first `warmSeconds`. Each route is
 * min(rate, PHASES) autocannon instances at one request a second per connection, started at phases
 * spread across the second (and shifted per route).
 */
async function drive(
  lb: string,
  mix: Route[],
  factor: number,
  seconds: number,
  warmSeconds: number,
  onSecond?: (elapsed: number) => void,
): Promise<Period> {
  const started = now()
  const tallies: Tally[] = mix.map(() => ({
    at: [],
    latency: [],
    statuses: {},
    unexpected: 0,
    wrongAnswer: 0,
    socketErrors: 0,
    timeouts: 0,
  }))
  const runs: Promise<void>[] = []
  mix.forEach((route, k) => {
    const rate = rateOf(route, factor)
    const tally = tallies[k] as Tally
    const instances = Math.min(rate, PHASES)
    let counter = Math.floor(Math.random() * 1000)
    for (let j = 0; j < instances; j++) {
      const share = Math.floor(rate / instances) + (j < rate % instances ? 1 : 0)
      const offsetMs = ((j + k / mix.length) / instances) * 1000
      runs.push(
        new Promise<void>((resolve) => {
          setTimeout(() => {
            const instance = autocannon(
              {
                url: lb,
                connections: share,
                overallRate: share,
                duration: seconds,
                timeout: 10,
                // Each connection sends one request a second: latency is measured as it is, and a rate not
                // kept shows as fewer answers (judged against SERVED), not as made-up samples.
                ignoreCoordinatedOmission: true,
                requests: [
                  {
                    method: route.method,
                    setupRequest: (request) => {
                      const i = counter++
                      return {
                        ...request,
                        path: route.path(i),
                        headers: { ...request.headers, ...route.headers(i) },
                        ...(route.body ? { body: route.body(i) } : {}),
                      }
                    },
                    onResponse: (status, body) => {
                      if (route.expect.includes(status) && route.check && !route.check(body)) tally.wrongAnswer++
                    },
                  },
                ],
              },
              () => {},
            )
            instance.on('response', (_client, status, _bytes, ms) => {
              tally.at.push(now())
              tally.latency.push(ms)
              tally.statuses[status] = (tally.statuses[status] ?? 0) + 1
              if (!route.expect.includes(status)) tally.unexpected++
            })
            instance.on('done', (result) => {
              tally.timeouts += result.timeouts
              tally.socketErrors += result.errors - result.timeouts
              resolve()
            })
          }, offsetMs)
        }),
      )
    }
  })
  let ticker: NodeJS.Timeout | undefined
  if (onSecond) ticker = setInterval(() => onSecond((now() - started) / 1000), 1000)
  await Promise.all(runs)
  if (ticker) clearInterval(ticker)
  const from = started + warmSeconds * 1000
  const to = started + seconds * 1000
  return summarize(mix, factor, seconds, tallies, from, to)
}

function summarize(mix: Route[], factor: number, seconds: number, tallies: Tally[], from: number, to: number): Period {
  const stats = mix.map((route, k) => routeStats(route, rateOf(route, factor), tallies[k] as Tally, from, to))
  const customerTallies = tallies.filter((_, k) => mix[k]?.kind === 'customer')
  const customer = latencies(customerTallies, from, to)
  const worst = stats
    .filter((s) => s.kind === 'customer')
    .reduce((a, b) => (b.p99Ms > a.p99Ms ? b : a), stats[0] as RouteStats)
  return {
    factor,
    seconds,
    from,
    to,
    routes: stats,
    tallies,
    askedPerSecond: stats.reduce((n, s) => n + s.askedPerSecond, 0),
    servedPerSecond: round1(stats.reduce((n, s) => n + s.servedPerSecond, 0)),
    errors: stats.reduce((n, s) => n + s.errors, 0),
    customerP50Ms: round1(percentile(customer, 0.5)),
    customerP99Ms: round1(percentile(customer, 0.99)),
    worstCustomerRoute: worst.route,
    worstCustomerP99Ms: worst.p99Ms,
  }
}

const held = (period: Period) =>
  period.errors === 0 &&
  period.worstCustomerP99Ms <= CUSTOMER_P99_MS &&
  period.servedPerSecond >= SERVED * period.askedPerSecond

// ── Sampling the instances, the database and the machine ──────────────────────────────────────────────

interface InstanceSample {
  name: string
  rssMiB: number
  heapMiB: number
  lagP99Ms: number
  lagMaxMs: number
  cpuSeconds: number
  cpuPercent: number
  poolTotal: number
  poolWaiting: number
}

interface Sample {
  t: number
  phase: string
  load1: number
  machineBusyPercent: number
  generator: { cpuPercent: number; lagP99Ms: number }
  instances: InstanceSample[]
  db: { total: number; active: number; idleInTransaction: number }
  /** CPU since the last sample, % of one core (the machine has `cores` × 100): this run's processes
   * (the generator, the instances, nginx), the database's backends serving this run's database, and
   * everything else on the machine (other people's work, PostgreSQL's own background processes). */
  cpu: { run: number; database: number; others: number }
}

function metric(text: string, name: string, labels = ''): number {
  const line = text.split('\n').find((l) => l.startsWith(`maps_portal_${name}${labels} `))
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : Number.NaN
}

/** CPU ticks (1/100 s) and parent of every process, from /proc/<pid>/stat. */
function processTicks(): Map<number, { ppid: number; ticks: number }> {
  const found = new Map<number, { ppid: number; ticks: number }>()
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      // After the command's closing parenthesis: state, ppid, …; utime and stime are the 12th and 13th.
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      found.set(Number(name), { ppid: Number(rest[1]), ticks: Number(rest[11]) + Number(rest[12]) })
    } catch {
      // gone meanwhile
    }
  }
  return found
}

function cpuTimes() {
  const [, ...fields] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/)
  const values = fields.map(Number)
  const idle = (values[3] ?? 0) + (values[4] ?? 0)
  return { idle, total: values.reduce((a, b) => a + b, 0) }
}

function sampler(cluster: Cluster, db: pg.Client) {
  const samples: Sample[] = []
  let phase = 'setup'
  let lastCpu = cpuTimes()
  let lastGen = process.cpuUsage()
  let lastAt = performance.now()
  const lastInstanceCpu = new Map<string, number>()
  let lastTicks = new Map<number, number>()
  let pgBackend = 0
  const genLag = monitorEventLoopDelay({ resolution: 10 })
  genLag.enable()
  const take = async () => {
    pgBackend ||= (await db.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid ?? 0
    const at = performance.now()
    const seconds = (at - lastAt) / 1000
    const instances: InstanceSample[] = []
    for (const instance of cluster.instances) {
      const text = await fetch(`http://127.0.0.1:${instance.port}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      })
        .then((r) => r.text())
        .catch(() => '')
      const cpu = metric(text, 'process_cpu_seconds_total')
      const before = lastInstanceCpu.get(instance.name)
      lastInstanceCpu.set(instance.name, cpu)
      instances.push({
        name: instance.name,
        rssMiB: round1(metric(text, 'process_resident_memory_bytes') / 2 ** 20),
        heapMiB: round1(metric(text, 'nodejs_heap_size_used_bytes') / 2 ** 20),
        lagP99Ms: round1(metric(text, 'nodejs_eventloop_lag_p99_seconds') * 1000),
        lagMaxMs: round1(metric(text, 'nodejs_eventloop_lag_max_seconds') * 1000),
        cpuSeconds: cpu,
        cpuPercent: before === undefined ? 0 : round1(((cpu - before) / seconds) * 100),
        poolTotal: metric(text, 'db_pool_connections', '{state="total"}'),
        poolWaiting: metric(text, 'db_pool_connections', '{state="waiting"}'),
      })
    }
    const conns = await db.query<{ total: number; active: number; idle_tx: number; pids: number[] }>(
      `select count(*)::int as total, count(*) filter (where state = 'active')::int as active,
              count(*) filter (where state like 'idle in transaction%')::int as idle_tx, array_agg(pid) as pids
       from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
      [cluster.dbName],
    )
    // Whose CPU: this process and its descendants, the backends of this run's database, the rest.
    const ticks = processTicks()
    const run = new Set([process.pid])
    for (let grew = true; grew; ) {
      grew = false
      for (const [pid, p] of ticks)
        if (!run.has(pid) && run.has(p.ppid)) {
          run.add(pid)
          grew = true
        }
    }
    const backends = new Set([...(conns.rows[0]?.pids ?? []), pgBackend])
    const spent = { run: 0, database: 0, others: 0 }
    for (const [pid, p] of ticks) {
      const delta = p.ticks - (lastTicks.get(pid) ?? p.ticks)
      if (run.has(pid)) spent.run += delta
      else if (backends.has(pid)) spent.database += delta
      else spent.others += delta
    }
    lastTicks = new Map([...ticks].map(([pid, p]) => [pid, p.ticks]))
    const share = (t: number) => (seconds >= 1 ? round1(t / seconds) : 0)
    const cpu = cpuTimes()
    const gen = process.cpuUsage()
    const busy = cpu.total - lastCpu.total
    samples.push({
      t: Math.round(now()),
      phase,
      load1: Math.round((os.loadavg()[0] ?? 0) * 100) / 100,
      machineBusyPercent: busy > 0 ? round1((1 - (cpu.idle - lastCpu.idle) / busy) * 100) : 0,
      generator: {
        cpuPercent:
          seconds >= 1 ? round1(((gen.user - lastGen.user + gen.system - lastGen.system) / 1e6 / seconds) * 100) : 0,
        lagP99Ms: round1(genLag.percentile(99) / 1e6),
      },
      instances,
      db: {
        total: conns.rows[0]?.total ?? 0,
        active: conns.rows[0]?.active ?? 0,
        idleInTransaction: conns.rows[0]?.idle_tx ?? 0,
      },
      cpu: { run: share(spent.run), database: share(spent.database), others: share(spent.others) },
    })
    genLag.reset()
    lastCpu = cpu
    lastGen = gen
    lastAt = at
  }
  // A sampling profile of the database: once a second, the statements running for this run's database
  // (their first words, and what they wait on when they wait), counted per phase.
  const statements: Record<string, { ticks: number; running: Record<string, number> }> = {}
  const peek = async () => {
    const { rows } = await db.query<{ query: string; wait: string | null }>(
      `select left(regexp_replace(query, '\\s+', ' ', 'g'), 90) as query,
              case when wait_event_type in ('Lock', 'LWLock', 'IO', 'IPC') then wait_event_type || ':' || wait_event end as wait
       from pg_stat_activity where datname = $1 and state = 'active' and pid <> pg_backend_pid()`,
      [cluster.dbName],
    )
    const own = statements[phase] ?? { ticks: 0, running: {} }
    statements[phase] = own
    own.ticks++
    for (const { query, wait } of rows) {
      const key = `${query.trim()}${wait ? ` [${wait}]` : ''}`
      own.running[key] = (own.running[key] ?? 0) + 1
    }
  }
  let stopped = false
  const loop = (async () => {
    while (!stopped) {
      await take().catch((error) => log(`sample failed: ${error}`))
      await sleep(SAMPLE_MS)
    }
  })()
  const peeking = (async () => {
    while (!stopped) {
      await peek().catch(() => {})
      await sleep(1000)
    }
  })()
  return {
    samples,
    statements,
    setPhase: (name: string) => {
      phase = name
    },
    stop: async () => {
      stopped = true
      await Promise.all([loop, peeking])
      genLag.disable()
    },
  }
}

/**
 * The run's one connection serves the sampler, the statements' peek and the autovacuum stand-in, whose
 * loops overlap: their queries take turns here (node-postgres queued them itself, but calling `query`
 * while another runs is deprecated and goes in pg 9), and the connection stays the one
 * `pg_backend_pid()` leaves out of the database's figures.
 */
function serialize(db: pg.Client) {
  const query = db.query.bind(db) as (...args: unknown[]) => Promise<unknown>
  let turn: Promise<unknown> = Promise.resolve()
  db.query = ((...args: unknown[]) => {
    const run = turn.then(() => query(...args))
    turn = run.catch(() => {})
    return run
  }) as typeof db.query
}

/**
 * PostgreSQL's autovacuum, when the server runs without it (this machine's CI configuration turns it
 * off for the test suite): once a minute, the tables of this run's database whose dead rows pass
 * autovacuum's default threshold (50 + 20 % of the live rows) are vacuumed and analyzed, as autovacuum
 * would do at most that often. Without it the usage reports' pending table, emptied by every fold,
 * keeps every deleted row, each fold scans them all, and customer calls slow down within minutes.
 */
function autovacuumStandIn(db: pg.Client) {
  const vacuums: { t: number; table: string; deadRows: number; ms: number }[] = []
  let stopped = false
  let wake: () => void = () => {}
  const loop = (async () => {
    while (!stopped) {
      await new Promise<void>((resolve) => {
        wake = resolve
        setTimeout(resolve, 60_000)
      })
      if (stopped) break
      const due = await db.query<{ table: string; dead: number }>(
        `select format('%I.%I', schemaname, relname) as table, n_dead_tup::int as dead from pg_stat_user_tables
         where n_dead_tup > 50 + 0.2 * n_live_tup order by n_dead_tup desc`,
      )
      for (const { table, dead } of due.rows) {
        const started = performance.now()
        // A table gone meanwhile (pg-boss drops finished partitions) has nothing to vacuum.
        await db.query(`vacuum (analyze) ${table}`).catch(() => {})
        vacuums.push({ t: Math.round(now()), table, deadRows: dead, ms: Math.round(performance.now() - started) })
      }
    }
  })()
  return {
    vacuums,
    stop: async () => {
      stopped = true
      wake()
      await loop
    },
  }
}

// ── Seeding ─────────────────────────────────────────────────────────────────────────────────────────

async function api<T>(lb: string, method: string, url: string, token: string | null, body?: unknown, ip?: string) {
  const res = await fetch(`${lb}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(ip ? { 'x-forwarded-for': ip } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await res.text()
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`)
  return (JSON.parse(text) as { data: T }).data
}

async function inParallel<T>(items: T[], width: number, work: (item: T, i: number) => Promise<void>) {
  let next = 0
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++
        await work(items[i] as T, i)
      }
    }),
  )
}

async function seed(cluster: Cluster, db: pg.Client) {
  const started = performance.now()
  const passwordHash = await hashPassword(PASSWORD)
  await db.query(
    `insert into users (id, email, first_name, last_name, password_hash, email_verified_at, phone_number,
                        phone_verified_at, balance_cents, created_at, updated_at)
     select 'usr_load' || lpad(i::text, 22, '0'), 'load-' || i || '@example.com', 'Load', 'Customer ' || i, $1,
            now(), '+8490' || lpad(i::text, 7, '0'), now(), 100000 + i * 100,
            now() - make_interval(hours => i), now()
     from generate_series(1, $2::int) as i`,
    [passwordHash, CUSTOMERS],
  )
  await db.query(`insert into user_roles (user_id, role) select id, 'customer' from users where id like 'usr_load%'`)

  // Every customer signs in and makes two keys through the API (the secrets come back once).
  const customers: Customer[] = Array.from({ length: CUSTOMERS }, (_, i) => ({
    email: `load-${i + 1}@example.com`,
    token: '',
    keyIds: [],
    secrets: [],
  }))
  await inParallel(customers, 4, async (c, i) => {
    const session = await api<{ token: string }>(
      cluster.lb,
      'POST',
      '/v1/login',
      null,
      { email: c.email, password: PASSWORD },
      `203.0.113.${i % 250}`,
    )
    c.token = session.token
    for (const n of [1, 2]) {
      const key = await api<{ id: string; key: string }>(cluster.lb, 'POST', '/v1/keys', c.token, {
        name: `Load key ${n}`,
        type: 'api_key',
        description: null,
        restriction_list: null,
      })
      c.keyIds.push(key.id)
      c.secrets.push(key.key)
    }
  })

  // Usage since the first of last month on every key (the rollups ingestion writes), today by hour.
  await db.query(`set timezone = 'UTC'`)
  const services = `array[${SERVICES.map((s) => `'${s}'`).join(',')}]`
  await db.query(`
    insert into usage_daily (key_id, user_id, service, day, hits, ok, client_errors, server_errors, latency_sum, latency_max)
    select k.id, k.user_id, s.service, d::date, h, h - h / 50, h / 50, 0, h * 25, 400
    from keys k cross join unnest(${services}) as s(service)
    cross join generate_series(date_trunc('month', now()) - interval '1 month', current_date - 1, interval '1 day') as d
    cross join lateral (select 100 + abs(hashtext(k.id || s.service || d::text)) % 5000 as h) x`)
  await db.query(`
    insert into usage_hourly (key_id, user_id, service, hour, hits, ok, client_errors, server_errors, latency_sum, latency_max)
    select k.id, k.user_id, s.service, hr, h, h - h / 50, h / 50, 0, h * 25, 400
    from keys k cross join unnest(${services}) as s(service)
    cross join generate_series(date_trunc('day', now()), date_trunc('hour', now()) - interval '1 hour', interval '1 hour') as hr
    cross join lateral (select 10 + abs(hashtext(k.id || s.service || hr::text)) % 200 as h) x`)
  // Rolled up to today, as the usage-rollup job would have left it (today is read from usage_hourly).
  await db.query(`update usage_rollups set hourly_from = current_date`)
  await db.query(`
    insert into usage_daily_all (service, day, hits, ok, client_errors, server_errors, latency_sum, latency_max)
    select service, day, sum(hits), sum(ok), sum(client_errors), sum(server_errors), sum(latency_sum), max(latency_max)
    from usage_daily_live group by service, day`)

  // Last month's bills, generated by the portal.
  const admin = await api<{ token: string }>(cluster.lb, 'POST', '/v1/login', null, ADMIN, '192.0.2.1')
  const lastMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1, 1))
  const run = await api<{ created: number; status: string }>(cluster.lb, 'POST', '/v1/bills/generate', admin.token, {
    year: lastMonth.getUTCFullYear(),
    month: lastMonth.getUTCMonth() + 1,
  })
  await db.query('analyze')
  const counts = await db.query<{ daily: number; hourly: number; bills: number }>(
    `select (select count(*)::int from usage_daily) as daily, (select count(*)::int from usage_hourly) as hourly,
            (select count(*)::int from bills) as bills`,
  )
  const seeded = {
    customers: CUSTOMERS,
    keys: CUSTOMERS * 2,
    usageDailyRows: counts.rows[0]?.daily ?? 0,
    usageHourlyRows: counts.rows[0]?.hourly ?? 0,
    bills: counts.rows[0]?.bills ?? 0,
    billRun: run.status,
    seconds: Math.round((performance.now() - started) / 1000),
  }
  log(`seeded ${JSON.stringify(seeded)}`)
  return { customers, adminToken: admin.token, seeded }
}

// ── Reporting ──────────────────────────────────────────────────────────────────────────────────────

const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : Number.NaN)
const fmt = (n: number) => (Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: 1 }) : '–')

/** Mean CPU of everything else on the machine while a period ran (% of one core). */
let othersDuring: (from: number, to: number) => number = () => Number.NaN

function stepLine(topology: number, period: Period) {
  return (
    `${topology} instance${topology > 1 ? 's' : ''}, factor ${period.factor}: asked ${period.askedPerSecond} req/s, served ` +
    `${fmt(period.servedPerSecond)}, errors ${period.errors}, customer p50 ${period.customerP50Ms} ms p99 ` +
    `${period.customerP99Ms} ms (worst ${period.worstCustomerRoute} ${period.worstCustomerP99Ms} ms), others' CPU ` +
    `${fmt(othersDuring(period.from, period.to))} % → ${held(period) ? 'held' : 'NOT held'}`
  )
}

function routeTable(period: Period) {
  console.table(
    period.routes.map((r) => ({
      route: r.route,
      'asked/s': r.askedPerSecond,
      'served/s': r.servedPerSecond,
      'p50 ms': r.p50Ms,
      'p99 ms': r.p99Ms,
      'max ms': r.maxMs,
      errors: r.errors,
      statuses: Object.entries(r.statuses)
        .map(([s, n]) => `${s}×${n}`)
        .join(' '),
    })),
  )
}

/** Per minute of the soak: rate, customer latency, errors, and each instance's memory and delay. */
function timeline(period: Period, samples: Sample[]) {
  const rows = []
  const customerTallies = period.tallies.filter((_, k) => period.routes[k]?.kind === 'customer')
  const minutes = Math.max(1, Math.round((period.to - period.from) / 60_000))
  const width = (period.to - period.from) / minutes
  for (let m = 0; m < minutes; m++) {
    const from = period.from + m * width
    const to = from + width
    const customer = latencies(customerTallies, from, to)
    const all = latencies(period.tallies, from, to)
    const inside = samples.filter((s) => s.t >= from && s.t < to)
    const row: Record<string, string | number> = {
      minute: m + 1,
      'req/s': Math.round(all.length / (width / 1000)),
      'customer p50': round1(percentile(customer, 0.5)),
      'customer p99': round1(percentile(customer, 0.99)),
    }
    for (const name of inside[0]?.instances.map((i) => i.name) ?? []) {
      const own = inside.flatMap((s) => s.instances.filter((i) => i.name === name))
      row[`${name} RSS MiB`] = round1(mean(own.map((i) => i.rssMiB)))
      row[`${name} lag p99 ms`] = round1(Math.max(...own.map((i) => i.lagP99Ms)))
      row[`${name} CPU %`] = round1(mean(own.map((i) => i.cpuPercent)))
    }
    row['db conns max'] = Math.max(...inside.map((s) => s.db.total))
    row['db active max'] = Math.max(...inside.map((s) => s.db.active))
    row['others CPU %'] = round1(mean(inside.map((s) => s.cpu.others)))
    row.load1 = Math.round(mean(inside.map((s) => s.load1)) * 100) / 100
    rows.push(row)
  }
  console.table(rows)
  return rows
}

/** RSS after warm-up: the mean of its first window against the mean of its last, per instance. */
function memoryGrowth(period: Period, samples: Sample[], names: string[]) {
  const total = period.to - period.from
  const warm = Math.min(60_000, total * 0.2)
  const window = Math.min(60_000, (total - warm) / 3)
  const firstFrom = period.from + warm
  return names.map((name) => {
    const rss = (from: number, to: number) =>
      samples
        .filter((s) => s.t >= from && s.t < to)
        .flatMap((s) => s.instances.filter((i) => i.name === name).map((i) => i.rssMiB))
    const first = mean(rss(firstFrom, firstFrom + window))
    const last = mean(rss(period.to - window, period.to + 1))
    const all = rss(period.from, period.to + 1)
    return {
      instance: name,
      firstWindowMiB: round1(first),
      lastWindowMiB: round1(last),
      growthPercent: round1((last / first - 1) * 100),
      peakMiB: round1(Math.max(...all)),
      windowSeconds: Math.round(window / 1000),
      warmUpSeconds: Math.round(warm / 1000),
    }
  })
}

// ── The run ─────────────────────────────────────────────────────────────────────────────────────────

async function main() {
  ensureBuilt(log)
  const loadBefore = os.loadavg()
  log(`load average before: ${loadBefore.map((n) => n.toFixed(2)).join(', ')} (${os.cpus().length} cores)`)
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim()
  const changed = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean).length

  const cluster = await startCluster({
    prefix: 'load',
    instances: 2,
    adminUrl: ADMIN_URL,
    log,
    env: {
      NODE_ENV: 'production',
      GATEWAY_TOKEN,
      METRICS_TOKEN,
      // Production's default; the run waits for nothing to drain.
      SHUTDOWN_DELAY_MS: '300',
    },
  })
  const db = new pg.Client({ connectionString: cluster.databaseUrl })
  await db.connect()
  serialize(db)
  const sampling = sampler(cluster, db)
  const autovacuum = (await db.query<{ autovacuum: string }>('show autovacuum')).rows[0]?.autovacuum
  const standIn = autovacuum === 'off' ? autovacuumStandIn(db) : null
  if (standIn) log("the server's autovacuum is off: this run vacuums its database's tables as autovacuum would")
  othersDuring = (from, to) =>
    round1(mean(sampling.samples.filter((s) => s.t >= from && s.t <= to).map((s) => s.cpu.others)))
  const ports = cluster.instances.map((i) => i.port)
  const result: Record<string, unknown> = {
    date: new Date().toISOString(),
    commit,
    trackedFilesChanged: changed,
    cores: os.cpus().length,
    loadBefore,
    options: {
      minutes: MINUTES,
      probeSeconds: PROBE_SECONDS,
      factor: FIXED_FACTOR || null,
      customers: CUSTOMERS,
      soakInstances: SOAK_INSTANCES,
    },
  }
  const targets: { target: string; reached: string; met: string }[] = []
  try {
    log(`${cluster.instances.length} instances behind nginx at ${cluster.lb}, database ${cluster.dbName}`)
    const { customers, adminToken, seeded } = await seed(cluster, db)
    result.seeded = seeded
    const mix = routes(customers, adminToken, randomBytes(4).toString('hex'))
    result.mixAtFactor1 = mix.map((r) => ({ route: r.name, kind: r.kind, perSecond: r.base }))

    // ── Probe ──
    const probe: Record<string, unknown>[] = []
    const best: Record<number, Period | undefined> = {}
    const notHeld: Record<number, Period | undefined> = {}
    if (!FIXED_FACTOR) {
      // One instance and two take turns at every factor, so that both meet the same machine (other
      // people's work on it comes and goes). A step not held is run once more; after a topology's first
      // step not held, one more halfway back, and that topology is done.
      const step = async (topology: number, factor: number) => {
        await cluster.balance(ports.slice(0, topology))
        sampling.setPhase(`probe-${topology}`)
        let period = await drive(cluster.lb, mix, factor, PROBE_SECONDS, 3)
        log(stepLine(topology, period))
        if (!held(period)) {
          await sleep(5000)
          period = await drive(cluster.lb, mix, factor, PROBE_SECONDS, 3)
          log(`  again: ${stepLine(topology, period)}`)
        }
        probe.push({
          topology,
          ...period,
          tallies: undefined,
          held: held(period),
          othersCpuPercent: othersDuring(period.from, period.to),
        })
        await sleep(3000)
        if (held(period)) best[topology] = period
        else notHeld[topology] = period
        return held(period)
      }
      const open = new Set([1, 2])
      for (const factor of FACTORS) {
        for (const topology of [1, 2]) {
          if (!open.has(topology) || (await step(topology, factor))) continue
          open.delete(topology)
          const below = best[topology]?.factor ?? 0
          const between = Math.round((below + factor) / 2)
          if (below > 0 && between > below && between < factor) await step(topology, between)
        }
        if (open.size === 0) break
      }
      for (const topology of [1, 2]) {
        const first = notHeld[topology]
        if (!first) continue
        console.log(`\nFirst step not held on ${topology} instance(s), per route:`)
        routeTable(first)
      }
      result.probe = probe
      result.sustained = [1, 2].map((n) => ({
        instances: n,
        factor: best[n]?.factor ?? null,
        askedPerSecond: best[n]?.askedPerSecond ?? null,
        servedPerSecond: best[n]?.servedPerSecond ?? null,
        customerP50Ms: best[n]?.customerP50Ms ?? null,
        customerP99Ms: best[n]?.customerP99Ms ?? null,
        othersCpuPercent: best[n] ? othersDuring(best[n].from, best[n].to) : null,
        notHeldFactor: notHeld[n]?.factor ?? null,
        notHeldServedPerSecond: notHeld[n]?.servedPerSecond ?? null,
        notHeldCustomerP99Ms: notHeld[n]?.customerP99Ms ?? null,
      }))
      console.log('\nHighest load held (errors 0, every customer route p99 ≤ 250 ms, ≥ 95 % of the rate served):')
      console.table(result.sustained)
    }

    // ── Soak ──
    if (MINUTES > 0) {
      const held2 = best[2]?.factor
      const factor = FIXED_FACTOR || Math.max(1, Math.floor(SOAK_SHARE * (held2 ?? FACTORS[0] ?? 2)))
      await cluster.balance(ports.slice(0, SOAK_INSTANCES))
      if (FIXED_FACTOR) {
        // Without the probe before it, the instances are cold (JIT, caches, pools): 20 s at the soak's rate first.
        sampling.setPhase('warm-up')
        const warm = await drive(cluster.lb, mix, factor, 20, 0)
        log(`warm-up (not counted): ${stepLine(SOAK_INSTANCES, warm)}`)
        result.warmUp = { ...warm, tallies: undefined }
      }
      sampling.setPhase('soak')
      const seconds = Math.round(MINUTES * 60)
      const asked = mix.reduce((n, r) => n + rateOf(r, factor), 0)
      log(
        `soak: ${SOAK_INSTANCES} instance(s), factor ${factor}${FIXED_FACTOR ? ' (given)' : ` (${SOAK_SHARE * 100} % of ${held2 ?? 'nothing held'})`}, ${asked} req/s asked, ${MINUTES} min`,
      )
      const soak = await drive(cluster.lb, mix, factor, seconds, 0, (elapsed) => {
        if (Math.round(elapsed) % 30 !== 0) return
        const last = sampling.samples[sampling.samples.length - 1]
        log(
          `  ${Math.round(elapsed)} s: ${last?.instances.map((i) => `${i.name} RSS ${i.rssMiB} MiB lag p99 ${i.lagP99Ms} ms CPU ${i.cpuPercent} %`).join(' | ')} | db ${last?.db.total} conns | load ${last?.load1}`,
        )
      })
      sampling.setPhase('after')
      const soakSamples = sampling.samples.filter((s) => s.phase === 'soak')
      console.log(`\nSoak per route (${MINUTES} min, factor ${factor}, ${SOAK_INSTANCES} instance(s)):`)
      routeTable(soak)
      console.log(
        `all: asked ${soak.askedPerSecond} req/s, served ${soak.servedPerSecond}, errors ${soak.errors}; customer calls p50 ${soak.customerP50Ms} ms, p99 ${soak.customerP99Ms} ms`,
      )
      console.log('\nOver time (per minute):')
      const rows = timeline(soak, soakSamples)
      const names = cluster.instances.slice(0, SOAK_INSTANCES).map((i) => i.name)
      const memory = memoryGrowth(soak, soakSamples, names)
      console.log('\nMemory after warm-up:')
      console.table(memory)
      const lag = names.map((name) => {
        const own = soakSamples.flatMap((s) => s.instances.filter((i) => i.name === name))
        const sorted = Float64Array.from(own.map((i) => i.lagP99Ms)).sort()
        return {
          instance: name,
          lagP99MedianMs: round1(percentile(sorted, 0.5)),
          lagP99WorstMs: round1(sorted[sorted.length - 1] ?? 0),
          lagMaxWorstMs: round1(Math.max(...own.map((i) => i.lagMaxMs))),
          cpuPercentMean: round1(mean(own.map((i) => i.cpuPercent))),
          poolWaitingMax: Math.max(...own.map((i) => i.poolWaiting)),
        }
      })
      console.log(
        '\nEvent-loop delay (prom-client p99 per 5 s; an idle loop reads ≈ 10-13 ms: the 10 ms sampling interval):',
      )
      console.table(lag)
      const dbTotals = soakSamples.map((s) => s.db.total)
      const dbActive = soakSamples.map((s) => s.db.active)
      const database = {
        connectionsMean: round1(mean(dbTotals)),
        connectionsMax: Math.max(...dbTotals),
        activeMean: round1(mean(dbActive)),
        activeMax: Math.max(...dbActive),
      }
      console.log(
        `\nDatabase connections (pg_stat_activity): mean ${database.connectionsMean}, max ${database.connectionsMax}; active mean ${database.activeMean}, max ${database.activeMax}`,
      )
      const machine = {
        load1Mean: Math.round(mean(soakSamples.map((s) => s.load1)) * 100) / 100,
        load1Max: Math.max(...soakSamples.map((s) => s.load1)),
        busyPercentMean: round1(mean(soakSamples.map((s) => s.machineBusyPercent))),
        generatorCpuPercentMean: round1(mean(soakSamples.map((s) => s.generator.cpuPercent))),
        generatorLagP99WorstMs: Math.max(...soakSamples.map((s) => s.generator.lagP99Ms)),
        runCpuPercentMean: round1(mean(soakSamples.map((s) => s.cpu.run))),
        databaseCpuPercentMean: round1(mean(soakSamples.map((s) => s.cpu.database))),
        othersCpuPercentMean: round1(mean(soakSamples.map((s) => s.cpu.others))),
      }
      console.log(
        `Machine during the soak (CPU in % of one core, ${os.cpus().length * 100} in all): load average ${machine.load1Mean} (max ${machine.load1Max}), busy ${machine.busyPercentMean} % of the time; this run ${machine.runCpuPercentMean} (the load generator ${machine.generatorCpuPercentMean}; its own loop delay p99 ≤ ${machine.generatorLagP99WorstMs} ms), its database's backends ${machine.databaseCpuPercentMean}, everything else ${machine.othersCpuPercentMean}`,
      )
      if (standIn) {
        const during = standIn.vacuums.filter((v) => v.t >= soak.from && v.t <= soak.to)
        const byTable = new Map<string, number>()
        for (const v of during) byTable.set(v.table, (byTable.get(v.table) ?? 0) + 1)
        console.log(
          `Vacuums standing in for autovacuum during the soak: ${during.length} (${[...byTable].map(([t, n]) => `${t} ×${n}`).join(', ') || 'none'}), longest ${Math.max(0, ...during.map((v) => v.ms))} ms`,
        )
      }
      const profile = sampling.statements.soak
      if (profile) {
        const top = Object.entries(profile.running)
          .sort((a, b) => b[1] - a[1])
          .slice(0, 8)
          .map(([statement, n]) => ({ statement, 'running (mean)': Math.round((n / profile.ticks) * 100) / 100 }))
        console.log(`\nStatements running on the database, sampled once a second (${profile.ticks} samples):`)
        console.table(top)
      }
      result.soak = {
        instances: SOAK_INSTANCES,
        minutes: MINUTES,
        ...soak,
        tallies: undefined,
        timeline: rows,
        memory,
        lag,
        database,
        machine,
      }
      const customerRoutes = soak.routes.filter((r) => r.kind === 'customer')
      const target = (name: string, reached: string, met: boolean) =>
        targets.push({ target: name, reached, met: met ? 'met' : 'MISSED' })
      target('errors', String(soak.errors), soak.errors === 0)
      target(
        `every customer route p99 ≤ ${CUSTOMER_P99_MS} ms`,
        `worst ${soak.worstCustomerRoute} ${soak.worstCustomerP99Ms} ms (all customer calls ${soak.customerP99Ms} ms)`,
        customerRoutes.every((r) => r.p99Ms <= CUSTOMER_P99_MS),
      )
      for (const m of memory)
        target(
          `instance ${m.instance} RSS growth after warm-up ≤ ${RSS_GROWTH * 100} %`,
          `${m.growthPercent} % (${m.firstWindowMiB} → ${m.lastWindowMiB} MiB)`,
          m.growthPercent <= RSS_GROWTH * 100,
        )
      target(
        `≥ ${SERVED * 100} % of the asked rate served`,
        `${soak.servedPerSecond} of ${soak.askedPerSecond} req/s`,
        soak.servedPerSecond >= SERVED * soak.askedPerSecond,
      )
      console.log('\nTargets:')
      for (const t of targets) console.log(`  ${t.met === 'met' ? 'met    ' : 'MISSED '} ${t.target}: ${t.reached}`)
      result.targets = targets
    }
  } finally {
    await sampling.stop()
    await standIn?.stop()
    result.samples = sampling.samples
    result.statements = sampling.statements
    result.autovacuum = standIn ? { server: 'off', standInVacuums: standIn.vacuums } : { server: autovacuum }
    await db.end().catch(() => {})
    await cluster.close()
  }
  result.loadAfter = os.loadavg()
  const dir = path.join(root, 'bench', 'results')
  mkdirSync(dir, { recursive: true })
  const file = path.join(dir, `load-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
  writeFileSync(file, JSON.stringify(result, null, 2))
  log(`written ${path.relative(process.cwd(), file)}`)
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error)
    killChildren()
    process.exit(1)
  },
)
