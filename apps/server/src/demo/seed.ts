import type { Role } from '@app/contract'
import type { Ctx } from '../context.ts'
import { newId } from '../lib/ids.ts'
import { hashPassword } from '../lib/passwords.ts'
import { announceChange } from '../modules/gateway/gateway.ts'
import { insertKey } from '../modules/keys/service.ts'
import { findUserByEmail, insertUser } from '../modules/users/queries.ts'
import { seedDemoBills } from './bills.ts'
import { seedDemoEmailChange } from './email-change.ts'
import { seedDemoFaqs } from './faqs.ts'
import { seedDemoMap } from './maps.ts'
import { seedDemoUsage, type UsageKey } from './usage.ts'

// `npm run demo`: realistic accounts to look around with. Each later feature adds its own demo data
// (keys, usage, bills, tickets, maps) here, through the same services the product uses.

const DEMO_PASSWORD = 'demo-password'

const people: {
  email: string
  first: string
  last: string
  phone: string
  org: string
  title: string
  roles: Role[]
}[] = [
  {
    email: 'linh.nguyen@example.com',
    first: 'Linh',
    last: 'Nguyen',
    phone: '+84912345678',
    org: 'Saigon Deliveries',
    title: 'CTO',
    roles: ['customer'],
  },
  {
    email: 'aung.min@example.com',
    first: 'Aung',
    last: 'Min',
    phone: '+959420012345',
    org: 'Yangon Rides',
    title: 'Lead developer',
    roles: ['customer'],
  },
  {
    email: 'maria.garcia@example.com',
    first: 'Maria',
    last: 'Garcia',
    phone: '+14155552671',
    org: 'Fleetwise',
    title: 'Product manager',
    roles: ['customer'],
  },
  {
    email: 'support@example.com',
    first: 'Sam',
    last: 'Support',
    phone: '+84987654321',
    org: 'Maps Portal',
    title: 'Support engineer',
    roles: ['support'],
  },
]

type DemoKey = Omit<Parameters<typeof insertKey>[2], 'userId' | 'createdBy'>

const demoKeys: Record<string, DemoKey[]> = {
  'linh.nguyen@example.com': [
    {
      name: 'Delivery app (web)',
      type: 'api_key',
      description: 'Store locator and checkout address search',
      restrictionList: [
        { type: 'domain', value: 'http*://*.saigondeliveries.vn/*' },
        { type: 'domain', value: 'http://localhost:*/*' },
      ],
    },
    {
      name: 'Routing backend',
      type: 'api_key',
      description: 'Server-side directions',
      restrictionList: [{ type: 'ip', value: '203.0.113.0/24' }],
    },
    { name: 'Public map tiles', type: 'maptiles_key', description: null, restrictionList: null },
  ],
  'aung.min@example.com': [
    { name: 'Rider app', type: 'api_key', description: 'Android and iOS', restrictionList: null },
  ],
}

export async function seedDemo(ctx: Ctx): Promise<string> {
  const now = ctx.clock.now()
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  let created = 0
  const newKeys: UsageKey[] = []
  for (const person of people) {
    if (await findUserByEmail(ctx.db, person.email)) continue
    const user = await insertUser(
      ctx.db,
      {
        id: newId('usr', now.getTime()),
        email: person.email,
        passwordHash,
        firstName: person.first,
        lastName: person.last,
        phoneNumber: person.phone,
        phoneVerifiedAt: now,
        organization: person.org,
        jobTitle: person.title,
        emailVerifiedAt: now,
        createdAt: now,
        updatedAt: now,
      },
      person.roles,
    )
    for (const key of demoKeys[person.email] ?? []) {
      const { row } = await insertKey(ctx, ctx.db, { ...key, userId: user.id, createdBy: user.id })
      await announceChange(ctx.db, { key: row.id })
      newKeys.push(row)
      if (row.type === 'maptiles_key') await seedDemoMap(ctx, user.id, row.id)
    }
    created++
  }
  const usage = await seedDemoUsage(ctx, newKeys)
  const billed = await seedDemoBills(ctx)
  const support = await seedDemoFaqs(ctx)
  const emailChange = await seedDemoEmailChange(ctx)
  const list = people.map((p) => `    ${p.email} (${p.roles.join(', ')})`).join('\n')
  return `\n  Demo data: ${created} new account(s); all demo accounts use the password "${DEMO_PASSWORD}":\n${list}\n${usage}${billed}${support}${emailChange}`
}
