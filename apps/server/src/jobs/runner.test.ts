import type { JobName } from '@app/contract'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../../test/helpers.ts'
import { bossFor, createJobRunner, deadLetterQueue, JOB_SCHEMA, type JobDefinition, type JobRunner } from './runner.ts'

// The job runner on the test's database (PGlite, or PostgreSQL in the server-pg project): queues and
// schedules made at start, a run taken by one instance only, retries with back-off, the dead-letter
// queue, a run its instance abandoned taken over by another, and a stop that hands runs back.

const t = await createTestApp()

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 20_000) {
  const started = Date.now()
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

async function runsOf(name: string) {
  const { rows } = await t.ctx.database.run(
    `select id, state::text as state, retry_count, output, data from ${JOB_SCHEMA}.job where name = $1
     union all select id, state::text, retry_count, output, data from ${JOB_SCHEMA}.archive where name = $1`,
    [name],
  )
  return rows as { id: string; state: string; retry_count: number; output: Record<string, unknown>; data: unknown }[]
}

const runners: JobRunner[] = []
function runner(definitions: JobDefinition[]) {
  const next = createJobRunner({ database: t.ctx.database, log: t.ctx.log, definitions, maintenanceSeconds: 1 })
  runners.push(next)
  return next
}

/** A definition for the tests, under one of the real names (the queue is the test's own database). */
function job(name: JobName, run: JobDefinition['run'], options: Partial<JobDefinition> = {}): JobDefinition {
  return {
    name,
    cron: null,
    retryLimit: 0,
    retryDelaySeconds: 1,
    expireInSeconds: 30,
    pollSeconds: 0.5,
    run,
    ...options,
  }
}

describe('the job runner', { timeout: 60_000 }, () => {
  it('makes each queue, its dead-letter queue and its schedule when it starts', async () => {
    const a = runner([
      job('throttles-sweep', async () => undefined, { cron: '37 * * * *' }),
      job('campaigns-sweep-images', async () => undefined),
    ])
    await a.start()
    const { rows: queues } = await t.ctx.database.run(`select name, policy from ${JOB_SCHEMA}.queue`, [])
    expect(queues).toEqual(
      expect.arrayContaining([
        { name: 'throttles-sweep', policy: 'stately' },
        { name: deadLetterQueue('throttles-sweep'), policy: 'standard' },
        { name: 'campaigns-sweep-images', policy: 'stately' },
      ]),
    )
    const { rows: schedules } = await t.ctx.database.run(`select name, cron, timezone from ${JOB_SCHEMA}.schedule`, [])
    expect(schedules).toEqual([{ name: 'throttles-sweep', cron: '37 * * * *', timezone: 'UTC' }])
    await a.stop()
  })

  it('gives a run to one of two instances, and keeps one waiting at most', async () => {
    let calls = 0
    let release = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const definition = job('payments-reconcile', async () => {
      calls++
      await gate
      return { done: true }
    })
    const [a, b] = [runner([definition]), runner([definition])]
    await Promise.all([a.start(), b.start()])
    const first = await a.enqueue('payments-reconcile', { trigger: 'manual', requestedBy: 'admin@example.com' })
    expect(first).toBeTruthy()
    await until(async () => (await runsOf('payments-reconcile')).some((r) => r.state === 'active'))
    // One running, one may wait; a third is refused (stately).
    expect(await b.enqueue('payments-reconcile', { trigger: 'event' })).toBeTruthy()
    expect(await a.enqueue('payments-reconcile', { trigger: 'event' })).toBeNull()
    release()
    await until(async () => (await runsOf('payments-reconcile')).filter((r) => r.state === 'completed').length === 2)
    expect(calls).toBe(2)
    const runs = await runsOf('payments-reconcile')
    expect(runs.map((r) => r.output)).toEqual([{ done: true }, { done: true }])
    await Promise.all([a.stop(), b.stop()])
  })

  it('tries a failing run again with back-off, then parks it in the dead-letter queue', async () => {
    let calls = 0
    const a = runner([
      job(
        'coupons-expire',
        async () => {
          calls++
          throw new Error(`refused ${calls}`)
        },
        { retryLimit: 2 },
      ),
    ])
    await a.start()
    await a.enqueue('coupons-expire', { trigger: 'manual' })
    await until(async () => (await runsOf('coupons-expire')).some((r) => r.state === 'failed'))
    expect(calls).toBe(3)
    const [failed] = await runsOf('coupons-expire')
    expect(failed).toMatchObject({ state: 'failed', retry_count: 2 })
    expect(failed?.output).toMatchObject({ message: 'refused 3' })
    await until(async () => (await runsOf(deadLetterQueue('coupons-expire'))).length === 1)
    const [dead] = await runsOf(deadLetterQueue('coupons-expire'))
    expect(dead).toMatchObject({ state: 'created', output: expect.objectContaining({ message: 'refused 3' }) })
    await a.stop()
  })

  it('lets another instance take over a run whose instance died, once it expires', async () => {
    let calls = 0
    const definition = job('billing-run', async () => ({ billed: false }), { expireInSeconds: 1, retryLimit: 1 })
    const queues = runner([definition])
    await queues.start()
    await queues.stop()
    // An instance takes the run and never finishes or hands it back: from the database's side, a kill -9.
    const dying = bossFor(t.ctx.database, { supervise: false })
    await dying.start()
    await dying.send('billing-run', { trigger: 'manual' })
    const [taken] = await dying.fetch('billing-run')
    expect(taken).toBeTruthy()
    const survivor = runner([
      job(
        'billing-run',
        async () => {
          calls++
          return { billed: false }
        },
        { expireInSeconds: 1, retryLimit: 1 },
      ),
    ])
    await survivor.start()
    await until(async () => (await runsOf('billing-run')).some((r) => r.state === 'completed'))
    expect(calls).toBe(1)
    const [run] = await runsOf('billing-run')
    expect(run).toMatchObject({ state: 'completed', retry_count: 1 })
    await survivor.stop()
    await dying.stop({ graceful: false, close: false })
  })

  it('on stop, finishes a run in hand within the grace time and hands back one that does not', async () => {
    let aborted = false
    const definition = job(
      'throttles-sweep',
      (context) =>
        new Promise((resolve) => {
          context.signal.addEventListener('abort', () => {
            aborted = true
            resolve({ stoppedEarly: true })
          })
        }),
    )
    const a = runner([definition])
    await a.start()
    const id = await a.enqueue('throttles-sweep', { trigger: 'manual' })
    await until(async () => (await runsOf('throttles-sweep')).some((r) => r.id === id && r.state === 'active'))
    await a.stop(5_000)
    expect(aborted).toBe(true)
    const runs = await runsOf('throttles-sweep')
    expect(runs.find((r) => r.id === id)).toMatchObject({ state: 'completed', output: { stoppedEarly: true } })
    // The rest is another instance's: a follow-up run waits.
    expect(runs.filter((r) => r.state === 'created')).toHaveLength(1)

    const stubborn = runner([job('campaigns-sweep-images', () => new Promise(() => {}), { retryLimit: 1 })])
    await stubborn.start()
    const held = await stubborn.enqueue('campaigns-sweep-images', { trigger: 'manual' })
    await until(async () => (await runsOf('campaigns-sweep-images')).some((r) => r.state === 'active'))
    const stopping = Date.now()
    await stubborn.stop(1_000)
    expect(Date.now() - stopping).toBeLessThan(5_000)
    // Handed back: failed by this instance, so it is tried again (retry) by whoever runs next.
    expect((await runsOf('campaigns-sweep-images')).find((r) => r.id === held)?.state).toBe('retry')
  })
})

afterAll(async () => {
  for (const r of runners) await r.stop(0)
  await t.close()
})
