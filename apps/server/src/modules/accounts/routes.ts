import * as contract from '@app/contract'
import { pageParams } from '../../http/paging.ts'
import { ok, routes } from '../../http/routes.ts'
import { listAccounts } from './queries.ts'
import { accountOf, createAccount, setAccountRole, setAccountStatus, toggleAccountFlag } from './service.ts'

export const accountRoutes = routes((r) => {
  r.on(contract.listUsers, async ({ db, query }) => {
    const { page, pageSize, offset } = pageParams(query)
    const { items, total } = await listAccounts(db, {
      keyword: query.keyword || undefined,
      status: query.status,
      group: query.group,
      role: query.role,
      sortBy: query.sort_by,
      sortMode: query.sort_mode,
      offset,
      limit: pageSize,
    })
    return { items, total, page, page_size: pageSize }
  })

  r.on(contract.getAccount, async ({ db, params }) => accountOf(db, params.id))

  r.on(contract.createUser, async ({ ctx, meta, user, body }) => {
    const account = await createAccount(ctx, meta, user, body)
    return ok(account, account.status === 'active' ? 'accounts.created' : 'accounts.createdSuspended')
  })

  r.on(contract.suspendUser, async ({ ctx, meta, user, params }) =>
    ok(await setAccountStatus(ctx, meta, user, params.id, 'suspended'), 'accounts.suspended'),
  )

  r.on(contract.unsuspendUser, async ({ ctx, meta, user, params }) =>
    ok(await setAccountStatus(ctx, meta, user, params.id, 'active'), 'accounts.unsuspended'),
  )

  r.on(contract.setUserAdmin, async ({ ctx, meta, user, query }) =>
    ok(await setAccountRole(ctx, meta, user, query.user_id, query.name), 'accounts.roleChanged', { role: query.name }),
  )

  r.on(contract.changeActiveAfterCreated, async ({ ctx, meta, user, params }) =>
    ok(await toggleAccountFlag(ctx, meta, user, params.id, 'activeAfterCreated'), 'accounts.flagChanged'),
  )

  r.on(contract.changeCheckBalance, async ({ ctx, meta, user, params }) =>
    ok(await toggleAccountFlag(ctx, meta, user, params.id, 'checkBalance'), 'accounts.flagChanged'),
  )

  r.on(contract.changeEnjoyDiscount, async ({ ctx, meta, user, params }) =>
    ok(await toggleAccountFlag(ctx, meta, user, params.id, 'enjoyDiscount'), 'accounts.flagChanged'),
  )
})
