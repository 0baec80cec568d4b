import { PAGE_SIZE_DEFAULT } from '@app/contract'

/** Paging (docs/requirements.md §3.6): `page` is 1-based; the size comes as `page_size` or `size`. */
export function pageParams(query: { page: number; page_size?: number | undefined; size?: number | undefined }) {
  const pageSize = query.page_size ?? query.size ?? PAGE_SIZE_DEFAULT
  return { page: query.page, pageSize, offset: (query.page - 1) * pageSize }
}
