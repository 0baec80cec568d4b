import * as contract from '@app/contract'
import { ok, routes } from '../../http/routes.ts'
import { readSupportContact, setSupportContact } from './support-contact.ts'

// /administrator/settings: the support contact. (Maintenance lives in system/routes.ts; the exchange
// rate and discount in pricing; the bank account in payments.)

export const settingsRoutes = routes((r) => {
  r.on(contract.getSupportContact, async ({ ctx }) => readSupportContact(ctx.db))

  r.on(contract.setSupportContact, async ({ ctx, meta, user, body }) =>
    ok(await setSupportContact(ctx, meta, user, body), 'settings.support.saved'),
  )
})
