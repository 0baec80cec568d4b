import type { RequestOf } from '@app/contract'
import * as contract from '@app/contract'
import { queryOptions } from '@tanstack/react-query'
import { call } from '../../api/client.ts'

// Calls of the back-office plans page. Mutations are silent: the page says what failed.

export type PlanBody = RequestOf<typeof contract.createPlan>['body']

/** Every plan, for staff (customers get the plans on sale from the same call). */
export const plansQuery = () =>
  queryOptions({
    queryKey: ['plans'],
    queryFn: async () => (await call(contract.listPlans)).data,
    staleTime: 0,
  })

export const savePlanCall = {
  mutationFn: ({ id, body }: { id: string | null; body: PlanBody }) =>
    id === null ? call(contract.createPlan, { body }) : call(contract.updatePlan, { params: { id }, body }),
  invalidates: [['plans']],
}

export const changeUserPlanCall = {
  mutationFn: ({ userId, planId }: { userId: string; planId: string }) =>
    call(contract.changeUserPlan, { params: { id: userId }, body: { user_plan_id: planId } }),
  // The plans' user counts change, and so does that user's profile.
  invalidates: [['plans'], ['users']],
}
