import { STEP_UP_WINDOW_MINUTES, stepUp, stepUpStatus } from '@app/contract'
import { ok, routes } from '../../http/routes.ts'
import * as service from './service.ts'

export const stepUpRoutes = routes((r) => {
  r.on(stepUpStatus, async ({ ctx, user }) => ok(await service.stepUpStatus(ctx, user), 'stepUp.status'))

  r.on(stepUp, async ({ ctx, user, body }) =>
    ok(await service.verifyStepUp(ctx, user, service.proofOf(body)), 'stepUp.confirmed', {
      minutes: STEP_UP_WINDOW_MINUTES,
    }),
  )
})
