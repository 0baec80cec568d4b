import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { settings } from '../../db/schema/index.ts'
import type { Clock } from '../../lib/clock.ts'

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
