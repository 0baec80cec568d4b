import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/client.ts'
import type { Clock } from '../lib/clock.ts'
import { sweepLooseImages } from '../modules/campaigns/service.ts'

const EVERY_MS = 60 * 60_000

/**
 * Campaign images uploaded but never saved with a campaign (a form left open, a closed tab) are deleted
 * a day after upload, once an hour on every instance (the delete is idempotent).
 */
export function createLooseImageSweeper(deps: { db: Db; clock: Clock; log: FastifyBaseLogger }) {
  let timer: NodeJS.Timeout | undefined
  return {
    start() {
      timer = setInterval(() => {
        sweepLooseImages(deps.db, deps.clock.now()).catch((error) =>
          deps.log.error({ err: error }, 'sweeping loose campaign images failed'),
        )
      }, EVERY_MS)
      timer.unref()
    },
    stop() {
      clearInterval(timer)
    },
  }
}
