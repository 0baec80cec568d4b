import * as contract from '@app/contract'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../api/client.ts'

// The back office's e-mail change calls (docs/email-change.md). Everything sits under
// ['email-change'], so a decision refreshes every list. Mutations are silent: the page says what failed.

export const EMAIL_CHANGE_PAGE_SIZE = 20

export type View = 'active' | 'all'
export type Status = contract.EmailChangeRequest['status']

export interface EmailChangeFilters {
  view: View
  status: Status
  keyword: string
  userId: string
  page: number
  pageSize: number
}

export const emailChangesQuery = (f: EmailChangeFilters) =>
  queryOptions({
    queryKey: ['email-change', 'staff', f],
    queryFn: async () => {
      const paging = { page: f.page, page_size: f.pageSize }
      const keyword = f.keyword ? { keyword: f.keyword } : {}
      if (f.userId)
        return (await call(contract.userEmailChangeRequests, { query: { ...paging, user_id: f.userId } })).data
      if (f.view === 'all')
        return (await call(contract.listEmailChangeRequests, { query: { ...paging, ...keyword } })).data
      return (await call(contract.activeEmailChangeRequests, { query: { ...paging, ...keyword, status: f.status } }))
        .data
    },
    placeholderData: keepPreviousData,
  })

export function useCompleteEmailChange() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => call(contract.completeEmailChange, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['email-change'] }),
    meta: { silent: true },
  })
}

export function useRefuseEmailChange() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, refuse_reason }: { id: string; refuse_reason: string }) =>
      call(contract.refuseEmailChange, { params: { id }, body: { refuse_reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['email-change'] }),
    meta: { silent: true },
  })
}
