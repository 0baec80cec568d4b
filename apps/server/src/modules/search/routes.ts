import * as contract from '@app/contract'
import { ADMIN_ONLY, hasAnyRole } from '@app/contract'
import { routes } from '../../http/routes.ts'
import { searchAccounts, searchBills, searchKeys } from './queries.ts'

// The back office's header search (issue 21, docs/accounts.md "Search"): accounts for every staff
// member; bills and keys for administrators only, as their pages are (docs/access.md).

export const searchRoutes = routes((r) => {
  r.on(contract.globalSearch, async ({ ctx, user, query }) => {
    const admin = hasAnyRole(user.roles, ADMIN_ONLY)
    const [accounts, bills, keys] = await Promise.all([
      searchAccounts(ctx.db, query.q),
      admin ? searchBills(ctx.db, query.q) : [],
      admin ? searchKeys(ctx.db, query.q) : [],
    ])
    return { accounts, bills, keys }
  })
})
