import * as contract from '@app/contract'
import { pageParams } from '../../http/paging.ts'
import { ok, routes } from '../../http/routes.ts'
import * as queries from './queries.ts'
import * as service from './service.ts'

// E-mail change calls, paths as the customer wrote them (docs/requirements.md §3.2). Customers ask and read their own requests; admin and
// support (the change-email page) list every request and decide.

export const emailChangeRoutes = routes((r) => {
  r.on(contract.requestEmailChange, async ({ ctx, meta, user, body }) =>
    ok(await service.requestChange(ctx, meta, user, body), 'emailChange.requested'),
  )

  r.on(contract.listEmailChangeRequests, async ({ ctx, query }) => {
    const paging = pageParams(query)
    const { items, total } = await queries.listEmailChangeRequests(
      ctx.db,
      { keyword: query.keyword },
      { limit: paging.pageSize, offset: paging.offset },
    )
    return { items, total, page: paging.page, page_size: paging.pageSize }
  })

  r.on(contract.userEmailChangeRequests, async ({ ctx, query }) => {
    const paging = pageParams(query)
    const { items, total } = await queries.listEmailChangeRequests(
      ctx.db,
      // The guard has refused another user's requests to a role that may not read them.
      { userId: query.user_id },
      { limit: paging.pageSize, offset: paging.offset },
    )
    return { items, total, page: paging.page, page_size: paging.pageSize }
  })

  r.on(contract.activeEmailChangeRequests, async ({ ctx, query }) => {
    const paging = pageParams(query)
    const { items, total } = await queries.listEmailChangeRequests(
      ctx.db,
      { keyword: query.keyword, status: query.status },
      { limit: paging.pageSize, offset: paging.offset },
      query.status === 'unaccomplished',
    )
    return { items, total, page: paging.page, page_size: paging.pageSize }
  })

  r.on(contract.checkNewEmailUsed, async ({ ctx, user, query }) => {
    const used = query.new_email === user.email || (await queries.isEmailTaken(ctx.db, query.new_email, user.id))
    return ok({ new_email: query.new_email, used }, used ? 'emailChange.emailUsed' : 'emailChange.emailFree')
  })

  r.on(contract.completeEmailChange, async ({ ctx, meta, user, params }) => {
    const request = await service.completeChange(ctx, meta, user, params.id)
    return ok(request, 'emailChange.completed', { email: request.new_email })
  })

  r.on(contract.refuseEmailChange, async ({ ctx, meta, user, params, body }) =>
    ok(await service.refuseChange(ctx, meta, user, params.id, body.refuse_reason), 'emailChange.refused'),
  )
})
