import * as contract from '@app/contract'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { call } from '../../api/client.ts'

export const OUTBOX_PAGE_SIZE = 20

/** One page of the outbox, newest first; the previous page stays on screen while the next loads. */
export const outboxQuery = (page: number, pageSize: number, keyword: string) =>
  queryOptions({
    queryKey: ['outbox', 'list', { page, pageSize, keyword }],
    queryFn: async () =>
      (
        await call(contract.listOutbox, {
          query: { page, page_size: pageSize, ...(keyword ? { keyword } : {}) },
        })
      ).data,
    placeholderData: keepPreviousData,
  })

export const outboxMessageQuery = (id: string) =>
  queryOptions({
    queryKey: ['outbox', 'message', id],
    queryFn: async () => (await call(contract.getOutboxMessage, { params: { id } })).data,
  })
