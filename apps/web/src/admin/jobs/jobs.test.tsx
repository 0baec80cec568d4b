import type { JobRun, JobSummary } from '@app/contract'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { setUpAdminScreens } from '../../test/admin-screens.ts'
import { calls, ok, openApp, refused, server } from '../../test/fake-server.tsx'

// /administrator/jobs through the real route table, admin shell and API client; only the network is
// answered. The page lists each job, starts one after a confirmation, and retries a dead letter.

setUpAdminScreens({
  pages: () => [import('./JobsPage.tsx')],
  beforeEach: () => {
    server['GET /v1/jobs'] = () => ok(jobs)
  },
})

const RUN_ID = '0b4c3c4e-2d2a-4c7e-9d6c-6f3f2b1a0e11'
const DEAD_ID = '7e1f0d55-8a41-4d0c-9b5b-1c2d3e4f5a6b'

function run(fields: Partial<JobRun>): JobRun {
  return {
    id: RUN_ID,
    job: 'throttles-sweep',
    state: 'completed',
    trigger: 'schedule',
    requested_by: null,
    created_at: '2026-11-22T09:37:00.000Z',
    started_at: '2026-11-22T09:37:01.000Z',
    finished_at: '2026-11-22T09:37:01.250Z',
    duration_ms: 250,
    retry_count: 0,
    result: { deleted: 3 },
    error: null,
    ...fields,
  }
}

function job(fields: Partial<JobSummary> & Pick<JobSummary, 'name'>): JobSummary {
  return {
    schedule: null,
    next_run_at: null,
    retry_limit: 3,
    expire_seconds: 900,
    queued: 0,
    active: 0,
    dead: 0,
    failures_24h: 0,
    last_run: null,
    ...fields,
  }
}

const jobs: JobSummary[] = [
  job({
    name: 'throttles-sweep',
    schedule: '37 * * * *',
    next_run_at: '2026-11-22T10:37:00.000Z',
    last_run: run({}),
  }),
  job({ name: 'mail-dispatch', schedule: '* * * * *', active: 1, queued: 1 }),
  job({
    name: 'payments-reconcile',
    schedule: '*/10 * * * *',
    dead: 1,
    failures_24h: 1,
    last_run: run({
      id: DEAD_ID,
      job: 'payments-reconcile',
      state: 'failed',
      result: null,
      error: 'VNPay did not answer',
    }),
  }),
  job({ name: 'billing-run' }),
]

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement

describe('/administrator/jobs', { timeout: 60_000 }, () => {
  it('lists each job with its schedule in words, its last run and its queue', async () => {
    openApp('/administrator/jobs')
    expect(await screen.findByText('Rate-limit counter clean-up')).toBeTruthy()
    const sweep = rowOf('Rate-limit counter clean-up')
    expect(within(sweep).getByText('Hourly at minute 37')).toBeTruthy()
    expect(within(sweep).getByText('Done')).toBeTruthy()
    expect(within(sweep).getByText(/250 ms/)).toBeTruthy()
    const mail = rowOf('E-mail dispatch')
    expect(within(mail).getByText('Every minute')).toBeTruthy()
    expect(within(mail).getByText('1 running')).toBeTruthy()
    expect(within(mail).getByText('1 waiting')).toBeTruthy()
    expect(within(rowOf('Payment reconciliation')).getByText('Every 10 minutes')).toBeTruthy()
    const bills = rowOf('Monthly bill run')
    expect(within(bills).getByText('When asked')).toBeTruthy()
    expect(within(bills).getByText('Never')).toBeTruthy()
  })

  it('runs a job now only after a confirmation, and says so', async () => {
    let started = 0
    server['POST /v1/jobs/billing-run/run'] = () => {
      started++
      return ok(run({ job: 'billing-run', state: 'created', trigger: 'manual' }), 'The job will start in a moment')
    }
    openApp('/administrator/jobs')
    fireEvent.click(await screen.findByLabelText('Run now: Monthly bill run'))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getAllByText('Run Monthly bill run now?').length).toBeGreaterThan(0)
    expect(started).toBe(0)
    fireEvent.click(within(dialog).getByText('Run now', { selector: 'button span' }))
    expect(await screen.findByText('The job will start in a moment')).toBeTruthy()
    expect(started).toBe(1)
  })

  it('says why a run was refused', async () => {
    server['POST /v1/jobs/billing-run/run'] = () =>
      refused(409, 'CONFLICT', 'A run of this job is already waiting to start')
    openApp('/administrator/jobs')
    fireEvent.click(await screen.findByLabelText('Run now: Monthly bill run'))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByText('Run now', { selector: 'button span' }))
    expect(
      await screen.findByText('Could not start the job: A run of this job is already waiting to start'),
    ).toBeTruthy()
  })

  it('opens the dead letters of a job and tries one again', async () => {
    const dead = run({
      id: DEAD_ID,
      job: 'payments-reconcile',
      state: 'dead',
      result: null,
      error: 'VNPay did not answer',
    })
    server['GET /v1/jobs/payments-reconcile/runs'] = (_body, query) =>
      ok({
        items: query.state === 'dead' ? [dead] : [dead, run({ job: 'payments-reconcile' })],
        total: 1,
        page: 1,
        page_size: 10,
      })
    server[`POST /v1/jobs/payments-reconcile/runs/${DEAD_ID}/retry`] = () =>
      ok(
        run({ job: 'payments-reconcile', state: 'created', trigger: 'retry' }),
        'The run will be tried again in a moment',
      )
    openApp('/administrator/jobs')
    fireEvent.click(await screen.findByLabelText('Dead letters: 1'))
    const drawer = await screen.findByRole('dialog')
    expect(await within(drawer).findByText('VNPay did not answer')).toBeTruthy()
    expect(calls.filter((c) => c.route === 'GET /v1/jobs/payments-reconcile/runs').at(-1)?.query).toMatchObject({
      state: 'dead',
    })
    fireEvent.click(within(drawer).getByText('Retry', { selector: 'button span' }))
    const [confirm] = await screen.findAllByText('Try this run again?')
    fireEvent.click(
      within(confirm?.closest('.ant-modal') as HTMLElement).getByText('Retry', { selector: 'button span' }),
    )
    await waitFor(() =>
      expect(calls.some((c) => c.route === `POST /v1/jobs/payments-reconcile/runs/${DEAD_ID}/retry`)).toBe(true),
    )
    expect(await screen.findByText('The run will be tried again in a moment')).toBeTruthy()
  })
})
