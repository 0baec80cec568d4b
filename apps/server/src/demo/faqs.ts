import { and, eq } from 'drizzle-orm'
import type { Ctx } from '../context.ts'
import { faqCategories, faqs, supportTickets, ticketMessages } from '../db/schema/index.ts'
import { newId } from '../lib/ids.ts'
import { findUserByEmail } from '../modules/users/queries.ts'

// `npm run demo`: FAQ categories with published entries for /faqs, and one answered support ticket of
// a demo customer for /support/request and the back office's support page. Runs once (by category name).

const content: {
  category: string
  /** The category's name for Burmese and Vietnamese readers (docs/support.md "FAQs in three languages"). */
  translations: { my: { name: string }; vi: { name: string } }
  entries: { title: string; question: string; answer: string }[]
}[] = [
  {
    category: 'Keys',
    translations: { my: { name: 'ကီးများ' }, vi: { name: 'Khóa' } },
    entries: [
      {
        title: 'How do I restrict a key to my website?',
        question: 'I want my browser key to work only on my own domain. How do I set that up?',
        answer:
          'Edit the key, choose "HTTP/IP restriction" and add a domain row such as http*://*.example.com/*. Requests from other pages are refused with ORIGIN_NOT_ALLOWED.',
      },
      {
        title: 'How do I roll a key without downtime?',
        question: 'A key leaked. Can I replace it without breaking my apps?',
        answer:
          'Roll the key and give the old secret a grace period of up to 72 hours. Update your apps within that time; the old secret stops working when it ends.',
      },
    ],
  },
  {
    category: 'Billing and payments',
    translations: { my: { name: 'ငွေတောင်းခံလွှာနှင့် ငွေပေးချေမှု' }, vi: { name: 'Hóa đơn và thanh toán' } },
    entries: [
      {
        title: 'When is my monthly bill created?',
        question: 'On which day does the portal generate the bill of the previous month?',
        answer:
          'Bills are generated shortly after each month closes. Each service is charged for the requests above its free allowance, at the rate of the tier they fall in.',
      },
      {
        title: 'Which payment methods can I use?',
        question: 'Can I top up my balance by card or bank transfer?',
        answer:
          'Top up by bank transfer, VNPay (amounts in VND) or PayPal (amounts in USD). The fee of each method is shown before you pay.',
      },
    ],
  },
  {
    category: 'Maps',
    translations: { my: { name: 'မြေပုံများ' }, vi: { name: 'Bản đồ' } },
    entries: [
      {
        title: 'How many points can a map hold?',
        question: 'Is there a limit on points and layers in a custom map?',
        answer: 'A map holds up to 10 layers and 1,000 points in total. Import points from a CSV or XLSX file.',
      },
    ],
  },
]

export async function seedDemoFaqs(ctx: Ctx): Promise<string> {
  const now = ctx.clock.now()
  const staff = await findUserByEmail(ctx.db, 'support@example.com')
  let added = 0
  await ctx.db.transaction(async (tx) => {
    for (const group of content) {
      const [existing] = await tx.select().from(faqCategories).where(eq(faqCategories.name, group.category))
      if (existing) continue
      const categoryId = newId('fqc', now.getTime())
      await tx.insert(faqCategories).values({
        id: categoryId,
        name: group.category,
        translations: group.translations,
        createdAt: now,
        updatedAt: now,
      })
      for (const entry of group.entries) {
        await tx.insert(faqs).values({
          id: newId('faq', now.getTime()),
          categoryId,
          ...entry,
          images: [],
          status: 'open',
          answeredBy: staff?.id ?? null,
          answeredAt: now,
          createdAt: now,
          updatedAt: now,
        })
        added++
      }
    }
  })

  const customer = await findUserByEmail(ctx.db, 'linh.nguyen@example.com')
  let tickets = 0
  if (customer && staff) {
    const title = 'Map tiles load slowly in the evening'
    const [existing] = await ctx.db
      .select({ id: supportTickets.id })
      .from(supportTickets)
      .where(and(eq(supportTickets.userId, customer.id), eq(supportTickets.title, title)))
    if (!existing) {
      const id = newId('tkt', now.getTime())
      const asked = new Date(now.getTime() - 26 * 3_600_000)
      const answered = new Date(now.getTime() - 20 * 3_600_000)
      await ctx.db.transaction(async (tx) => {
        await tx.insert(supportTickets).values({
          id,
          userId: customer.id,
          title,
          status: 'open',
          lastReplyBy: 'staff',
          lastReplyAt: answered,
          createdAt: asked,
          updatedAt: answered,
        })
        await tx.insert(ticketMessages).values([
          {
            id: newId('tkm', asked.getTime()),
            ticketId: id,
            authorId: customer.id,
            fromStaff: false,
            content:
              'Between 19:00 and 22:00 our store locator takes several seconds to show the map. Is it on your side?',
            createdAt: asked,
          },
          {
            id: newId('tkm', answered.getTime()),
            ticketId: id,
            authorId: staff.id,
            fromStaff: true,
            content:
              'Thanks for the report. We added tile cache capacity for the evening peak; loads should be back under 300 ms. Tell us if it happens again.',
            createdAt: answered,
          },
        ])
      })
      tickets = 1
    }
  }
  return `  FAQs: ${added} new entr${added === 1 ? 'y' : 'ies'}; support: ${tickets} new demo ticket(s)\n`
}
