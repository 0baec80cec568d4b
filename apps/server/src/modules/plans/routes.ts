import * as contract from '@app/contract'
import { ok, routes } from '../../http/routes.ts'
import * as plans from './service.ts'

export const planRoutes = routes((r) => {
  r.on(contract.listPlans, async ({ ctx, user }) => plans.listPlans(ctx, user))

  r.on(contract.createPlan, async ({ ctx, meta, user, body }) =>
    ok(await plans.createPlanFor(ctx, meta, user, body), 'plans.created'),
  )

  r.on(contract.updatePlan, async ({ ctx, meta, user, params, body }) =>
    ok(await plans.updatePlanFor(ctx, meta, user, params.id, body), 'plans.updated'),
  )

  r.on(contract.planDashboard, async ({ ctx, meta, user }) => plans.dashboard(ctx, user, meta.lang))

  r.on(contract.buyPlan, async ({ ctx, meta, user, params }) => plans.buy(ctx, meta.lang, user, params.id))

  r.on(contract.changeUserPlan, async ({ ctx, meta, user, params, body }) => {
    const changed = await plans.changeUserPlan(ctx, meta, user, params.id, body.user_plan_id)
    return ok(changed, 'plans.changed', { plan: changed.name_of_user_plan_id })
  })
})
