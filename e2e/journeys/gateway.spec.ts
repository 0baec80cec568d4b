import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures.ts'
import { baseURL, MAPS_API_URL } from '../playwright.config.ts'
import {
  ADMIN,
  dismissSplash,
  makeKeyReady,
  missingTranslations,
  registerByApi,
  signInByApi,
  uniqueEmail,
  uniquePhone,
} from '../support.ts'

// The maps API's front door (issue 19, docs/gateway.md "nginx in front of a maps API"): Debian's nginx
// from deploy/nginx/gateway.conf, in front of the sample maps API, checking every call against the
// portal (started beside the portal by playwright.config.ts). A new customer goes from a key to a live
// map on Get started; the key works only from the portal's origin; staff suspend it and it stops within
// a second; the calls reach the customer's statistics and the month's estimate.

const PASSWORD = 'a-long-enough-password'

/** Calls the maps API from the page (the browser sends its Origin) and says what came back. */
async function callFromPage(page: Page, url: string, headers: Record<string, string> = {}) {
  return page.evaluate(
    async ({ url, headers }) => {
      // Past the browser's cache: a tile it kept would not ask the front door again.
      const response = await fetch(url, { headers, credentials: 'omit', cache: 'no-store' })
      const type = response.headers.get('content-type') ?? ''
      const body = type.includes('json') ? await response.text() : ''
      return { status: response.status, body }
    },
    { url, headers },
  )
}

test('a new customer’s map-tiles key draws a live map through nginx on Get started, only from the portal, stops within a second of a suspension, and its calls reach the statistics', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const email = uniqueEmail('gateway')
  const phone = uniquePhone()
  await registerByApi(page, email, PASSWORD, 'Aung Gateway', phone)
  const { headers } = await makeKeyReady(page, email, PASSWORD, phone)
  await signInByApi(page, email, PASSWORD)
  await page.goto('/')
  await dismissSplash(page)

  // A map-tiles key for the portal's own pages.
  await page.goto('/createKey')
  await page.getByLabel('Name').fill('Portal map')
  await page.getByText('Maptiles Key').click()
  await page.getByText('HTTP / IP restriction').click()
  const row = page.getByLabel('Value of row 1')
  await row.fill(`${baseURL}/*`)
  await row.blur()
  await page.getByRole('button', { name: 'Create API key' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByText('Your new key “Portal map”')).toBeVisible()
  await dialog.getByText('Make your first call').click()
  await expect(page).toHaveURL(/\/get-started\?key=key_/)
  await expect(page.getByTestId('base-address')).toContainText(MAPS_API_URL)

  // Try it on the map tiles: one tile through nginx, then a live MapLibre map drawn with the key.
  const tiles: number[] = []
  page.context().on('response', (response) => {
    if (response.url().startsWith(`${MAPS_API_URL}/tiles/`)) tiles.push(response.status())
  })
  await page.getByRole('button', { name: 'Try it' }).click()
  // A key is a secret: showing it asks for the password once (step-up, docs/auth.md).
  const confirm = page.getByRole('dialog', { name: 'Confirm it is you' })
  await confirm.getByLabel('Password').fill(PASSWORD)
  await confirm.getByRole('button', { name: 'Confirm and show' }).click()
  await expect(page.getByTestId('try-status')).toHaveText('200')
  await expect(
    page.getByRole('application', { name: 'A live map drawn through the maps API with your key' }),
  ).toBeVisible()
  await expect.poll(() => tiles.filter((status) => status === 200).length, { timeout: 15_000 }).toBeGreaterThan(1)
  expect(tiles.filter((status) => status !== 200)).toEqual([])
  expect(await missingTranslations(page)).toEqual([])

  const keys = await page.request.get('/v1/user_keys-unDelete?page=1&page_size=10', { headers })
  const mapKey = ((await keys.json()) as { data: { items: { id: string; name: string }[] } }).data.items.find(
    (key) => key.name === 'Portal map',
  )
  expect(mapKey).toBeDefined()
  // The examples now carry the key itself, ready to copy.
  const example = (await page.getByTestId('example-LOAD_MAP').textContent()) ?? ''
  const mapSecret = /key=([\w-]+)/.exec(example)?.[1] ?? ''
  expect(mapSecret).toMatch(/^mt_/)
  const tile = `${MAPS_API_URL}/tiles/3/6/3.pbf?key=${encodeURIComponent(mapSecret)}`

  // A page of another origin may not use the key: the refusal says why, and the browser may read it.
  const elsewhere = await browser.newPage()
  await elsewhere.goto(`${baseURL.replace('127.0.0.1', 'localhost')}/readyz`)
  const refused = await callFromPage(elsewhere, tile)
  expect(refused.status).toBe(403)
  expect(refused.body).toContain('ORIGIN_NOT_ALLOWED')
  await elsewhere.close()

  // An API key answers geocoding, from the page, with the key in a header.
  const created = await page.request.post('/v1/keys', {
    headers,
    data: { name: 'Geocoder', type: 'api_key', restriction_list: null },
  })
  expect(created.status()).toBe(201)
  const apiKey = ((await created.json()) as { data: { key: string } }).data.key
  for (const place of ['Yangon', 'Mandalay']) {
    const found = await callFromPage(page, `${MAPS_API_URL}/geocode?q=${place}`, { 'X-Api-Key': apiKey })
    expect(found.status).toBe(200)
    expect(found.body).toContain(place)
  }

  // Staff suspend the map key: it stops within a second.
  expect((await callFromPage(page, tile)).status).toBe(200)
  const login = await page.request.post('/v1/login', { data: ADMIN })
  const adminToken = ((await login.json()) as { data: { token: string } }).data.token
  const suspended = await page.request.post(`/v1/keys-unDelete/suspend/${mapKey?.id}`, {
    headers: { authorization: `Bearer ${adminToken}` },
  })
  expect(suspended.status()).toBe(200)
  const started = Date.now()
  let stopped = await callFromPage(page, tile)
  while (stopped.status === 200 && Date.now() - started < 3_000) stopped = await callFromPage(page, tile)
  const elapsed = Date.now() - started
  expect(stopped.status).toBe(403)
  expect(stopped.body).toContain('KEY_SUSPENDED')
  expect(elapsed).toBeLessThan(1_000)

  // Within seconds nginx's usage reaches the portal: the tiles and the geocoding, with their status
  // and latency, on /statistics and in the month's estimate.
  await expect
    .poll(
      async () => {
        const estimate = await page.request.get('/v1/bills/estimate', { headers })
        const lines = ((await estimate.json()) as { data: { lines: { service: string; hits: number }[] } }).data.lines
        return Object.fromEntries(lines.map((line) => [line.service, line.hits]))
      },
      { timeout: 30_000 },
    )
    .toMatchObject({ GEOCODE: 2, LOAD_MAP: expect.any(Number) })
  await page.goto('/statistics')
  // The recent requests: one row per call, with its status and latency.
  const recent = page.getByRole('row').filter({ hasText: / ms$/ })
  await expect(
    recent
      .filter({ hasText: /Geocod/ })
      .filter({ hasText: '200' })
      .first(),
  ).toBeVisible()
  await expect(recent.filter({ hasText: /map/i }).filter({ hasText: '200' }).first()).toBeVisible()
  expect(await missingTranslations(page)).toEqual([])
})
