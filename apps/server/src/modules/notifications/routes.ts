import * as contract from '@app/contract'
import { pageParams } from '../../http/paging.ts'
import { ok, routes } from '../../http/routes.ts'
import * as service from './service.ts'

// E-mail notifications (/administrator/notifications, docs/notifications.md): admin and support staff.

export const notificationRoutes = routes((r) => {
  r.on(contract.listNotifications, async ({ ctx, query }) => {
    const paging = pageParams(query)
    const { items, total } = await service.listNotifications(
      ctx.db,
      { keyword: query.keyword, status: query.status },
      { limit: paging.pageSize, offset: paging.offset },
    )
    return { items, total, page: paging.page, page_size: paging.pageSize }
  })

  r.on(contract.getNotification, async ({ ctx, params }) => service.getNotification(ctx.db, params.id))

  r.on(contract.createNotification, async ({ ctx, meta, user, body }) =>
    ok(await service.createNotification(ctx, meta, user, body), 'notifications.created'),
  )

  r.on(contract.updateNotification, async ({ ctx, meta, user, params, body }) =>
    ok(await service.updateNotification(ctx, meta, user, params.id, body), 'notifications.updated'),
  )

  r.on(contract.deleteNotification, async ({ ctx, meta, user, params }) => {
    await service.deleteNotification(ctx, meta, user, params.id)
    return ok(null, 'notifications.deleted')
  })

  r.on(contract.countNotificationRecipients, async ({ ctx, body }) => ({
    total: await service.countRecipients(ctx.db, body.recipients),
  }))

  r.on(contract.listNotificationRecipients, async ({ ctx, params, query }) => {
    const paging = pageParams(query)
    const { items, total } = await service.listRecipients(ctx.db, params.id, query.status, {
      limit: paging.pageSize,
      offset: paging.offset,
    })
    return { items, total, page: paging.page, page_size: paging.pageSize }
  })
})
