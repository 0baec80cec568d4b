import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures.ts'
import {
  ADMIN,
  dismissSplash,
  missingTranslations,
  registerByApi,
  signInByApi,
  smsCodeFor,
  uniqueEmail,
  uniquePhone,
  verificationLinkFor,
} from '../support.ts'

const PASSWORD = 'a-long-enough-password'
const GATEWAY_TOKEN = 'dev-gateway-token'

/** What the gateway answers for a secret, asked the way a tile server would. */
async function gatewayReason(page: Page, key: string, referer: string): Promise<string> {
  const response = await page.request.post('/v1/gateway/verify', {
    headers: { authorization: `Bearer ${GATEWAY_TOKEN}` },
    data: { key, service: 'LOAD_MAP', referer },
  })
  expect(response.status()).toBe(200)
  return ((await response.json()) as { data: { reason: string } }).data.reason
}

test('a customer verifies a phone, creates a restricted key, copies and edits it; the admin suspends it; the customer deletes it', async ({
  page,
  browser,
  context,
}) => {
  // Two browsers and some thirty steps: on a busy machine, more than the default minute.
  test.setTimeout(120_000)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const email = uniqueEmail('keys')
  const phone = uniquePhone()
  await registerByApi(page, email, PASSWORD, 'Khin Key', phone)
  await page.goto(await verificationLinkFor(page, email))
  await expect(page.getByText('Your email is verified')).toBeVisible()

  await signInByApi(page, email, PASSWORD)
  await page.goto('/')
  await dismissSplash(page)

  // Without a verified phone the key form says so and links to the profile.
  await page.goto('/createKey')
  await expect(page.getByText('Keys need a verified phone number')).toBeVisible()
  await page.getByRole('link', { name: 'Verify your phone' }).click()
  await expect(page).toHaveURL(/\/settings\/profile/)

  await page.getByRole('button', { name: 'Send code' }).click()
  await expect(page.getByRole('button', { name: /Send again in \d+ s/ })).toBeVisible()
  await page.getByLabel('Verification code').fill(await smsCodeFor(page, phone))
  await page.getByRole('button', { name: 'Verify', exact: true }).click()
  await expect(page.getByText('Your phone number is verified')).toBeVisible()

  // Create a key restricted to one site; a malformed row is flagged when it loses focus.
  await page.goto('/createKey')
  await expect(page.getByText('Keys need a verified phone number')).toBeHidden()
  await page.getByLabel('Name').fill('Store locator')
  await page.getByText('HTTP / IP restriction').click()
  const firstRow = page.getByLabel('Value of row 1')
  await firstRow.fill('not a domain!')
  await firstRow.blur()
  await expect(page.getByText('Invalid Domain')).toBeVisible()
  await firstRow.fill('https://shop.example.com/*')
  await firstRow.blur()
  await expect(page.getByText('Invalid Domain')).toBeHidden()

  // The tester answers with the gateway's rules.
  const tester = page.getByPlaceholder('https://shop.example.com/map or 203.0.113.7')
  await tester.fill('https://shop.example.com/map')
  await expect(page.getByText('Allowed: it matches “https://shop.example.com/*”.')).toBeVisible()
  await tester.fill('https://evil.example.net/')
  await expect(page.getByText('Refused: no domain row matches this page.')).toBeVisible()

  await page.getByRole('button', { name: 'Create API key' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByText('Your new key “Store locator”')).toBeVisible()
  await dialog.getByRole('button', { name: 'Copy the key “Store locator”' }).click()
  await expect(page.getByText('Copy success: the key is on your clipboard')).toBeVisible()
  const secret = await page.evaluate(() => navigator.clipboard.readText())
  expect(secret).toMatch(/^mk_[A-Za-z0-9_-]{40}$/)
  await dialog.getByRole('button', { name: 'Done' }).click()
  await expect(page).toHaveURL(/\/keys$/)

  expect(await gatewayReason(page, secret, 'https://shop.example.com/map')).toBe('OK')
  expect(await gatewayReason(page, secret, 'https://evil.example.net/')).toBe('ORIGIN_NOT_ALLOWED')

  // The list shows a preview only, the restriction summary, and the key in the header's history.
  const row = page.getByRole('row', { name: /Store locator/ })
  await expect(row).toContainText('1 domain')
  await expect(row).not.toContainText(secret)
  await page.getByRole('button', { name: 'Key history' }).click()
  await expect(page.getByTestId('key-history')).toContainText('Store locator')
  await page.keyboard.press('Escape')

  // Edit: rename and allow every page.
  await row.getByRole('link', { name: 'Edit “Store locator”' }).click()
  await expect(page).toHaveURL(/\/edit\?id=/)
  await page.getByLabel('Name').fill('Store locator (prod)')
  await page.getByText('No restriction', { exact: true }).click()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/keys$/)
  const renamed = page.getByRole('row', { name: /Store locator \(prod\)/ })
  await expect(renamed).toContainText('No restriction')
  expect(await gatewayReason(page, secret, 'https://evil.example.net/')).toBe('OK')
  expect(await missingTranslations(page)).toEqual([])

  // The administrator suspends the key from the back office; the gateway refuses it at once.
  const adminContext = await browser.newContext()
  const admin = await adminContext.newPage()
  await signInByApi(admin, ADMIN.email, ADMIN.password)
  await admin.goto('/administrator/user-management/key-and-bill')
  await admin.getByPlaceholder('Search by key name or owner email').fill(email)
  const adminRow = admin.getByRole('row', { name: /Store locator \(prod\)/ })
  await adminRow.getByRole('button', { name: 'Suspend' }).click()
  await admin.getByRole('dialog').getByRole('button', { name: 'Suspend' }).click()
  await expect(adminRow).toContainText('Suspended')
  expect(await missingTranslations(admin)).toEqual([])
  await adminContext.close()
  expect(await gatewayReason(page, secret, 'https://shop.example.com/map')).toBe('KEY_SUSPENDED')

  await page.reload()
  await expect(renamed).toContainText('Suspended')

  // The customer deletes it; it moves to the deleted keys and never works again.
  await renamed.getByRole('button', { name: 'More actions for “Store locator (prod)”' }).click()
  await page.getByRole('menuitem', { name: 'Delete' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByRole('row', { name: /Store locator \(prod\)/ })).toBeHidden()
  await page.getByText('Deleted keys', { exact: true }).click()
  await expect(page.getByRole('row', { name: /Store locator \(prod\)/ })).toContainText('Deleted')
  expect(await gatewayReason(page, secret, 'https://shop.example.com/map')).toBe('DELETED')
})
