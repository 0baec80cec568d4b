import * as contract from '@app/contract'
import { formatCents } from '@app/contract'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { call, createUser, signIn, useTestApp } from '../../../test/helpers.ts'
import { balanceLogs } from '../../db/schema/index.ts'
import { credit, debit } from './ledger.ts'

// The balance log's order is the ledger's sequence (docs/balance.md): rows written in the same
// millisecond still list in the order their balances chain in, whichever way the list is sorted.

type Item = { amount: string; balance_after: string; created_at: string }

const cents = (money: string) => BigInt(money.replace('.', ''))

/** Each row's balance after = the previous row's balance after + its amount, oldest first from 0. */
function expectChain(oldestFirst: Item[]) {
  let balance = 0n
  for (const [index, item] of oldestFirst.entries()) {
    balance += cents(item.amount)
    expect(item.balance_after, `row ${index + 1} of ${oldestFirst.length}`).toBe(formatCents(balance))
  }
}

describe('the balance log order', async () => {
  const t = await useTestApp()
  const admin = await createUser(t, { roles: ['admin'] })
  const adminToken = await signIn(t, admin.email)

  it('chains the running balance for rows written in the same millisecond, in both directions', async () => {
    const customer = await createUser(t)
    const token = await signIn(t, customer.email)
    // The test clock stands still: every row below gets the same created_at.
    const now = t.clock.now()
    const amounts = [500n, -120n, 1_000n, -380n, 75n, -75n, 2_500n, -1_000n, 10n, -9n, 333n, -1n]
    for (const amount of amounts) {
      if (amount > 0n) await credit(t.ctx.db, { userId: customer.id, amountCents: amount, type: 'admin_add' }, { now })
      else await debit(t.ctx.db, { userId: customer.id, amountCents: -amount, type: 'plan_purchase' }, { now })
    }
    // And through the API, on the same frozen clock.
    for (const amount of ['1.00', '2.00', '3.00']) {
      const res = await call(
        t,
        contract.addBalance,
        { params: { id: customer.id }, body: { amount, description: 'Same millisecond' } },
        { token: adminToken },
      )
      expect(res.status).toBe(200)
    }

    const stored = await t.ctx.db
      .select({ createdAt: balanceLogs.createdAt })
      .from(balanceLogs)
      .where(eq(balanceLogs.userId, customer.id))
    expect(new Set(stored.map((r) => r.createdAt.getTime())).size).toBe(1)

    const list = async (order_by: 'asc' | 'desc') => {
      const res = await call(
        t,
        contract.userBalanceLogs,
        { params: { id: customer.id }, query: { order_by, page_size: 100 } },
        { token },
      )
      expect(res.status).toBe(200)
      return res.body.data
    }
    const newestFirst = await list('desc')
    expect(newestFirst.items).toHaveLength(amounts.length + 3)
    expectChain([...newestFirst.items].reverse())
    expect(newestFirst.items[0]?.balance_after).toBe(newestFirst.balance)
    expectChain((await list('asc')).items)

    // The administrators' list of every movement keeps the same order.
    const all = await call(
      t,
      contract.allBalanceLogs,
      { query: { user_keyword: customer.email, order_by: 'asc', page_size: 100 } },
      { token: adminToken },
    )
    expect(all.status).toBe(200)
    expectChain(all.body.data.items)
  })
})
