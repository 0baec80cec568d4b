import type { RequestOf, TicketStatus } from '@app/contract'
import * as contract from '@app/contract'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../api/client.ts'

// The support calls (tickets, their images, what a ticket may point at, FAQ suggestions). Everything
// sits under ['support'], so a change made here refreshes every list and ticket on screen.

export const TICKETS_PAGE_SIZE = 10

export type TicketBody = RequestOf<typeof contract.createTicket>['body']

export const ownTicketsQuery = (page: number, status: TicketStatus | null) =>
  queryOptions({
    queryKey: ['support', 'own', { page, status }],
    queryFn: async () =>
      (
        await call(contract.listOwnTickets, {
          query: { page, page_size: TICKETS_PAGE_SIZE, ...(status ? { status } : {}) },
        })
      ).data,
    placeholderData: keepPreviousData,
  })

/** Every customer's tickets for staff, or one customer's (`userId`, the customer page's tab). */
export const allTicketsQuery = (
  page: number,
  pageSize: number,
  status: TicketStatus | null,
  keyword: string,
  userId?: string,
) =>
  queryOptions({
    queryKey: ['support', 'all', { page, pageSize, status, keyword, userId }],
    queryFn: async () =>
      (
        await call(contract.listAllTickets, {
          query: {
            page,
            page_size: pageSize,
            ...(status ? { status } : {}),
            ...(keyword ? { keyword } : {}),
            ...(userId ? { user_id: userId } : {}),
          },
        })
      ).data,
    placeholderData: keepPreviousData,
  })

export const ticketQuery = (id: string) =>
  queryOptions({
    queryKey: ['support', 'ticket', id],
    queryFn: async () => (await call(contract.getTicket, { params: { id } })).data,
  })

export const referencesQuery = () =>
  queryOptions({
    queryKey: ['support', 'references'],
    queryFn: async () => (await call(contract.ticketReferences)).data,
    staleTime: 60_000,
  })

/** Published FAQ entries whose words match what is being typed as a ticket's title. */
export const faqSuggestionsQuery = (title: string) =>
  queryOptions({
    queryKey: ['faqs', 'suggest', title],
    queryFn: async () =>
      (await call(contract.publishedFaqs, { query: { keyword: title, limit: contract.FAQ_SUGGESTIONS } })).data.items,
    enabled: title.length >= 3,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  })

export async function uploadTicketImage(file: File): Promise<string> {
  const body = new FormData()
  body.append('file', file)
  return (await call(contract.uploadTicketImage, { body })).data.path
}

export function useCreateTicket() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: TicketBody) => call(contract.createTicket, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['support'] }),
    meta: { silent: true },
  })
}

export function useReplyTicket(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { content: string; images: string[] }) => call(contract.replyTicket, { params: { id }, body }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(['support', 'ticket', id], data)
      return queryClient.invalidateQueries({ queryKey: ['support'] })
    },
    meta: { silent: true },
  })
}

export function useTicketStatus(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (to: 'open' | 'closed') =>
      to === 'closed'
        ? call(contract.closeTicket, { params: { id } })
        : call(contract.reopenTicket, { params: { id } }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(['support', 'ticket', id], data)
      return queryClient.invalidateQueries({ queryKey: ['support'] })
    },
  })
}
