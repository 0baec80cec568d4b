import { PAGE_SIZE_DEFAULT } from '@app/contract'

/** SPEC §9 paging: `page` is 1-based; the size comes as `page_size` or `size`. */
export function pageParams(query: { page: number; page_size?: number | undefined; size?: number | undefined }) {
  const pageSize = query.page_size ?? query.size ?? PAGE_SIZE_DEFAULT
  return { page: query.page, pageSize, offset: (query.page - 1) * pageSize }
}
