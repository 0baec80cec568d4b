import type { Notification, RecipientFilter, RequestOf } from '@app/contract'
import * as contract from '@app/contract'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../api/client.ts'

// The back office's notification calls. The list polls every 2 s while something is waiting or being
// sent, which is how the progress (pending 0/total → sending n/total → sent n/total) stays live.

export const NOTIFICATIONS_PAGE_SIZE = 10
const POLL_MS = 2000

export type NotificationBody = RequestOf<typeof contract.createNotification>['body']

const busy = (items: Notification[] | undefined) =>
  (items ?? []).some((n) => n.status === 'pending' || n.status === 'sending')

export const notificationsQuery = (page: number, pageSize: number, keyword: string) =>
  queryOptions({
    queryKey: ['notifications', 'list', { page, pageSize, keyword }],
    queryFn: async () =>
      (
        await call(contract.listNotifications, {
          query: { page, page_size: pageSize, ...(keyword ? { keyword } : {}) },
        })
      ).data,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (busy(query.state.data?.items) ? POLL_MS : false),
  })

export const recipientsQuery = (id: string, page: number) =>
  queryOptions({
    queryKey: ['notifications', 'recipients', id, { page }],
    queryFn: async () =>
      (await call(contract.listNotificationRecipients, { params: { id }, query: { page, page_size: 10 } })).data,
    placeholderData: keepPreviousData,
  })

export const plansQuery = () =>
  queryOptions({
    queryKey: ['plans', 'all'],
    queryFn: async () => (await call(contract.listPlans)).data,
    staleTime: 60_000,
  })

export const saveNotificationCall = {
  mutationFn: ({ id, body }: { id: string | null; body: NotificationBody }) =>
    id ? call(contract.updateNotification, { params: { id }, body }) : call(contract.createNotification, { body }),
  invalidates: [['notifications']],
}

export function useDeleteNotification() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => call(contract.deleteNotification, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['notifications'] }),
    meta: { silent: true },
  })
}

export function useCountRecipients() {
  return useMutation({
    mutationFn: (recipients: RecipientFilter) => call(contract.countNotificationRecipients, { body: { recipients } }),
    meta: { silent: true },
  })
}
