import { ErrorCode, Key } from '@app/contract'
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { App } from 'antd'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { customerLangPref } from '../../app/prefs.ts'
import { sessionFrom, sessionStore } from '../../app/session.ts'
import { i18n } from '../../i18n/i18n.ts'
import { calls, installFakeServer, ok, openApp, profile, refused, server, session } from '../../test/fake-server.tsx'
import { SecretModal } from '../keys/SecretModal.tsx'

// The real /get-started page through the real route table and API client; the portal's calls are
// answered from fixtures the contract's schemas check, and the maps API behind the gateway by a fake
// of its own (the only other address the page calls).

configure({ asyncUtilTimeout: 5000 })

beforeAll(async () => {
  await Promise.all([import('../shell/CustomerLayout.tsx'), import('./GetStartedPage.tsx')])
}, 60_000)

const GATEWAY = 'http://127.0.0.1:8080'
const SECRET = `mk_${'S'.repeat(40)}`

const key = (id: string, name: string, type: 'api_key' | 'maptiles_key', services: string[] | null = null) =>
  Key.parse({
    id,
    user_id: profile.id,
    user_email: profile.email,
    name,
    type,
    description: null,
    key_preview: type === 'api_key' ? 'mk_…SSSS' : 'mt_…TTTT',
    status: 'active',
    restriction_list: null,
    created_at: '2026-11-01T08:00:00.000Z',
    last_modified: '2026-11-01T08:00:00.000Z',
    deleted_at: null,
    previous_key_expires_at: null,
    services,
    request_cap: null,
    spend_cap: null,
    cap_use: null,
  })

const apiKey = key('key_01jd0000000000000000000001', 'Store locator', 'api_key')
const tilesKey = key('key_01jd0000000000000000000002', 'Website map', 'maptiles_key')

/** What the maps API was asked, and the answer it gives next (by path). */
const gatewayCalls: { url: string; headers: Record<string, string> }[] = []
let gatewayAnswers: Record<string, () => Response>
let clipboard: string[]

function installGateway() {
  gatewayCalls.length = 0
  gatewayAnswers = {}
  const portal = globalThis.fetch
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (!url.startsWith(GATEWAY)) return portal(url, init)
      gatewayCalls.push({ url, headers: (init?.headers ?? {}) as Record<string, string> })
      const answer = gatewayAnswers[new URL(url).pathname]
      if (!answer) throw new TypeError('Failed to fetch')
      return answer()
    }),
  )
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })

beforeEach(async () => {
  localStorage.clear()
  // English whatever ran before: the Burmese test leaves its language set, and the dialog's test renders
  // outside the app, which would otherwise not set it back (tests must pass in any order).
  customerLangPref.set('en')
  await i18n.changeLanguage('en')
  sessionStore.set(sessionFrom(profile, session.token))
  installFakeServer()
  installGateway()
  clipboard = []
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: vi.fn(async (text: string) => void clipboard.push(text)) },
  })
  server['GET /v1/user_keys-unDelete'] = () => ok({ items: [apiKey, tilesKey], total: 2, page: 1, page_size: 100 })
  server[`GET /v1/keys/${apiKey.id}/secret`] = () => ok({ key: SECRET })
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const example = (service: string) => screen.findByTestId(`example-${service}`)
const pressTryIt = async () => fireEvent.click(await screen.findByRole('button', { name: /Try it/ }))
const openService = async (name: string) => fireEvent.click(await screen.findByRole('tab', { name }))

describe('the Get started page', { timeout: 60_000 }, () => {
  it('shows the base address and the newest key’s examples with a placeholder until the key is shown', async () => {
    openApp('/get-started')
    expect(await screen.findByRole('heading', { name: 'Get started' })).toBeTruthy()
    expect((await screen.findByTestId('base-address')).textContent).toBe(GATEWAY)
    expect(screen.getByRole('link', { name: /Account API reference/ }).getAttribute('href')).toBe('/docs')
    expect(await screen.findByText('Store locator · mk_…SSSS')).toBeTruthy()
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Map tiles & styles',
      'Geocoding',
      'Reverse geocoding',
      'Directions',
    ])
    expect((await example('LOAD_MAP')).textContent).toContain(`${GATEWAY}/tiles/4/12/7.pbf?key=YOUR_KEY`)
    // Nothing secret was asked for by opening the page.
    expect(calls.some((c) => c.route.endsWith('/secret'))).toBe(false)

    await openService('Geocoding')
    expect((await example('GEOCODE')).textContent).toBe(
      `curl -H 'X-Api-Key: YOUR_KEY' '${GATEWAY}/geocode?q=Yangon&limit=5'`,
    )
    fireEvent.click(screen.getByRole('button', { name: /Show my key in the examples/ }))
    await waitFor(async () => expect((await example('GEOCODE')).textContent).toContain(`X-Api-Key: ${SECRET}`))
    expect(screen.getByText(/The examples now contain this key’s secret/)).toBeTruthy()

    fireEvent.click(within(screen.getByRole('tabpanel')).getByText('JavaScript fetch'))
    await waitFor(async () => expect((await example('GEOCODE')).textContent).toContain('await fetch('))
    fireEvent.click(within(screen.getByRole('tabpanel')).getByRole('button', { name: 'Copy the example' }))
    await screen.findByText('Copy success: it is on your clipboard')
    expect(clipboard).toHaveLength(1)
    expect(clipboard[0]).toContain(`headers: { 'X-Api-Key': '${SECRET}' },`)
  })

  it('chooses the key the address names, and offers a map-tiles key the map tiles only', async () => {
    openApp(`/get-started?key=${tilesKey.id}`)
    expect(await screen.findByText('Website map · mt_…TTTT')).toBeTruthy()
    expect(screen.getByText(/A map-tiles key loads maps only/)).toBeTruthy()
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Map tiles & styles'])
    fireEvent.click(within(await screen.findByRole('tabpanel')).getByText('MapLibre GL JS'))
    await waitFor(async () =>
      expect((await example('LOAD_MAP')).textContent).toContain(`style: '${GATEWAY}/styles/normal.json?key=YOUR_KEY',`),
    )
  })

  it('tries an example from the browser, with the key in the X-Api-Key header, and shows status, time and answer', async () => {
    gatewayAnswers['/geocode'] = () =>
      json(200, { type: 'FeatureCollection', features: [{ type: 'Feature', properties: { name: 'Yangon' } }] })
    openApp('/get-started')
    await openService('Geocoding')
    await pressTryIt()
    const result = await screen.findByRole('status', { name: 'Result of Try it' })
    expect(within(result).getByTestId('try-status').textContent).toBe('200')
    expect(within(result).getByTestId('try-time').textContent).toMatch(/^\d[\d,]* ms$/)
    expect(within(result).getByTestId('try-answer').textContent).toContain('"name": "Yangon"')
    expect(gatewayCalls).toEqual([{ url: `${GATEWAY}/geocode?q=Yangon&limit=5`, headers: { 'X-Api-Key': SECRET } }])
  })

  it('shows a refusal’s status and reason, with what to do about a key limited to other sites', async () => {
    gatewayAnswers['/reverse'] = () =>
      json(
        403,
        { error: { status: 403, reason: 'ORIGIN_NOT_ALLOWED', message: 'This key may not be used from this site.' } },
        { 'x-gateway-reason': 'ORIGIN_NOT_ALLOWED' },
      )
    openApp('/get-started')
    await openService('Reverse geocoding')
    await pressTryIt()
    const result = await screen.findByRole('status', { name: 'Result of Try it' })
    expect(within(result).getByTestId('try-status').textContent).toBe('403')
    expect(within(result).getByText('ORIGIN_NOT_ALLOWED')).toBeTruthy()
    expect(within(result).getByText('This key may not be used from this site.')).toBeTruthy()
    expect(within(result).getByText(/This key is limited to other web sites/)).toBeTruthy()
  })

  it('loads a tile with the key in its address, shows its size, and draws the live map', async () => {
    gatewayAnswers['/tiles/4/12/7.pbf'] = () =>
      new Response(new Uint8Array(1234), { status: 200, headers: { 'content-type': 'application/x-protobuf' } })
    openApp('/get-started')
    await pressTryIt()
    const result = await screen.findByRole('status', { name: 'Result of Try it' })
    expect(within(result).getByText('1,234 bytes')).toBeTruthy()
    expect(gatewayCalls[0]?.url).toBe(`${GATEWAY}/tiles/4/12/7.pbf?key=${SECRET}`)
    expect(gatewayCalls[0]?.headers).toEqual({})
    // jsdom has no WebGL: the live map says so in place of the map.
    expect(await screen.findByText('Live map')).toBeTruthy()
    await screen.findByText(/This browser cannot draw the map/, undefined, { timeout: 30_000 })
  })

  it('says when the maps API cannot be reached', async () => {
    openApp('/get-started')
    await openService('Directions')
    await pressTryIt()
    await screen.findByText(`The maps API at ${GATEWAY} could not be reached from this browser: Failed to fetch`)
  })

  it('asks for a proof of identity before a key is first used, then tries it', async () => {
    let proved = false
    server[`GET /v1/keys/${apiKey.id}/secret`] = () =>
      proved ? ok({ key: SECRET }) : refused(403, ErrorCode.StepUpRequired, 'Confirm it is you')
    server['GET /v1/users/step-up'] = () => ok({ methods: ['password'], expires_at: null })
    server['POST /v1/users/step-up'] = () => {
      proved = true
      return ok({ methods: ['password'], expires_at: '2026-11-02T08:10:00.000Z' })
    }
    gatewayAnswers['/route'] = () => json(200, { type: 'FeatureCollection', features: [] })
    openApp('/get-started')
    await openService('Directions')
    await pressTryIt()
    const asked = await screen.findByRole('dialog', { name: /Confirm it is you/ })
    fireEvent.change(await within(asked).findByLabelText('Password'), { target: { value: 'right-password' } })
    fireEvent.click(within(asked).getByText('Confirm and show'))
    const result = await screen.findByRole('status', { name: 'Result of Try it' })
    expect(within(result).getByTestId('try-status').textContent).toBe('200')
    expect(gatewayCalls[0]?.headers).toEqual({ 'X-Api-Key': SECRET })
  })

  it('speaks Burmese in the customer’s language', async () => {
    customerLangPref.set('my')
    openApp('/get-started')
    expect(await screen.findByRole('heading', { name: 'စတင်အသုံးပြုရန်' })).toBeTruthy()
    expect(await screen.findByRole('button', { name: /စမ်းကြည့်မည်/ })).toBeTruthy()
  })

  it('is where the header’s Docs link goes', async () => {
    openApp('/get-started')
    const docs = await screen.findByRole('link', { name: 'Docs' })
    expect(docs.getAttribute('href')).toBe('/get-started')
    expect(docs.getAttribute('target')).toBeNull()
  })

  it('is linked from the dialog that shows a new key, with that key chosen', async () => {
    const router = createMemoryRouter([
      {
        path: '*',
        element: (
          <App>
            <SecretModal
              shown={{ id: apiKey.id, name: apiKey.name, secret: SECRET, reason: 'created' }}
              onClose={() => {}}
            />
          </App>
        ),
      },
    ])
    render(<RouterProvider router={router} />)
    const link = await screen.findByRole('link', { name: /Make your first call/ })
    expect(link.getAttribute('href')).toBe(`/get-started?key=${apiKey.id}`)
  })
})
