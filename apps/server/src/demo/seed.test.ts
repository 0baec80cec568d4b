import * as contract from '@app/contract'
import { describe, expect, it } from 'vitest'
import { call, signIn, useTestApp } from '../../test/helpers.ts'
import { seedDemo } from './seed.ts'

// `npm run demo`: the demo customers get keys and a year of usage through the real ingestion, so
// their dashboards and statistics show figures; seeding twice adds nothing.
describe('demo data', async () => {
  const t = await useTestApp()

  it('gives the demo customers keys, a year of usage and its bills, once', async () => {
    const summary = await seedDemo(t.ctx)
    expect(summary).toContain('linh.nguyen@example.com')
    const token = await signIn(t, 'linh.nguyen@example.com', 'demo-password')
    const keys = await call(t, contract.listUserKeys, { query: { page: 1 } }, { token })
    expect(keys.body.data.total).toBeGreaterThan(0)
    const year = await call(
      t,
      contract.hitsOneUser,
      { query: { start_at: '2025-11-03', end_at: '2026-11-02', perTime: 'month' } },
      { token },
    )
    expect(year.status).toBe(200)
    const perMonth = year.body.data.series.reduce(
      (months, s) => months.map((m, i) => m + (s.hits[i] ?? 0)),
      year.body.data.buckets.map(() => 0),
    )
    // Usage in most months of the year, and this month's in the summary cards.
    expect(perMonth.filter((hits) => hits > 0).length).toBeGreaterThanOrEqual(6)
    const month = await call(t, contract.hitsOneUserPerMonth, {}, { token })
    expect(month.body.data.api_requests.this_month + month.body.data.map_loads.this_month).toBeGreaterThan(0)
    // A bill for each closed month with usage; the older ones paid, last month's open.
    const bills = await call(t, contract.listBills, { query: { page: 1, page_size: 20 } }, { token })
    expect(bills.body.data.total).toBeGreaterThanOrEqual(6)
    const [latest, ...older] = bills.body.data.items
    expect(latest).toMatchObject({ year: 2026, month: 10, paid: false })
    expect(Number(latest?.total)).toBeGreaterThan(0)
    expect(older.every((bill) => bill.paid)).toBe(true)
    // A shared map of stores and depots, the default one.
    const maps = await call(t, contract.listMaps, { query: {} }, { token })
    expect(maps.body.data.items).toEqual([
      expect.objectContaining({ name: 'Saigon stores and depots', is_default: true, point_count: 9, layer_count: 2 }),
    ])
    const again = await seedDemo(t.ctx)
    expect(again).toContain('0 new account(s)')
    const after = await call(t, contract.hitsOneUserPerMonth, {}, { token })
    expect(after.body.data).toEqual(month.body.data)
    const billsAfter = await call(t, contract.listBills, { query: { page: 1, page_size: 20 } }, { token })
    expect(billsAfter.body.data.total).toBe(bills.body.data.total)
    expect((await call(t, contract.listMaps, { query: {} }, { token })).body.data.total).toBe(1)
  }, 120_000)
})
