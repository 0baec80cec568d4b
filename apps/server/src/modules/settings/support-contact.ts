import type { SupportContact } from '@app/contract'
import type { Ctx } from '../../context.ts'
import type { Db } from '../../db/client.ts'
import type { AuthUser } from '../../lib/auth-user.ts'
import type { RequestMeta } from '../../lib/request-meta.ts'
import { writeAudit } from '../audit/audit.ts'
import { readSetting, writeSetting } from './settings.ts'

// The support contact customers are shown (e-mail, phone, hours): one row of `settings`.

export const SUPPORT_CONTACT_KEY = 'support_contact'

const EMPTY: SupportContact = { email: '', phone: '', hours: '' }

export async function readSupportContact(db: Db): Promise<SupportContact> {
  const stored = await readSetting<Partial<SupportContact>>(db, SUPPORT_CONTACT_KEY)
  return {
    email: typeof stored?.email === 'string' ? stored.email : EMPTY.email,
    phone: typeof stored?.phone === 'string' ? stored.phone : EMPTY.phone,
    hours: typeof stored?.hours === 'string' ? stored.hours : EMPTY.hours,
  }
}

/** What app-config tells every visitor: null while nothing is set. */
export async function publicSupportContact(db: Db): Promise<SupportContact | null> {
  const contact = await readSupportContact(db)
  return contact.email || contact.phone || contact.hours ? contact : null
}

export async function setSupportContact(
  ctx: Ctx,
  meta: RequestMeta,
  actor: AuthUser,
  after: SupportContact,
): Promise<SupportContact> {
  const now = ctx.clock.now()
  await ctx.db.transaction(async (tx) => {
    const before = await readSupportContact(tx)
    await writeSetting(tx, SUPPORT_CONTACT_KEY, after, actor.id, now)
    await writeAudit(
      tx,
      actor,
      meta,
      { action: 'settings.supportContact', targetType: 'setting', targetId: SUPPORT_CONTACT_KEY, before, after },
      now,
    )
  })
  return after
}
