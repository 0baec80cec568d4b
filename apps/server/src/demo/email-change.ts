import { eq } from 'drizzle-orm'
import type { Ctx } from '../context.ts'
import { emailChangeRequests } from '../db/schema/index.ts'
import { newId } from '../lib/ids.ts'
import { readSetting, writeSetting } from '../modules/settings/settings.ts'
import { SUPPORT_CONTACT_KEY } from '../modules/settings/support-contact.ts'
import { findUserByEmail } from '../modules/users/queries.ts'

// `npm run demo`: the support contact customers are shown, and one waiting e-mail change request of a
// demo customer for /administrator/change-email. Runs once.

export async function seedDemoEmailChange(ctx: Ctx): Promise<string> {
  const now = ctx.clock.now()
  if (!(await readSetting(ctx.db, SUPPORT_CONTACT_KEY))) {
    await writeSetting(
      ctx.db,
      SUPPORT_CONTACT_KEY,
      { email: 'support@example.com', phone: '+84 24 7300 1234', hours: 'Mon–Fri 8:00–17:30 (UTC+7)' },
      null,
      now,
    )
  }
  const user = await findUserByEmail(ctx.db, 'aung.min@example.com')
  if (!user) return ''
  const [existing] = await ctx.db
    .select({ id: emailChangeRequests.id })
    .from(emailChangeRequests)
    .where(eq(emailChangeRequests.userId, user.id))
    .limit(1)
  if (existing) return ''
  await ctx.db.insert(emailChangeRequests).values({
    id: newId('ecr', now.getTime()),
    userId: user.id,
    oldEmail: user.email,
    newEmail: 'aung.min@yangonrides.example',
    reason: 'Our company moved to its own domain; please use the new address for sign-in and invoices.',
    status: 'unaccomplished',
    createdAt: now,
    updatedAt: now,
  })
  return '  One e-mail change request waits on /administrator/change-email.\n'
}
