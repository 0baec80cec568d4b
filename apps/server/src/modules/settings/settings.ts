import type { AuditAction } from '@app/contract'
import { eq } from 'drizzle-orm'
import type { Ctx } from '../../context.ts'
import type { Db } from '../../db/client.ts'
import { settings } from '../../db/schema/index.ts'
import type { AuthUser } from '../../lib/auth-user.ts'
import type { Clock } from '../../lib/clock.ts'
import type { RequestMeta } from '../../lib/request-meta.ts'
import { writeAudit } from '../audit/audit.ts'

export async function readSetting<T>(db: Db, key: string): Promise<T | undefined> {
  const [row] = await db.select().from(settings).where(eq(settings.key, key)).limit(1)
  return row?.value as T | undefined
}

export async function writeSetting(db: Db, key: string, value: unknown, actorId: string | null, now: Date) {
  await db
    .insert(settings)
    .values({ key, value, updatedAt: now, updatedBy: actorId })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now, updatedBy: actorId } })
}

/**
 * A setting made of text fields, one row of `settings` (the seller on bills, the support contact): a
 * stored value reads with its missing or non-text fields empty, and a change is written with its audit
 * row (before and after) in one transaction.
 */
export function textSetting<T extends Record<string, string>>(
  key: string,
  fields: readonly (keyof T & string)[],
  action: AuditAction,
) {
  const parse = (stored: unknown): T => {
    const value = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<string, unknown>
    return Object.fromEntries(fields.map((field) => [field, typeof value[field] === 'string' ? value[field] : ''])) as T
  }
  const read = async (db: Db): Promise<T> => parse(await readSetting<unknown>(db, key))
  const write = async (ctx: Ctx, meta: RequestMeta, actor: AuthUser, after: T): Promise<T> => {
    const now = ctx.clock.now()
    await ctx.db.transaction(async (tx) => {
      const before = await read(tx)
      await writeSetting(tx, key, after, actor.id, now)
      await writeAudit(tx, actor, meta, { action, targetType: 'setting', targetId: key, before, after }, now)
    })
    return after
  }
  return { parse, read, write }
}

const MAINTENANCE_KEY = 'maintenance'
/** Other instances notice a change within this time. */
const CACHE_MS = 3_000

export interface SettingsCache {
  maintenance(): Promise<boolean>
  setMaintenance(db: Db, enabled: boolean, actorId: string | null): Promise<void>
}

/** The maintenance flag is read on every customer call, so it is cached briefly per instance. */
export function createSettingsCache(db: Db, clock: Clock): SettingsCache {
  let cached: { value: boolean; at: number } | undefined
  return {
    async maintenance() {
      const now = Date.now()
      if (cached && now - cached.at < CACHE_MS) return cached.value
      const value = (await readSetting<{ enabled: boolean }>(db, MAINTENANCE_KEY))?.enabled === true
      cached = { value, at: now }
      return value
    },
    async setMaintenance(tx, enabled, actorId) {
      await writeSetting(tx, MAINTENANCE_KEY, { enabled }, actorId, clock.now())
      cached = { value: enabled, at: Date.now() }
    },
  }
}
