import { type BillDetail, formatCents, formatRate, INLINE_ERROR_MS, priceBill } from '@app/contract'
import { act, cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { sessionFrom, sessionStore } from '../../app/session.ts'
import { BILL_ID, listedBill, octoberBill } from '../../test/billing-fixtures.ts'
import { calls, installFakeServer, ok, openApp, profile, refused, server, session } from '../../test/fake-server.tsx'

// The real /billing and /billing/{id} pages through the real route table and API client; only the
// network is answered, from fixtures the contract's schemas check.

configure({ asyncUtilTimeout: 5000 })

beforeAll(async () => {
  await Promise.all([import('../shell/CustomerLayout.tsx'), import('./BillingPage.tsx'), import('./BillPage.tsx')])
}, 60_000)

beforeEach(() => {
  localStorage.clear()
  sessionStore.set(sessionFrom(profile, session.token))
  installFakeServer()
})

afterEach(() => {
  vi.useRealTimers()
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

const twelveBills = Array.from({ length: 12 }, (_, n) =>
  listedBill(n, n === 0 ? { paid: true, paid_at: '2026-11-03T09:00:00.000Z', vat_requested: true } : {}),
)

function answerBills() {
  server['GET /v1/bills'] = (_, query) => {
    const page = Number(query.page ?? 1)
    const size = Number(query.page_size ?? 10)
    return ok({ items: twelveBills.slice((page - 1) * size, page * size), total: 12, page, page_size: size })
  }
}

const tableRows = () => [...document.querySelectorAll('.ant-table-tbody tr[data-row-key]')] as HTMLElement[]

describe('the bill list', { timeout: 60_000 }, () => {
  it('lists month, code, period, total, paid state and VAT mark, newest first', async () => {
    answerBills()
    openApp('/billing')
    expect(await screen.findByText('October 2026')).toBeTruthy()
    const rows = tableRows()
    expect(rows).toHaveLength(10)
    const first = within(rows[0] as HTMLElement)
    expect(first.getByText('INV-202610-000123')).toBeTruthy()
    expect(first.getByText('Oct 1, 2026 – Oct 31, 2026')).toBeTruthy()
    expect(first.getByText('100.00 USD')).toBeTruthy()
    expect(first.getByText('Paid')).toBeTruthy()
    expect(first.getByText('VAT requested')).toBeTruthy()
    // Its link's name starts with the month it shows (WCAG 2.5.3, label in name) and names the bill.
    expect(first.getByRole('link').getAttribute('aria-label')).toBe('October 2026, Open the bill INV-202610-000123')
    const second = within(rows[1] as HTMLElement)
    expect(second.getByText('September 2026')).toBeTruthy()
    expect(second.getByText('Sep 1, 2026 – Sep 30, 2026')).toBeTruthy()
    expect(second.getByText('101.00 USD')).toBeTruthy()
    expect(second.getByText('Unpaid')).toBeTruthy()
    expect(second.getByText('Not requested')).toBeTruthy()
    expect(calls.find((c) => c.route === 'GET /v1/bills')?.query).toEqual({ page: '1', page_size: '10' })
  })

  it('pages on the server and keeps the page in the address', async () => {
    answerBills()
    const router = openApp('/billing')
    expect(await screen.findByText('12 bills')).toBeTruthy()
    fireEvent.click(screen.getByTitle('2'))
    expect(await screen.findByText('INV-202511-000112')).toBeTruthy()
    await waitFor(() => expect(tableRows()).toHaveLength(2))
    expect(router.state.location.search).toBe('?page=2')
    expect(calls.filter((c) => c.route === 'GET /v1/bills').at(-1)?.query).toEqual({ page: '2', page_size: '10' })
  })

  it('opens a bill when its row is clicked', async () => {
    answerBills()
    server[`GET /v1/bills/${twelveBills[1]?.id}`] = () =>
      ok({ ...octoberBill, ...twelveBills[1], is_new: true, lines: [], vat_request: null })
    const router = openApp('/billing')
    fireEvent.click(await screen.findByText('INV-202609-000122'))
    await waitFor(() => expect(router.state.location.pathname).toBe(`/billing/${twelveBills[1]?.id}`))
    expect(await screen.findByText('Bill INV-202609-000122')).toBeTruthy()
  })

  it('explains when bills appear while there are none', async () => {
    server['GET /v1/bills'] = () => ok({ items: [], total: 0, page: 1, page_size: 10 })
    openApp('/billing')
    expect(await screen.findByText('No bills yet')).toBeTruthy()
    expect(screen.getByText(/Bills are generated after each month closes/)).toBeTruthy()
    expect(tableRows()).toHaveLength(0)
  })

  it('shows cards that link to each bill on a phone', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: query === '(max-width: 767px)',
          media: query,
          onchange: null,
          addListener: () => {},
          removeListener: () => {},
          addEventListener: () => {},
          removeEventListener: () => {},
          dispatchEvent: () => false,
        }) as MediaQueryList,
    )
    answerBills()
    openApp('/billing')
    // Named by what the card shows, the month first (WCAG 2.5.3), not by a label of its own.
    const link = await screen.findByRole('link', { name: /^October 2026\b.*INV-202610-000123/ })
    expect(link.hasAttribute('aria-label')).toBe(false)
    expect(link.getAttribute('href')).toBe(`/billing/${twelveBills[0]?.id}`)
    expect(screen.getAllByTestId('bill-card')).toHaveLength(10)
    expect(tableRows()).toHaveLength(0)
  })
})

/** Opens the October bill and waits for it. */
async function openOctober(bill: BillDetail = octoberBill) {
  server[`GET /v1/bills/${BILL_ID}`] = () => ok(bill)
  const router = openApp(`/billing/${BILL_ID}`)
  expect(await screen.findByText('Bill INV-202610-000123')).toBeTruthy()
  return router
}

describe('a bill', { timeout: 60_000 }, () => {
  it('is the one priceBill computes (the fixture below is real)', () => {
    const result = priceBill({
      hits: { LOAD_MAP: 250_000, REVERSE_GEOCODE: 12_345, GEOCODE: 3_000, TRIP: 0 },
      prices: [
        {
          service: 'LOAD_MAP',
          rate: '0.005',
          free: 25_000,
          ranges: [
            { request_from: 0, request_to: 100_000, rate: '0.005' },
            { request_from: 100_000, request_to: 200_000, rate: '0.004' },
            { request_from: 200_000, request_to: 500_000, rate: '0.003' },
            { request_from: 500_000, request_to: -1, rate: '0.002' },
          ],
        },
        { service: 'REVERSE_GEOCODE', rate: '0.00283', free: 10_000, ranges: [] },
        { service: 'GEOCODE', rate: '0.005', free: 10_000, ranges: [] },
        { service: 'TRIP', rate: '0.01', free: 1_000, ranges: [] },
      ],
      discountPercent: '10',
      freeCreditCents: 1000n,
    })
    expect(result.lines.map((line) => formatCents(line.subtotalCents))).toEqual(
      octoberBill.lines.map((line) => line.subtotal),
    )
    expect(result.lines.flatMap((line) => line.tiers.map((tier) => formatRate(tier.nanos)))).toEqual(
      octoberBill.lines.flatMap((line) => line.tiers.map((tier) => tier.amount)),
    )
    expect(formatCents(result.amountBeforeDiscountCents)).toBe(octoberBill.amount_before_discount)
    expect(formatCents(result.discountCents)).toBe(octoberBill.discount)
    expect(formatCents(result.totalCents)).toBe(octoberBill.total)
  })

  it('shows its header and, per service, the hits, the free allowance used and each tier', async () => {
    await openOctober()
    expect(screen.getAllByText('October 2026').length).toBeGreaterThan(0)
    expect(screen.getByText('Oct 1, 2026 – Oct 31, 2026')).toBeTruthy()
    expect(screen.getByText('This bill is unpaid')).toBeTruthy()
    expect(screen.getByText(/^873\.48 USD is due\./)).toBeTruthy()

    const loadMap = within(screen.getByTestId('line-LOAD_MAP'))
    expect(loadMap.getByText('250,000')).toBeTruthy()
    expect(loadMap.getByText('25,000 of 25,000 free requests used')).toBeTruthy()
    expect(loadMap.getByText('225,000')).toBeTruthy()
    const tiers = [...screen.getByTestId('line-LOAD_MAP').querySelectorAll('.ant-table-tbody tr[data-row-key]')].map(
      (row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent),
    )
    expect(tiers).toEqual([
      ['Requests 1 – 100,000', '100,000', '5.00 USD0.005 USD per request', '500.00 USD'],
      ['Requests 100,001 – 200,000', '100,000', '4.00 USD0.004 USD per request', '400.00 USD'],
      ['Requests 200,001 – 500,000', '25,000', '3.00 USD0.003 USD per request', '75.00 USD'],
    ])
    expect(loadMap.getByText('Subtotal: 975.00 USD')).toBeTruthy()

    const reverse = within(screen.getByTestId('line-REVERSE_GEOCODE'))
    expect(reverse.getByText('Your own rate')).toBeTruthy()
    expect(reverse.getByText('10,000 of 10,000 free requests used')).toBeTruthy()
    expect(reverse.getByText('Every billable request')).toBeTruthy()
    expect(reverse.getByText('2.83 USD')).toBeTruthy()
    expect(reverse.getByText('0.00283 USD per request')).toBeTruthy()
    // The exact tier amount, before the line's one rounding to cents.
    expect(reverse.getByText('6.63635 USD')).toBeTruthy()
    expect(reverse.getByText('Subtotal: 6.64 USD')).toBeTruthy()

    const geocode = within(screen.getByTestId('line-GEOCODE'))
    expect(geocode.getByText('3,000 of 10,000 free requests used')).toBeTruthy()
    expect(geocode.getByText(/within the free allowance/)).toBeTruthy()
    expect(screen.queryByTestId('line-TRIP')).toBeNull()
    expect(screen.getByText('Not used this month: Trip planning')).toBeTruthy()
  })

  it('goes from the amount before discount to the total in USD and VND', async () => {
    await openOctober()
    const summary = (term: string) => {
      const dt = screen.getByText(term, { selector: 'dt, dt *' }).closest('div')
      if (!dt) throw new Error(`no ${term}`)
      return dt.querySelector('dd')?.textContent
    }
    expect(summary('Amount before discount')).toBe('981.64 USD')
    expect(summary('Discount (10%)')).toBe('− 98.16 USD')
    expect(summary('Free monthly credit')).toBe('− 10.00 USD')
    expect(summary('Total (USD)')).toBe('873.48 USD')
    expect(summary('Total in VND')).toBe('22,186,392 VND')
    expect(screen.getByText('At 25,400 VND per USD on the bill date')).toBeTruthy()
    expect(screen.getByTestId('transfer-content').textContent).toBe('INV-202610-000123')
    // Every list of terms holds only groups of a term and its value (axe-core's definition-list rule).
    for (const list of document.querySelectorAll('dl')) {
      for (const child of list.children) {
        expect(child.tagName).toBe('DIV')
        expect([...child.children].map((c) => c.tagName)).toEqual(['DT', 'DD'])
      }
    }
  })

  it('says when a bill is paid', async () => {
    await openOctober({ ...octoberBill, paid: true, paid_at: '2026-11-05T10:00:00.000Z' })
    expect(screen.getByText('This bill is paid')).toBeTruthy()
    expect(screen.getByText('Paid on Nov 5, 2026')).toBeTruthy()
    expect(screen.queryByText('This bill is unpaid')).toBeNull()
  })

  it('copies the transfer content with a copy-success toast', async () => {
    const copied: string[] = []
    // jsdom has no clipboard; this one stands in for the browser's for this test only.
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: {
        writeText: async (text: string) => {
          copied.push(text)
        },
      },
    })
    onTestFinished(() => {
      Reflect.deleteProperty(navigator, 'clipboard')
    })
    await openOctober()
    fireEvent.click(screen.getByLabelText('Copy the transfer content'))
    expect(await screen.findByText('Copy success: the transfer content is on your clipboard')).toBeTruthy()
    expect(copied).toEqual(['INV-202610-000123'])
  })

  it('downloads the PDF and the XLSX with the signed-in token, saved under the bill code', async () => {
    await openOctober()
    const answered = globalThis.fetch
    const files: { url: string; headers: Record<string, string> }[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (!url.startsWith(`/v1/bills/${BILL_ID}/files`)) return answered(url, init)
        files.push({ url, headers: (init?.headers ?? {}) as Record<string, string> })
        const type = url.includes('filesPDF')
          ? 'application/pdf'
          : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
        return new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
          status: 200,
          headers: { 'content-type': type },
        })
      }),
    )
    const saved: Blob[] = []
    // jsdom has no object URLs; these stand in for the browser's (files share a window: web tests run with
    // isolate: false, so every stand-in is a writable property).
    URL.createObjectURL = (blob: Blob) => {
      saved.push(blob)
      return `blob:bill-${saved.length}`
    }
    URL.revokeObjectURL = () => {}
    const downloads: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(`${this.download} ${this.getAttribute('href')}`)
    })

    fireEvent.click(screen.getByText('Download PDF', { selector: 'button *' }))
    await waitFor(() => expect(downloads).toEqual(['INV-202610-000123.pdf blob:bill-1']))
    fireEvent.click(screen.getByText('Download XLSX', { selector: 'button *' }))
    await waitFor(() => expect(downloads).toHaveLength(2))
    expect(downloads[1]).toBe('INV-202610-000123.xlsx blob:bill-2')
    expect(files.map((file) => file.url)).toEqual([
      `/v1/bills/${BILL_ID}/filesPDF?lang=en`,
      `/v1/bills/${BILL_ID}/files?lang=en`,
    ])
    expect(files.map((file) => file.headers.authorization)).toEqual([
      `Bearer ${session.token}`,
      `Bearer ${session.token}`,
    ])
    expect(saved[0]?.type).toBe('application/pdf')
    expect(saved[0]?.size).toBe(4)
  })

  it('says so when a download is refused', async () => {
    await openOctober()
    const answered = globalThis.fetch
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (!url.startsWith(`/v1/bills/${BILL_ID}/files`)) return answered(url, init)
        return new Response(JSON.stringify(refused(404, 'NOT_FOUND', 'Bill not found').body), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        })
      }),
    )
    fireEvent.click(screen.getByText('Download PDF', { selector: 'button *' }))
    expect(await screen.findByText('The bill could not be downloaded: Bill not found')).toBeTruthy()
  })

  it('answers a bill that does not exist with a not-found page', async () => {
    const missing = 'bil_01jd00000000000000000000zz'
    server[`GET /v1/bills/${missing}`] = () => refused(404, 'NOT_FOUND', 'Bill not found')
    const router = openApp(`/billing/${missing}`)
    expect(await screen.findByText('Bill not found')).toBeTruthy()
    expect(screen.getByText('This bill does not exist, or it belongs to another account.')).toBeTruthy()
    server['GET /v1/bills'] = () => ok({ items: [], total: 0, page: 1, page_size: 10 })
    fireEvent.click(screen.getByText('Back to bills', { selector: 'a *' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/billing'))
  })
})

function typeInto(input: HTMLElement, value: string) {
  fireEvent.focus(input)
  fireEvent.change(input, { target: { value } })
  fireEvent.blur(input)
}

const field = (label: string) => screen.getByLabelText(label)
const vatPosts = () => calls.filter((c) => c.route === `POST /v1/bills/request-vat-to-admin/${BILL_ID}`)

describe('the VAT invoice request', { timeout: 60_000 }, () => {
  it('gives its message for each invalid field, with a red border, and sends nothing', async () => {
    await openOctober()
    typeInto(field('Company name'), 'A')
    typeInto(field('Company address'), 'Hà')
    typeInto(field('Tax code'), '12345')
    typeInto(field('E-mail for the invoice'), 'not-an-email')
    expect(await screen.findByText('Invalid company name')).toBeTruthy()
    expect(await screen.findByText('Invalid company address')).toBeTruthy()
    expect(await screen.findByText('Invalid tax code')).toBeTruthy()
    expect(await screen.findByText('Invalid email')).toBeTruthy()
    expect(field('Company name').closest('.ant-form-item')?.classList.contains('ant-form-item-has-error')).toBe(true)

    fireEvent.click(screen.getByText('Request VAT invoice', { selector: 'button *' }))
    await waitFor(() => expect(screen.getAllByText('Invalid tax code')).toHaveLength(1))
    expect(vatPosts()).toEqual([])
  })

  it('lets an inline message and its red border vanish after 5 seconds', async () => {
    await openOctober()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    typeInto(field('Tax code'), '01-234')
    await vi.waitFor(() => expect(screen.getByText('Invalid tax code')).toBeTruthy())
    const item = field('Tax code').closest('.ant-form-item')
    expect(item?.classList.contains('ant-form-item-has-error')).toBe(true)
    act(() => {
      vi.advanceTimersByTime(INLINE_ERROR_MS - 500)
    })
    expect(screen.getByText('Invalid tax code')).toBeTruthy()
    act(() => {
      vi.advanceTimersByTime(1000)
    })
    await vi.waitFor(() => expect(screen.queryByText('Invalid tax code')).toBeNull())
    expect(item?.classList.contains('ant-form-item-has-error')).toBe(false)
    vi.useRealTimers()
  })

  it('sends the request and shows it, with a success toast', async () => {
    const requested = {
      company_name: 'Acme Maps Co., Ltd',
      company_address: '1 Sample Street, Hanoi',
      tax_code: '0101234567-001',
      email: 'billing@example.com',
    }
    server[`POST /v1/bills/request-vat-to-admin/${BILL_ID}`] = () =>
      ok(
        {
          ...octoberBill,
          vat_requested: true,
          vat_request: { ...requested, requested_at: '2026-11-02T08:00:00.000Z' },
        },
        'Your VAT invoice request was sent',
      )
    await openOctober()
    typeInto(field('Company name'), '  Acme Maps Co., Ltd ')
    typeInto(field('Company address'), '1 Sample Street, Hanoi')
    typeInto(field('Tax code'), '0101234567-001')
    typeInto(field('E-mail for the invoice'), 'Billing@Example.com')
    fireEvent.click(screen.getByText('Request VAT invoice', { selector: 'button *' }))

    expect(await screen.findByText('Your VAT invoice request was sent')).toBeTruthy()
    expect(vatPosts().map((c) => c.body)).toEqual([requested])
    // The request is shown in place of the empty form, and the bill is marked.
    expect(await screen.findByText('Change the request')).toBeTruthy()
    expect(screen.getByText('0101234567-001')).toBeTruthy()
    expect(screen.getAllByText('VAT requested').length).toBeGreaterThan(0)
  })

  it('shows an existing request and lets the customer replace it', async () => {
    await openOctober({
      ...octoberBill,
      vat_requested: true,
      vat_request: {
        company_name: 'Acme Maps Co., Ltd',
        company_address: '1 Sample Street, Hanoi',
        tax_code: '0101234567',
        email: 'billing@example.com',
        requested_at: '2026-11-02T08:00:00.000Z',
      },
    })
    expect(screen.getByText('Acme Maps Co., Ltd')).toBeTruthy()
    expect(screen.getByText('billing@example.com')).toBeTruthy()
    expect(screen.queryByLabelText('Company name')).toBeNull()
    fireEvent.click(screen.getByText('Change the request', { selector: 'button *' }))
    expect((await screen.findByLabelText('Tax code')) instanceof HTMLInputElement).toBe(true)
    expect((field('Tax code') as HTMLInputElement).value).toBe('0101234567')
    expect(screen.getByText('A new request replaces the one above.')).toBeTruthy()
  })

  it('puts the server’s field messages on the fields when it refuses', async () => {
    server[`POST /v1/bills/request-vat-to-admin/${BILL_ID}`] = () =>
      refused(400, 'VALIDATION', 'Invalid input', { fields: { tax_code: 'Invalid tax code' } })
    await openOctober()
    typeInto(field('Company name'), 'Acme Maps Co., Ltd')
    typeInto(field('Company address'), '1 Sample Street, Hanoi')
    typeInto(field('Tax code'), '0101234567')
    typeInto(field('E-mail for the invoice'), 'billing@example.com')
    fireEvent.click(screen.getByText('Request VAT invoice', { selector: 'button *' }))
    expect(await screen.findByText('The VAT invoice request could not be sent: Invalid input')).toBeTruthy()
    expect(await screen.findByText('Invalid tax code')).toBeTruthy()
  })
})

const PAY = `PUT /v1/bills/pay/${BILL_ID}`
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

/** The `Idempotency-Key` each payment request carried, in order. */
function payKeys(): (string | undefined)[] {
  return vi
    .mocked(globalThis.fetch)
    .mock.calls.filter(([url, init]) => String(url) === `/v1/bills/pay/${BILL_ID}` && init?.method === 'PUT')
    .map(([, init]) => (init?.headers as Record<string, string> | undefined)?.['idempotency-key'])
}

/** Opens the October bill with `balance` on the account and clicks "Pay from balance". */
async function askToPay(balance: string) {
  server['GET /v1/users/profile'] = () => ok({ ...profile, balance })
  await openOctober()
  fireEvent.click(screen.getByRole('button', { name: 'Pay from balance' }))
  return await screen.findByRole('dialog')
}

/** Clicks "Pay 873.48 USD" once the dialog has read the balance and enabled it. */
async function clickPay(dialog: HTMLElement) {
  const pay = within(dialog).getByRole('button', { name: 'Pay 873.48 USD' }) as HTMLButtonElement
  await waitFor(() => expect(pay.disabled).toBe(false))
  fireEvent.click(pay)
}

describe('paying a bill from the balance', { timeout: 60_000 }, () => {
  it('asks first with the amount and the balance, then pays with an Idempotency-Key and shows the bill paid', async () => {
    server[PAY] = () => ok({ bill_id: BILL_ID, paid_at: '2026-11-02T08:00:00.000Z', balance: '126.52' }, 'Bill paid')
    const dialog = await askToPay('1000.00')
    expect(dialog.textContent).toContain('Pay bill INV-202610-000123 from your balance?')
    const figure = (term: string) =>
      within(dialog).getByText(term).parentElement?.querySelector('.ant-descriptions-item-content')
    expect(figure('Amount to pay')?.textContent).toBe('873.48 USD')
    await waitFor(() => expect(figure('Your balance')?.textContent).toBe('1,000.00 USD'))
    expect(figure('Balance after paying')?.textContent).toBe('126.52 USD')
    // Nothing is sent before the customer confirms.
    expect(calls.filter((c) => c.route === PAY)).toEqual([])

    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay 873.48 USD' }))
    expect(await screen.findByText('Bill paid')).toBeTruthy()
    expect(await screen.findByText('This bill is paid')).toBeTruthy()
    expect(screen.getByText('Paid on Nov 2, 2026')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Pay from balance' })).toBeNull()
    const keys = payKeys()
    expect(keys).toHaveLength(1)
    expect(keys[0]).toMatch(UUID)
  })

  it('sends nothing when the customer cancels', async () => {
    const dialog = await askToPay('1000.00')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls.filter((c) => c.route === PAY)).toEqual([])
    expect(screen.getByText('This bill is unpaid')).toBeTruthy()
  })

  it('when the balance is short, disables Pay and offers a top-up of exactly the missing amount', async () => {
    const dialog = await askToPay('10.00')
    expect(await within(dialog).findByText('Your balance is 863.48 USD short of this bill.')).toBeTruthy()
    expect(within(dialog).queryByText('Balance after paying')).toBeNull()
    const pay = within(dialog).getByRole('button', { name: 'Pay 873.48 USD' }) as HTMLButtonElement
    expect(pay.disabled).toBe(true)
    fireEvent.click(pay)
    const topUp = within(dialog).getByRole('link', { name: 'Top up 863.48 USD' })
    expect(topUp.getAttribute('href')).toBe('/payment?amount=863.48')
    expect(calls.filter((c) => c.route === PAY)).toEqual([])
  })

  it('counts a negative balance (money owed after a refund) in what is missing', async () => {
    const dialog = await askToPay('-10.00')
    expect(await within(dialog).findByText('Your balance is 883.48 USD short of this bill.')).toBeTruthy()
    expect((within(dialog).getByRole('button', { name: 'Pay 873.48 USD' }) as HTMLButtonElement).disabled).toBe(true)
    expect(within(dialog).getByRole('link', { name: 'Top up 883.48 USD' }).getAttribute('href')).toBe(
      '/payment?amount=883.48',
    )
  })

  it('after a refusal for a short balance (it changed after the dialog read it) offers a top-up', async () => {
    const refusal = 'Your balance (10.00 USD) is not enough to pay 873.48 USD. Top up your balance first.'
    server[PAY] = () => refused(422, 'INSUFFICIENT_BALANCE', refusal)
    const dialog = await askToPay('1000.00')
    const pay = within(dialog).getByRole('button', { name: 'Pay 873.48 USD' }) as HTMLButtonElement
    await waitFor(() => expect(pay.disabled).toBe(false))
    fireEvent.click(pay)
    expect(await screen.findByText(`Pay bill error: ${refusal}`)).toBeTruthy()
    const shortfall = await screen.findByTestId('pay-shortfall')
    expect(within(shortfall).getByText(refusal)).toBeTruthy()
    const topUp = within(shortfall).getByRole('link', { name: 'Top up your balance' })
    expect(topUp.getAttribute('href')).toBe('/payment')
    expect(screen.getByText('This bill is unpaid')).toBeTruthy()
  })

  it('says “Pay bill error” with the server’s message on any other refusal, and each try has its own key', async () => {
    server[PAY] = () => refused(409, 'BILL_ALREADY_PAID', 'This bill is already paid')
    await clickPay(await askToPay('1000.00'))
    expect(await screen.findByText('Pay bill error: This bill is already paid')).toBeTruthy()
    // No top-up offer: the balance was not the problem.
    expect(screen.queryByTestId('pay-shortfall')).toBeNull()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    fireEvent.click(screen.getByRole('button', { name: 'Pay from balance' }))
    await clickPay(await screen.findByRole('dialog'))
    await waitFor(() => expect(payKeys()).toHaveLength(2))
    const [first, second] = payKeys()
    expect(first).toMatch(UUID)
    expect(second).toMatch(UUID)
    expect(second).not.toBe(first)
  })

  it('is not offered for a paid bill or a bill with nothing to pay', async () => {
    await openOctober({ ...octoberBill, paid: true, paid_at: '2026-11-05T10:00:00.000Z' })
    expect(screen.queryByRole('button', { name: 'Pay from balance' })).toBeNull()
    cleanup()
    await openOctober({ ...octoberBill, total: '0.00', total_vnd: '0' })
    expect(screen.getByText('Nothing to pay this month')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Pay from balance' })).toBeNull()
  })
})
