import * as contract from '@app/contract'
import { queryOptions, type UseQueryResult } from '@tanstack/react-query'
import { App } from 'antd'
import { useEffect } from 'react'
import { call } from '../../api/client.ts'
import { serverMessage } from '../../api/errors.ts'

// Calls of the pricing popup. Prices change rarely (an admin edits them), so an answer is kept for
// five minutes: reopening the popup shows it at once.

const PRICES_STALE_MS = 300_000

/** The signed-in user's effective price book: what their bills and the popup use. */
export const priceBookQuery = () =>
  queryOptions({
    queryKey: ['pricing', 'price-book'],
    queryFn: async () => (await call(contract.priceOfOneUser, { query: {} })).data,
    staleTime: PRICES_STALE_MS,
  })

/** The rival's list prices per 1000 requests, for the popup's comparison switch. */
export const rivalRatesQuery = () =>
  queryOptions({
    queryKey: ['pricing', 'rival'],
    queryFn: async () => (await call(contract.getRivalRates)).data,
    staleTime: PRICES_STALE_MS,
  })

/**
 * docs/requirements.md §3.5: the popup shows the server's message in an error toast when a call does not succeed. A
 * network failure was already announced by the client, so it is not shown twice.
 */
export function useErrorToast(query: UseQueryResult<unknown>) {
  const { message } = App.useApp()
  const { isError, error, errorUpdatedAt } = query
  useEffect(() => {
    if (!isError || errorUpdatedAt === 0) return
    const reason = serverMessage(error)
    if (reason) message.error(reason)
  }, [isError, error, errorUpdatedAt, message])
}
