import * as contract from '@app/contract'
import type { FastifyReply } from 'fastify'
import { routes } from '../../http/routes.ts'

export const gatewayRoutes = routes((r) => {
  r.on(contract.gatewayVerify, ({ ctx, body }) => ctx.gateway.verify(body))
  r.on(contract.gatewayVerifyGet, ({ ctx, query, req }) =>
    ctx.gateway.verify({ ...query, key: req.headers['x-api-key'] as string }),
  )
  r.on(contract.gatewayAuthorize, async ({ ctx, query, req, reply }) => {
    const headers = req.headers as Record<string, string | undefined>
    const result = await ctx.gateway.verify({
      key: headers['x-api-key'] as string,
      service: query.service,
      origin: headers['x-call-origin'] || null,
      referer: headers['x-call-referer'] || null,
      ip: headers['x-call-ip'] || null,
    })
    return authorizeReply(reply, result)
  })
})

/** The headers of an authorize answer (the fast path writes the same ones, fast-path.ts). */
export function authorizeHeaders(result: contract.VerifyResult): Record<string, string> {
  const headers: Record<string, string> = {
    'x-gateway-reason': result.reason,
    'x-gateway-status': String(contract.REFUSAL_STATUS[result.reason]),
  }
  if (result.key_id !== null) headers['x-gateway-key-id'] = result.key_id
  if (result.remaining !== null) {
    headers['x-gateway-remaining'] = String(result.remaining)
    // This answer counted the call against a plan quota: a proxy that keeps verdicts (nginx's verdict
    // cache, deploy/nginx/gateway.conf) must ask again for the next call, or the count would miss it.
    headers['x-accel-expires'] = '0'
  }
  return headers
}

function authorizeReply(reply: FastifyReply, result: contract.VerifyResult): FastifyReply {
  return reply
    .code(contract.authorizeStatus(result.reason))
    .headers({ ...authorizeHeaders(result), 'cache-control': 'no-store' })
    .send()
}
