import * as contract from '@app/contract'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { ApiError, call } from '../../api/client.ts'
import { billQuery } from '../billing/billing.api.ts'

// Calls of the customer's balance: /payment (balance, coupon redemption, both logs, the low-balance
// alert), the dashboard's runway card and the bill page's "Pay from balance". Whatever moves the
// balance refreshes the summary, the logs and the profile (the header's balance comes from it).

const LOG_PAGE_SIZE = 10

/** The balance log's filter: every movement, or only credits or only debits. */
export const LOG_FILTERS = ['all', 'credit', 'debit'] as const
export type LogFilter = (typeof LOG_FILTERS)[number]

export function isLogFilter(value: string | null): value is LogFilter {
  return (LOG_FILTERS as readonly (string | null)[]).includes(value)
}

/** The balance, this month's spend, the days it lasts at that pace, and the alert threshold. */
export const balanceSummaryQuery = () =>
  queryOptions({
    queryKey: ['balance', 'summary'],
    queryFn: async () => (await call(contract.balanceSummary, { query: {} })).data,
    // The month's spend grows with usage while the page is open.
    refetchInterval: 60_000,
  })

/** A page of the user's balance log, newest first. */
export const balanceLogsQuery = (userId: string, page: number, filter: LogFilter) =>
  queryOptions({
    queryKey: ['balance', 'logs', { userId, page, filter }],
    queryFn: async () =>
      (
        await call(contract.userBalanceLogs, {
          params: { id: userId },
          query: { page, page_size: LOG_PAGE_SIZE, filter_type: filter },
        })
      ).data,
    placeholderData: keepPreviousData,
    enabled: userId !== '',
  })

/** A page of the user's coupon redemptions. */
export const couponLogsQuery = (userId: string, page: number) =>
  queryOptions({
    queryKey: ['balance', 'coupons', { userId, page }],
    queryFn: async () =>
      (await call(contract.userCouponLogs, { params: { id: userId }, query: { page, page_size: LOG_PAGE_SIZE } })).data,
    placeholderData: keepPreviousData,
    enabled: userId !== '',
  })

function useRefreshBalance() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['balance'] }),
      queryClient.invalidateQueries({ queryKey: ['profile'] }),
      queryClient.invalidateQueries({ queryKey: ['plans', 'dashboard'] }),
    ])
}

/** Redeems a coupon code. The form shows a refusal itself ("Coupon use failed" and the reason). */
export function useRedeemCoupon() {
  const refresh = useRefreshBalance()
  return useMutation({
    mutationFn: (code: string) => call(contract.useCoupon, { body: { coupon: code } }),
    onSuccess: () => refresh(),
    meta: { silent: true },
  })
}

/** Sets the low-balance alert (an amount in USD as typed, e.g. "25.00"), or turns it off with null. */
export function useSetBalanceAlert() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (threshold: string | null) => call(contract.setBalanceAlert, { body: { threshold } }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(balanceSummaryQuery().queryKey, data)
    },
    meta: { silent: true },
  })
}

/**
 * Pays one bill from the balance. Each confirmed click sends its own `Idempotency-Key`, so a request
 * the network repeats is answered once by the server and never pays twice.
 */
export function usePayBill(billId: string) {
  const queryClient = useQueryClient()
  const refresh = useRefreshBalance()
  return useMutation({
    mutationFn: (idempotencyKey: string) =>
      call(contract.payBill, { params: { id: billId }, headers: { 'idempotency-key': idempotencyKey } }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(billQuery(billId).queryKey, (bill) =>
        bill ? { ...bill, paid: true, paid_at: data.paid_at } : bill,
      )
      return Promise.all([queryClient.invalidateQueries({ queryKey: ['bills', 'list'] }), refresh()])
    },
    meta: { silent: true },
  })
}

/** The refusal of a payment because the balance is short: the screen offers a top-up. */
export function isInsufficientBalance(error: unknown): boolean {
  return error instanceof ApiError && error.code === contract.ErrorCode.InsufficientBalance
}
