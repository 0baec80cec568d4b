import type { Seller } from '@app/contract'
import type { Ctx } from '../../context.ts'
import type { Db } from '../../db/client.ts'
import type { AuthUser } from '../../lib/auth-user.ts'
import type { RequestMeta } from '../../lib/request-meta.ts'
import { writeAudit } from '../audit/audit.ts'
import { readSetting, writeSetting } from './settings.ts'

// The seller printed on bills (docs/billing.md "The seller"): one row of `settings`. The bill run
// copies it into each bill it makes.

const SELLER_KEY = 'seller'

/** A stored value as a `Seller`: fields that are missing or not text are empty. */
export function toSeller(stored: unknown): Seller {
  const value = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<string, unknown>
  const text = (field: unknown) => (typeof field === 'string' ? field : '')
  return { name: text(value.name), address: text(value.address), tax_code: text(value.tax_code) }
}

export async function readSeller(db: Db): Promise<Seller> {
  return toSeller(await readSetting<unknown>(db, SELLER_KEY))
}

export async function setSeller(ctx: Ctx, meta: RequestMeta, actor: AuthUser, after: Seller): Promise<Seller> {
  const now = ctx.clock.now()
  await ctx.db.transaction(async (tx) => {
    const before = await readSeller(tx)
    await writeSetting(tx, SELLER_KEY, after, actor.id, now)
    await writeAudit(
      tx,
      actor,
      meta,
      { action: 'settings.seller', targetType: 'setting', targetId: SELLER_KEY, before, after },
      now,
    )
  })
  return after
}
