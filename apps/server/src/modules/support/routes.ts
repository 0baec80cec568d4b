import * as contract from '@app/contract'
import { pageParams } from '../../http/paging.ts'
import { ok, routes } from '../../http/routes.ts'
import { readUploadBuffer, storeImage } from '../files/files.ts'
import * as queries from './queries.ts'
import * as service from './service.ts'

// /support/request (a customer's own tickets) and /administrator/support (everyone's).

export const supportRoutes = routes((r) => {
  r.on(contract.listOwnTickets, async ({ ctx, user, query }) => {
    const paging = pageParams(query)
    const { items, total } = await queries.listTickets(
      ctx.db,
      { userId: user.id, status: query.status },
      { limit: paging.pageSize, offset: paging.offset },
    )
    return { items, total, page: paging.page, page_size: paging.pageSize }
  })

  r.on(contract.listAllTickets, async ({ ctx, query }) => {
    const paging = pageParams(query)
    const { items, total } = await queries.listTickets(
      ctx.db,
      { userId: query.user_id, status: query.status, keyword: query.keyword || undefined },
      { limit: paging.pageSize, offset: paging.offset },
    )
    return { items, total, page: paging.page, page_size: paging.pageSize }
  })

  r.on(contract.createTicket, async ({ ctx, user, body }) =>
    ok(await service.createTicket(ctx, user, body), 'support.created'),
  )

  r.on(contract.getTicket, async ({ ctx, user, params }) => service.getTicket(ctx, user, params.id))

  r.on(contract.replyTicket, async ({ ctx, meta, user, params, body }) =>
    ok(await service.replyTicket(ctx, meta, user, params.id, body), 'support.replied'),
  )

  r.on(contract.closeTicket, async ({ ctx, meta, user, params }) =>
    ok(await service.setTicketStatus(ctx, meta, user, params.id, 'closed'), 'support.closedDone'),
  )

  r.on(contract.reopenTicket, async ({ ctx, meta, user, params }) =>
    ok(await service.setTicketStatus(ctx, meta, user, params.id, 'open'), 'support.reopened'),
  )

  r.on(contract.uploadTicketImage, async ({ ctx, user, file }) => {
    const data = await readUploadBuffer(file, 'support.imageTooLarge')
    const image = await storeImage(ctx.db, { ownerId: user.id, purpose: 'ticket', data, now: ctx.clock.now() })
    return ok({ path: image.path }, 'support.imageUploaded')
  })

  r.on(contract.ticketReferences, async ({ ctx, user }) => queries.listReferenceChoices(ctx.db, user.id))
})
