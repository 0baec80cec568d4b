import * as contract from '@app/contract'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { call } from '../../api/client.ts'
import { type DateRange, rangeQuery } from '../usage/usage-range.ts'

/** The back office's key figures over a period, with the daily sign-ups, usage and top users. */
export const overviewQuery = (range: DateRange) =>
  queryOptions({
    queryKey: ['usage', 'overview', { range }],
    queryFn: async () => (await call(contract.overview, { query: rangeQuery(range) })).data,
    placeholderData: keepPreviousData,
  })
