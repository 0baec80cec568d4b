import * as contract from '@app/contract'
import { queryOptions } from '@tanstack/react-query'
import { call } from '../../api/client.ts'

// The dashboard's own call; its usage figures come from the statistics calls and the plan card from
// the plans feature.

/** This month's bill so far and projected to month end, priced by the one pricing function. */
export const billEstimateQuery = () =>
  queryOptions({
    queryKey: ['billing', 'estimate'],
    queryFn: async () => (await call(contract.billEstimate, { query: {} })).data,
    // Usage, and with it the estimate, grows while the page is open.
    refetchInterval: 60_000,
  })
