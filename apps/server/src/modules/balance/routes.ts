import * as contract from '@app/contract'
import { pageParams } from '../../http/paging.ts'
import { ok, routes } from '../../http/routes.ts'
import * as service from './service.ts'

// docs/requirements.md §10 and docs/balance.md: the balance log, an administrator's credit, paying a bill from
// the balance (with `Idempotency-Key`), and the balance summary with its low-balance alert.

export const balanceRoutes = routes((r) => {
  r.on(contract.userBalanceLogs, async ({ ctx, meta, user, params, query }) =>
    service.userLogs(ctx, meta.lang, user, params.id, pageParams(query), query),
  )

  r.on(contract.allBalanceLogs, async ({ ctx, meta, query }) =>
    service.allLogs(ctx, meta.lang, pageParams(query), query),
  )

  r.on(contract.addBalance, async ({ ctx, meta, user, params, body }) =>
    ok(await service.addBalance(ctx, meta, user, params.id, body), 'balance.added'),
  )

  r.on(contract.payBill, async ({ ctx, req, user, params }) => {
    const header = req.headers['idempotency-key']
    const key = typeof header === 'string' ? header : undefined
    const answer = await service.payBill(ctx, user, params.id, key)
    return ok(answer.data, answer.messageKey, answer.params)
  })

  r.on(contract.balanceSummary, async ({ ctx, user, query }) => service.summary(ctx, user, query.user_id))

  r.on(contract.setBalanceAlert, async ({ ctx, user, body }) =>
    ok(await service.setAlert(ctx, user, body.threshold), 'balance.alertSaved'),
  )
})
