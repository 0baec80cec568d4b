import { FaqCategory, Ticket } from '@app/contract'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { setUpAdminScreens } from '../../test/admin-screens.ts'
import { calls, ok, openApp, refused, server } from '../../test/fake-server.tsx'

// The real admin shell, FAQ and support pages and API client; only the network is answered.

setUpAdminScreens({
  pages: () => [import('./FaqsAdminPage.tsx'), import('../support/SupportTicketPage.tsx')],
  roles: ['support'],
  waitMs: 15_000,
  beforeEach: () => {
    server['GET /v1/faq-categories'] = () => ok({ items: [category], total: 1, page: 1, page_size: 20 })
    server['GET /v1/faqs'] = () => ok({ items: [], total: 0, page: 1, page_size: 20 })
  },
})

const category = FaqCategory.parse({
  id: 'fqc_01jd0000000000000000000001',
  name: 'Keys',
  translations: {},
  faqs: 2,
  created_at: '2026-11-01T08:00:00.000Z',
})
const TICKET_ID = 'tkt_01jd0000000000000000000001'
const ticket = (status: 'open' | 'closed') =>
  Ticket.parse({
    id: TICKET_ID,
    title: 'Tiles time out',
    status,
    user: { id: 'usr_01jd0000000000000000000001', full_name: 'Linh Nguyen', email: 'linh@example.com' },
    reference: { type: 'bill', id: 'bil_01jd0000000000000000000001', label: 'INV-202610-000123' },
    messages: 1,
    last_reply_by: 'customer',
    last_reply_at: '2026-11-02T08:00:00.000Z',
    created_at: '2026-11-02T08:00:00.000Z',
    closed_at: status === 'closed' ? '2026-11-02T09:00:00.000Z' : null,
    conversation: [
      {
        id: 'tkm_01jd0000000000000000000001',
        author: { id: 'usr_01jd0000000000000000000001', full_name: 'Linh Nguyen' },
        from_staff: false,
        content: 'The tiles of our store map time out.',
        images: [],
        created_at: '2026-11-02T08:00:00.000Z',
      },
    ],
  })

describe('/administrator/faqs', { timeout: 60_000 }, () => {
  it('shows "Category name is exist" under the name when the server refuses a duplicate', async () => {
    server['POST /v1/faq-categories'] = () => refused(409, 'CATEGORY_EXISTS', 'Category name is exist')
    openApp('/administrator/faqs?tab=categories')
    expect(await screen.findByRole('cell', { name: 'Keys' })).toBeTruthy()
    // A category that still holds entries cannot be deleted from here.
    expect(screen.getByRole('button', { name: 'Delete' }).hasAttribute('disabled')).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: /New category/ }))
    const dialog = await screen.findByRole('dialog')
    // The name per language, a tab each (a hidden tab's panel has no accessible name in jsdom).
    const panel = (lang: string) => dialog.querySelector(`[role="tabpanel"][id$="-panel-${lang}"]`) as HTMLElement
    fireEvent.change(within(panel('en')).getByLabelText('Name'), { target: { value: 'keys' } })
    fireEvent.change(within(panel('vi')).getByLabelText('Name'), { target: { value: ' Khóa ' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect((await within(panel('en')).findAllByText('Category name is exist')).length).toBeGreaterThan(0)
    // Burmese left empty is not sent: its readers read the English name.
    expect(calls.find((c) => c.route === 'POST /v1/faq-categories')?.body).toEqual({
      name: 'keys',
      translations: { vi: { name: 'Khóa' } },
    })
  })

  it('asks for a category when none is chosen, and sends nothing', async () => {
    openApp('/administrator/faqs')
    fireEvent.click(await screen.findByRole('button', { name: /New FAQ/ }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(
      await within(dialog).findByText('Choose a category', { selector: '.ant-form-item-explain-error' }),
    ).toBeTruthy()
    expect(within(dialog).queryByText('Category not found')).toBeNull()
    expect(calls.some((c) => c.route === 'POST /v1/faqs')).toBe(false)
  })
})

describe('an FAQ entry in three languages', { timeout: 60_000 }, () => {
  const burmese = {
    title: 'ငွေဖြည့်နည်း',
    question: 'လက်ကျန်ငွေကို ဘယ်လိုဖြည့်ရမလဲ',
    answer: 'ငွေပေးချေမှု စာမျက်နှာတွင် ဖြည့်ပါ။',
  }

  it('writes English, and Burmese whole or not at all; Vietnamese left empty is not sent', async () => {
    server['GET /v1/faq-categories'] = () => ok({ items: [category], total: 1, page: 1, page_size: 500 })
    server['POST /v1/faqs'] = (body) =>
      ok({
        ...(body as object),
        id: 'faq_01jd0000000000000000000001',
        category: { id: category.id, name: category.name },
        answered_by: null,
        time: '2026-11-02T08:00:00.000Z',
        created_at: '2026-11-02T08:00:00.000Z',
      })
    openApp('/administrator/faqs')
    fireEvent.click(await screen.findByRole('button', { name: /New FAQ/ }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.mouseDown(within(dialog).getByLabelText('Category'))
    fireEvent.click(await screen.findByText('Keys', { selector: '.ant-select-item-option-content' }))
    const english = within(dialog).getByRole('tabpanel')
    fireEvent.change(within(english).getByLabelText('Title'), { target: { value: 'Topping up' } })
    fireEvent.change(within(english).getByLabelText('Question'), { target: { value: 'How do I top up my balance?' } })
    fireEvent.change(within(english).getByLabelText('Answer'), {
      target: { value: 'On the payment page, by card or transfer.' },
    })

    // Burmese started but not finished: the form says so on its tab and sends nothing.
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Burmese (optional)' }))
    const panel = () => within(dialog).getByRole('tabpanel')
    fireEvent.change(within(panel()).getByLabelText('Title'), { target: { value: burmese.title } })
    fireEvent.click(within(dialog).getByRole('tab', { name: 'English (required)' }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    const incomplete = 'Fill in the title, question and answer in Burmese, or leave all three empty'
    expect((await within(dialog).findAllByText(incomplete)).length).toBe(2)
    expect(within(dialog).getByRole('tab', { selected: true }).textContent).toBe('Burmese (optional)')
    expect(calls.some((c) => c.route === 'POST /v1/faqs')).toBe(false)

    fireEvent.change(within(panel()).getByLabelText('Question'), { target: { value: burmese.question } })
    fireEvent.change(within(panel()).getByLabelText('Answer'), { target: { value: burmese.answer } })
    expect(within(panel()).getByLabelText('Answer').getAttribute('lang')).toBe('my')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(calls.filter((c) => c.route === 'POST /v1/faqs')).toHaveLength(1))
    expect(calls.find((c) => c.route === 'POST /v1/faqs')?.body).toEqual({
      category_id: category.id,
      title: 'Topping up',
      question: 'How do I top up my balance?',
      answer: 'On the payment page, by card or transfer.',
      images: [],
      translations: { my: burmese },
      status: 'open',
    })
  })
})

describe('/administrator/support/request', { timeout: 60_000 }, () => {
  it('opens a ticket from the list by its link', async () => {
    const { conversation: _c, ...summary } = ticket('open')
    server['GET /v1/support/tickets/all'] = () => ok({ items: [summary], total: 1, page: 1, page_size: 10 })
    server[`GET /v1/support/tickets/${TICKET_ID}`] = () => ok(ticket('open'))
    const router = openApp('/administrator/support')
    fireEvent.click(await screen.findByRole('link', { name: 'Tiles time out' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/administrator/support/request'))
    expect(await screen.findByText('The tiles of our store map time out.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Send reply' })).toBeTruthy()
  })

  it('lets staff reopen a closed ticket and links the reference to the account', async () => {
    let current = ticket('closed')
    server[`GET /v1/support/tickets/${TICKET_ID}`] = () => ok(current)
    server[`PUT /v1/support/tickets/${TICKET_ID}/reopen`] = () => {
      current = ticket('open')
      return ok(current, 'Ticket reopened')
    }
    openApp(`/administrator/support/request?id=${TICKET_ID}`)
    expect(await screen.findByText('The tiles of our store map time out.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'INV-202610-000123' }).getAttribute('href')).toContain(
      'key-and-bill?user_id=usr_01jd0000000000000000000001',
    )
    expect(screen.getByText('Cannot reply when ticket is closed')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: /Reopen/ }))
    expect(await screen.findByRole('button', { name: 'Send reply' })).toBeTruthy()
    await waitFor(() => expect(screen.getByTestId('ticket-status').textContent).toBe('Open'))
  })
})
