import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { expect, test } from '../fixtures.ts'
import { baseURL } from '../playwright.config.ts'
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

const PASSWORD = 'a-long-enough-password'
const repoRoot = path.resolve(import.meta.dirname, '../..')

/**
 * Runs `npm run gateway-sim` (the script itself) against the journeys' server for one key: GEOCODE
 * calls only, every one verified and then reported, no errors. Returns how many the portal accepted,
 * as the simulator printed it.
 */
async function simulateTraffic(secret: string): Promise<number> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/gateway-sim.ts',
      '--url',
      baseURL,
      '--key',
      secret,
      '--service',
      'GEOCODE',
      '--rate',
      '20',
      '--seconds',
      '3',
      '--path-share',
      '0',
      '--client-errors',
      '0',
      '--server-errors',
      '0',
    ],
    { cwd: repoRoot, timeout: 60_000 },
  )
  const accepted = Number(/usage: \d+ events .*?: (\d+) accepted/.exec(stdout)?.[1])
  expect(accepted, stdout).toBeGreaterThan(0)
  return accepted
}

test('the simulator sends traffic for a new key; the customer sees it on the dashboard and in statistics and exports it; the admin sees the customer', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const email = uniqueEmail('usage')
  const phone = uniquePhone()
  await registerByApi(page, email, PASSWORD, 'Aung Usage', phone)
  const { headers } = await makeKeyReady(page, email, PASSWORD, phone)
  const created = await page.request.post('/v1/keys', {
    headers,
    data: { name: 'Usage journey key', type: 'api_key', restriction_list: null },
  })
  expect(created.status()).toBe(201)
  const secret = ((await created.json()) as { data: { key: string } }).data.key

  const calls = await simulateTraffic(secret)
  const shown = calls.toLocaleString('en-US')

  // The dashboard: this month's API requests are the simulator's calls.
  await signInByApi(page, email, PASSWORD)
  await page.goto('/')
  await dismissSplash(page)
  await expect(page.getByTestId('api-requests')).toContainText(shown)
  await expect(page.getByTestId('map-loads')).toContainText('0')

  // Statistics: the same number, hour by hour and year by year, as a line and as a pie.
  await page.goto('/statistics')
  const chart = page.getByRole('img', { name: /chart of requests by service/ }).first()
  // The chart's code loads on first use: on a busy machine that alone can take longer than 10 seconds.
  await expect(chart).toHaveAttribute('aria-label', `Line chart of requests by service: Geocoding ${calls}`, {
    timeout: 30_000,
  })
  const unit = page.locator('.ant-segmented[aria-label="Unit"]')
  const hourly = page.waitForResponse(
    (r) => r.url().includes('/v1/statistics/hits-one-user?') && r.url().includes('perTime=hour'),
  )
  await unit.getByText('Hourly').click()
  expect((await hourly).status()).toBe(200)
  await expect(chart).toHaveAttribute('aria-label', `Line chart of requests by service: Geocoding ${calls}`)
  const yearly = page.waitForResponse(
    (r) => r.url().includes('/v1/statistics/hits-one-user?') && r.url().includes('perTime=year'),
  )
  await unit.getByText('Yearly').click()
  expect((await yearly).status()).toBe(200)
  await page.locator('.ant-segmented[aria-label="Chart type"]').getByText('Pie').click()
  await expect(page.getByRole('img', { name: /^Pie chart of requests by service/ }).first()).toHaveAttribute(
    'aria-label',
    `Pie chart of requests by service: Geocoding ${calls}`,
  )
  expect(await missingTranslations(page)).toEqual([])

  // The CSV export holds one row per reported call, newest first, with the key's name.
  await expect(page.getByTestId('exportable')).toContainText(shown)
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^usage-\d{4}-\d{2}\.csv$/)
  const lines = (await readFile(await file.path(), 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
  expect(lines[0]).toBe('Time (UTC),Key,Key ID,Service,Path,Status,Latency (ms),Requests')
  expect(lines).toHaveLength(1 + calls)
  for (const line of lines.slice(1))
    expect(line).toMatch(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z,Usage journey key,key_\w+,GEOCODE,,200,\d+,1$/)
  const times = lines.slice(1).map((line) => line.split(',')[0] ?? '')
  expect([...times].sort().reverse()).toEqual(times)

  // The administrator finds the customer in usage statistics with the same total.
  const adminContext = await browser.newContext()
  const admin = await adminContext.newPage()
  await signInByApi(admin, ADMIN.email, ADMIN.password)
  await admin.goto(`/administrator/usage-statistics?keyword=${encodeURIComponent(email)}`)
  const row = admin.getByRole('row', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) })
  await expect(row).toContainText(shown)
  await row.getByRole('link', { name: email }).click()
  await expect(admin).toHaveURL(/\/administrator\/view-hits-per-user\?user_id=usr_/)
  await expect(admin.getByText(email).first()).toBeVisible()
  expect(await missingTranslations(admin)).toEqual([])
  await adminContext.close()
})

test('a request with a very long path keeps its status and latency in view on a 1440 px screen', async ({ page }) => {
  test.setTimeout(90_000)
  const email = uniqueEmail('long-path')
  const phone = uniquePhone()
  await registerByApi(page, email, PASSWORD, 'Aung Path', phone)
  const { headers } = await makeKeyReady(page, email, PASSWORD, phone)
  const created = await page.request.post('/v1/keys', {
    headers,
    data: { name: 'Long path key', type: 'api_key', restriction_list: null },
  })
  expect(created.status()).toBe(201)
  const secret = ((await created.json()) as { data: { key: string } }).data.key
  const path = `/geocode?q=${'Yangon%20Region%20'.repeat(60)}`
  const reported = await page.request.post('/v1/gateway/usage', {
    headers: { authorization: 'Bearer dev-gateway-token' },
    data: {
      batch_id: `long-path-${Date.now()}`,
      events: [{ key: secret, service: 'GEOCODE', path, at: Date.now(), status: 404, latency_ms: 37 }],
    },
  })
  expect(reported.status()).toBe(200)

  await page.setViewportSize({ width: 1440, height: 900 })
  await signInByApi(page, email, PASSWORD)
  await page.goto('/statistics')
  await dismissSplash(page)
  const row = page.getByRole('row').filter({ hasText: '/geocode?q=Yangon%20Region%20' })
  await expect(row).toBeVisible({ timeout: 30_000 })
  // The status and the latency are on the screen, not scrolled away by the path (issue 20).
  for (const text of ['404', '37 ms']) {
    const box = await row.getByText(text, { exact: true }).boundingBox()
    expect(box, text).not.toBeNull()
    expect((box?.x ?? 0) + (box?.width ?? 0), text).toBeLessThanOrEqual(1440)
  }
  expect(await row.getByTestId('recent-path').textContent()).toBe(path)
})
