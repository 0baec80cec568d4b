import * as contract from '@app/contract'
import { pageParams } from '../../http/paging.ts'
import { ok, routes } from '../../http/routes.ts'
import * as queries from './queries.ts'
import * as service from './service.ts'

// Coupons, coupon types, their logs and use-coupon (docs/coupons.md). Types, coupons and everyone's log are the admin's;
// a customer redeems codes and sees their own log, staff anyone's.

export const couponRoutes = routes((r) => {
  r.on(contract.listCouponTypes, async ({ ctx, query }) => {
    const paging = pageParams(query)
    const { items, total } = await queries.listCouponTypes(ctx.db, query.keyword, {
      limit: paging.pageSize,
      offset: paging.offset,
    })
    return { items, total, page: paging.page, page_size: paging.pageSize }
  })

  r.on(contract.getCouponType, async ({ ctx, params }) => service.getCouponType(ctx, params.id))

  r.on(contract.createCouponType, async ({ ctx, meta, user, body }) =>
    ok(await service.createCouponType(ctx, meta, user, body), 'coupons.typeCreated'),
  )

  r.on(contract.listCoupons, async ({ ctx, query }) => {
    const paging = pageParams(query)
    const filter = {
      keyword: query.keyword,
      typeId: query.type_id,
      available: query.available === undefined ? undefined : query.available === 'true',
    }
    const { items, total } = await queries.listCoupons(ctx.db, filter, queries.utcDate(ctx.clock.now()), {
      limit: paging.pageSize,
      offset: paging.offset,
    })
    return { items, total, page: paging.page, page_size: paging.pageSize }
  })

  r.on(contract.createCoupon, async ({ ctx, meta, user, body }) =>
    ok(await service.createCoupon(ctx, meta, user, body), 'coupons.created'),
  )

  r.on(contract.disableCoupon, async ({ ctx, meta, user, params }) =>
    ok(await service.disableCoupon(ctx, meta, user, params.id), 'coupons.disabledDone'),
  )

  r.on(contract.userCouponLogs, async ({ ctx, params, query }) => {
    const paging = pageParams(query)
    const { items, total } = await queries.listCouponLogs(
      ctx.db,
      // The guard has refused another user's log to a role that may not read it (admins only).
      { userId: params.id },
      { limit: paging.pageSize, offset: paging.offset },
    )
    return { items, total, page: paging.page, page_size: paging.pageSize }
  })

  r.on(contract.allCouponLogs, async ({ ctx, query }) => {
    const paging = pageParams(query)
    const { items, total } = await queries.listCouponLogs(
      ctx.db,
      { keyword: query.keyword },
      { limit: paging.pageSize, offset: paging.offset },
    )
    return { items, total, page: paging.page, page_size: paging.pageSize }
  })

  r.on(contract.useCoupon, async ({ ctx, user, body }) => {
    const redemption = await service.redeemCoupon(ctx, user, body.coupon)
    return ok(redemption, 'coupons.redeemed', {
      credit: redemption.log.credit,
      until: redemption.log.expires_at.slice(0, 10),
    })
  })
})
