import type { SupportContact } from '@app/contract'
import type { Db } from '../../db/client.ts'
import { textSetting } from './settings.ts'

// The support contact customers are shown (e-mail, phone, hours): one row of `settings`.

export const SUPPORT_CONTACT_KEY = 'support_contact'

const contact = textSetting<SupportContact>(SUPPORT_CONTACT_KEY, ['email', 'phone', 'hours'], 'settings.supportContact')

export const readSupportContact = contact.read
export const setSupportContact = contact.write

/** What app-config tells every visitor: null while nothing is set. */
export async function publicSupportContact(db: Db): Promise<SupportContact | null> {
  const value = await readSupportContact(db)
  return value.email || value.phone || value.hours ? value : null
}
