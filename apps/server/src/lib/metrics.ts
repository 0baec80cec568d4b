import { VERIFY_REASONS, type VerifyReason } from '@app/contract'
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'

// What an instance exposes on GET /metrics (docs/operations.md "Metrics"), with prom-client. One
// registry per app, so that tests can build several apps in one process. Names start with
// `maps_portal_`; the process's own (CPU, memory, event-loop delay, handles) come from prom-client's
// default collectors, prefixed the same way.

const PREFIX = 'maps_portal_'

/** Seconds: 1 ms … 10 s, for calls; the gateway's cached checks sit in the first buckets. */
const CALL_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

export interface Metrics {
  readonly registry: Registry
  /** One HTTP request through Fastify (`route` is the route's pattern, not the URL). */
  request(method: string, route: string, status: number, seconds: number): void
  /** One key check: its reason, and whether the key's facts were already cached. */
  gatewayCheck(reason: VerifyReason, cached: boolean): void
  /** One usage batch recorded: its events, how long it took, how old its oldest event was. */
  usageBatch(events: number, seconds: number, lagSeconds: number | null): void
  /** Where a usage batch's time went (`phase`: see USAGE_PHASES). */
  usagePhase(phase: UsagePhase, seconds: number): void
  /** One job run ended. */
  jobRun(job: string, outcome: 'completed' | 'failed', seconds: number): void
  /** Values read when Prometheus asks (queue depths, pool use). */
  onScrape(collect: (set: ScrapeGauges) => Promise<void> | void): void
}

/** The steps of recording a usage batch (modules/usage/ingest.ts), timed one by one. */
const USAGE_PHASES = ['lookup', 'sum', 'claim', 'pending', 'commit', 'fold'] as const
export type UsagePhase = (typeof USAGE_PHASES)[number]

interface ScrapeGauges {
  jobQueue(job: string, state: string, count: number): void
  dbPool(state: 'total' | 'idle' | 'waiting', count: number): void
}

export function createMetrics(): Metrics {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry, prefix: PREFIX })

  const requests = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'HTTP requests served through the router, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    buckets: CALL_BUCKETS,
    registers: [registry],
  })
  // The hot path counts in a plain array (one increment, no label hashing); the counter is filled in
  // from it when Prometheus asks.
  const reasonIndex = Object.fromEntries(VERIFY_REASONS.map((reason, i) => [reason, i])) as Record<VerifyReason, number>
  const checkCounts = new Float64Array(VERIFY_REASONS.length * 2)
  new Counter({
    name: `${PREFIX}gateway_checks_total`,
    help: 'Key checks by answer reason and whether the key was in the cache (cache="hit").',
    labelNames: ['reason', 'cache'],
    registers: [registry],
    collect() {
      this.reset()
      VERIFY_REASONS.forEach((reason, i) => {
        this.inc({ reason, cache: 'hit' }, checkCounts[i * 2] ?? 0)
        this.inc({ reason, cache: 'miss' }, checkCounts[i * 2 + 1] ?? 0)
      })
    },
  })
  const usageEvents = new Counter({
    name: `${PREFIX}usage_events_total`,
    help: 'Usage events the gateway reported, in recorded batches.',
    registers: [registry],
  })
  const usageBatches = new Histogram({
    name: `${PREFIX}usage_batch_duration_seconds`,
    help: 'Time to record one usage batch.',
    buckets: CALL_BUCKETS,
    registers: [registry],
  })
  const usageLag = new Histogram({
    name: `${PREFIX}usage_lag_seconds`,
    help: 'How old the oldest event of a usage batch was when it was recorded.',
    buckets: [1, 5, 10, 30, 60, 300, 900, 3600, 86_400],
    registers: [registry],
  })
  const usagePhases = new Counter({
    name: `${PREFIX}usage_batch_phase_seconds_total`,
    help: 'Time spent recording usage batches, by step: lookup (batch id, keys, paths), sum (in JavaScript), claim (the batch row), pending (the per-hour sums appended), log (recent requests), prune (requests beyond the newest 10,000), commit, fold (the counters updated).',
    labelNames: ['phase'],
    registers: [registry],
  })
  const jobRuns = new Histogram({
    name: `${PREFIX}job_run_duration_seconds`,
    help: 'Background job runs on this instance, by job and outcome.',
    labelNames: ['job', 'outcome'],
    buckets: [0.01, 0.1, 0.5, 1, 5, 15, 60, 300, 900],
    registers: [registry],
  })
  const jobQueue = new Gauge({
    name: `${PREFIX}job_queue_runs`,
    help: 'Runs in the job queues (all instances), by job and state; dead letters under state="dead".',
    labelNames: ['job', 'state'],
    registers: [registry],
  })
  const pool = new Gauge({
    name: `${PREFIX}db_pool_connections`,
    help: 'This instance’s PostgreSQL pool: connections open, idle, and callers waiting for one.',
    labelNames: ['state'],
    registers: [registry],
  })

  const collectors: ((set: ScrapeGauges) => Promise<void> | void)[] = []
  const gauges: ScrapeGauges = {
    jobQueue: (job, state, count) => jobQueue.labels(job, state).set(count),
    dbPool: (state, count) => pool.labels(state).set(count),
  }
  // Read on every scrape, before the registry answers.
  new Gauge({
    name: `${PREFIX}scrape_collect_errors`,
    help: 'Collectors that failed on the last scrape (their gauges keep the previous values).',
    registers: [registry],
    async collect() {
      jobQueue.reset()
      let failed = 0
      for (const collect of collectors) {
        try {
          await collect(gauges)
        } catch {
          failed++
        }
      }
      this.set(failed)
    },
  })

  return {
    registry,
    request(method, route, status, seconds) {
      requests.labels(method, route, String(status)).observe(seconds)
    },
    gatewayCheck(reason, cached) {
      const slot = reasonIndex[reason] * 2 + (cached ? 0 : 1)
      checkCounts[slot] = (checkCounts[slot] ?? 0) + 1
    },
    usageBatch(events, seconds, lagSeconds) {
      usageEvents.inc(events)
      usageBatches.observe(seconds)
      if (lagSeconds !== null) usageLag.observe(Math.max(0, lagSeconds))
    },
    usagePhase(phase, seconds) {
      usagePhases.labels(phase).inc(seconds)
    },
    jobRun(job, outcome, seconds) {
      jobRuns.labels(job, outcome).observe(seconds)
    },
    onScrape(collect) {
      collectors.push(collect)
    },
  }
}
