import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/client.ts'
import type { Clock } from '../lib/clock.ts'
import { sweep as sweepThrottles } from '../lib/throttle.ts'
import { sweepLooseImages } from '../modules/campaigns/service.ts'

const EVERY_MS = 60 * 60_000

/**
 * Hourly clean-up on every instance (each delete is idempotent, so instances may overlap):
 * - campaign images uploaded but never saved with a campaign (a form left open, a closed tab) are
 *   deleted a day after upload;
 * - throttle counters whose window and block ended more than a day ago are dropped, so the
 *   `throttles` table holds only live counters.
 */
export async function runHousekeeping(db: Db, now: Date) {
  await sweepLooseImages(db, now)
  await sweepThrottles(db, now)
}

export function createHousekeeping(deps: { db: Db; clock: Clock; log: FastifyBaseLogger }) {
  let timer: NodeJS.Timeout | undefined
  return {
    start() {
      timer = setInterval(() => {
        runHousekeeping(deps.db, deps.clock.now()).catch((error) =>
          deps.log.error({ err: error }, 'hourly housekeeping failed'),
        )
      }, EVERY_MS)
      timer.unref()
    },
    stop() {
      clearInterval(timer)
    },
  }
}
