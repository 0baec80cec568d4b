import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../test/helpers.ts'
import { throttles } from '../db/schema/index.ts'
import { hit, sweep } from '../lib/throttle.ts'

const t = await useTestApp()

async function buckets() {
  const rows = await t.ctx.db.select({ bucket: throttles.bucket }).from(throttles)
  return rows.map((r) => r.bucket).sort()
}

describe('the throttles-sweep job', () => {
  it('drops throttle counters idle for more than a day and keeps live or blocked ones', async () => {
    const now = t.clock.now()
    const twoDaysAgo = new Date(now.getTime() - 2 * 86_400_000)
    await hit(t.ctx.db, 'test:idle', 5, 60, twoDaysAgo)
    await hit(t.ctx.db, 'test:live', 5, 60, now)
    // Over its limit two days ago with a block that lasts until tomorrow: still counted.
    for (let i = 0; i < 3; i++) await hit(t.ctx.db, 'test:blocked', 1, 60, twoDaysAgo, 3 * 86_400)
    const [blocked] = await t.ctx.db.select().from(throttles).where(eq(throttles.bucket, 'test:blocked'))
    expect(blocked?.blockedUntil?.getTime()).toBeGreaterThan(now.getTime())

    expect(await sweep(t.ctx.db, now)).toBe(1)

    const left = await buckets()
    expect(left).toContain('test:live')
    expect(left).toContain('test:blocked')
    expect(left).not.toContain('test:idle')
  })
})
