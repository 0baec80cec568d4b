import { PublishedFaq, Ticket, type TicketSummary } from '@app/contract'
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { customerLangPref } from '../../app/prefs.ts'
import { sessionFrom, sessionStore } from '../../app/session.ts'
import { calls, installFakeServer, ok, openApp, profile, server, session } from '../../test/fake-server.tsx'

// The real support and FAQ pages through the real route table and API client; only the network is
// answered, from fixtures the contract's schemas check.

configure({ asyncUtilTimeout: 15_000 })

beforeAll(async () => {
  await Promise.all([
    import('../shell/CustomerLayout.tsx'),
    import('./SupportRequestsPage.tsx'),
    import('./AddQuestionPage.tsx'),
    import('./TicketPage.tsx'),
    import('../faqs/FaqsPage.tsx'),
  ])
}, 60_000)

const TICKET_ID = 'tkt_01jd0000000000000000000001'
const STAFF = { id: 'usr_01jd0000000000000000000009', full_name: 'Sam Support' }

const ticket = (overrides: Partial<Ticket> = {}): Ticket =>
  Ticket.parse({
    id: TICKET_ID,
    title: 'Tiles time out',
    status: 'open',
    user: { id: profile.user_id, full_name: profile.full_name, email: profile.email },
    reference: { type: 'key', id: 'key_01jd0000000000000000000001', label: 'Checkout search' },
    messages: 2,
    last_reply_by: 'staff',
    last_reply_at: '2026-11-02T09:00:00.000Z',
    created_at: '2026-11-02T08:00:00.000Z',
    closed_at: null,
    conversation: [
      {
        id: 'tkm_01jd0000000000000000000001',
        author: { id: profile.user_id, full_name: profile.full_name },
        from_staff: false,
        content: 'The tiles of our store map time out.',
        images: ['/files/fil_01jd0000000000000000000001'],
        created_at: '2026-11-02T08:00:00.000Z',
      },
      {
        id: 'tkm_01jd0000000000000000000002',
        author: STAFF,
        from_staff: true,
        content: 'We restarted the tile cache.',
        images: [],
        created_at: '2026-11-02T09:00:00.000Z',
      },
    ],
    ...overrides,
  })

const summary = (t: Ticket): TicketSummary => {
  const { conversation: _c, ...rest } = t
  return rest
}

const faq = PublishedFaq.parse({
  id: 'faq_01jd0000000000000000000001',
  category: { id: 'fqc_01jd0000000000000000000001', name: 'Keys' },
  title: 'How do I roll a key?',
  question: 'A key leaked. Can I replace it?',
  answer: 'Roll it with a grace period of up to 72 hours.',
  images: [],
  answered_by: STAFF,
  time: '2026-11-01T08:00:00.000Z',
  lang: 'en',
})

beforeEach(() => {
  localStorage.clear()
  localStorage.setItem('tour-done', '1')
  sessionStore.set(sessionFrom(profile, session.token))
  installFakeServer()
  server['GET /v1/support/tickets'] = () => ok({ items: [summary(ticket())], total: 1, page: 1, page_size: 10 })
  server[`GET /v1/support/tickets/${TICKET_ID}`] = () => ok(ticket())
  server['GET /v1/support/references'] = () =>
    ok({ key: [{ id: 'key_01jd0000000000000000000001', label: 'Checkout search' }], bill: [], map: [] })
  server['GET /v1/faqs/published'] = () => ok({ categories: [{ ...faq.category, lang: 'en' }], items: [faq] })
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('support requests', { timeout: 60_000 }, () => {
  it('lists the customer’s tickets with their status and who wrote last', async () => {
    openApp('/support/request?status=open')
    expect(await screen.findByRole('link', { name: 'Tiles time out' })).toBeTruthy()
    expect(screen.getByTestId('ticket-status').textContent).toBe('Open')
    expect(screen.getByText(/Support answered/)).toBeTruthy()
    expect(calls.find((c) => c.route === 'GET /v1/support/tickets')?.query).toMatchObject({ status: 'open', page: '1' })
  })

  it('shows the conversation and refuses replies on a closed ticket', async () => {
    server[`GET /v1/support/tickets/${TICKET_ID}`] = () =>
      ok(ticket({ status: 'closed', closed_at: '2026-11-02T10:00:00.000Z' }))
    openApp(`/support/request/${TICKET_ID}`)
    expect(await screen.findByText('We restarted the tile cache.')).toBeTruthy()
    expect(screen.getByText('The tiles of our store map time out.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Checkout search' }).getAttribute('href')).toContain(
      '/edit?id=key_01jd0000000000000000000001',
    )
    expect(screen.getByTestId('ticket-closed').textContent).toContain('Cannot reply when ticket is closed')
    expect(screen.queryByRole('button', { name: 'Send reply' })).toBeNull()
  })

  it('judges the new request’s fields as the server does and suggests FAQ entries while the title is typed', async () => {
    openApp('/support/request/addQuestion')
    fireEvent.click(await screen.findByRole('button', { name: 'Send request' }))
    expect(await screen.findByText('Please enter a title')).toBeTruthy()
    expect(screen.getByText('Please enter the content')).toBeTruthy()

    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'roll key' } })
    expect(await screen.findByTestId('faq-suggestions')).toBeTruthy()
    expect(screen.getByText('How do I roll a key?')).toBeTruthy()
    await waitFor(() =>
      expect(calls.some((c) => c.route === 'GET /v1/faqs/published' && c.query.keyword === 'roll key')).toBe(true),
    )

    fireEvent.change(screen.getByLabelText('Content'), { target: { value: 'short' } })
    expect(await screen.findByText('The content is too short: at least 10 characters')).toBeTruthy()
    expect(calls.some((c) => c.route === 'POST /v1/support/tickets')).toBe(false)
  })

  it('sends the request and opens it', async () => {
    server['POST /v1/support/tickets'] = () => ({ ...ok(ticket(), 'Your request was sent'), status: 201 })
    const router = openApp('/support/request/addQuestion')
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Tiles time out' } })
    fireEvent.change(screen.getByLabelText('Content'), { target: { value: 'The tiles of our store map time out.' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }))
    await waitFor(() => expect(router.state.location.pathname).toBe(`/support/request/${TICKET_ID}`))
    expect(calls.find((c) => c.route === 'POST /v1/support/tickets')?.body).toEqual({
      title: 'Tiles time out',
      content: 'The tiles of our store map time out.',
      images: [],
      reference: null,
    })
  })
})

describe('/faqs', { timeout: 60_000 }, () => {
  it('marks an entry and a category staff have not written in the reader’s language as English', async () => {
    customerLangPref.set('my')
    const payments = { id: 'fqc_01jd0000000000000000000002', name: 'ငွေပေးချေမှု' }
    const burmese = PublishedFaq.parse({
      ...faq,
      category: payments,
      id: 'faq_01jd0000000000000000000002',
      title: 'ငွေဖြည့်နည်း',
      question: 'လက်ကျန်ငွေကို ဘယ်လိုဖြည့်ရမလဲ',
      answer: 'ငွေပေးချေမှု စာမျက်နှာတွင် ဖြည့်ပါ။',
      lang: 'my',
    })
    server['GET /v1/faqs/published'] = () =>
      ok({
        categories: [
          { ...faq.category, lang: 'en' },
          { ...payments, lang: 'my' },
        ],
        items: [faq, burmese],
      })
    openApp('/faqs')
    const titles = await screen.findAllByTestId('faq-title')
    expect(titles.map((title) => [title.textContent, title.getAttribute('lang')])).toEqual([
      ['How do I roll a key?', 'en'],
      ['ငွေဖြည့်နည်း', null],
    ])
    const headings = screen.getAllByRole('heading', { level: 2 })
    expect(headings.map((h) => [h.textContent, h.querySelector('[lang]')?.getAttribute('lang') ?? null])).toEqual([
      ['Keys', 'en'],
      ['ငွေပေးချေမှု', 'my'],
    ])
    customerLangPref.set('en')
  })

  it('shows published entries by category and searches on the server', async () => {
    openApp('/faqs')
    expect(await screen.findByRole('heading', { name: 'Keys' })).toBeTruthy()
    expect(screen.getByText('How do I roll a key?')).toBeTruthy()
    const search = screen.getByPlaceholderText('Search the FAQs')
    fireEvent.change(search, { target: { value: 'grace period' } })
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 })
    await waitFor(() =>
      expect(calls.some((c) => c.route === 'GET /v1/faqs/published' && c.query.keyword === 'grace period')).toBe(true),
    )
  })

  it('searches as the customer types, once typing pauses, without losing the box’s focus', async () => {
    const router = openApp('/faqs')
    expect(await screen.findByRole('heading', { name: 'Keys' })).toBeTruthy()
    const search = screen.getByPlaceholderText('Search the FAQs') as HTMLInputElement
    search.focus()
    fireEvent.change(search, { target: { value: 'r' } })
    fireEvent.change(search, { target: { value: 'roll a ke' } })
    await waitFor(() =>
      expect(calls.some((c) => c.route === 'GET /v1/faqs/published' && c.query.keyword === 'roll a ke')).toBe(true),
    )
    // One search for the pause, not one per key, and the words are in the address.
    expect(calls.filter((c) => c.route === 'GET /v1/faqs/published' && c.query.keyword === 'r')).toEqual([])
    expect(router.state.location.search).toBe('?keyword=roll+a+ke')
    expect(document.activeElement).toBe(screen.getByPlaceholderText('Search the FAQs'))
    expect((screen.getByPlaceholderText('Search the FAQs') as HTMLInputElement).value).toBe('roll a ke')
  })
})
