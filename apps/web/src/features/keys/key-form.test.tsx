import { ErrorCode, type Key, KeyWithSecret } from '@app/contract'
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionFrom, sessionStore } from '../../app/session.ts'
import { calls, installFakeServer, ok, openApp, profile, refused, server, session } from '../../test/fake-server.tsx'
import { keyFixture } from '../../test/key-fixtures.ts'

// The real route table, key form page and API client on /createKey; only the network is answered, from
// fixtures the contract's schemas check.

configure({ asyncUtilTimeout: 5000 })

beforeAll(async () => {
  await Promise.all([import('../shell/CustomerLayout.tsx'), import('./KeyFormPage.tsx')])
}, 60_000)

beforeEach(() => {
  localStorage.clear()
  sessionStore.set(sessionFrom(profile, session.token))
  installFakeServer()
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const KEY_ID = 'key_01jd0000000000000000000cap'

/** The key being created or edited. */
const savedKey = (overrides: Partial<Key> = {}): Key => keyFixture({ id: KEY_ID, ...overrides })

const requestCapInput = () => screen.findByLabelText('Calls per month', { selector: 'input' })
const spendCapInput = () => screen.getByLabelText('Spend per month (USD)', { selector: 'input' })
const REQUEST_CAP_INVALID = 'Enter a whole number of calls from 1 to 1,000,000,000,000'
const MONEY_INVALID = 'Enter an amount in USD with at most 2 decimal places'
const SPEND_NOT_POSITIVE = 'Enter a spend cap above 0 USD'

const nameInput = () => screen.findByLabelText('Name', { selector: 'input' })
const valueInput = (row: number) => screen.getByLabelText(`Value of row ${row}`, { selector: 'input' })
// Role queries walk antd's whole DOM slowly in jsdom; labels and texts find the same controls faster.
const submitButton = () => screen.getByText('Create API key', { selector: 'button span' })
const rows = () => screen.queryAllByTestId('restriction-row')

/** Opens the form and turns the HTTP / IP restriction on. */
async function openRestricted() {
  const router = openApp('/createKey')
  fireEvent.click(await screen.findByLabelText(/HTTP \/ IP restriction/))
  await waitFor(() => expect(rows()).toHaveLength(1))
  return router
}

function typeInto(input: HTMLElement, value: string) {
  fireEvent.focus(input)
  fireEvent.change(input, { target: { value } })
  fireEvent.blur(input)
}

/** Picks an option of an antd Select, whose list opens in a pop-up outside the row. */
async function choose(select: HTMLElement, option: string) {
  fireEvent.mouseDown(select)
  const choices = await screen.findAllByTitle(option)
  const item = choices.find((element) => element.classList.contains('ant-select-item-option'))
  if (!item) throw new Error(`no option ${option}`)
  fireEvent.click(item)
}

describe('the key form', { timeout: 60_000 }, () => {
  it('gives separate messages for an empty name and a name over 180 characters, without calling the server', async () => {
    openApp('/createKey')
    const name = await nameInput()
    fireEvent.click(submitButton())
    expect(await screen.findByText('Please enter a key name')).toBeTruthy()

    typeInto(name, 'x'.repeat(181))
    expect(await screen.findByText('The key name must be at most 180 characters')).toBeTruthy()
    expect(screen.queryByText('Please enter a key name')).toBeNull()

    typeInto(name, 'x'.repeat(180))
    await waitFor(() => expect(screen.queryByText('The key name must be at most 180 characters')).toBeNull())
    expect(calls.filter((c) => c.route === 'POST /v1/keys')).toEqual([])
  })

  it('says "Invalid IP Address" when an ip row loses focus with a bad address, and accepts a CIDR block', async () => {
    await openRestricted()
    await choose(screen.getByLabelText('Type of row 1'), 'IP')
    typeInto(valueInput(1), '300.1.2.3')
    expect(await screen.findByText('Invalid IP Address')).toBeTruthy()

    typeInto(valueInput(1), '203.0.113.0/24')
    await waitFor(() => expect(screen.queryByText('Invalid IP Address')).toBeNull())
  })

  it('says "Invalid Domain" for a domain row that is not a web address pattern', async () => {
    await openRestricted()
    typeInto(valueInput(1), 'not a domain')
    expect(await screen.findByText('Invalid Domain')).toBeTruthy()
  })

  it('hides the add button while a row is empty, and shows remove buttons only with two rows', async () => {
    await openRestricted()
    expect(screen.queryByText('Add a row')).toBeNull()
    expect(screen.getByText(/Please fill in the field/)).toBeTruthy()
    expect(screen.queryByLabelText(/^Remove row/)).toBeNull()

    typeInto(valueInput(1), 'http*://*.example.com/*')
    fireEvent.click(await screen.findByText('Add a row'))
    await waitFor(() => expect(rows()).toHaveLength(2))
    expect(screen.getByLabelText('Remove row 1')).toBeTruthy()
    expect(screen.getByLabelText('Remove row 2')).toBeTruthy()
    // The new row is empty, so no third one yet.
    expect(screen.queryByText('Add a row')).toBeNull()

    // Removing asks first.
    fireEvent.click(screen.getByLabelText('Remove row 2'))
    const question = await screen.findByText('Remove this row?')
    const confirm = question.closest('.ant-popconfirm') as HTMLElement
    fireEvent.click(within(confirm).getByText('Remove'))
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(screen.queryByLabelText(/^Remove row/)).toBeNull()
    expect((valueInput(1) as HTMLInputElement).value).toBe('http*://*.example.com/*')
  })

  it('starts again from one empty domain row when the restriction choice is switched', async () => {
    await openRestricted()
    typeInto(valueInput(1), 'https://example.com/*')
    fireEvent.click(await screen.findByText('Add a row'))
    await waitFor(() => expect(rows()).toHaveLength(2))
    await choose(screen.getByLabelText('Type of row 2'), 'IP')
    typeInto(valueInput(2), '203.0.113.7')

    fireEvent.click(screen.getByLabelText(/^No restriction/))
    await waitFor(() => expect(rows()).toHaveLength(0))
    fireEvent.click(screen.getByLabelText(/HTTP \/ IP restriction/))
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect((valueInput(1) as HTMLInputElement).value).toBe('')
    expect(within(rows()[0] as HTMLElement).getByText('Domain')).toBeTruthy()
  })

  it('tests a page or an address against the rows as the gateway would', async () => {
    await openRestricted()
    typeInto(valueInput(1), 'http*://*.example.com/*')
    const tester = screen.getByLabelText(/Test the restriction/)
    fireEvent.change(tester, { target: { value: 'https://shop.example.com/map' } })
    expect(await screen.findByText('Allowed: it matches “http*://*.example.com/*”.')).toBeTruthy()
    fireEvent.change(tester, { target: { value: 'https://example.org/' } })
    expect(await screen.findByText('Refused: no domain row matches this page.')).toBeTruthy()
  })

  it('sends the user to the profile when the server answers E401 (no verified phone number)', async () => {
    const noPhone = 'Add and verify a phone number in your profile before creating or editing keys.'
    server['POST /v1/keys'] = () => refused(422, ErrorCode.NoPhone, noPhone)
    const router = openApp('/createKey')
    typeInto(await nameInput(), 'Store locator')
    fireEvent.click(submitButton())
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/profile'))
    expect(await screen.findByText(noPhone)).toBeTruthy()
    expect(calls.find((c) => c.route === 'POST /v1/keys')?.body).toEqual({
      name: 'Store locator',
      type: 'api_key',
      description: null,
      restriction_list: null,
      services: null,
    })
  })

  it('limits a key to the services chosen, and offers a map-tiles key only the map services', async () => {
    openApp('/createKey')
    typeInto(await nameInput(), 'Geocoder backend')
    fireEvent.click(await screen.findByLabelText(/Only the services chosen/))
    expect(await screen.findByLabelText('Directions')).toBeTruthy()
    fireEvent.click(screen.getByLabelText(/Maptiles Key/))
    await waitFor(() => expect(screen.queryByLabelText('Directions')).toBeNull())
    fireEvent.click(screen.getByLabelText('Static maps'))
    fireEvent.click(submitButton())
    await waitFor(() => expect(calls.find((c) => c.route === 'POST /v1/keys')).toBeTruthy())
    expect(calls.find((c) => c.route === 'POST /v1/keys')?.body).toMatchObject({
      type: 'maptiles_key',
      services: ['STATIC_MAP'],
    })
  })

  it('will not save a scope with no service chosen', async () => {
    openApp('/createKey')
    typeInto(await nameInput(), 'Nothing allowed')
    fireEvent.click(await screen.findByLabelText(/Only the services chosen/))
    fireEvent.click(submitButton())
    expect(await screen.findByText('Choose at least one service, or allow every service.')).toBeTruthy()
    expect(calls.filter((c) => c.route === 'POST /v1/keys')).toEqual([])
  })
})

describe('the monthly caps of the key form', { timeout: 60_000 }, () => {
  it('sends the caps that were filled in when creating a key, and leaves the empty ones out', async () => {
    server['POST /v1/keys'] = (body) => {
      const { request_cap, spend_cap } = body as { request_cap?: number; spend_cap?: string }
      return ok(
        KeyWithSecret.parse({
          ...savedKey({ request_cap: request_cap ?? null, spend_cap: spend_cap ? '50.00' : null }),
          key: 'mk_secret',
        }),
      )
    }
    openApp('/createKey')
    typeInto(await nameInput(), 'Store locator')
    const requestCap = await requestCapInput()
    typeInto(requestCap, '10,000')
    // Shown grouped by thousands once typed.
    await waitFor(() => expect((requestCap as HTMLInputElement).value).toBe('10,000'))
    typeInto(spendCapInput(), ' 50 ')
    fireEvent.click(submitButton())
    await waitFor(() => expect(calls.find((c) => c.route === 'POST /v1/keys')).toBeTruthy())
    expect(calls.find((c) => c.route === 'POST /v1/keys')?.body).toEqual({
      name: 'Store locator',
      type: 'api_key',
      description: null,
      restriction_list: null,
      services: null,
      request_cap: 10000,
      spend_cap: '50',
    })
  })

  it('prefills the caps of the key being edited, and sends null for a cap that was cleared', async () => {
    server[`GET /v1/keys/${KEY_ID}`] = () => ok(savedKey({ request_cap: 10000, spend_cap: '50.00' }))
    server[`PUT /v1/keys-unDelete/${KEY_ID}`] = () => ok(savedKey({ spend_cap: '50.00' }), 'Key updated')
    server['GET /v1/user_keys-unDelete'] = () => ok({ items: [], total: 0, page: 1, page_size: 10 })
    const router = openApp(`/edit?id=${KEY_ID}`)
    const requestCap = (await requestCapInput()) as HTMLInputElement
    expect(requestCap.value).toBe('10,000')
    expect((spendCapInput() as HTMLInputElement).value).toBe('50.00')

    typeInto(requestCap, '')
    fireEvent.click(screen.getByText('Save', { selector: 'button span' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/keys'))
    expect(calls.find((c) => c.route === `PUT /v1/keys-unDelete/${KEY_ID}`)?.body).toEqual({
      name: 'Store locator',
      description: null,
      restriction_list: null,
      services: null,
      request_cap: null,
      spend_cap: '50.00',
    })
  })

  it('removes both caps of an edited key when both fields are emptied', async () => {
    server[`GET /v1/keys/${KEY_ID}`] = () => ok(savedKey({ request_cap: 500, spend_cap: '5.00' }))
    server[`PUT /v1/keys-unDelete/${KEY_ID}`] = () => ok(savedKey(), 'Key updated')
    server['GET /v1/user_keys-unDelete'] = () => ok({ items: [], total: 0, page: 1, page_size: 10 })
    openApp(`/edit?id=${KEY_ID}`)
    typeInto(await requestCapInput(), '')
    typeInto(spendCapInput(), '')
    fireEvent.click(screen.getByText('Save', { selector: 'button span' }))
    await waitFor(() => expect(calls.find((c) => c.route === `PUT /v1/keys-unDelete/${KEY_ID}`)).toBeTruthy())
    expect(calls.find((c) => c.route === `PUT /v1/keys-unDelete/${KEY_ID}`)?.body).toMatchObject({
      request_cap: null,
      spend_cap: null,
    })
  })

  it.each([
    ['0', REQUEST_CAP_INVALID],
    ['1.5', REQUEST_CAP_INVALID],
    ['-20', REQUEST_CAP_INVALID],
  ])('refuses %s calls with the contract’s message, without calling the server', async (typed, text) => {
    openApp('/createKey')
    typeInto(await nameInput(), 'Store locator')
    typeInto(await requestCapInput(), typed)
    expect(await screen.findByText(text)).toBeTruthy()
    fireEvent.click(submitButton())
    // Submitting keeps the one message and sends nothing.
    await waitFor(() => expect(screen.getAllByText(text)).toHaveLength(1))
    expect(calls.filter((c) => c.route === 'POST /v1/keys')).toEqual([])
  })

  it.each([
    ['-3', SPEND_NOT_POSITIVE],
    ['abc', 'Enter the amount as a number, such as 100 or 25.50'],
    ['1.234', MONEY_INVALID],
    ['0', SPEND_NOT_POSITIVE],
    ['1000000.01', 'The amount must be at most 1000000.00 USD'],
  ])('refuses a spend cap of "%s" USD with the contract’s message, without calling the server', async (typed, text) => {
    openApp('/createKey')
    typeInto(await nameInput(), 'Store locator')
    await requestCapInput()
    typeInto(spendCapInput(), typed)
    expect(await screen.findByText(text)).toBeTruthy()
    fireEvent.click(submitButton())
    await waitFor(() => expect(screen.getAllByText(text)).toHaveLength(1))
    expect(calls.filter((c) => c.route === 'POST /v1/keys')).toEqual([])
  })
})
