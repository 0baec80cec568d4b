import { z } from 'zod'

/** The envelope (docs/requirements.md §3.1) as a schema, for the server's response serialiser and the OpenAPI document. */
export function envelopeSchema<D extends z.ZodType>(data: D) {
  return z.object({
    status: z.enum(['success', 'error', 'maintain']),
    data,
    message: z.string(),
    error_code: z.string().nullable(),
  })
}

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  })
}
