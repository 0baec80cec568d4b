import * as contract from '@app/contract'
import { routes } from '../../http/routes.ts'

export const gatewayRoutes = routes((r) => {
  r.on(contract.gatewayVerify, async ({ ctx, body }) => ctx.gateway.verify(body))
})
