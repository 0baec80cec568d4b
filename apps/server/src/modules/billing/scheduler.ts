import type { BillingRun } from '@app/contract'
import { AppError } from '../../http/errors.ts'
import { type GenerateDeps, generateBills, previousMonth } from './generate.ts'
import { monthIsBilled } from './queries.ts'

// Every instance looks every few minutes whether last month (UTC) has been billed, and once it has
// been closed for an hour starts the run if not. Two instances may both decide to: the partial unique
// index on running runs lets one in and turns the other away (409, ignored here), and the bills'
// (user, year, month) key would keep even two runs from billing anyone twice.

const CHECK_EVERY_MS = 5 * 60_000
/** Usage reported late by the gateway still lands in the month during this hour. */
const GRACE_MS = 60 * 60_000
const FIRST_CHECK_MS = 60_000

export interface BillingScheduler {
  start(): void
  stop(): Promise<void>
  /** One check; the run it started, or null. Tests call it with their own clock. */
  tick(): Promise<BillingRun | null>
}

export function createBillingScheduler(deps: GenerateDeps, options: { everyMs?: number } = {}): BillingScheduler {
  const every = options.everyMs ?? CHECK_EVERY_MS
  let timer: NodeJS.Timeout | undefined
  let running: Promise<BillingRun | null> | undefined
  let stopped = true
  let abort = new AbortController()

  async function check(): Promise<BillingRun | null> {
    const now = deps.clock.now()
    const { year, month, closedAt } = previousMonth(now)
    if (now.getTime() - closedAt.getTime() < GRACE_MS) return null
    if (await monthIsBilled(deps.db, year, month)) return null
    try {
      return await generateBills(deps, { year, month, trigger: 'schedule', actor: null, signal: abort.signal })
    } catch (error) {
      if (error instanceof AppError && error.httpStatus === 409) return null
      throw error
    }
  }

  function tick(): Promise<BillingRun | null> {
    running ??= check().finally(() => {
      running = undefined
    })
    return running
  }

  function schedule(delay: number) {
    if (stopped) return
    clearTimeout(timer)
    timer = setTimeout(() => {
      tick()
        .catch((error) => deps.log?.error({ err: error }, 'billing schedule check failed'))
        .finally(() => schedule(every))
    }, delay)
    timer.unref()
  }

  return {
    start() {
      stopped = false
      abort = new AbortController()
      schedule(FIRST_CHECK_MS)
    },
    async stop() {
      stopped = true
      clearTimeout(timer)
      abort.abort()
      await running?.catch(() => null)
    },
    tick,
  }
}
