import { z } from 'zod'
import { IsoDateTime, pageQueryFields } from './common.ts'
import { endpoint } from './endpoint.ts'
import { pageOf } from './envelope.ts'
import { JOB_NAMES, JOB_RUN_STATES } from './job-rules.ts'
import { ADMIN_ONLY } from './roles.ts'

// The background jobs (docs/jobs.md): each is a named pg-boss queue; administrators see each one's
// schedule and runs on /administrator/jobs, start one now and try a failed run again (both audited).

const tag = 'Jobs'

export const JobNameSchema = z.enum(JOB_NAMES)

export const JobRunState = z.enum(JOB_RUN_STATES)
export type JobRunState = z.infer<typeof JobRunState>

/** What started a run: its schedule, an administrator ("run now", "retry"), or a change that needs it. */
export const JobTrigger = z.enum(['schedule', 'manual', 'retry', 'event'])
export type JobTrigger = z.infer<typeof JobTrigger>

export const JobRun = z.object({
  id: z.string(),
  job: JobNameSchema,
  state: JobRunState,
  trigger: JobTrigger,
  /** Who asked for it, for a manual run or a retry. */
  requested_by: z.string().nullable(),
  created_at: IsoDateTime,
  started_at: IsoDateTime.nullable(),
  finished_at: IsoDateTime.nullable(),
  duration_ms: z.number().int().nullable(),
  /** Tries after the first so far. */
  retry_count: z.number().int(),
  /** The run's own summary (what it did), when it completed. */
  result: z.record(z.string(), z.unknown()).nullable(),
  /** Why it failed, when it failed. */
  error: z.string().nullable(),
})
export type JobRun = z.infer<typeof JobRun>

export const JobSummary = z.object({
  name: JobNameSchema,
  /** Cron expression (UTC), or null for a job that runs only when something asks for it. */
  schedule: z.string().nullable(),
  next_run_at: IsoDateTime.nullable(),
  retry_limit: z.number().int(),
  /** How long one run may take before it counts as lost and is tried again. */
  expire_seconds: z.number().int(),
  /** Runs waiting and running now. */
  queued: z.number().int(),
  active: z.number().int(),
  /** Runs that used every retry and wait in the dead-letter queue. */
  dead: z.number().int(),
  /** Runs that failed for good (every try used) in the last 24 hours. */
  failures_24h: z.number().int(),
  last_run: JobRun.nullable(),
})
export type JobSummary = z.infer<typeof JobSummary>

export const listJobs = endpoint({
  method: 'GET',
  path: '/v1/jobs',
  roles: ADMIN_ONLY,
  tag,
  summary: 'Every background job: its schedule, next and last run, queue and failures.',
  data: z.array(JobSummary),
})

const JobParams = z.object({ name: JobNameSchema })

export const listJobRuns = endpoint({
  method: 'GET',
  path: '/v1/jobs/{name}/runs',
  roles: ADMIN_ONLY,
  tag,
  summary: 'One job’s runs, newest first, optionally of one state (`dead`: the dead-letter queue).',
  params: JobParams,
  query: z.object({ ...pageQueryFields, state: JobRunState.optional() }),
  data: pageOf(JobRun),
})

export const runJobNow = endpoint({
  method: 'POST',
  path: '/v1/jobs/{name}/run',
  roles: ADMIN_ONLY,
  tag,
  summary: 'Start a run now (audited). Refused while a run of the job is already waiting.',
  params: JobParams,
  data: JobRun,
  successStatus: 201,
})

export const retryJobRun = endpoint({
  method: 'POST',
  path: '/v1/jobs/{name}/runs/{id}/retry',
  roles: ADMIN_ONLY,
  tag,
  summary: 'Try a failed or dead-lettered run again (audited).',
  params: z.object({ name: JobNameSchema, id: z.uuid() }),
  data: JobRun,
  successStatus: 201,
})
