import * as contract from '@app/contract'
import { pageParams } from '../../http/paging.ts'
import { ok, routes } from '../../http/routes.ts'
import * as keys from './service.ts'

export const keyRoutes = routes((r) => {
  r.on(contract.createKey, async ({ ctx, meta, user, body }) =>
    ok(await keys.createKey(ctx, meta, user, body), 'keys.created'),
  )

  r.on(contract.updateKey, async ({ ctx, meta, user, params, body }) =>
    ok(await keys.updateKey(ctx, meta, user, params.id, body), 'keys.updated'),
  )

  r.on(contract.deleteKey, async ({ ctx, meta, user, params }) =>
    ok(await keys.deleteKey(ctx, meta, user, params.id), 'keys.deleted'),
  )

  r.on(contract.getKey, async ({ ctx, user, params }) => keys.getKey(ctx, user, params.id))

  r.on(contract.revealKey, async ({ ctx, meta, user, params }) => ({
    key: await keys.revealKey(ctx, meta, user, params.id),
  }))

  r.on(contract.listUserKeys, async ({ ctx, user, query }) =>
    keys.pageOfKeys(
      ctx,
      {
        userId: keys.ownerFor(user, query.user_id),
        deleted: false,
        ...(query.keyword ? { keyword: query.keyword } : {}),
      },
      pageParams(query),
    ),
  )

  r.on(contract.listDeletedKeys, async ({ ctx, user, query }) =>
    keys.pageOfKeys(
      ctx,
      {
        userId: keys.ownerFor(user, query.user_id),
        deleted: true,
        ...(query.keyword ? { keyword: query.keyword } : {}),
      },
      pageParams(query),
    ),
  )

  r.on(contract.listAllKeys, async ({ ctx, query }) =>
    keys.pageOfKeys(
      ctx,
      {
        deleted: false,
        ...(query.keyword ? { keyword: query.keyword } : {}),
        ...(query.status ? { status: query.status } : {}),
      },
      pageParams(query),
    ),
  )

  r.on(contract.duplicateKey, async ({ ctx, meta, user, params }) =>
    ok(await keys.duplicateKey(ctx, meta, user, params.id), 'keys.duplicated'),
  )

  r.on(contract.rollKey, async ({ ctx, meta, user, params, body }) => {
    const key = await keys.rollKey(ctx, meta, user, params.id, body.grace_hours)
    return key.previous_key_expires_at
      ? ok(key, 'keys.rolled', { until: key.previous_key_expires_at.replace('T', ' ').slice(0, 16) })
      : ok(key, 'keys.rolledNow')
  })

  r.on(contract.suspendKey, async ({ ctx, meta, user, params }) =>
    ok(await keys.setKeyStatus(ctx, meta, user, params.id, 'suspended'), 'keys.suspended'),
  )

  r.on(contract.unsuspendKey, async ({ ctx, meta, user, params }) =>
    ok(await keys.setKeyStatus(ctx, meta, user, params.id, 'active'), 'keys.unsuspended'),
  )
})
