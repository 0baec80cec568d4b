import * as contract from '@app/contract'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../api/client.ts'

// The back office's payment calls: every payment with its filters, the decisions on bank transfers and
// payments in review, reconciliation, and the bank account customers transfer to.

export const ADMIN_PAYMENTS_PAGE_SIZE = 20

export interface PaymentFilters {
  page: number
  provider: contract.PaymentProvider | null
  status: contract.PaymentStatus | null
  userId: string | null
  keyword: string
  alertsOnly: boolean
}

export const adminPaymentsQuery = (f: PaymentFilters, pageSize: number) =>
  queryOptions({
    queryKey: ['admin-payments', 'list', { ...f, pageSize }],
    queryFn: async () =>
      (
        await call(contract.allPayments, {
          query: {
            page: f.page,
            page_size: pageSize,
            ...(f.provider ? { provider: f.provider } : {}),
            ...(f.status ? { status: f.status } : {}),
            ...(f.userId ? { user_id: f.userId } : {}),
            ...(f.keyword ? { user_keyword: f.keyword } : {}),
            ...(f.alertsOnly ? { alert: 'true' as const } : {}),
          },
        })
      ).data,
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  })

export function useDecidePayment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, decision, note }: { id: string; decision: 'confirm' | 'reject'; note: string }) =>
      call(decision === 'confirm' ? contract.confirmPayment : contract.rejectPayment, {
        params: { id },
        body: { note },
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin-payments'] }),
        queryClient.invalidateQueries({ queryKey: ['balance'] }),
        queryClient.invalidateQueries({ queryKey: ['bills'] }),
      ]),
    meta: { silent: true },
  })
}

/**
 * Refunds a top-up through its provider (docs/payments.md "Refunds"). The dialog makes one
 * `Idempotency-Key` when it opens, so a double click or a retry after a lost answer is the same refund.
 */
export function useRefundPayment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, amount, reason, key }: { id: string; amount: string; reason: string; key: string }) =>
      call(contract.refundPayment, { params: { id }, body: { amount, reason }, headers: { 'idempotency-key': key } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin-payments'] }),
        queryClient.invalidateQueries({ queryKey: ['balance'] }),
      ]),
    meta: { silent: true },
  })
}

/** "Check with VNPay": settles the payment's VNPay refund in flight by VNPay's answer (docs/payments.md "Refunds"). */
export function useCheckRefund() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => call(contract.checkRefund, { params: { id } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin-payments'] }),
        queryClient.invalidateQueries({ queryKey: ['balance'] }),
      ]),
    meta: { silent: true },
  })
}

export function useReconcile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => call(contract.reconcilePayments),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin-payments'] }),
    meta: { silent: true },
  })
}

export const bankSettingsQuery = () =>
  queryOptions({
    queryKey: ['admin-payments', 'bank'],
    queryFn: async () => (await call(contract.getBankSettings)).data,
  })

export function useSaveBankSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: contract.BankDetails) => call(contract.setBankSettings, { body }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(bankSettingsQuery().queryKey, data)
      return queryClient.invalidateQueries({ queryKey: ['payments', 'options'] })
    },
    meta: { silent: true },
  })
}
