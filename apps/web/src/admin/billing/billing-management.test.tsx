import type { Bill } from '@app/contract'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { BILL_ID, bill, billDetail, billingRun, monthCounts, OTHER_BILL_ID } from '../../test/admin-billing-fixtures.ts'
import { setUpAdminScreens } from '../../test/admin-screens.ts'
import { calls, installFakeServer, ok, openApp, profile, refused, server } from '../../test/fake-server.tsx'
import { USER_ID } from '../../test/usage-fixtures.ts'

// The real route table, admin shell, billing manager and API client; only the network is answered.

setUpAdminScreens({
  pages: () => [import('./BillingManagementPage.tsx'), import('../keys/UserKeysPage.tsx')],
  // Only the clock's date is fixed (22 Nov 2026): the latest month with bills is then October.
  today: '2026-11-22T10:00:00Z',
})

const ALL = 'GET /v1/bills/all'
const COUNT = 'GET /v1/bills/count-by-month'
const EXPORT = 'GET /v1/bills/export'
const RUNS = 'GET /v1/bills/runs'
const GENERATE = 'POST /v1/bills/generate'
const USER_BILLS = 'GET /v1/bills'
const setPaidRoute = (id: string) => `POST /v1/bills/${id}/update-paid`

const queriesOf = (route: string) => calls.filter((c) => c.route === route).map((c) => c.query)
const bodiesOf = (route: string) => calls.filter((c) => c.route === route).map((c) => c.body)

/** The server's bills, changed by the set-paid calls the test answers. */
let bills: Bill[] = []

function answerBills(total = 2) {
  bills = [
    bill(),
    bill({
      id: OTHER_BILL_ID,
      code: 'INV-202610-000002',
      user_email: 'lan.pham@example.com',
      user_name: 'Lan Pham',
      amount_before_discount: '40.00',
      discount_percent: '0.00',
      discount: '0.00',
      amount: '40.00',
      free_credit: '0.00',
      total: '40.00',
      total_vnd: '1016000',
      paid: true,
      paid_at: '2026-11-05T09:00:00.000Z',
      vat_requested: false,
    }),
  ]
  server[ALL] = (_body, query) => ok({ items: bills, total, page: Number(query.page ?? 1), page_size: 20 })
  server[COUNT] = (_body, query) => ok(monthCounts({ month: Number(query.month), year: Number(query.year) }))
}

/** Answers set-paid for `id` the way the server does: the bill with its new state. */
function answerSetPaid(id: string) {
  server[setPaidRoute(id)] = (body) => {
    const paid = (body as { paid: boolean }).paid
    bills = bills.map((item) =>
      item.id === id ? { ...item, paid, paid_at: paid ? '2026-11-22T10:00:00.000Z' : null } : item,
    )
    const changed = bills.find((item) => item.id === id)
    return ok(changed, paid ? 'Bill set to paid' : 'Bill set back to unpaid')
  }
}

const rowOf = (text: string) => {
  const row = screen.getByText(text).closest('tr')
  if (!row) throw new Error(`no row holds ${text}`)
  return row
}
/** A column's header cell (the table also measures its titles in a hidden row of the body). */
const headerOf = (title: string) => {
  const header = [...document.querySelectorAll('thead th')].find((th) => th.textContent === title)
  if (!(header instanceof HTMLElement)) throw new Error(`no column ${title}`)
  return header
}
const cellsOf = (row: HTMLElement) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')

/** Opens an antd Select by its label and picks an option by its text. */
async function choose(label: string, option: string) {
  const select = screen.getByLabelText(label, { selector: 'input' }).closest('.ant-select')
  if (!select) throw new Error(`no select ${label}`)
  fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select)
  const item = await screen.findByText(option, { selector: '.ant-select-item-option-content' })
  fireEvent.click(item)
}

/** The confirm button of the open Popconfirm. */
async function confirmPopup() {
  const popup = await waitFor(() => {
    const found = document.querySelector('.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons')
    if (!(found instanceof HTMLElement)) throw new Error('no open confirmation')
    return found
  })
  fireEvent.click(within(popup).getByText('Confirm'))
}

describe('the billing manager', { timeout: 60_000 }, () => {
  it('lists every bill with its customer, period, amounts and status, above the last month’s counts', async () => {
    answerBills()
    openApp('/administrator/billing-management')

    await waitFor(() =>
      expect(queriesOf(ALL)).toEqual([
        { filters: 'all', sort_by: 'bill_date', sort_mode: 'desc', page: '1', page_size: '20' },
      ]),
    )
    await screen.findByText('INV-202610-000001')
    expect(cellsOf(rowOf('INV-202610-000001'))).toEqual([
      // The row's selection box (bulk actions).
      '',
      'INV-202610-000001',
      'Minh Tranminh.tran@example.com',
      '10/2026',
      'Oct 1, 2026 – Oct 31, 2026',
      '$120.00',
      '$12.00 (10%)',
      '$103.00',
      '₫2,616,200',
      '',
      'Nov 1, 2026',
      // The status and the actions are pinned to the right edge (issue 21), so they come last.
      'Unpaid',
      'Set paidDetails',
    ])
    expect(within(rowOf('INV-202610-000001')).getByRole('img', { name: 'VAT invoice requested' })).toBeTruthy()
    expect(cellsOf(rowOf('INV-202610-000002'))).toContain('Paid')
    expect(within(rowOf('INV-202610-000002')).getByRole('img', { name: 'No VAT invoice requested' })).toBeTruthy()
    expect(within(rowOf('INV-202610-000002')).getByText('Set unpaid')).toBeTruthy()

    // Without a month filter, the counts are those of the latest month that has ended.
    expect(queriesOf(COUNT)).toEqual([{ month: '10', year: '2026' }])
    const summary = screen.getByText('Bills of October 2026').closest('.ant-card')
    if (!(summary instanceof HTMLElement)) throw new Error('no summary')
    expect(summary.textContent).toContain('Bills42Amount: $4,321.00')
    expect(summary.textContent).toContain('Paid30Amount: $3,000.50')
    expect(summary.textContent).toContain('Unpaid12Amount: $1,320.50')
    expect(document.title).toContain('Invoices')
  })

  it('hides the columns the reader does not need, remembers it, and keeps the status and actions (issue 21)', async () => {
    answerBills()
    openApp('/administrator/billing-management')
    await screen.findByText('INV-202610-000001')
    const headers = () => [...document.querySelectorAll('thead th')].map((th) => th.textContent ?? '')
    expect(headers()).toContain('Total (VND)')
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }))
    const chooser = await screen.findByRole('tooltip')
    // What a row is, its status and its actions cannot be hidden.
    expect(within(chooser).queryByRole('checkbox', { name: 'Code' })).toBeNull()
    expect(within(chooser).queryByRole('checkbox', { name: 'Status' })).toBeNull()
    fireEvent.click(within(chooser).getByRole('checkbox', { name: 'Total (VND)' }))
    fireEvent.click(within(chooser).getByRole('checkbox', { name: 'VAT' }))
    await waitFor(() => expect(headers()).not.toContain('Total (VND)'))
    expect(headers()).not.toContain('VAT')
    expect(headers()).toContain('Status')
    expect(screen.getByRole('button', { name: /^Columns \(\d+\/\d+\)$/ })).toBeTruthy()

    // The choice outlives the page.
    cleanup()
    installFakeServer()
    answerBills()
    openApp('/administrator/billing-management')
    await screen.findByText('INV-202610-000001')
    expect(headers()).not.toContain('Total (VND)')
    fireEvent.click(screen.getByRole('button', { name: /^Columns/ }))
    fireEvent.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Show all' }))
    await waitFor(() => expect(headers()).toContain('Total (VND)'))
  })

  it('sends the keyword, month, year, status, sort and page, keeps them in the URL, and reads them back', async () => {
    answerBills(45)
    const router = openApp('/administrator/billing-management')
    await screen.findByText('INV-202610-000001')

    const search = screen.getByLabelText('Search by bill code, email or name', { selector: 'input' })
    fireEvent.change(search, { target: { value: ' minh ' } })
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 })
    await waitFor(() => expect(queriesOf(ALL).at(-1)).toMatchObject({ keyword: 'minh' }))

    await choose('Month', 'September')
    await waitFor(() => expect(queriesOf(ALL).at(-1)).toMatchObject({ keyword: 'minh', month: '9' }))
    await choose('Year', '2026')
    fireEvent.click(screen.getByText('Unpaid', { selector: '.ant-segmented-item-label' }))
    // The counts follow once both month and year are chosen.
    await waitFor(() => expect(queriesOf(COUNT).at(-1)).toEqual({ month: '9', year: '2026' }))
    expect(await screen.findByText('Bills of September 2026')).toBeTruthy()

    // Sorting by total starts with the largest; a second click turns it round.
    fireEvent.click(headerOf('Total (USD)'))
    await waitFor(() => expect(queriesOf(ALL).at(-1)).toMatchObject({ sort_by: 'total', sort_mode: 'desc' }))
    fireEvent.click(headerOf('Total (USD)'))
    await waitFor(() => expect(queriesOf(ALL).at(-1)).toMatchObject({ sort_by: 'total', sort_mode: 'asc' }))

    fireEvent.click(await screen.findByTitle('2'))
    const expected = {
      keyword: 'minh',
      month: '9',
      year: '2026',
      filters: 'unpaid',
      sort_by: 'total',
      sort_mode: 'asc',
      page: '2',
      page_size: '20',
    }
    await waitFor(() => expect(queriesOf(ALL).at(-1)).toEqual(expected))
    const search2 = new URLSearchParams(router.state.location.search)
    expect(Object.fromEntries(search2)).toEqual({
      keyword: 'minh',
      month: '9',
      year: '2026',
      filters: 'unpaid',
      sort_by: 'total',
      sort_mode: 'asc',
      page: '2',
    })

    // A reload of that address asks for exactly the same bills.
    cleanup()
    installFakeServer()
    answerBills(45)
    openApp(`/administrator/billing-management${router.state.location.search}`)
    await waitFor(() => expect(queriesOf(ALL)).toEqual([expected]))
    expect(await screen.findByText('Bills of September 2026')).toBeTruthy()
  })

  it('sets a bill paid and back to unpaid after a confirmation, and the row follows', async () => {
    answerBills()
    answerSetPaid(BILL_ID)
    openApp('/administrator/billing-management')
    await screen.findByText('INV-202610-000001')

    fireEvent.click(screen.getByRole('button', { name: 'Set paid: INV-202610-000001' }))
    expect(await screen.findByText('Set the bill INV-202610-000001 paid?')).toBeTruthy()
    expect(bodiesOf(setPaidRoute(BILL_ID))).toEqual([])
    await confirmPopup()
    await waitFor(() => expect(bodiesOf(setPaidRoute(BILL_ID))).toEqual([{ paid: true }]))
    expect(await screen.findByText('Bill set to paid')).toBeTruthy()
    await waitFor(() => expect(cellsOf(rowOf('INV-202610-000001'))).toContain('Paid'))
    // The counts are asked again, since one more bill is paid.
    await waitFor(() => expect(queriesOf(COUNT).length).toBeGreaterThan(1))

    fireEvent.click(await screen.findByRole('button', { name: 'Set unpaid: INV-202610-000001' }))
    expect(await screen.findByText('Set the bill INV-202610-000001 back to unpaid?')).toBeTruthy()
    await confirmPopup()
    await waitFor(() => expect(bodiesOf(setPaidRoute(BILL_ID))).toEqual([{ paid: true }, { paid: false }]))
    expect(await screen.findByText('Bill set back to unpaid')).toBeTruthy()
    await waitFor(() => expect(cellsOf(rowOf('INV-202610-000001'))).toContain('Unpaid'))
  })

  it('sets the selected unpaid bills paid at once after one confirmation, each by its own call (issue 21)', async () => {
    answerBills()
    answerSetPaid(BILL_ID)
    openApp('/administrator/billing-management')
    await screen.findByText('INV-202610-000001')
    // A paid bill cannot be selected; an unpaid one can.
    const paidBox = screen.getByRole('checkbox', { name: 'Select INV-202610-000002' }) as HTMLInputElement
    expect(paidBox.disabled).toBe(true)
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select INV-202610-000001' }))
    expect(await screen.findByText('1 selected')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Set 1 bill paid' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getAllByText('Set 1 bill paid?').length).toBeGreaterThan(0)
    expect(
      within(dialog).getByText(/these bills as paid: INV-202610-000001\. Each change is recorded in the logs\./),
    ).toBeTruthy()
    expect(bodiesOf(setPaidRoute(BILL_ID))).toEqual([])
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set paid' }))
    await waitFor(() => expect(bodiesOf(setPaidRoute(BILL_ID))).toEqual([{ paid: true }]))
    expect(await screen.findByText('1 bill set paid')).toBeTruthy()
    await waitFor(() => expect(cellsOf(rowOf('INV-202610-000001'))).toContain('Paid'))
    expect(screen.queryByText('1 selected')).toBeNull()
  })

  it('says which selected bills were refused and why, and sets the others paid', async () => {
    answerBills()
    bills = bills.map((item) => ({ ...item, paid: false, paid_at: null }))
    answerSetPaid(BILL_ID)
    server[setPaidRoute(OTHER_BILL_ID)] = () => refused(409, 'CONFLICT', 'The bill was paid meanwhile')
    openApp('/administrator/billing-management')
    await screen.findByText('INV-202610-000001')
    // The header's box selects every selectable row of the page.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select this page' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Set 2 bills paid' }))
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Set paid' }))
    expect(await screen.findByText(/1 set paid, 1 refused:/)).toBeTruthy()
    expect(screen.getByText(/INV-202610-000002: The bill was paid meanwhile/)).toBeTruthy()
    expect(bodiesOf(setPaidRoute(BILL_ID))).toEqual([{ paid: true }])
  })

  it('says "Change status error" with the server’s reason when the change is refused, and keeps the row', async () => {
    answerBills()
    server[setPaidRoute(BILL_ID)] = () => refused(404, 'NOT_FOUND', 'Bill not found')
    openApp('/administrator/billing-management')
    await screen.findByText('INV-202610-000001')

    fireEvent.click(screen.getByRole('button', { name: 'Set paid: INV-202610-000001' }))
    await confirmPopup()
    expect(await screen.findByText('Change status error: Bill not found')).toBeTruthy()
    expect(cellsOf(rowOf('INV-202610-000001'))).toContain('Unpaid')
  })

  it('says "Change status error" alone when the server gives no reason', async () => {
    answerBills()
    server[setPaidRoute(BILL_ID)] = () => ({ status: 502, body: { bad: 'gateway' } as never })
    openApp('/administrator/billing-management')
    await screen.findByText('INV-202610-000001')

    fireEvent.click(screen.getByRole('button', { name: 'Set paid: INV-202610-000001' }))
    await confirmPopup()
    expect(await screen.findByText('Change status error')).toBeTruthy()
  })

  it('exports the filtered bills as XLSX, and says "Error when export invoice" when that fails', async () => {
    answerBills()
    const saved = answerXlsxExport()
    openApp('/administrator/billing-management?month=10&year=2026&filters=paid&keyword=lan')
    await screen.findByText('INV-202610-000001')

    fireEvent.click(screen.getByText('Export XLSX'))
    await waitFor(() => expect(saved).toEqual(['bills-2026-10.xlsx']))
    expect(queriesOf(EXPORT)).toEqual([
      {
        keyword: 'lan',
        month: '10',
        year: '2026',
        filters: 'paid',
        sort_by: 'bill_date',
        sort_mode: 'desc',
        lang: 'en',
      },
    ])

    exportRefusal = refused(500, 'INTERNAL', 'Something went wrong')
    fireEvent.click(screen.getByText('Export XLSX'))
    expect(await screen.findByText('Error when export invoice: Something went wrong')).toBeTruthy()
    expect(saved).toEqual(['bills-2026-10.xlsx'])
  })

  it('opens a bill in a drawer with its tiers, totals and VAT request', async () => {
    answerBills()
    server[`GET /v1/bills/${BILL_ID}`] = () => ok(billDetail())
    openApp('/administrator/billing-management')
    fireEvent.click(await screen.findByRole('button', { name: 'Open the bill INV-202610-000001' }))

    const drawer = await screen.findByRole('dialog')
    expect(await within(drawer).findByText('Bill INV-202610-000001')).toBeTruthy()
    const geocode = within(drawer).getByText('Geocoding').closest('.ant-card')
    if (!(geocode instanceof HTMLElement)) throw new Error('no Geocode card')
    expect(geocode.textContent).toContain('Private rate')
    expect(geocode.textContent).toContain('Subtotal$102.00')
    expect(geocode.textContent).toContain('250,000 requests, 10,000 free, 240,000 charged')
    const tierRows = [...geocode.querySelectorAll('tbody tr.ant-table-row')].map((row) =>
      [...row.querySelectorAll('td')].map((cell) => cell.textContent),
    )
    // Tiers without charged requests are left out; a tier's amount is shown exactly, unrounded.
    expect(tierRows).toEqual([
      ['1 – 100,000', '100,000', '$0.50', '$50.00'],
      ['100,001 – 200,000', '100,000', '$0.40', '$40.00'],
      ['200,001 – 500,000', '40,000', '$0.30', '$12.00000001'],
    ])
    const loadMap = within(drawer).getByText('Map loads').closest('.ant-card')
    expect(loadMap?.querySelector('tbody tr.ant-table-row td')?.textContent).toBe('Every request')

    const text = drawer.textContent ?? ''
    expect(text).toContain('Amount before discount$120.00')
    expect(text).toContain('Discount (10%)−$12.00')
    expect(text).toContain('Free monthly credit−$5.00')
    expect(text).toContain('Total (USD)$103.00')
    expect(text).toContain('Total (VND)₫2,616,200')
    expect(text).toContain('25,400 VND per USD')
    expect(text).toContain('CompanyMinh Logistics JSC')
    expect(text).toContain('Company address12 Nguyen Hue, District 1, Ho Chi Minh City')
    expect(text).toContain('Tax code0312345678')
    expect(text).toContain('Recipient emailaccounts@minh-logistics.example')

    // The bill's files, as the customer downloads them (issue 21: the back office had none).
    const saved = answerFiles()
    fireEvent.click(within(drawer).getByRole('button', { name: 'Download the PDF of INV-202610-000001' }))
    await waitFor(() => expect(saved).toEqual(['INV-202610-000001.pdf']))
    fireEvent.click(within(drawer).getByRole('button', { name: 'Download the XLSX of INV-202610-000001' }))
    await waitFor(() => expect(saved).toEqual(['INV-202610-000001.pdf', 'INV-202610-000001.xlsx']))
    expect(calls.filter((c) => c.route.startsWith(`GET /v1/bills/${BILL_ID}/files`)).map((c) => c.route)).toEqual([
      `GET /v1/bills/${BILL_ID}/filesPDF`,
      `GET /v1/bills/${BILL_ID}/files`,
    ])
  })

  it('e-mails a bill to its customer after a confirmation naming the address, and says when it was sent (issue 21)', async () => {
    answerBills()
    let detail = billDetail()
    server[`GET /v1/bills/${BILL_ID}`] = () => ok(detail)
    openApp('/administrator/billing-management')
    fireEvent.click(await screen.findByRole('button', { name: 'Open the bill INV-202610-000001' }))
    const drawer = await screen.findByRole('dialog')
    expect(await within(drawer).findByText('Not sent yet')).toBeTruthy()

    server[`POST /v1/bills/${BILL_ID}/email`] = () => {
      detail = { ...detail, emailed_at: '2026-11-22T10:00:00.000Z' }
      return ok(detail, `The bill was e-mailed to ${detail.user_email}`)
    }
    fireEvent.click(within(drawer).getByRole('button', { name: 'E-mail the bill INV-202610-000001 to its customer' }))
    expect(await screen.findByText(`E-mail the bill INV-202610-000001 to ${detail.user_email}?`)).toBeTruthy()
    await confirmPopup()
    expect(await screen.findByText(`The bill was e-mailed to ${detail.user_email}`)).toBeTruthy()
    expect(calls.filter((c) => c.route === `POST /v1/bills/${BILL_ID}/email`)).toHaveLength(1)
    expect(await within(drawer).findByText(/^Sent Nov 22, 2026/)).toBeTruthy()

    // Within a minute the server refuses a second sending, and the reason is shown.
    cleanup()
    server[`POST /v1/bills/${BILL_ID}/email`] = () =>
      refused(429, 'BILL_EMAILED_RECENTLY', 'This bill was e-mailed less than a minute ago')
    openApp('/administrator/billing-management')
    fireEvent.click(await screen.findByRole('button', { name: 'Open the bill INV-202610-000001' }))
    const again = await screen.findByRole('dialog')
    expect(await within(again).findByText(/^Sent Nov 22, 2026/)).toBeTruthy()
    fireEvent.click(within(again).getByRole('button', { name: 'E-mail the bill INV-202610-000001 to its customer' }))
    await confirmPopup()
    expect(await screen.findByText(/This bill was e-mailed less than a minute ago/)).toBeTruthy()
  })

  it('generates the bills of the month chosen, after a confirmation, and shows the result and the runs', async () => {
    answerBills()
    let runs = [billingRun()]
    server[RUNS] = () => ok(runs)
    server[GENERATE] = (body) => {
      const { year, month } = body as { year: number; month: number }
      const run = billingRun({ year, month, created: 3, skipped: 39, users: 42, trigger: 'admin' })
      runs = [run, ...runs]
      return ok(run, '3 bills created, 39 already existed')
    }
    openApp('/administrator/billing-management')
    await screen.findByText('INV-202610-000001')

    fireEvent.click(screen.getByText('Generate bills', { selector: 'button span' }))
    const dialog = await screen.findByRole('dialog')
    await waitFor(() => expect(within(dialog).getByText('October 2026')).toBeTruthy())
    expect(within(dialog).getByText('Schedule')).toBeTruthy()

    // The month picker offers only months that have ended; September is chosen.
    const input = within(dialog).getByLabelText('Month to bill', { selector: 'input' })
    expect((input as HTMLInputElement).value).toBe('2026-10')
    fireEvent.mouseDown(input)
    fireEvent.click(input)
    const november = await screen.findByTitle('2026-11')
    expect(november.className).toContain('ant-picker-cell-disabled')
    fireEvent.click(within(await screen.findByTitle('2026-09')).getByText('Sep'))
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('2026-09'))

    fireEvent.click(within(dialog).getByText('Generate', { selector: 'button span' }))
    expect(await screen.findByText('Generate the bills of September 2026?')).toBeTruthy()
    expect(bodiesOf(GENERATE)).toEqual([])
    await confirmPopup()
    await waitFor(() => expect(bodiesOf(GENERATE)).toEqual([{ year: 2026, month: 9 }]))
    expect(
      await within(dialog).findByText('September 2026: 3 bills created, 39 already existed (42 users).'),
    ).toBeTruthy()
    // The runs are asked again and list the new one first.
    await waitFor(() => expect(within(dialog).getByText('Admin')).toBeTruthy())
    const firstRun = within(dialog).getByText('Admin').closest('tr')
    expect(firstRun ? cellsOf(firstRun) : []).toEqual([
      'September 2026',
      'Done',
      '3',
      '39',
      '42',
      expect.any(String),
      'Admin',
    ])
  })

  it('shows the server’s reason when a month cannot be generated', async () => {
    answerBills()
    server[RUNS] = () => ok([])
    server[GENERATE] = () => refused(409, 'BILLING_RUN_BUSY', 'Bills for 2026-10 are being generated already')
    openApp('/administrator/billing-management')
    await screen.findByText('INV-202610-000001')

    fireEvent.click(screen.getByText('Generate bills', { selector: 'button span' }))
    const dialog = await screen.findByRole('dialog')
    expect(await within(dialog).findByText('No bills have been generated yet')).toBeTruthy()
    fireEvent.click(within(dialog).getByText('Generate', { selector: 'button span' }))
    await confirmPopup()
    await waitFor(() => expect(bodiesOf(GENERATE)).toEqual([{ year: 2026, month: 10 }]))
    expect(await within(dialog).findByText('The bills of October 2026 could not be generated')).toBeTruthy()
    expect(within(dialog).getByText('Bills for 2026-10 are being generated already')).toBeTruthy()
  })
})

describe('one account’s keys and bills', { timeout: 60_000 }, () => {
  it('lists the account’s bills below its keys, with the same set-paid action', async () => {
    answerBills()
    answerSetPaid(BILL_ID)
    server[`GET /v1/users/profile/${USER_ID}`] = () =>
      ok({ ...profile, id: USER_ID, user_id: USER_ID, email: 'minh.tran@example.com', full_name: 'Minh Tran' })
    server['GET /v1/user_keys-unDelete'] = () => ok({ items: [], total: 0, page: 1, page_size: 20 })
    server[USER_BILLS] = (_body, query) => ok({ items: bills, total: 2, page: Number(query.page), page_size: 10 })
    openApp(`/administrator/user-management/key-and-bill?user_id=${USER_ID}`)

    await screen.findByText('INV-202610-000001')
    expect(queriesOf(USER_BILLS)).toEqual([{ user_id: USER_ID, page: '1', page_size: '10' }])
    // The customer column is left out: every bill here is this account's.
    expect(screen.queryByText('Customer')).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: 'Set paid: INV-202610-000001' }))
    await confirmPopup()
    await waitFor(() => expect(bodiesOf(setPaidRoute(BILL_ID))).toEqual([{ paid: true }]))
    await waitFor(() => expect(cellsOf(rowOf('INV-202610-000001'))).toContain('Paid'))
  })
})

/** What the export answers next: a workbook, or this refusal. */
let exportRefusal: ReturnType<typeof refused> | null = null

/** A bill's files answer bytes, not an envelope: the downloads are recorded, saved under their names. */
function answerFiles() {
  const jsonServer = globalThis.fetch
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (!url.startsWith(`/v1/bills/${BILL_ID}/files`)) return jsonServer(url, init)
      calls.push({ route: `GET ${url.split('?')[0]}`, body: undefined, query: {} })
      expect(new Headers(init?.headers).get('authorization')).toBe('Bearer token-1')
      return new Response('%PDF', { headers: { 'content-type': 'application/octet-stream' } })
    }),
  )
  const saved: string[] = []
  Object.defineProperty(URL, 'createObjectURL', { value: () => 'blob:file', configurable: true, writable: true })
  Object.defineProperty(URL, 'revokeObjectURL', { value: () => {}, configurable: true, writable: true })
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download)
  })
  return saved
}

/** The export answers an XLSX file, not an envelope; the fake server only speaks JSON, so it is wrapped. */
function answerXlsxExport() {
  exportRefusal = null
  const jsonServer = globalThis.fetch
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (!url.startsWith('/v1/bills/export')) return jsonServer(url, init)
      calls.push({ route: EXPORT, body: undefined, query: Object.fromEntries(new URLSearchParams(url.split('?')[1])) })
      expect(new Headers(init?.headers).get('authorization')).toBe('Bearer token-1')
      if (exportRefusal)
        return new Response(JSON.stringify(exportRefusal.body), {
          status: exportRefusal.status,
          headers: { 'content-type': 'application/json' },
        })
      return new Response('PK', {
        headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
      })
    }),
  )
  const saved: string[] = []
  // jsdom has no object URLs; the page only needs an address to hand to the download link.
  Object.defineProperty(URL, 'createObjectURL', { value: () => 'blob:xlsx', configurable: true, writable: true })
  Object.defineProperty(URL, 'revokeObjectURL', { value: () => {}, configurable: true, writable: true })
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download)
  })
  return saved
}
