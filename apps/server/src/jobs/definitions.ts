import type { Ctx } from '../context.ts'
import { sweep as sweepThrottles } from '../lib/throttle.ts'
import { emailNewBills } from '../modules/billing/notices.ts'
import { billLastMonthIfDue } from '../modules/billing/scheduler.ts'
import { sweepLooseImages } from '../modules/campaigns/service.ts'
import { expireCoupons } from '../modules/coupons/expiry.ts'
import { measureKeyCaps } from '../modules/keys/caps.ts'
import { reconcile } from '../modules/payments/reconcile.ts'
import { renewPlans } from '../modules/plans/renewal.ts'
import { foldAllLanes } from '../modules/usage/ingest.ts'
import { rollUpDailyUsage } from '../modules/usage/rollup.ts'
import type { NotificationWorker } from './notifications.ts'
import type { JobContext, JobDefinition } from './runner.ts'

// The portal's background jobs (docs/jobs.md has the table). Under NODE_ENV=test the schedules of the
// jobs that change money or data on the calendar (bills, coupon expiry, reconciliation, clean-ups) are
// off, as they always were there, so that a journey's clock-driven data is only what it makes; they
// still run when asked. Sending mail and notifications keeps its schedule everywhere.

/** How long one run of a draining job keeps going before it hands the rest to a fresh run. */
const DRAIN_BUDGET_MS = 4 * 60_000

/**
 * Calls `round` until it reports nothing left, the instance stops, or the budget is spent; in the last
 * two cases a follow-up run is asked for, so a long send is many short runs (each within its expiry).
 */
async function drain(job: JobContext, round: () => Promise<number>, again: () => void) {
  const started = Date.now()
  let handled = 0
  for (;;) {
    if (job.signal.aborted) break
    const count = await round()
    handled += count
    if (count === 0) return { handled }
    if (Date.now() - started > DRAIN_BUDGET_MS) {
      again()
      return { handled, continued: true }
    }
  }
  return { handled, stopped: true }
}

export function jobDefinitions(
  ctx: Ctx,
  parts: { notifications: NotificationWorker; trigger: (name: JobDefinition['name']) => void },
): JobDefinition[] {
  const calendar = ctx.config.env !== 'test'
  return [
    {
      name: 'billing-run',
      cron: calendar ? '*/5 * * * *' : null,
      retryLimit: 3,
      retryDelaySeconds: 300,
      expireInSeconds: 3600,
      async run(job) {
        const run = await billLastMonthIfDue(ctx, job.signal)
        if (run && run.created > 0) parts.trigger('bills-notify')
        return run ? { year: run.year, month: run.month, created: run.created, status: run.status } : { billed: false }
      },
    },
    {
      // E-mails each new bill to its customer once (modules/billing/notices.ts); asked for after every
      // bill run, and on a schedule for a run whose request was lost. It only follows the bills, so on in
      // tests too.
      name: 'bills-notify',
      cron: '*/5 * * * *',
      retryLimit: 5,
      retryDelaySeconds: 60,
      expireInSeconds: 15 * 60,
      pollSeconds: 2,
      run: (job) =>
        drain(
          job,
          () => emailNewBills(ctx),
          () => parts.trigger('bills-notify'),
        ),
    },
    {
      name: 'notifications-send',
      cron: '* * * * *',
      retryLimit: 5,
      retryDelaySeconds: 30,
      expireInSeconds: 15 * 60,
      pollSeconds: 1,
      run: (job) => drain(job, parts.notifications.runOnce, () => parts.trigger('notifications-send')),
    },
    {
      name: 'mail-dispatch',
      cron: '* * * * *',
      retryLimit: 5,
      retryDelaySeconds: 30,
      expireInSeconds: 15 * 60,
      pollSeconds: 1,
      async run(job) {
        return { sent: await ctx.mail.dispatch(job.signal) }
      },
    },
    {
      name: 'coupons-expire',
      cron: calendar ? '*/5 * * * *' : null,
      retryLimit: 3,
      retryDelaySeconds: 120,
      expireInSeconds: 30 * 60,
      async run(job) {
        const result = await expireCoupons(ctx, { signal: job.signal })
        return { expired: result.expired, taken_back_cents: String(result.takenBackCents) }
      },
    },
    {
      name: 'payments-reconcile',
      cron: calendar ? '*/10 * * * *' : null,
      retryLimit: 3,
      retryDelaySeconds: 120,
      expireInSeconds: 30 * 60,
      run: () => reconcile(ctx),
    },
    {
      name: 'campaigns-sweep-images',
      cron: calendar ? '7 * * * *' : null,
      retryLimit: 2,
      retryDelaySeconds: 300,
      expireInSeconds: 15 * 60,
      run: async () => ({ deleted: await sweepLooseImages(ctx.db, ctx.clock.now()) }),
    },
    {
      name: 'throttles-sweep',
      cron: calendar ? '37 * * * *' : null,
      retryLimit: 2,
      retryDelaySeconds: 300,
      expireInSeconds: 15 * 60,
      run: async () => ({ deleted: await sweepThrottles(ctx.db, ctx.clock.now()) }),
    },
    {
      // Every batch folds its own usage before it answers; this picks up a fold lost to a crash
      // between a batch's commit and its fold (docs/usage.md "Ingestion"). Harmless at any time, so on
      // in tests too.
      name: 'usage-fold',
      cron: '* * * * *',
      retryLimit: 2,
      retryDelaySeconds: 30,
      expireInSeconds: 5 * 60,
      run: async () => ({ folded: await foldAllLanes(ctx.db) }),
    },
    {
      // Moves closed days' hourly usage into the daily counters; readers see the same figures before
      // and after (docs/usage.md "Daily counters, rolled up by a job"), so on in tests too.
      name: 'usage-rollup',
      cron: '17 * * * *',
      retryLimit: 2,
      retryDelaySeconds: 300,
      expireInSeconds: 30 * 60,
      run: async () => rollUpDailyUsage(ctx.db, ctx.clock.now()),
    },
    {
      // Measures every capped key's month and refuses the keys at their cap (docs/gateway.md "Monthly
      // caps"); also asked for soon after usage arrives. On in tests too: it only follows the usage.
      name: 'key-caps',
      cron: '* * * * *',
      retryLimit: 2,
      retryDelaySeconds: 30,
      expireInSeconds: 10 * 60,
      pollSeconds: 2,
      run: async (job) => ({ ...(await measureKeyCaps(ctx, { signal: job.signal })) }),
    },
    {
      // Plans bought from the balance renew monthly (docs/pricing.md "Plans renew"): charges, reminders,
      // grace periods and moves to the default plan, each step once (modules/plans/renewal.ts).
      name: 'plans-renew',
      cron: calendar ? '23 * * * *' : null,
      retryLimit: 3,
      retryDelaySeconds: 300,
      expireInSeconds: 30 * 60,
      run: async (job) => ({ ...(await renewPlans(ctx, { signal: job.signal })) }),
    },
  ]
}
