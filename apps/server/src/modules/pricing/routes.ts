import * as contract from '@app/contract'
import { ok, routes } from '../../http/routes.ts'
import * as rates from './service.ts'

export const rateRoutes = routes((r) => {
  r.on(contract.listRateSettings, async ({ ctx, query }) => rates.listRateSettings(ctx, query))

  r.on(contract.createRateSetting, async ({ ctx, meta, user, body }) =>
    ok(await rates.createSetting(ctx, meta, user, body), 'pricing.created'),
  )

  r.on(contract.getRateSetting, async ({ ctx, params }) => rates.getRateSetting(ctx, params.id))

  r.on(contract.updateRateSetting, async ({ ctx, meta, user, params, body }) =>
    ok(await rates.updateSetting(ctx, meta, user, params.id, body), 'pricing.updated'),
  )

  r.on(contract.deleteRateSetting, async ({ ctx, meta, user, params }) =>
    ok(await rates.deleteSetting(ctx, meta, user, params.id), 'pricing.deleted'),
  )

  r.on(contract.createRange, async ({ ctx, meta, user, params, body }) =>
    ok(await rates.createRange(ctx, meta, user, params.id, body), 'pricing.rangeSaved'),
  )

  r.on(contract.updateRange, async ({ ctx, meta, user, params, body }) =>
    ok(await rates.updateRange(ctx, meta, user, params.id, params.rangeId, body), 'pricing.rangeSaved'),
  )

  r.on(contract.deleteRange, async ({ ctx, meta, user, params }) =>
    ok(await rates.deleteRange(ctx, meta, user, params.id, params.rangeId), 'pricing.rangeDeleted'),
  )

  r.on(contract.getFreeMonth, async ({ ctx }) => rates.getFree(ctx, 'month'))

  r.on(contract.setFreeMonth, async ({ ctx, meta, user, body }) =>
    ok(await rates.setFree(ctx, meta, user, 'month', body.free), 'pricing.freeSaved'),
  )

  r.on(contract.getFreeFirstRegister, async ({ ctx }) => rates.getFree(ctx, 'firstRegister'))

  r.on(contract.setFreeFirstRegister, async ({ ctx, meta, user, body }) =>
    ok(await rates.setFree(ctx, meta, user, 'firstRegister', body.free), 'pricing.freeSaved'),
  )

  r.on(contract.getBillingSettings, async ({ ctx }) => rates.getBilling(ctx))

  r.on(contract.setBillingSettings, async ({ ctx, meta, user, body }) =>
    ok(await rates.setBilling(ctx, meta, user, body), 'pricing.billingSaved'),
  )

  r.on(contract.getRivalRates, async ({ ctx }) => rates.getRival(ctx))

  r.on(contract.setRivalRates, async ({ ctx, meta, user, body }) =>
    ok(await rates.setRival(ctx, meta, user, body), 'pricing.rivalSaved'),
  )

  r.on(contract.priceOfOneUser, async ({ ctx, user, query }) => rates.priceOfOneUser(ctx, user, query.email))

  r.on(contract.setUserPriceBook, async ({ ctx, meta, user, params, body }) =>
    ok(await rates.setUserPriceBook(ctx, meta, user, params.id, body.is_new), 'pricing.priceBookSaved'),
  )
})
