import * as contract from '@app/contract'
import { and, eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { call, createTestApp, createUser, usePeerApp, userWithToken } from '../../../test/helpers.ts'
import { auditLog, billingRuns, emailOutbox, throttles } from '../../db/schema/index.ts'
import { bossFor, deadLetterQueue } from '../../jobs/runner.ts'
import { hit } from '../../lib/throttle.ts'

// The Jobs page's calls (docs/jobs.md), with the app working its job queues: every job listed with its
// schedule and runs, "run now" and "retry" audited, and refused to anyone but an administrator.

const t = await createTestApp({}, { jobs: true })
afterAll(() => t.close())
const admin = await userWithToken(t, ['admin'])
const support = await userWithToken(t, ['support'])
const customer = await userWithToken(t, ['customer'])

async function until(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const started = Date.now()
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const runsOf = async (name: contract.JobName, state?: contract.JobRunState) =>
  (
    await call(
      t,
      contract.listJobRuns,
      { params: { name }, query: { page_size: 50, ...(state ? { state } : {}) } },
      { token: admin.token },
    )
  ).body.data.items

/** A second handle on the queues, as another instance's would be. */
const queue = bossFor(t.ctx.database, { supervise: false })
await queue.start()
afterAll(() => queue.stop({ graceful: false, close: false }))

describe('the Jobs page', { timeout: 60_000 }, () => {
  it('lists every job with its schedule and next run, to administrators only', async () => {
    const res = await call(t, contract.listJobs, {}, { token: admin.token })
    expect(res.status).toBe(200)
    const jobs = res.body.data
    expect(jobs.map((j) => j.name)).toEqual([...contract.JOB_NAMES])
    const mail = jobs.find((j) => j.name === 'mail-dispatch')
    expect(mail).toMatchObject({ schedule: '* * * * *', retry_limit: 5 })
    // The clock says 08:00:00 on 2 November: the next minute.
    expect(mail?.next_run_at).toBe('2026-11-02T08:01:00.000Z')
    // Under NODE_ENV=test the calendar jobs run only when asked.
    expect(jobs.find((j) => j.name === 'billing-run')).toMatchObject({ schedule: null, next_run_at: null })
    for (const token of [support.token, customer.token]) {
      expect((await call(t, contract.listJobs, {}, { token })).status).toBe(403)
      expect((await call(t, contract.runJobNow, { params: { name: 'throttles-sweep' } }, { token })).status).toBe(403)
    }
  })

  it('runs a job now, says who asked, keeps what it did, and audits it', async () => {
    const longAgo = new Date(t.clock.now().getTime() - 3 * 86_400_000)
    await hit(t.ctx.db, 'jobs-test:idle', 5, 60, longAgo)
    const res = await call(t, contract.runJobNow, { params: { name: 'throttles-sweep' } }, { token: admin.token })
    expect(res.status).toBe(201)
    expect(res.body.message).toBe('The job will start in a moment')
    expect(res.body.data).toMatchObject({ job: 'throttles-sweep', trigger: 'manual', requested_by: admin.user.email })
    const id = res.body.data.id
    await until(async () => (await runsOf('throttles-sweep')).some((r) => r.id === id && r.state === 'completed'))
    const run = (await runsOf('throttles-sweep')).find((r) => r.id === id)
    expect(run).toMatchObject({ result: { deleted: 1 }, error: null })
    expect(run?.duration_ms).toBeGreaterThanOrEqual(0)
    expect(await t.ctx.db.select().from(throttles).where(eq(throttles.bucket, 'jobs-test:idle'))).toEqual([])
    const audited = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'jobs.run'), eq(auditLog.targetId, 'throttles-sweep')))
    expect(audited).toHaveLength(1)
    expect(audited[0]).toMatchObject({ actorId: admin.user.id, after: { run: id } })
    const listed = (await call(t, contract.listJobs, {}, { token: admin.token })).body.data
    expect(listed.find((j) => j.name === 'throttles-sweep')?.last_run).toMatchObject({ id, state: 'completed' })
  })

  it('refuses a second run while one waits', async () => {
    // Another instance's run, waiting for its start time.
    await queue.send('campaigns-sweep-images', { trigger: 'event' }, { startAfter: 3600 })
    const res = await call(
      t,
      contract.runJobNow,
      { params: { name: 'campaigns-sweep-images' } },
      { token: admin.token },
    )
    expect(res.status).toBe(409)
    expect(res.body.message).toBe('A run of this job is already waiting to start')
  })

  it('tries a dead-lettered run again as a new run, once, and audits it', async () => {
    // What pg-boss leaves in the dead-letter queue when a run used every try.
    const deadId = await queue.send(deadLetterQueue('payments-reconcile'), { trigger: 'schedule' })
    expect(deadId).toBeTruthy()
    const dead = await runsOf('payments-reconcile', 'dead')
    expect(dead.map((r) => r.id)).toEqual([deadId])
    expect(
      (await call(t, contract.listJobs, {}, { token: admin.token })).body.data.find(
        (j) => j.name === 'payments-reconcile',
      )?.dead,
    ).toBe(1)

    const res = await call(
      t,
      contract.retryJobRun,
      { params: { name: 'payments-reconcile', id: deadId as string } },
      { token: admin.token },
    )
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({ trigger: 'retry', requested_by: admin.user.email })
    expect(await runsOf('payments-reconcile', 'dead')).toEqual([])
    await until(async () =>
      (await runsOf('payments-reconcile')).some((r) => r.id === res.body.data.id && r.state === 'completed'),
    )
    const audited = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'jobs.retry'))
    expect(audited[0]).toMatchObject({
      targetId: 'payments-reconcile',
      before: { dead: deadId },
      after: { run: res.body.data.id },
    })

    // Only a dead-lettered run can be tried again, and only once.
    const again = await call(
      t,
      contract.retryJobRun,
      { params: { name: 'payments-reconcile', id: deadId as string } },
      { token: admin.token },
    )
    expect(again.status).toBe(404)
    const completed = await call(
      t,
      contract.retryJobRun,
      { params: { name: 'payments-reconcile', id: res.body.data.id } },
      { token: admin.token },
    )
    expect(completed.status).toBe(409)
    expect(completed.body.message).toBe('Only a failed run can be tried again')
  })

  it('answers a bad job name with a field error', async () => {
    const res = await call(
      t,
      contract.listJobRuns,
      { params: { name: 'nope' as contract.JobName }, query: {} },
      { token: admin.token },
    )
    expect(res.status).toBe(400)
  })
})

describe('two instances working the queues', { timeout: 90_000 }, async () => {
  const peer = await usePeerApp(t, { jobs: true })

  it("send a notification's e-mails once each, whichever instance takes each round", async () => {
    const tag = `two-${Date.now().toString(36)}`
    for (let i = 0; i < 25; i++) await createUser(t, { email: `${tag}-${i}@example.com` })
    const res = await call(
      t,
      contract.createNotification,
      {
        body: {
          name: 'Both',
          subject: 'Both',
          content: '<p>Hello</p>',
          recipients: { all: false, email_contains: tag },
        },
      },
      { token: admin.token },
    )
    expect(res.status).toBe(201)
    // Both instances are asked at once, as a save on one and a schedule on the other would.
    t.ctx.jobs.trigger('notifications-send')
    peer.ctx.jobs.trigger('notifications-send')
    const progress = async () =>
      (await call(t, contract.getNotification, { params: { id: res.body.data.id } }, { token: admin.token })).body.data
    await until(async () => (await progress()).status === 'sent', 60_000)
    const sent = (await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'notification'))).filter(
      (m) => m.toAddress.startsWith(`${tag}-`),
    )
    expect(sent).toHaveLength(25)
    expect(new Set(sent.map((m) => m.toAddress)).size).toBe(25)
    expect(await progress()).toMatchObject({ success: 25, failed: 0, total: 25 })
  })

  it('bill last month once when both instances are told to', async () => {
    const [a, b] = await Promise.all([
      call(t, contract.runJobNow, { params: { name: 'billing-run' } }, { token: admin.token }),
      call(peer, contract.runJobNow, { params: { name: 'billing-run' } }, { token: admin.token }),
    ])
    // One run waits; the second ask is refused, or waits after the first already started.
    expect([a.status, b.status].filter((s) => s === 201).length).toBeGreaterThanOrEqual(1)
    await until(async () => {
      const runs = await runsOf('billing-run')
      return runs.length > 0 && runs.every((r) => r.state === 'completed')
    })
    const october = await t.ctx.db
      .select()
      .from(billingRuns)
      .where(and(eq(billingRuns.year, 2026), eq(billingRuns.month, 10)))
    expect(october).toHaveLength(1)
    expect(october[0]).toMatchObject({ status: 'done', trigger: 'schedule' })
  })
})
