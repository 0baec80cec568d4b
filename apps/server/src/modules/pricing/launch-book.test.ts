import { readFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createUser, LIST_RATES, useCommonRates, useTestApp } from '../../../test/helpers.ts'
import { migrationsFolder } from '../../db/client.ts'
import { bills } from '../../db/schema/index.ts'
import { newId } from '../../lib/ids.ts'

// Migration 0025 gives the seeded current book launch prices under Google's list (docs/pricing.md),
// and must never move the prices of a portal that has billed anyone or whose admin edited a rate.
// Each test puts the database back into the state 0024 left (the list rates), then runs 0025 again.

const MIGRATION = readFileSync(path.join(migrationsFolder(), '0025_launch_price_book.sql'), 'utf8')

describe('the launch price book (migration 0025)', async () => {
  const t = await useTestApp()

  async function runMigration() {
    for (const statement of MIGRATION.split('--> statement-breakpoint')) await t.ctx.db.execute(sql.raw(statement))
  }
  /** Common rates by book and service, and each current range's rate, as text. */
  async function book() {
    const rows = (await t.ctx.db.execute(sql`
      SELECT s.type, s.is_new, s.rate::text AS rate,
        coalesce((SELECT string_agg(r.rate::text, ' ' ORDER BY r.request_from) FROM range_requests r
          WHERE r.setting_id = s.id AND r.user_id IS NULL), '') AS ranges
      FROM settings_weight s WHERE s.user_id IS NULL ORDER BY s.type, s.is_new`)) as unknown as {
      rows: { type: string; is_new: boolean; rate: string; ranges: string }[]
    }
    return Object.fromEntries(
      rows.rows.map((r) => [`${r.type} ${r.is_new ? 'current' : 'legacy'}`, `${r.rate} ${r.ranges}`.trim()]),
    )
  }

  it('prices a database that has billed no one under the list, keeping the ranges’ steps and the legacy 20 % over', async () => {
    await useCommonRates(t, LIST_RATES)
    await runMigration()
    const after = await book()
    expect(after['LOAD_MAP current']).toBe('0.00350000 0.00350000 0.00280000 0.00280000 0.00210000')
    expect(after['LOAD_MAP legacy']).toBe('0.00420000')
    expect(after['GEOCODE current']).toBe('0.00250000 0.00250000 0.00200000 0.00200000 0.00150000')
    expect(after['AUTOCOMPLETE current']).toBe('0.00150000 0.00150000 0.00120000 0.00120000 0.00090000')
    expect(after['REVERSE_GEOCODE legacy']).toBe('0.00240000')
    for (const [type, list] of Object.entries(LIST_RATES)) {
      const rate = Number(after[`${type} current`]?.split(' ')[0])
      expect(rate, type).toBeGreaterThan(0)
      expect(rate, type).toBeLessThanOrEqual(Number(list) * 0.6)
    }
  })

  it('leaves a rate an admin edited, and everything once a bill exists', async () => {
    await useCommonRates(t, { ...LIST_RATES, TRIP: '0.009' })
    await runMigration()
    expect((await book())['TRIP current']).toBe('0.00900000 0.00900000 0.00720000 0.00720000 0.00540000')

    await useCommonRates(t, LIST_RATES)
    const before = await book()
    const user = await createUser(t, {})
    await t.ctx.db.insert(bills).values({
      id: newId('bil'),
      userId: user.id,
      year: 2026,
      month: 10,
      code: 'INV-LAUNCH-1',
      billDate: t.clock.now(),
      billedFrom: '2026-10-01',
      billedTo: '2026-10-31',
      isNew: true,
      lines: [],
      amountBeforeDiscountCents: 100n,
      discountPercent: '0',
      discountCents: 0n,
      amountCents: 100n,
      freeCreditCents: 0n,
      totalCents: 100n,
      exchangeRate: '25000',
      totalVnd: 25000n,
      transferContent: 'INV-LAUNCH-1',
    })
    await runMigration()
    expect(await book()).toEqual(before)
  })
})
