import * as contract from '@app/contract'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { call } from '../../api/client.ts'

/** The published FAQ entries, searched on the server (words in any order). */
export const publishedFaqsQuery = (keyword: string, categoryId: string | null) =>
  queryOptions({
    queryKey: ['faqs', 'published', { keyword, categoryId }],
    queryFn: async () =>
      (
        await call(contract.publishedFaqs, {
          query: { ...(keyword ? { keyword } : {}), ...(categoryId ? { category_id: categoryId } : {}) },
        })
      ).data,
    placeholderData: keepPreviousData,
  })
