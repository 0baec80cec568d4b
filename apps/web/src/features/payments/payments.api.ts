import * as contract from '@app/contract'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../api/client.ts'

// Calls of online and bank payments (docs/payments.md): the methods and bank details, starting a
// top-up or a bill payment, the result pages (VNPay's signed return, PayPal's capture), the customer's
// payments and saved cards. What settles a payment refreshes the balance, the logs and the bills.

export const PAYMENTS_PAGE_SIZE = 10

export const paymentOptionsQuery = () =>
  queryOptions({
    queryKey: ['payments', 'options'],
    queryFn: async () => (await call(contract.paymentOptions)).data,
    staleTime: 60_000,
  })

export const myPaymentsQuery = (page: number) =>
  queryOptions({
    queryKey: ['payments', 'mine', { page }],
    queryFn: async () => (await call(contract.myPayments, { query: { page, page_size: PAYMENTS_PAGE_SIZE } })).data,
    placeholderData: keepPreviousData,
  })

/** One payment; while it waits for the gateway it is asked again every few seconds. */
export const paymentQuery = (id: string) =>
  queryOptions({
    queryKey: ['payments', 'one', id],
    queryFn: async () => (await call(contract.getPayment, { params: { id } })).data,
    enabled: id !== '',
    refetchInterval: (query) => {
      const status = query.state.data?.status
      return status === 'pending' ? 3_000 : status === 'review' ? 15_000 : false
    },
  })

export const cardsQuery = () =>
  queryOptions({
    queryKey: ['payments', 'cards'],
    queryFn: async () => (await call(contract.listCards)).data,
  })

function useRefreshMoney() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['payments'] }),
      queryClient.invalidateQueries({ queryKey: ['balance'] }),
      queryClient.invalidateQueries({ queryKey: ['profile'] }),
      queryClient.invalidateQueries({ queryKey: ['bills'] }),
    ])
}

export interface StartPayment {
  provider: contract.PaymentProvider
  purpose: contract.PaymentPurpose
  amount: string | null
  bill_id: string | null
  paypal_domestic: boolean
}

/** Starts a payment; the screen then sends the browser to the gateway (or shows the transfer details). */
export function useStartPayment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: StartPayment) => call(contract.createPayment, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['payments', 'mine'] }),
    meta: { silent: true },
  })
}

/** The VNPay return page's check: the signed parameters as the browser got them. */
export const vnpayReturnQuery = (search: string) =>
  queryOptions({
    queryKey: ['payments', 'vnpay-return', search],
    queryFn: async () =>
      // No query schema: the parameters are VNPay's, passed through for the server to verify.
      (await call(contract.vnpayReturn, { query: Object.fromEntries(new URLSearchParams(search)) } as never)).data,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  })

export function useCapturePaypal() {
  const refresh = useRefreshMoney()
  return useMutation({
    mutationFn: (orderId: string) => call(contract.paypalCapture, { body: { order_id: orderId } }),
    onSuccess: () => refresh(),
    meta: { silent: true },
  })
}

export function useCancelPayment() {
  const refresh = useRefreshMoney()
  return useMutation({
    mutationFn: (id: string) => call(contract.cancelPayment, { params: { id } }),
    onSuccess: () => refresh(),
    meta: { silent: true },
  })
}

export function useRemoveCard() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => call(contract.removeCard, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['payments', 'cards'] }),
    meta: { silent: true },
  })
}

/** Refreshes everything money touches once a result page knows the payment is final. */
export { useRefreshMoney }
