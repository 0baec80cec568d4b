import { z } from 'zod'

/** A prefixed id such as `usr_01jd…`. */
export const Id = z.string().regex(/^[a-z]{2,5}_[0-9a-z]{26}$/, { error: 'validation.invalid' })
export const IdParams = z.object({ id: Id })

/** Money on the wire: an exact decimal string with two places ("12.50"), never a binary float. */
export const Money = z.string().regex(/^-?\d+\.\d{2}$/)

export const IsoDateTime = z.string()

/** A simple `{ok}`-style answer for calls whose only result is the message. */
export const Done = z.null()

/** Paging by `page` (1-based) with `page_size` or `size` (docs/requirements.md §3.6). */
export const pageQueryFields = {
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).optional(),
  size: z.coerce.number().int().min(1).max(100).optional(),
}
