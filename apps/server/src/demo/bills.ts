import { and, eq, isNull, lt, or } from 'drizzle-orm'
import type { Ctx } from '../context.ts'
import { bills } from '../db/schema/index.ts'
import { generateBills, previousMonth } from '../modules/billing/generate.ts'

/** How many closed months the demo bills: the year of usage the demo seeds. */
const DEMO_MONTHS = 12

/**
 * Bills the demo's closed months through the real bill run (users already billed for a month are
 * skipped, so seeding again adds nothing). Every bill before last month counts as settled by bank
 * transfer, as an administrator would have marked it; last month's stays open for the demo to pay.
 */
export async function seedDemoBills(ctx: Ctx): Promise<string> {
  const last = previousMonth(ctx.clock.now())
  let created = 0
  for (let back = DEMO_MONTHS - 1; back >= 0; back--) {
    const at = new Date(Date.UTC(last.year, last.month - 1 - back, 1))
    const run = await generateBills(
      { db: ctx.db, clock: ctx.clock },
      { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, trigger: 'schedule' },
    )
    created += run.created
  }
  const now = ctx.clock.now()
  await ctx.db
    .update(bills)
    .set({ paidAt: now })
    .where(
      and(
        isNull(bills.paidAt),
        or(lt(bills.year, last.year), and(eq(bills.year, last.year), lt(bills.month, last.month))),
      ),
    )
  return `  Bills: ${created} created for the last ${DEMO_MONTHS} closed months (all but last month's marked paid).\n`
}
