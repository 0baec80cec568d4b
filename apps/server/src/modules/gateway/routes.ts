import * as contract from '@app/contract'
import { routes } from '../../http/routes.ts'

export const gatewayRoutes = routes((r) => {
  r.on(contract.gatewayVerify, ({ ctx, body }) => ctx.gateway.verify(body))
  r.on(contract.gatewayVerifyGet, ({ ctx, query, req }) =>
    ctx.gateway.verify({ ...query, key: req.headers['x-api-key'] as string }),
  )
})
