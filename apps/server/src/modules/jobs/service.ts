import { createRequire } from 'node:module'
import {
  ErrorCode,
  type JobName,
  type JobRun,
  type JobRunState,
  type JobSummary,
  type JobTrigger,
  type Page,
} from '@app/contract'
import type { Ctx } from '../../context.ts'
import { conflict, notFound } from '../../http/errors.ts'
import { deadLetterQueue, JOB_SCHEMA, type RunData } from '../../jobs/runner.ts'
import type { AuthUser } from '../../lib/auth-user.ts'
import type { RequestMeta } from '../../lib/request-meta.ts'
import { writeAudit } from '../audit/audit.ts'

// The Jobs page (docs/jobs.md "The Jobs page"): what pg-boss keeps of each queue, read from its tables
// (`job` holds the runs of the last days, `archive` older ones), and the two things an administrator
// may do: start a run now, and try a dead-lettered run again. Both are audited.

interface RunRow {
  id: string
  name: string
  state: string
  data: Partial<RunData> | null
  output: Record<string, unknown> | null
  retry_count: number
  created_on: Date | string
  started_on: Date | string | null
  completed_on: Date | string | null
}

// cron-parser is CommonJS whose named exports Node cannot see from an ES module; pg-boss loads it the same way.
const { parseExpression } = createRequire(import.meta.url)('cron-parser') as typeof import('cron-parser')

const COLUMNS = 'id, name, state::text as state, data, output, retry_count, created_on, started_on, completed_on'
/** A queue's runs wherever pg-boss keeps them. */
const RUNS = `(select ${COLUMNS} from ${JOB_SCHEMA}.job union all select ${COLUMNS} from ${JOB_SCHEMA}.archive) runs`

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())

/** pg-boss keeps a failure as a serialised error in `output`. */
function errorOf(output: Record<string, unknown> | null): string | null {
  if (!output) return null
  const value = output.message ?? output.value
  return typeof value === 'string' ? value : JSON.stringify(output)
}

function toRun(job: JobName, row: RunRow): JobRun {
  const dead = row.name !== job
  const state: JobRunState = dead ? 'dead' : (row.state as JobRunState)
  const failed = state === 'failed' || state === 'dead' || state === 'retry'
  const started = iso(row.started_on)
  const finished = state === 'completed' || state === 'failed' || state === 'cancelled' ? iso(row.completed_on) : null
  const trigger: JobTrigger = row.data?.trigger ?? 'schedule'
  return {
    id: row.id,
    job,
    state,
    trigger,
    requested_by: row.data?.requestedBy ?? null,
    created_at: iso(row.created_on) ?? new Date(0).toISOString(),
    started_at: started,
    finished_at: finished,
    duration_ms: started && finished ? new Date(finished).getTime() - new Date(started).getTime() : null,
    retry_count: row.retry_count,
    result: !failed && state === 'completed' ? row.output : null,
    error: failed ? errorOf(row.output) : null,
  }
}

function definitionOf(ctx: Ctx, name: JobName) {
  const definition = ctx.jobs.definitions.find((d) => d.name === name)
  if (!definition) throw notFound('jobs.notFound')
  return definition
}

function nextRun(cron: string | null, now: Date): string | null {
  if (!cron) return null
  return parseExpression(cron, { tz: 'UTC', currentDate: now }).next().toDate().toISOString()
}

async function rows<T>(ctx: Ctx, text: string, values: unknown[]): Promise<T[]> {
  return (await ctx.database.run(text, values)).rows as T[]
}

export async function listJobs(ctx: Ctx): Promise<JobSummary[]> {
  const now = ctx.clock.now()
  const names = ctx.jobs.definitions.map((d) => d.name)
  const dead = names.map(deadLetterQueue)
  const counts = await rows<{ name: string; queued: number; active: number; dead: number; failures: number }>(
    ctx,
    `select name,
            count(*) filter (where state in ('created', 'retry'))::int as queued,
            count(*) filter (where state = 'active')::int as active,
            count(*) filter (where state = 'created')::int as dead,
            count(*) filter (where state = 'failed' and completed_on > $2::timestamptz - interval '1 day')::int as failures
     from ${RUNS} where name = any($1::text[]) group by name`,
    [[...names, ...dead], now.toISOString()],
  )
  const latest = await rows<RunRow>(
    ctx,
    `select distinct on (name) * from ${RUNS}
     where name = any($1::text[]) and state <> 'created'
     order by name, coalesce(started_on, created_on) desc`,
    [names],
  )
  const countOf = (name: string) => counts.find((c) => c.name === name)
  return ctx.jobs.definitions.map((definition) => {
    const own = countOf(definition.name)
    const last = latest.find((r) => r.name === definition.name)
    return {
      name: definition.name,
      schedule: definition.cron,
      next_run_at: nextRun(definition.cron, now),
      retry_limit: definition.retryLimit,
      expire_seconds: definition.expireInSeconds,
      queued: own?.queued ?? 0,
      active: own?.active ?? 0,
      dead: countOf(deadLetterQueue(definition.name))?.dead ?? 0,
      failures_24h: own?.failures ?? 0,
      last_run: last ? toRun(definition.name, last) : null,
    }
  })
}

export async function listJobRuns(
  ctx: Ctx,
  name: JobName,
  paging: { page: number; pageSize: number; offset: number },
  state: JobRunState | undefined,
): Promise<Page<JobRun>> {
  definitionOf(ctx, name)
  // The dead-letter queue's waiting copies are the job's `dead` runs.
  const [where, values]: [string, unknown[]] =
    state === 'dead'
      ? [`name = $1 and state = 'created'`, [deadLetterQueue(name)]]
      : state
        ? [`name = $1 and state = $2::text::${JOB_SCHEMA}.job_state`, [name, state]]
        : [`(name = $1 or (name = $2 and state = 'created'))`, [name, deadLetterQueue(name)]]
  const [page, [total]] = await Promise.all([
    rows<RunRow>(
      ctx,
      `select * from ${RUNS} where ${where} order by created_on desc, id limit ${paging.pageSize} offset ${paging.offset}`,
      values,
    ),
    rows<{ n: number }>(ctx, `select count(*)::int as n from ${RUNS} where ${where}`, values),
  ])
  return {
    items: page.map((row) => toRun(name, row)),
    total: total?.n ?? 0,
    page: paging.page,
    page_size: paging.pageSize,
  }
}

function assertRunning(ctx: Ctx) {
  if (!ctx.jobs.running) throw conflict(ErrorCode.Conflict, 'jobs.notRunning')
}

async function runById(ctx: Ctx, name: JobName, id: string): Promise<JobRun> {
  const [row] = await rows<RunRow>(ctx, `select * from ${RUNS} where id = $1 and name = $2`, [id, name])
  if (!row) throw notFound('jobs.runNotFound')
  return toRun(name, row)
}

export async function runJobNow(ctx: Ctx, meta: RequestMeta, actor: AuthUser, name: JobName): Promise<JobRun> {
  definitionOf(ctx, name)
  assertRunning(ctx)
  const id = await ctx.jobs.enqueue(name, { trigger: 'manual', requestedBy: actor.email })
  if (!id) throw conflict(ErrorCode.Conflict, 'jobs.alreadyQueued')
  await writeAudit(
    ctx.db,
    actor,
    meta,
    { action: 'jobs.run', targetType: 'job', targetId: name, after: { run: id } },
    ctx.clock.now(),
  )
  return runById(ctx, name, id)
}

export async function retryJobRun(
  ctx: Ctx,
  meta: RequestMeta,
  actor: AuthUser,
  name: JobName,
  deadId: string,
): Promise<JobRun> {
  definitionOf(ctx, name)
  const [dead] = await rows<RunRow>(ctx, `select * from ${RUNS} where id = $1 and name in ($2, $3)`, [
    deadId,
    name,
    deadLetterQueue(name),
  ])
  if (!dead) throw notFound('jobs.runNotFound')
  if (dead.name !== deadLetterQueue(name) || dead.state !== 'created')
    throw conflict(ErrorCode.Conflict, 'jobs.notRetryable')
  assertRunning(ctx)
  const id = await ctx.jobs.enqueue(name, { trigger: 'retry', requestedBy: actor.email })
  if (!id) throw conflict(ErrorCode.Conflict, 'jobs.alreadyQueued')
  await ctx.jobs.dropDead(name, deadId)
  await writeAudit(
    ctx.db,
    actor,
    meta,
    {
      action: 'jobs.retry',
      targetType: 'job',
      targetId: name,
      before: { dead: deadId, error: errorOf(dead.output) },
      after: { run: id },
    },
    ctx.clock.now(),
  )
  return runById(ctx, name, id)
}
