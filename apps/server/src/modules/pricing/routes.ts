import * as contract from '@app/contract'
import { ok, routes } from '../../http/routes.ts'
import * as rates from './service.ts'

export const rateRoutes = routes((r) => {
  r.on(contract.listRateSettings, async ({ ctx, query }) => rates.listRateSettings(ctx, query))

  r.on(contract.createRateSetting, async ({ ctx, req, user, body }) =>
    ok(await rates.createSetting(ctx, req, user, body), 'rates.created'),
  )

  r.on(contract.getRateSetting, async ({ ctx, params }) => rates.getRateSetting(ctx, params.id))

  r.on(contract.updateRateSetting, async ({ ctx, req, user, params, body }) =>
    ok(await rates.updateSetting(ctx, req, user, params.id, body), 'rates.updated'),
  )

  r.on(contract.deleteRateSetting, async ({ ctx, req, user, params }) =>
    ok(await rates.deleteSetting(ctx, req, user, params.id), 'rates.deleted'),
  )

  r.on(contract.createRange, async ({ ctx, req, user, params, body }) =>
    ok(await rates.createRange(ctx, req, user, params.id, body), 'rates.rangeSaved'),
  )

  r.on(contract.updateRange, async ({ ctx, req, user, params, body }) =>
    ok(await rates.updateRange(ctx, req, user, params.id, params.rangeId, body), 'rates.rangeSaved'),
  )

  r.on(contract.deleteRange, async ({ ctx, req, user, params }) =>
    ok(await rates.deleteRange(ctx, req, user, params.id, params.rangeId), 'rates.rangeDeleted'),
  )

  r.on(contract.getFreeMonth, async ({ ctx }) => rates.getFree(ctx, 'month'))

  r.on(contract.setFreeMonth, async ({ ctx, req, user, body }) =>
    ok(await rates.setFree(ctx, req, user, 'month', body.free), 'rates.freeSaved'),
  )

  r.on(contract.getFreeFirstRegister, async ({ ctx }) => rates.getFree(ctx, 'firstRegister'))

  r.on(contract.setFreeFirstRegister, async ({ ctx, req, user, body }) =>
    ok(await rates.setFree(ctx, req, user, 'firstRegister', body.free), 'rates.freeSaved'),
  )

  r.on(contract.getBillingSettings, async ({ ctx }) => rates.getBilling(ctx))

  r.on(contract.setBillingSettings, async ({ ctx, req, user, body }) =>
    ok(await rates.setBilling(ctx, req, user, body), 'rates.billingSaved'),
  )

  r.on(contract.getRivalRates, async ({ ctx }) => rates.getRival(ctx))

  r.on(contract.setRivalRates, async ({ ctx, req, user, body }) =>
    ok(await rates.setRival(ctx, req, user, body), 'rates.rivalSaved'),
  )

  r.on(contract.priceOfOneUser, async ({ ctx, user, query }) => rates.priceOfOneUser(ctx, user, query.email))

  r.on(contract.setUserPriceBook, async ({ ctx, req, user, params, body }) =>
    ok(await rates.setUserPriceBook(ctx, req, user, params.id, body.is_new), 'rates.priceBookSaved'),
  )
})
