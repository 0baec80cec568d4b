import { PriceBook, RivalRates } from '@app/contract'
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionFrom, sessionStore } from '../../app/session.ts'
import { calls, installFakeServer, ok, openApp, profile, refused, server, session } from '../../test/fake-server.tsx'

// The header's pricing button on a real customer page, through the real route table and API client;
// only the network is answered, from fixtures the contract's schemas check.

configure({ asyncUtilTimeout: 5000 })

beforeAll(async () => {
  await Promise.all([import('../shell/CustomerLayout.tsx'), import('./PricingModal.tsx')])
}, 60_000)

const book = PriceBook.parse({
  user: { id: profile.id, email: profile.email },
  is_new: true,
  free_month: '5.00',
  discount_percent: '10',
  enjoy_discount: true,
  services: [
    {
      service: 'GEOCODE',
      rate: '0.005',
      rate_per_1000: '5.00',
      free: 10_000,
      private: false,
      ranges: [
        { request_from: 0, request_to: 100_000, rate: '0.005' },
        { request_from: 100_000, request_to: 200_000, rate: '0.004' },
        { request_from: 200_000, request_to: 500_000, rate: '0.0032' },
        { request_from: 500_000, request_to: -1, rate: '0.0025' },
      ],
      popup: ['5.00', '4.00', '3.20', '2.50'],
    },
    {
      service: 'LOAD_MAP',
      rate: '0.0005',
      rate_per_1000: '0.50',
      free: 0,
      private: true,
      ranges: [],
      popup: ['0.50', '0.50', '0.50', '0.50'],
    },
    {
      service: 'REVERSE_GEOCODE',
      rate: '0.004',
      rate_per_1000: '4.00',
      free: 2_500,
      private: false,
      ranges: [],
      popup: ['4.00', '4.00', '4.00', '4.00'],
    },
  ],
})

const rival = RivalRates.parse({
  name: 'Google Maps Platform',
  as_of: '2025-02-28',
  services: [
    { service: 'GEOCODE', per_1000: ['5.00', '4.00', '4.00', '3.00'], free: 0 },
    { service: 'LOAD_MAP', per_1000: ['7.00', '5.60', '4.20', null], free: 0 },
  ],
})

const PRICE_BOOK = 'GET /v1/settings-weight-price/price-of-one-user'
const RIVAL = 'GET /v1/settings-rival'

beforeEach(() => {
  localStorage.clear()
  sessionStore.set(sessionFrom(profile, session.token))
  installFakeServer()
  server[PRICE_BOOK] = () => ok(book)
  server[RIVAL] = () => ok(rival)
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

/** Opens a customer page and presses the header's pricing button; returns the dialog. */
async function openPricing(): Promise<HTMLElement> {
  openApp('/faqs')
  fireEvent.click(await screen.findByRole('button', { name: 'Pricing' }))
  return screen.findByRole('dialog')
}

const cellsOf = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent)
const toastText = () => document.querySelector('.ant-message')?.textContent ?? ''

describe('the pricing popup', { timeout: 60_000 }, () => {
  it('lists each service’s price per 1000 requests in the four tiers, with 2 decimals, and its free allowance', async () => {
    const dialog = await openPricing()
    const geocode = await within(dialog).findByTestId('price-GEOCODE')
    const header = dialog.querySelector('thead tr')
    expect(header ? cellsOf(header as HTMLElement) : null).toEqual([
      'Service',
      'Under 100,000',
      '100,001 – 200,000',
      '200,001 – 500,000',
      'Over 500,000',
      'Free each month',
    ])
    expect(cellsOf(geocode)).toEqual(['Geocoding', '$5.00', '$4.00', '$3.20', '$2.50', '10,000 requests'])
    // A price agreed for this account is marked as such.
    expect(cellsOf(within(dialog).getByTestId('price-LOAD_MAP'))).toEqual([
      'Map loadsYour price',
      '$0.50',
      '$0.50',
      '$0.50',
      '$0.50',
      'None',
    ])
    expect(cellsOf(within(dialog).getByTestId('price-REVERSE_GEOCODE'))).toEqual([
      'Reverse geocoding',
      '$4.00',
      '$4.00',
      '$4.00',
      '$4.00',
      '2,500 requests',
    ])
    expect(within(dialog).getByText('Every month, the first $5.00 of your bill is free.')).toBeTruthy()
    expect(within(dialog).getByText('Your account gets 10% off every bill.')).toBeTruthy()
    expect(within(dialog).queryByTestId('rival-GEOCODE')).toBeNull()
    expect(calls.filter((c) => c.route === PRICE_BOOK)).toHaveLength(1)
  })

  it('sets the rival’s prices under ours with the switch, and shows where ours are cheaper', async () => {
    const dialog = await openPricing()
    await within(dialog).findByTestId('price-GEOCODE')
    const toggle = await within(dialog).findByRole('switch', { name: 'Compare with Google Maps Platform' })
    await waitFor(() => expect(toggle.hasAttribute('disabled')).toBe(false))
    fireEvent.click(toggle)

    const theirGeocode = await within(dialog).findByTestId('rival-GEOCODE')
    expect(cellsOf(theirGeocode)).toEqual(['Google Maps Platform', '$5.00', '$4.00', '$4.00', '$3.00', 'None'])
    // Equal prices save nothing; 3.20 against 4.00 saves 20%, 2.50 against 3.00 17%.
    expect(cellsOf(within(dialog).getByTestId('price-GEOCODE'))).toEqual([
      'Geocoding',
      '$5.00',
      '$4.00',
      '$3.20Save 20%',
      '$2.50Save 17%',
      '10,000 requests',
    ])
    // The rival has no product in the last tier (null) and none at all for reverse geocoding.
    expect(cellsOf(within(dialog).getByTestId('rival-LOAD_MAP'))).toEqual([
      'Google Maps Platform',
      '$7.00',
      '$5.60',
      '$4.20',
      '—',
      'None',
    ])
    expect(cellsOf(within(dialog).getByTestId('price-LOAD_MAP')).slice(1, 5)).toEqual([
      '$0.50Save 93%',
      '$0.50Save 91%',
      '$0.50Save 88%',
      '$0.50',
    ])
    expect(cellsOf(within(dialog).getByTestId('rival-REVERSE_GEOCODE'))).toEqual([
      'Google Maps Platform',
      '—',
      '—',
      '—',
      '—',
      '—',
    ])

    // Whose prices they are and how current, in the reader's calendar.
    expect(within(dialog).getByTestId('rival-source').textContent).toBe(
      'Google Maps Platform’s published list prices as of Feb 28, 2025, before any discount they may agree with you.',
    )

    fireEvent.click(toggle)
    await waitFor(() => expect(within(dialog).queryByTestId('rival-GEOCODE')).toBeNull())
    expect(within(dialog).queryByTestId('rival-source')).toBeNull()
    expect(within(dialog).queryByText('Save 20%')).toBeNull()
  })

  it('shows the server’s message in an error toast when the price list is refused', async () => {
    const refusal = 'The price list is not available right now'
    server[PRICE_BOOK] = () => refused(422, 'PRICES_UNAVAILABLE', refusal)
    const dialog = await openPricing()
    await waitFor(() => expect(toastText()).toContain(refusal))
    expect(within(dialog).getByText('This could not be loaded.')).toBeTruthy()
    expect(within(dialog).queryByRole('table')).toBeNull()
  })

  it('treats an answer whose status is not success as a failure, even with HTTP 200', async () => {
    const refusal = 'Prices are being updated'
    server[PRICE_BOOK] = () => ({
      status: 200,
      body: { status: 'error', data: null, message: refusal, error_code: 'ERROR' },
    })
    await openPricing()
    await waitFor(() => expect(toastText()).toContain(refusal))
  })

  it('still lists our prices when the comparison cannot be loaded, and says so', async () => {
    server[RIVAL] = () => refused(500, 'INTERNAL', 'Something went wrong on our side')
    const dialog = await openPricing()
    expect(cellsOf(await within(dialog).findByTestId('price-GEOCODE'))[1]).toBe('$5.00')
    expect(await within(dialog).findByText('Comparison prices could not be loaded.')).toBeTruthy()
    await waitFor(() => expect(toastText()).toContain('Something went wrong on our side'))
    expect(within(dialog).queryByRole('switch')).toBeNull()
  })
})
