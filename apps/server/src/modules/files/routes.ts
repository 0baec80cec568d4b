import * as contract from '@app/contract'
import { notFound } from '../../http/errors.ts'
import { routes } from '../../http/routes.ts'
import { findFile } from './files.ts'

export const fileRoutes = routes((r) => {
  r.on(contract.getFile, async ({ ctx, params, reply, req }) => {
    const file = await findFile(ctx.db, params.id)
    if (!file) throw notFound()
    const etag = `"${file.sha256}"`
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', etag)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .header('content-security-policy', "default-src 'none'")
      .type(file.contentType)
    if (req.headers['if-none-match'] === etag) return reply.code(304).send()
    return reply.send(file.data)
  })
})
