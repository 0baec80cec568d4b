import * as contract from '@app/contract'
import { ok, routes } from '../../http/routes.ts'
import { readSeller, setSeller } from './seller.ts'
import { readSupportContact, setSupportContact } from './support-contact.ts'

// /administrator/settings: the support contact and the seller printed on bills. (Maintenance lives in system/routes.ts; the exchange
// rate and discount in pricing; the bank account in payments.)

export const settingsRoutes = routes((r) => {
  r.on(contract.getSupportContact, async ({ ctx }) => readSupportContact(ctx.db))

  r.on(contract.setSupportContact, async ({ ctx, meta, user, body }) =>
    ok(await setSupportContact(ctx, meta, user, body), 'settings.support.saved'),
  )

  r.on(contract.getSeller, async ({ ctx }) => readSeller(ctx.db))

  r.on(contract.setSeller, async ({ ctx, meta, user, body }) =>
    ok(await setSeller(ctx, meta, user, body), 'settings.seller.saved'),
  )
})
