import * as contract from '@app/contract'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { ApiError, call, download } from '../../api/client.ts'
import { currentLang } from '../../i18n/lang.ts'

// Calls of the customer's bill screens (/billing and /billing/{id}). A bill is a snapshot written once
// a month closes; only its paid state and its VAT request change afterwards.

const BILLS_PAGE_SIZE = 10

/** The signed-in user's bills, newest month first. */
export const billsQuery = (page: number) =>
  queryOptions({
    queryKey: ['bills', 'list', { page }],
    queryFn: async () => (await call(contract.listBills, { query: { page, page_size: BILLS_PAGE_SIZE } })).data,
    placeholderData: keepPreviousData,
  })

/** One bill with its lines, tiers and VAT request. */
export const billQuery = (id: string) =>
  queryOptions({
    queryKey: ['bills', 'one', id],
    queryFn: async () => (await call(contract.getBill, { params: { id } })).data,
  })

export type VatBody = contract.BodyOf<typeof contract.requestVat>

/** Asks for a VAT invoice; the answer is the bill with its new request, shown at once. */
export function useRequestVat(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: VatBody) => call(contract.requestVat, { params: { id }, body }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(billQuery(id).queryKey, data)
      // The list marks bills with a VAT request.
      void queryClient.invalidateQueries({ queryKey: ['bills', 'list'] })
    },
    meta: { silent: true },
  })
}

export type BillFileKind = 'pdf' | 'xlsx'

/**
 * Downloads the bill as PDF or XLSX with the signed-in token in the Authorization header (no token in
 * an address, nothing to expire), in the reader's language, saved under the bill's code.
 */
export async function downloadBillFile(bill: { id: string; code: string }, kind: BillFileKind): Promise<void> {
  await download(
    kind === 'pdf' ? contract.billPdf : contract.billXlsx,
    { params: { id: bill.id }, query: { lang: currentLang() } },
    `${bill.code}.${kind}`,
  )
}

/** A bill that does not exist, or is someone else's: the server answers 404 (a malformed id, 400). */
export function isMissingBill(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false
  return (
    error.httpStatus === 404 ||
    error.code === contract.ErrorCode.NotFound ||
    (error.httpStatus === 400 && error.code === contract.ErrorCode.Validation)
  )
}
