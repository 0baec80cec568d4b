import * as contract from '@app/contract'
import { pageParams } from '../../http/paging.ts'
import { ok, routes } from '../../http/routes.ts'
import { listJobRuns, listJobs, retryJobRun, runJobNow } from './service.ts'

// /v1/jobs (docs/jobs.md): the background jobs, for administrators.
export const jobRoutes = routes((r) => {
  r.on(contract.listJobs, ({ ctx }) => listJobs(ctx))
  r.on(contract.listJobRuns, ({ ctx, params, query }) => listJobRuns(ctx, params.name, pageParams(query), query.state))
  r.on(contract.runJobNow, async ({ ctx, meta, user, params }) =>
    ok(await runJobNow(ctx, meta, user, params.name), 'jobs.started'),
  )
  r.on(contract.retryJobRun, async ({ ctx, meta, user, params }) =>
    ok(await retryJobRun(ctx, meta, user, params.name, params.id), 'jobs.retried'),
  )
})
