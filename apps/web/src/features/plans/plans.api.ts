import * as contract from '@app/contract'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../api/client.ts'

// Calls of the dashboard's plan card. The use counters move while the page is open, so the card
// refreshes every minute, like the usage figures beside it.

const REFRESH_MS = 60_000
const dashboardKey = ['plans', 'dashboard'] as const

/** The signed-in user's plan, its limits and use in the current windows, the offers and the balance. */
export const planDashboardQuery = () =>
  queryOptions({
    queryKey: dashboardKey,
    queryFn: async () => (await call(contract.planDashboard)).data,
    refetchInterval: REFRESH_MS,
  })

/** Buy or upgrade to a plan, paid from the balance. The card shows a refusal itself. */
export function useBuyPlan() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (planId: string) => call(contract.buyPlan, { params: { id: planId } }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(dashboardKey, data)
      // The balance and the plan badge in the header come from the profile.
      return queryClient.invalidateQueries({ queryKey: ['profile'] })
    },
    meta: { silent: true },
  })
}
