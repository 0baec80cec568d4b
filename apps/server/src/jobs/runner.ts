import type { JobName, JobTrigger } from '@app/contract'
import type { FastifyBaseLogger } from 'fastify'
import PgBoss from 'pg-boss'
import type { Database } from '../db/client.ts'

// Every piece of background work is a named pg-boss job (docs/jobs.md). pg-boss keeps the queues in
// the portal's own database (schema `pgboss`), on PostgreSQL and on the embedded PGlite alike (through
// `Database.run`), so every instance shares them:
//
// - a schedule (cron, UTC) puts a run in the queue at most once a minute, whichever instance's clock
//   ticks first; a change that needs a run soon (a notification saved, an e-mail queued) puts one in
//   with `trigger`;
// - each queue is `stately`: at most one run waiting and one running, across all instances, so a
//   burst of triggers makes one follow-up run, not a pile;
// - an instance takes a waiting run with FOR UPDATE SKIP LOCKED, so one instance runs it;
// - a run that throws is tried again after a back-off (`retryLimit`, `retryDelaySeconds`, doubling);
//   one that used every try is copied to the job's dead-letter queue (`<name>-dead`), where it waits,
//   on the Jobs page, for an administrator to try it again (a new run) or leave it;
// - a run whose instance died (kill -9) stays `active` until `expireInSeconds` and is then tried again
//   by another instance; a stopping instance finishes its runs or, past the grace time, hands them
//   back at once.
//
// So a run may start twice (a retry after a crash): every job is written to be safe to repeat, and
// the ones that must happen once (bills, notification e-mails) keep that promise in their own rows.

export const JOB_SCHEMA = 'pgboss'

export interface JobContext {
  /** Aborted when the instance stops: finish the step in hand and return. */
  signal: AbortSignal
  trigger: JobTrigger
  log: FastifyBaseLogger
}

export interface JobDefinition {
  name: JobName
  /** When it runs by itself (cron, UTC), or null: only when a change or an administrator asks. */
  cron: string | null
  /** Tries after the first, and the seconds before the first of them (doubling after). */
  retryLimit: number
  retryDelaySeconds: number
  /** How long a run may take before it counts as lost (its instance died) and is tried again. */
  expireInSeconds: number
  /** How often an idle instance looks for a waiting run (a trigger on this instance wakes it at once). */
  pollSeconds?: number
  /** What the run did (shown on the Jobs page), or nothing. */
  run(job: JobContext): Promise<Record<string, unknown> | undefined>
}

/** What a run carries: why it started and, for a manual one, who asked. */
export interface RunData {
  trigger: JobTrigger
  requestedBy?: string
}

export interface JobRunner {
  readonly definitions: readonly JobDefinition[]
  /** Whether this instance works the queues. */
  readonly running: boolean
  start(): Promise<void>
  /** Stops taking runs; waits up to `graceMs` for the ones in hand, then hands them back. */
  stop(graceMs?: number): Promise<void>
  /** Asks for a run soon, after a change that needs one; nothing if one is already waiting. */
  trigger(name: JobName): void
  /** Puts a run in the queue now; null when one is already waiting. */
  enqueue(name: JobName, data: RunData): Promise<string | null>
  /** Removes a run from the job's dead-letter queue (once it has been tried again). */
  dropDead(name: JobName, id: string): Promise<void>
}

export const deadLetterQueue = (name: JobName) => `${name}-dead`

/** Runs waiting, running and failed per job, and its dead letters, across all instances (for /metrics). */
export async function queueDepths(database: Database, definitions: readonly JobDefinition[]) {
  const names = definitions.map((d) => d.name)
  const { rows } = await database.run(
    `select name, state::text as state, count(*)::int as count from ${JOB_SCHEMA}.job
     where name = any($1::text[]) and state in ('created', 'retry', 'active', 'failed') group by name, state`,
    [[...names, ...names.map(deadLetterQueue)]],
  )
  return (rows as { name: string; state: string; count: number }[]).map((row) => {
    const dead = names.find((name) => deadLetterQueue(name) === row.name)
    return dead ? { job: dead, state: 'dead', count: row.count } : { job: row.name, state: row.state, count: row.count }
  })
}

/** How often one instance expires runs whose instance died, and archives old ones. */
const MAINTENANCE_SECONDS = 30

/**
 * pg-boss's way to the portal's database (its own pool would double the connections). pg-boss does
 * not wait for everything it started when it stops (a poll in flight, the completion it writes after
 * a handler returns, neither awaited), so the runner waits for those statements to end, then closes
 * this door: a statement that comes later never reaches the database, which is about to close, and
 * never answers, so nothing acts on it (an answer of no rows would be read as a broken reply). What
 * it would have written is done again by pg-boss's own rules (a run left active expires and is tried
 * again).
 */
function connection(database: Database) {
  let inFlight = 0
  let closed = false
  return {
    db: {
      async executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }> {
        if (closed) return new Promise(() => {})
        inFlight++
        try {
          return await database.run(text, values)
        } finally {
          inFlight--
        }
      },
    },
    /** Waits until no statement has been running for a moment (at most `ms`), then refuses new ones. */
    async close(ms: number) {
      const until = Date.now() + ms
      let quiet = 0
      while (quiet < 3 && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 50))
        quiet = inFlight === 0 ? quiet + 1 : 0
      }
      closed = true
    },
  }
}

/** pg-boss on the portal's database. */
export function bossFor(
  database: Database,
  options: { supervise: boolean; maintenanceSeconds?: number; db?: ReturnType<typeof connection>['db'] },
) {
  return new PgBoss({
    db: options.db ?? connection(database).db,
    schema: JOB_SCHEMA,
    supervise: options.supervise,
    maintenanceIntervalSeconds: options.maintenanceSeconds ?? MAINTENANCE_SECONDS,
    // Completed runs stay readable on the Jobs page for a week, failed ones for a month.
    archiveCompletedAfterSeconds: 7 * 86_400,
    archiveFailedAfterSeconds: 30 * 86_400,
    deleteAfterDays: 30,
  })
}

/**
 * Creates pg-boss's tables if they are not there (its own schema, outside drizzle's migrations, which
 * pg-boss keeps up to date itself when it starts). Tests run it once on their template database.
 */
export async function installJobSchema(database: Database) {
  const boss = bossFor(database, { supervise: false })
  if (await boss.isInstalled()) return
  await database.run(PgBoss.getConstructionPlans(JOB_SCHEMA))
}

/**
 * Instances starting together make the same schema and queues at once; PostgreSQL may then refuse one
 * of them (a deadlock between the two `create_queue` calls, the other's partition or schema just
 * created). Making them is idempotent, so the refused one tries again.
 */
async function settingUp(step: () => Promise<void>) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step()
    } catch (error) {
      const code = (error as { code?: string }).code
      // Deadlock, unique violation, and a table, schema or type (any other object) that already exists.
      if (attempt >= 5 || !['40P01', '23505', '42P07', '42P06', '42710'].includes(code ?? '')) throw error
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt))
    }
  }
}

export function createJobRunner(options: {
  database: Database
  log: FastifyBaseLogger
  definitions: readonly JobDefinition[]
  /** How often runs of dead instances are expired (default 30 s; tests shorten it). */
  maintenanceSeconds?: number
  /** Told of every run this instance ends (the metrics). */
  onRun?: (job: JobName, outcome: 'completed' | 'failed', seconds: number) => void
}): JobRunner {
  const { database, log, definitions } = options
  const byName = new Map(definitions.map((definition) => [definition.name, definition]))
  let boss: PgBoss | null = null
  let door: ReturnType<typeof connection> | null = null
  let abort = new AbortController()
  const workers = new Map<JobName, string>()

  function definitionOf(name: JobName): JobDefinition {
    const definition = byName.get(name)
    if (!definition) throw new Error(`Unknown job: ${name}`)
    return definition
  }

  async function enqueue(name: JobName, data: RunData): Promise<string | null> {
    if (!boss) throw new Error('The job runner is not started')
    definitionOf(name)
    const id = await boss.send(name, { ...data })
    const worker = workers.get(name)
    if (id && worker) boss.notifyWorker(worker)
    return id
  }

  async function work(queue: PgBoss, definition: JobDefinition, job: PgBoss.Job<RunData>) {
    const started = Date.now()
    const signal = abort.signal
    // Taken by a poll that was under way when the instance began to stop: handed back at once.
    if (signal.aborted) throw new Error('The instance is stopping; the run is handed back')
    const context = { signal, trigger: job.data?.trigger ?? 'schedule', log: log.child({ job: definition.name }) }
    try {
      const result = await definition.run(context)
      log.info({ job: definition.name, id: job.id, ms: Date.now() - started, ...result }, 'job finished')
      options.onRun?.(definition.name, 'completed', (Date.now() - started) / 1000)
      // Stopped halfway: the rest is another instance's (or the next start's) to do.
      if (signal.aborted) await queue.send(definition.name, { trigger: 'event' })
      return result ?? {}
    } catch (error) {
      log.error({ err: error, job: definition.name, id: job.id }, 'job failed')
      options.onRun?.(definition.name, 'failed', (Date.now() - started) / 1000)
      throw error
    }
  }

  return {
    definitions,
    get running() {
      return boss !== null
    },
    async start() {
      if (boss) return
      abort = new AbortController()
      door = connection(database)
      const next = bossFor(database, {
        db: door.db,
        supervise: true,
        ...(options.maintenanceSeconds ? { maintenanceSeconds: options.maintenanceSeconds } : {}),
      })
      next.on('error', (error) => log.error({ err: error }, 'job queue error'))
      // Instances starting together on a new database all find pg-boss's schema missing and make it, one
      // after another under its lock; PostgreSQL may still refuse the second `create schema if not
      // exists` (a unique violation pg-boss does not expect, which stopped that instance). Made here
      // first, the refused one trying again; pg-boss then finds it made.
      await settingUp(() => installJobSchema(database))
      await next.start()
      for (const definition of definitions) {
        const queue = {
          name: definition.name,
          policy: 'stately' as const,
          deadLetter: deadLetterQueue(definition.name),
          retryLimit: definition.retryLimit,
          retryDelay: definition.retryDelaySeconds,
          retryBackoff: true,
          expireInSeconds: definition.expireInSeconds,
        }
        await settingUp(async () => {
          await next.createQueue(queue.deadLetter, { name: queue.deadLetter })
          await next.createQueue(definition.name, queue)
          // A queue made by an earlier version keeps its settings unless told.
          await next.updateQueue(definition.name, queue)
        })
        if (definition.cron)
          await next.schedule(definition.name, definition.cron, { trigger: 'schedule' }, { tz: 'UTC' })
        else await next.unschedule(definition.name)
        const workerId = await next.work<RunData>(
          definition.name,
          { pollingIntervalSeconds: definition.pollSeconds ?? 2, batchSize: 1 },
          async ([job]) => (job ? work(next, definition, job) : {}),
        )
        workers.set(definition.name, workerId)
      }
      boss = next
    },
    async stop(graceMs = 8_000) {
      const current = boss
      if (!current) return
      abort.abort()
      boss = null
      workers.clear()
      await current.stop({ graceful: true, wait: true, timeout: graceMs, close: false })
      await door?.close(2_000)
      door = null
    },
    trigger(name) {
      if (!boss) return
      enqueue(name, { trigger: 'event' }).catch((error) => log.warn({ err: error, job: name }, 'could not queue a job'))
    },
    enqueue,
    async dropDead(name, id) {
      if (!boss) throw new Error('The job runner is not started')
      await boss.deleteJob(deadLetterQueue(name), id)
    },
  }
}
