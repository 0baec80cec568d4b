import type { FaqStatus, RequestOf } from '@app/contract'
import * as contract from '@app/contract'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../api/client.ts'

// The back office's FAQ calls. Everything sits under ['faqs'], so a change here also refreshes what
// customers see on /faqs in this browser.

export const FAQS_PAGE_SIZE = 20
const CATEGORY_CHOICES = 100

export type FaqBody = RequestOf<typeof contract.createFaq>['body']

export interface FaqFilters {
  page: number
  pageSize: number
  keyword: string
  categoryId: string | null
  status: FaqStatus | null
}

export const adminFaqsQuery = (filters: FaqFilters) =>
  queryOptions({
    queryKey: ['faqs', 'admin', 'list', filters],
    queryFn: async () =>
      (
        await call(contract.listFaqs, {
          query: {
            page: filters.page,
            page_size: filters.pageSize,
            ...(filters.keyword ? { keyword: filters.keyword } : {}),
            ...(filters.categoryId ? { category_id: filters.categoryId } : {}),
            ...(filters.status ? { status: filters.status } : {}),
          },
        })
      ).data,
    placeholderData: keepPreviousData,
  })

export const categoriesQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['faqs', 'admin', 'categories', page, pageSize],
    queryFn: async () => (await call(contract.listFaqCategories, { query: { page, page_size: pageSize } })).data,
    placeholderData: keepPreviousData,
  })

export const categoryChoicesQuery = () =>
  queryOptions({
    queryKey: ['faqs', 'admin', 'categories', 'choices'],
    queryFn: async () =>
      (await call(contract.listFaqCategories, { query: { page: 1, page_size: CATEGORY_CHOICES } })).data.items,
  })

export async function uploadFaqImage(file: File): Promise<string> {
  const body = new FormData()
  body.append('file', file)
  return (await call(contract.uploadFaqImage, { body })).data.path
}

export const saveFaqCall = (id: string | null) => ({
  mutationFn: (body: FaqBody) =>
    id ? call(contract.updateFaq, { params: { id }, body }) : call(contract.createFaq, { body }),
  invalidates: [['faqs']],
})

export function useDeleteFaq() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => call(contract.deleteFaq, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['faqs'] }),
  })
}

type CategoryBody = RequestOf<typeof contract.createFaqCategory>['body']

export const saveCategoryCall = (id: string | null) => ({
  mutationFn: (body: CategoryBody) =>
    id ? call(contract.updateFaqCategory, { params: { id }, body }) : call(contract.createFaqCategory, { body }),
  invalidates: [['faqs']],
})

export function useDeleteCategory() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => call(contract.deleteFaqCategory, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['faqs'] }),
  })
}
