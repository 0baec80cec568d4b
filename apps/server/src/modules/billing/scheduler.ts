import type { BillingRun } from '@app/contract'
import { AppError } from '../../http/errors.ts'
import { type GenerateDeps, generateBills, previousMonth } from './generate.ts'
import { monthIsBilled } from './queries.ts'

// The `billing-run` job (docs/jobs.md) asks every five minutes whether last month (UTC) has been billed,
// and once it has been closed for an hour starts the run if not. Two instances may both decide to (a
// retry after a crash, a manual run beside the scheduled one): the partial unique index on running
// runs lets one in and turns the other away (409, ignored here), and the bills' (user, year, month)
// key would keep even two runs from billing anyone twice.

/** Usage reported late by the gateway still lands in the month during this hour. */
const GRACE_MS = 60 * 60_000

/** Bills last month if it is due and not billed yet; the run it made, or null. */
export async function billLastMonthIfDue(deps: GenerateDeps, signal?: AbortSignal): Promise<BillingRun | null> {
  const now = deps.clock.now()
  const { year, month, closedAt } = previousMonth(now)
  if (now.getTime() - closedAt.getTime() < GRACE_MS) return null
  if (await monthIsBilled(deps.db, year, month)) return null
  try {
    return await generateBills(deps, { year, month, trigger: 'schedule', actor: null, ...(signal ? { signal } : {}) })
  } catch (error) {
    if (error instanceof AppError && error.httpStatus === 409) return null
    throw error
  }
}
