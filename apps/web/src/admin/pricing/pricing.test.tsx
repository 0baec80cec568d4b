import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { setUpAdminScreens } from '../../test/admin-screens.ts'
import { calls, ok, openApp, refused, server } from '../../test/fake-server.tsx'
import {
  currentBook,
  keysOf,
  legacyBook,
  MINH_EMAIL,
  MINH_ID,
  minhPriceBook,
  rateSetting,
} from '../../test/pricing-fixtures.ts'

// The real route table, admin shell, settings page and API client; only the network is answered.

setUpAdminScreens({
  pages: () => [import('../settings/SettingsPage.tsx')],
})

const LIST = 'GET /v1/settings-weight'
const CREATE = 'POST /v1/settings-weight'

const queriesOf = (route: string) => calls.filter((c) => c.route === route).map((c) => c.query)
const bodiesOf = (route: string) => calls.filter((c) => c.route === route).map((c) => c.body)

function rowOf(element: HTMLElement) {
  const row = element.closest('tr')
  if (!row) throw new Error('not in a table row')
  return row
}

function typeInto(input: HTMLElement, value: string) {
  fireEvent.focus(input)
  fireEvent.change(input, { target: { value } })
  fireEvent.blur(input)
}

/** Opens an antd Select by its label and picks an option by its text. */
async function choose(label: string, option: string) {
  const select = screen.getAllByLabelText(label)[0]?.closest('.ant-select')
  if (!select) throw new Error(`no select ${label}`)
  fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select)
  const item = await screen.findByText(option, { selector: '.ant-select-item-option-content' })
  fireEvent.click(item)
}

/** The OK button of the open confirmation dialog. */
async function confirmDialog(okText: string) {
  const dialog = await screen.findByRole('dialog')
  fireEvent.click(within(dialog).getByRole('button', { name: okText }))
}

function answerBooks() {
  const current = currentBook()
  const legacy = legacyBook()
  server[LIST] = (_body, query) => ok(query.is_new === 'false' ? legacy : current)
  return { current, legacy }
}

describe('common rate settings', { timeout: 60_000 }, () => {
  it('lists the current book from the server, with the rate per 1000, and switches to the legacy book', async () => {
    answerBooks()
    openApp('/administrator/settings?tab=rates')

    const geocode = rowOf(await screen.findByText('Geocoding'))
    const cells = [...geocode.querySelectorAll('td')].map((cell) => cell.textContent)
    expect(cells.slice(1, 9)).toEqual([
      'GeocodingGEOCODE',
      '0.005$5.00 per 1000',
      '40,000',
      '/api/v1',
      '/geocode',
      '—',
      'Current',
      '4',
    ])
    const forward = rowOf(screen.getByText('Forward geocoding'))
    expect(forward.textContent).toContain('/geocode/forward/search')
    expect(forward.textContent).toContain('Flat rate')
    expect(queriesOf(LIST)).toEqual([{ is_new: 'true' }])

    fireEvent.click(screen.getByText('Legacy'))
    await waitFor(() => expect(queriesOf(LIST).at(-1)).toEqual({ is_new: 'false' }))
    expect(rowOf(await screen.findByText('0.006')).textContent).toContain('$6.00 per 1000')
    expect(screen.queryByText('Forward geocoding')).toBeNull()
  })

  it('refuses an incomplete form locally, then posts the new setting as the contract wants it', async () => {
    answerBooks()
    server[CREATE] = () =>
      ok(rateSetting('DIRECTION', { rate: '0.0042', free: 1000, paths: '/route,/directions' }), 'Setting created')
    openApp('/administrator/settings?tab=rates')

    fireEvent.click(await screen.findByRole('button', { name: /New setting/ }))
    fireEvent.click(await screen.findByRole('button', { name: 'Create setting' }))
    expect(await screen.findByText('Choose the service of this setting')).toBeTruthy()
    expect(screen.getByText('Enter the rate')).toBeTruthy()
    expect(screen.getByText('Enter the prefix')).toBeTruthy()
    expect(screen.getByText('Enter at least one path')).toBeTruthy()

    await choose('Service', 'DIRECTION')
    const rate = screen.getByLabelText('Rate per request (USD)')
    typeInto(rate, '0')
    expect(await screen.findByText('Rate must be a number above 0 with at most 8 decimal places')).toBeTruthy()
    typeInto(rate, '0.0042')
    expect(await screen.findByText('That is $4.20 per 1000 requests.')).toBeTruthy()
    typeInto(screen.getByLabelText('Free requests a month'), '1000')
    typeInto(screen.getByLabelText('Prefix'), '/api/v1')
    typeInto(screen.getByLabelText('Paths'), 'route')
    expect(await screen.findByText('Paths start with / and hold only letters, digits, -, _, . and /')).toBeTruthy()
    typeInto(screen.getByLabelText('Paths'), ' /route , /directions')
    expect(bodiesOf(CREATE)).toEqual([])

    fireEvent.click(screen.getByRole('button', { name: 'Create setting' }))
    expect(await screen.findByText('Setting created')).toBeTruthy()
    expect(bodiesOf(CREATE)).toEqual([
      {
        type: 'DIRECTION',
        rate: '0.0042',
        free: 1000,
        prefix: '/api/v1',
        paths: '/route,/directions',
        subpath: null,
        is_new: true,
      },
    ])
    // The list is read again so the new row shows.
    await waitFor(() => expect(queriesOf(LIST)).toHaveLength(2))
  })

  it('says "Create setting failed" when the server refuses without a message', async () => {
    answerBooks()
    server[CREATE] = () => refused(500, 'ERROR', '')
    openApp('/administrator/settings?tab=rates')
    fireEvent.click(await screen.findByRole('button', { name: /New setting/ }))
    await choose('Service', 'TRIP')
    typeInto(screen.getByLabelText('Rate per request (USD)'), '0.01')
    typeInto(screen.getByLabelText('Prefix'), '/api/v1')
    typeInto(screen.getByLabelText('Paths'), '/trip')
    fireEvent.click(screen.getByRole('button', { name: 'Create setting' }))
    expect(await screen.findByText('Create setting failed')).toBeTruthy()
    expect(bodiesOf(CREATE)).toHaveLength(1)
  })

  it('deletes a setting only after a confirmation, and shows the server’s reason when it refuses', async () => {
    const { current } = answerBooks()
    const geocode = current[0]
    if (!geocode) throw new Error('no fixture')
    const DELETE = `DELETE /v1/settings-weight/${geocode.id}`
    server[DELETE] = () =>
      refused(409, 'COMMON_IN_USE', 'The common GEOCODE setting cannot be deleted: every service needs a price')
    openApp('/administrator/settings?tab=rates')

    fireEvent.click(await screen.findByLabelText('Delete the GEOCODE setting'))
    expect((await screen.findByRole('dialog')).textContent).toContain('Delete the GEOCODE setting?')
    expect(calls.filter((c) => c.route === DELETE)).toEqual([])
    await confirmDialog('Delete')
    expect(
      await screen.findByText('The common GEOCODE setting cannot be deleted: every service needs a price'),
    ).toBeTruthy()
    expect(calls.filter((c) => c.route === DELETE)).toHaveLength(1)
  })
})

describe('ranges of a setting', { timeout: 60_000 }, () => {
  it('previews a month’s price, checks the range rules, and shows the server’s rule when it refuses', async () => {
    const geocode = rateSetting('GEOCODE', {
      rate: '0.005',
      free: 40_000,
      paths: '/geocode',
      ranges: [
        [0, 100_000, '0.005'],
        [100_000, 200_000, '0.004'],
      ],
    })
    server[LIST] = () => ok([geocode])
    const ADD = `POST /v1/settings-weight/${geocode.id}/range-request`
    server[ADD] = () => refused(422, 'RANGE_INVALID', 'Ranges must not leave a gap: this range must start at 250000')
    openApp('/administrator/settings?tab=rates')

    fireEvent.click(await screen.findByLabelText('Expand row'))
    expect(rowOf(await screen.findByText('Requests 100,001 to 200,000')).textContent).toContain('$4.00')
    // 1,000,000 requests − 40,000 free: 100,000 × 0.005 + 860,000 × 0.004 (the last range goes on).
    const preview = screen.getByLabelText('Requests in a month')
    expect(preview.closest('.ant-flex')?.textContent).toContain('requests costs $3,940.00')
    typeInto(preview, '140000')
    await waitFor(() => expect(preview.closest('.ant-flex')?.textContent).toContain('requests costs $500.00'))

    fireEvent.click(screen.getByRole('button', { name: /Add range/ }))
    const dialog = await screen.findByRole('dialog')
    const from = within(dialog).getByLabelText('request_from')
    expect((from as HTMLInputElement).value).toBe('200000')
    typeInto(within(dialog).getByLabelText('request_to'), '150000')
    typeInto(within(dialog).getByLabelText('Rate per request (USD)'), '0.003')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByText('request_to must be greater than request_from')).toBeTruthy()

    // The whole set is judged before sending: this one would overlap the range before it.
    typeInto(from, '150000')
    typeInto(within(dialog).getByLabelText('request_to'), '-1')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByText('Ranges must not overlap: this range must start at 200000')).toBeTruthy()
    expect(bodiesOf(ADD)).toEqual([])

    // A set that looks right here can still be refused (another admin changed it): the server says why.
    typeInto(from, '200000')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Ranges must not leave a gap: this range must start at 250000')).toBeTruthy()
    expect(bodiesOf(ADD)).toEqual([{ request_from: 200_000, request_to: -1, rate: '0.003' }])
  })
})

describe('private rates', { timeout: 60_000 }, () => {
  it('finds a user by e-mail, shows what they pay and their private settings, and switches their price book', async () => {
    answerBooks()
    server['GET /v1/keys-unDelete'] = (_body, query) =>
      ok(keysOf(query.keyword === 'minh' ? [{ id: MINH_ID, email: MINH_EMAIL }] : []))
    server['GET /v1/settings-weight-price/price-of-one-user'] = (_body, query) =>
      query.email === MINH_EMAIL ? ok(minhPriceBook()) : refused(404, 'NOT_FOUND', 'No user with this e-mail')
    server[LIST] = (_body, query) =>
      ok(
        query.user_id === MINH_ID
          ? [rateSetting('GEOCODE', { rate: '0.002', free: 10_000, paths: '/geocode', userId: MINH_ID })]
          : currentBook(),
      )
    const SET_BOOK = `PUT /v1/settings-weight/price-book/${MINH_ID}`
    server[SET_BOOK] = () => ok({ user_id: MINH_ID, is_new: false }, 'Price book changed')
    const router = openApp('/administrator/settings?tab=private')

    const email = await screen.findByLabelText('Account e-mail')
    fireEvent.change(email, { target: { value: 'nobody@example.com' } })
    fireEvent.click(screen.getByRole('button', { name: /Find/ }))
    expect(await screen.findByText('No user with this e-mail')).toBeTruthy()

    // Typing part of an address offers the matching key owners; choosing one looks the account up.
    fireEvent.change(email, { target: { value: 'minh' } })
    fireEvent.click(await screen.findByText(MINH_EMAIL, { selector: '.ant-select-item-option-content' }))
    await waitFor(() =>
      expect(queriesOf('GET /v1/keys-unDelete')).toContainEqual({ keyword: 'minh', page: '1', page_size: '50' }),
    )
    await waitFor(() => expect(router.state.location.search).toContain(`email=${encodeURIComponent(MINH_EMAIL)}`))
    const effective = rowOf(await screen.findByText('Private'))
    expect(effective.textContent).toContain('10,000')
    expect(effective.textContent).toContain('$2.00')
    await waitFor(() => expect(queriesOf(LIST)).toContainEqual({ is_new: 'true', user_id: MINH_ID }))
    expect(
      await screen.findByText(`Private settings of ${MINH_EMAIL} override the common ones of the same service.`),
    ).toBeTruthy()

    fireEvent.click(within(screen.getByLabelText('Billed by the price book')).getByText('Legacy'))
    expect(await screen.findByText('Price book changed')).toBeTruthy()
    expect(bodiesOf(SET_BOOK)).toEqual([{ is_new: false }])
  })
})

describe('free credit and billing settings', { timeout: 60_000 }, () => {
  it('saves each setting on its own, checks amounts first, and names the failure when the server gives no reason', async () => {
    server['GET /v1/settings-free/month'] = () => ok({ free: '5.00' })
    server['GET /v1/settings-free/first-register'] = () => ok({ free: '10.00' })
    server['GET /v1/settings-billing'] = () => ok({ discount_percent: '10', exchange_rate: '25400' })
    server['POST /v1/settings-free/month'] = (body) => ok(body, 'Free credit saved')
    server['POST /v1/settings-free/first-register'] = () => refused(500, 'ERROR', '')
    server['PUT /v1/settings-billing'] = (body) => ok(body, 'Billing settings saved')
    openApp('/administrator/settings?tab=free')

    const month = (await screen.findByLabelText('Monthly free credit')) as HTMLInputElement
    expect(month.value).toBe('5.00')
    const monthCard = month.closest('.ant-card') as HTMLElement
    typeInto(month, '1.234')
    fireEvent.click(within(monthCard).getByRole('button', { name: 'Save' }))
    expect(await within(monthCard).findByText('Enter an amount in USD with at most 2 decimal places')).toBeTruthy()
    typeInto(month, '0')
    fireEvent.click(within(monthCard).getByRole('button', { name: 'Save' }))
    expect(await within(monthCard).findByText('Free credit must be above 0')).toBeTruthy()
    expect(bodiesOf('POST /v1/settings-free/month')).toEqual([])

    typeInto(month, '7.5')
    fireEvent.click(within(monthCard).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Free credit saved')).toBeTruthy()
    expect(bodiesOf('POST /v1/settings-free/month')).toEqual([{ free: '7.5' }])

    const first = screen.getByLabelText('First-registration credit') as HTMLInputElement
    expect(first.value).toBe('10.00')
    fireEvent.click(within(first.closest('.ant-card') as HTMLElement).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Edit free quota failed')).toBeTruthy()
    expect(bodiesOf('POST /v1/settings-free/first-register')).toEqual([{ free: '10.00' }])

    const exchange = screen.getByLabelText('Exchange rate')
    typeInto(exchange, '26000')
    fireEvent.click(within(exchange.closest('.ant-card') as HTMLElement).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Billing settings saved')).toBeTruthy()
    expect(bodiesOf('PUT /v1/settings-billing')).toEqual([{ discount_percent: '10', exchange_rate: '26000' }])
  })
})

describe('the rival’s prices', { timeout: 60_000 }, () => {
  const RIVAL = 'GET /v1/settings-rival'
  const SAVE = 'PUT /v1/settings-rival'
  const rival = {
    name: 'Google Maps Platform',
    as_of: '2025-02-28',
    services: [{ service: 'GEOCODE', per_1000: ['5.00', '4.00', '4.00', '3.00'], free: 0 }],
  }

  it('saves the day the prices were checked with them, and refuses to save without one', async () => {
    server[RIVAL] = () => ok(rival)
    server[SAVE] = (body) => ok(body)
    openApp('/administrator/settings?tab=comparison')

    const day = await screen.findByLabelText('Prices checked on')
    expect((day as HTMLInputElement).value).toBe('2025-02-28')
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(bodiesOf(SAVE)).toHaveLength(1))
    expect(bodiesOf(SAVE)[0]).toMatchObject({ name: 'Google Maps Platform', as_of: '2025-02-28' })

    // Cleared: the form says what is missing and sends nothing.
    fireEvent.mouseDown(day)
    fireEvent.mouseEnter(day.closest('.ant-picker') ?? day)
    const clear = day.closest('.ant-picker')?.querySelector('.ant-picker-clear')
    if (!clear) throw new Error('no clear button on the date')
    fireEvent.mouseUp(clear)
    fireEvent.click(clear)
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Enter the day the prices were checked')).toBeTruthy()
    expect(bodiesOf(SAVE)).toHaveLength(1)
  })

  it('shows a comparison saved before dates were kept with an empty date to fill in', async () => {
    server[RIVAL] = () => ok({ ...rival, as_of: null })
    openApp('/administrator/settings?tab=comparison')
    expect(((await screen.findByLabelText('Prices checked on')) as HTMLInputElement).value).toBe('')
  })
})
