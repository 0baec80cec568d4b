import * as contract from '@app/contract'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../api/client.ts'

// The customer's e-mail change calls (docs/email-change.md): their own requests, newest first, and
// a new request. Everything sits under ['email-change', 'own'].

const OWN_REQUESTS = 10

export const ownEmailChangeRequestsQuery = (userId: string) =>
  queryOptions({
    queryKey: ['email-change', 'own', userId],
    queryFn: async () =>
      (await call(contract.userEmailChangeRequests, { query: { user_id: userId, page: 1, page_size: OWN_REQUESTS } }))
        .data,
  })

export type EmailChangeBody = contract.RequestOf<typeof contract.requestEmailChange>['body']

export function useRequestEmailChange() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: EmailChangeBody) => call(contract.requestEmailChange, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['email-change', 'own'] }),
    meta: { silent: true },
  })
}
