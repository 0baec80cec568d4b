import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { setUpAdminScreens } from '../../test/admin-screens.ts'
import { balanceLog, MINH_EMAIL, minh, minhLogs, pageOf } from '../../test/balance-fixtures.ts'
import { calls, ok, openApp, refused, server } from '../../test/fake-server.tsx'
import { USER_ID } from '../../test/usage-fixtures.ts'

// The real route table, admin shell, balance log and API client; only the network is answered.

setUpAdminScreens({
  pages: () => [import('./BalanceLogPage.tsx'), import('../keys/UserKeysPage.tsx')],
  beforeEach: () => {
    server[`GET /v1/users/profile/${USER_ID}`] = () => ok(minh)
  },
})

const USER_LOGS = `GET /v1/balance-logs/${USER_ID}`
const ALL_LOGS = 'GET /v1/balance-logs/'
const ADD = `PUT /v1/users/${USER_ID}/add-balance`

const queriesOf = (route: string) => calls.filter((c) => c.route === route).map((c) => c.query)
const bodiesOf = (route: string) => calls.filter((c) => c.route === route).map((c) => c.body)

const rowOf = (text: string) => {
  const row = screen.getByText(text).closest('tr')
  if (!row) throw new Error(`no row holds ${text}`)
  return row
}
const cellsOf = (row: HTMLElement) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')
const headerOf = (title: string) => {
  const header = [...document.querySelectorAll('thead th')].find((th) => th.textContent === title)
  if (!(header instanceof HTMLElement)) throw new Error(`no column ${title}`)
  return header
}

/** The balance the page's summary shows. */
const balanceShown = () => document.querySelector('.ant-statistic-content')?.textContent

/** Opens an antd Select by its label and picks an option by its text. */
async function choose(label: string, option: string) {
  const select = screen.getByLabelText(label, { selector: 'input' }).closest('.ant-select')
  if (!select) throw new Error(`no select ${label}`)
  fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select)
  const item = await screen.findByText(option, { selector: '.ant-select-item-option-content' })
  fireEvent.click(item)
}

/** Minh's ledger, with the balance after the credits the test has added. */
let balance = '25.00'
function answerMinhsLog() {
  balance = '25.00'
  server[USER_LOGS] = (_body, query) => ok({ ...pageOf(minhLogs, query), balance })
}

describe('one account’s balance log', { timeout: 60_000 }, () => {
  it('shows the balance and every movement, signed and typed, newest first', async () => {
    answerMinhsLog()
    openApp(`/administrator/user-management/balance-log?user_id=${USER_ID}`)

    expect(await screen.findByText('Balance log of Minh Tran')).toBeTruthy()
    await screen.findByText('INV-202610-000001')
    expect(queriesOf(USER_LOGS)).toEqual([
      { filter_type: 'all', sort_by: 'created_at', order_by: 'desc', page: '1', page_size: '20' },
    ])
    expect(balanceShown()).toBe('$25.00')
    expect(cellsOf(rowOf('INV-202610-000001')).slice(1, 4)).toEqual(['Bill payment', '-$20.00', '$25.00'])
    expect(cellsOf(rowOf('SUMMER-7K2Q')).slice(1, 4)).toEqual(['Coupon', '+$40.00', '$45.00'])
    // Everyone's log has an account column; one account's does not.
    expect(screen.queryByText('Account', { selector: 'th' })).toBeNull()
  })

  it('names who wrote a row by hand, not their id (issue 21)', async () => {
    const byHand = balanceLog({
      id: 'blg_01jd0000000000000000000009',
      description: 'Goodwill credit',
      created_by: 'usr_01jd0000000000000000000077',
      created_by_name: 'Trần Minh Anh',
      created_by_email: 'anh@example.com',
    })
    server[USER_LOGS] = (_body, query) => ok({ ...pageOf([byHand, ...minhLogs], query), balance: '35.00' })
    openApp(`/administrator/user-management/balance-log?user_id=${USER_ID}`)
    const row = (await screen.findByText('Goodwill credit')).closest('tr') as HTMLElement
    expect(row.textContent).toContain('Trần Minh Anh')
    expect(row.textContent).toContain('anh@example.com')
    expect(row.textContent).not.toContain('usr_01jd0000000000000000000077')
    // A staff member's note is their words, not the page's (no translator, no untranslated-word check);
    // a system-written description arrives in the reader's language and is the page's own text.
    expect(screen.getByText('Goodwill credit').closest('[translate="no"]')).not.toBeNull()
    const welcome = screen.getAllByText('Welcome credit')
    expect(welcome.map((element) => element.closest('[translate="no"]'))).toEqual(welcome.map(() => null))
  })

  it('adds balance: the amount (above 0, 2 decimals) and a description are required; the log is asked again', async () => {
    answerMinhsLog()
    server[ADD] = () => {
      balance = '37.50'
      return ok(
        {
          user_id: USER_ID,
          balance,
          log: balanceLog({ id: 'blg_01jd0000000000000000000004', amount: '12.50', balance_after: balance }),
        },
        'Balance added',
      )
    }
    openApp(`/administrator/user-management/balance-log?user_id=${USER_ID}`)
    await screen.findByText('INV-202610-000001')

    fireEvent.click(screen.getByText('Add balance', { selector: 'button span' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Add balance to Minh Tran')).toBeTruthy()
    const submit = () => fireEvent.click(within(dialog).getByText('Add balance', { selector: 'button span' }))

    submit()
    expect(await within(dialog).findByText('The amount must be a number above 0')).toBeTruthy()
    expect(within(dialog).getByText('A description is required')).toBeTruthy()

    const amount = within(dialog).getByLabelText('Amount')
    fireEvent.change(amount, { target: { value: '12.345' } })
    expect(await within(dialog).findByText('Enter an amount in USD with at most 2 decimal places')).toBeTruthy()
    fireEvent.change(amount, { target: { value: '0' } })
    expect(await within(dialog).findByText('The amount must be a number above 0')).toBeTruthy()
    fireEvent.change(amount, { target: { value: '12.5' } })
    // The balance it will make, in exact cents.
    expect(await within(dialog).findByText('$37.50')).toBeTruthy()
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: '   ' } })
    submit()
    expect(await within(dialog).findByText('A description is required')).toBeTruthy()
    expect(bodiesOf(ADD)).toEqual([])

    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: ' Goodwill for the outage ' } })
    const asked = queriesOf(USER_LOGS).length
    submit()
    await waitFor(() => expect(bodiesOf(ADD)).toEqual([{ amount: '12.50', description: 'Goodwill for the outage' }]))
    expect(await screen.findByText('Balance added')).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(queriesOf(USER_LOGS).length).toBeGreaterThan(asked))
    await waitFor(() => expect(balanceShown()).toBe('$37.50'))
  })

  it('drops each message as soon as its field is filled', async () => {
    answerMinhsLog()
    openApp(`/administrator/user-management/balance-log?user_id=${USER_ID}`)
    await screen.findByText('INV-202610-000001')
    fireEvent.click(screen.getByText('Add balance', { selector: 'button span' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByText('Add balance', { selector: 'button span' }))
    expect(await within(dialog).findByText('The amount must be a number above 0')).toBeTruthy()
    expect(within(dialog).getByText('A description is required')).toBeTruthy()

    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '10' } })
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Refund' } })
    await waitFor(() => expect(within(dialog).queryByText('The amount must be a number above 0')).toBeNull())
    await waitFor(() => expect(within(dialog).queryByText('A description is required')).toBeNull())
    expect(dialog.querySelector('.ant-form-item-has-error')).toBeNull()
  })

  it('keeps the form open with the server’s reason when adding is refused', async () => {
    answerMinhsLog()
    server[ADD] = () => refused(404, 'NOT_FOUND', 'User not found')
    openApp(`/administrator/user-management/balance-log?user_id=${USER_ID}`)
    await screen.findByText('INV-202610-000001')

    fireEvent.click(screen.getByText('Add balance', { selector: 'button span' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '3' } })
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Refund' } })
    fireEvent.click(within(dialog).getByText('Add balance', { selector: 'button span' }))

    expect(await screen.findByText('Add balance failed: User not found')).toBeTruthy()
    expect(bodiesOf(ADD)).toEqual([{ amount: '3.00', description: 'Refund' }])
    expect(screen.getByRole('dialog')).toBeTruthy()
  })

  it('is reached from the account’s keys page, whose add-balance button credits that account', async () => {
    server['GET /v1/user_keys-unDelete'] = (_body, query) => ok(pageOf([], query))
    server['GET /v1/bills'] = (_body, query) => ok(pageOf([], query))
    server[ADD] = () =>
      ok(
        { user_id: USER_ID, balance: '26.00', log: balanceLog({ id: 'blg_01jd0000000000000000000005' }) },
        'Balance added',
      )
    openApp(`/administrator/user-management/key-and-bill?user_id=${USER_ID}`)

    expect(await screen.findByText('Keys of Minh Tran')).toBeTruthy()
    const balanceLink = screen.getByText('Balance log', { selector: 'a span' }).closest('a')
    expect(balanceLink?.getAttribute('href')).toBe(`/administrator/user-management/balance-log?user_id=${USER_ID}`)
    const couponLink = screen.getByText('Coupon log', { selector: 'a span' }).closest('a')
    expect(couponLink?.getAttribute('href')).toBe(`/administrator/user-management/coupon-log?user_id=${USER_ID}`)

    fireEvent.click(screen.getByText('Add balance', { selector: 'button span' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('$25.00')).toBeTruthy()
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '1' } })
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Test credit' } })
    fireEvent.click(within(dialog).getByText('Add balance', { selector: 'button span' }))
    await waitFor(() => expect(bodiesOf(ADD)).toEqual([{ amount: '1.00', description: 'Test credit' }]))
    expect(await screen.findByText('Balance added')).toBeTruthy()
  })
})

describe('everyone’s balance log', { timeout: 60_000 }, () => {
  it('sends the type filter, the user keyword and the sort the screen shows, and keeps them in the URL', async () => {
    server[ALL_LOGS] = (_body, query) => ok(pageOf(minhLogs, query, 45))
    const router = openApp('/administrator/user-management/balance-log')

    expect(await screen.findByText('Balance log', { selector: 'h3' })).toBeTruthy()
    await screen.findByText('INV-202610-000001')
    expect(queriesOf(ALL_LOGS)).toEqual([
      { filter_type: 'all', sort_by: 'created_at', order_by: 'desc', page: '1', page_size: '20' },
    ])
    // Each movement names its account, linking to that account's log.
    const account = within(rowOf('INV-202610-000001')).getByText('Minh Tran').closest('a')
    expect(account?.getAttribute('href')).toBe(`/administrator/user-management/balance-log?user_id=${USER_ID}`)
    expect(within(rowOf('INV-202610-000001')).getByText(MINH_EMAIL)).toBeTruthy()

    await choose('Type', 'Debits')
    await waitFor(() =>
      expect(queriesOf(ALL_LOGS).at(-1)).toEqual({
        filter_type: 'debit',
        sort_by: 'created_at',
        order_by: 'desc',
        page: '1',
        page_size: '20',
      }),
    )

    await choose('Type', 'Top-up (bank transfer)')
    await waitFor(() => expect(queriesOf(ALL_LOGS).at(-1)?.filter_type).toBe('topup_bank'))

    const search = screen.getByLabelText('Search by email or name')
    fireEvent.change(search, { target: { value: ' minh ' } })
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 })
    await waitFor(() => expect(queriesOf(ALL_LOGS).at(-1)?.user_keyword).toBe('minh'))

    fireEvent.click(headerOf('Amount'))
    await waitFor(() =>
      expect(queriesOf(ALL_LOGS).at(-1)).toEqual({
        filter_type: 'topup_bank',
        user_keyword: 'minh',
        sort_by: 'amount',
        order_by: 'desc',
        page: '1',
        page_size: '20',
      }),
    )
    fireEvent.click(headerOf('Amount'))
    await waitFor(() => expect(queriesOf(ALL_LOGS).at(-1)?.order_by).toBe('asc'))
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      filter_type: 'topup_bank',
      keyword: 'minh',
      sort_by: 'amount',
      order_by: 'asc',
    })

    // The second page keeps the filters.
    fireEvent.click(screen.getByTitle('2'))
    await waitFor(() => expect(queriesOf(ALL_LOGS).at(-1)?.page).toBe('2'))
    expect(queriesOf(ALL_LOGS).at(-1)?.filter_type).toBe('topup_bank')
  })

  it('shows an error state with the server’s reason when the log cannot be fetched', async () => {
    server[ALL_LOGS] = () => refused(500, 'INTERNAL', 'Something went wrong on our side')
    openApp('/administrator/user-management/balance-log')
    expect(await screen.findByText('This could not be loaded.')).toBeTruthy()
    expect(screen.getByText('Something went wrong on our side')).toBeTruthy()
  })
})
