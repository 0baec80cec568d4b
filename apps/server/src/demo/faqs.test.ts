import * as contract from '@app/contract'
import { describe, expect, it } from 'vitest'
import { call, createUser, signIn, useTestApp } from '../../test/helpers.ts'
import { seedDemoFaqs } from './faqs.ts'

// `npm run demo`: published FAQ entries in a few categories and one answered ticket, added once.
describe('demo FAQs and ticket', async () => {
  const t = await useTestApp()

  it('publishes FAQ entries and gives the demo customer an answered ticket, once', async () => {
    await createUser(t, { email: 'support@example.com', roles: ['support'] })
    const linh = await createUser(t, { email: 'linh.nguyen@example.com' })
    expect(await seedDemoFaqs(t.ctx)).toContain('5 new entries; support: 1 new demo ticket')
    expect(await seedDemoFaqs(t.ctx)).toContain('0 new entries; support: 0 new demo ticket')

    const token = await signIn(t, linh.email)
    const published = await call(t, contract.publishedFaqs, {}, { token })
    expect(published.body.data.categories.map((c) => c.name)).toEqual(['Billing and payments', 'Keys', 'Maps'])
    expect(published.body.data.items).toHaveLength(5)
    const tickets = await call(t, contract.listOwnTickets, {}, { token })
    expect(tickets.body.data.items).toEqual([expect.objectContaining({ last_reply_by: 'staff', messages: 2 })])
  })
})
