import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import { expect, test } from '../fixtures.ts'
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
const GATEWAY = { authorization: 'Bearer dev-gateway-token' }

/** The month before the current one (UTC): the month a bill run may bill today. */
function lastMonth(now = new Date()) {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 }
}

async function adminHeaders(page: Page) {
  const login = await page.request.post('/v1/login', { data: ADMIN })
  const token = ((await login.json()) as { data: { token: string } }).data.token
  return { authorization: `Bearer ${token}` }
}

/** Every cell of the first worksheet as text, for looking values up. */
async function workbookText(path: string): Promise<string[]> {
  const workbook = new ExcelJS.Workbook()
  const bytes = await readFile(path)
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength))
  const sheet = workbook.worksheets[0]
  if (!sheet) throw new Error('the workbook has no worksheet')
  const cells: string[] = []
  sheet.eachRow((row) => {
    row.eachCell((cell) => {
      cells.push(String(cell.value ?? ''))
    })
  })
  return cells
}

test('an admin gives a customer a private rate; the customer is billed with it, reads the tiers, downloads the bill and asks for a VAT invoice; the admin sets it paid and back', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  const email = uniqueEmail('billing')
  const phone = uniquePhone()
  await registerByApi(page, email, PASSWORD, 'Thiri Billing', phone)
  const { headers } = await makeKeyReady(page, email, PASSWORD, phone)
  const created = await page.request.post('/v1/keys', {
    headers,
    data: { name: 'Billing journey key', type: 'api_key', restriction_list: null },
  })
  expect(created.status()).toBe(201)
  const secret = ((await created.json()) as { data: { key: string } }).data.key

  // Last month the key made 150,000 geocoding requests, as the gateway reports them.
  const { year, month } = lastMonth()
  const at = Date.UTC(year, month - 1, 15, 10)
  const reported = await page.request.post('/v1/gateway/usage', {
    headers: GATEWAY,
    data: {
      batch_id: `billing-journey-${Date.now()}`,
      events: [{ key: secret, service: 'GEOCODE', at, count: 150_000, status: 200, latency_ms: 40 }],
    },
  })
  expect(reported.status()).toBe(200)

  // The admin gives this customer a private geocoding price: 1,000 free requests, then 0.002 USD up
  // to 100,000 and 0.001 USD above.
  const admin = await browser.newPage()
  await signInByApi(admin, ADMIN.email, ADMIN.password)
  await admin.goto(`/administrator/settings?tab=private&email=${encodeURIComponent(email)}`)
  await expect(admin.getByText(email).first()).toBeVisible()
  await admin.getByRole('button', { name: 'New setting' }).click()
  const drawer = admin.getByRole('dialog')
  await drawer.getByRole('combobox', { name: 'Service' }).click()
  await admin.locator('.ant-select-item-option[title="GEOCODE"]').click()
  await drawer.getByLabel('Rate per request (USD)').fill('0.002')
  await drawer.getByLabel('Free requests a month').fill('1000')
  await drawer.getByLabel('Prefix').fill('/api/v1')
  await drawer.getByLabel('Paths').fill('/geocode')
  await drawer.getByRole('button', { name: 'Create setting' }).click()
  await expect(admin.getByText('Setting created').first()).toBeVisible()

  const ranges = [
    { from: '0', to: '100000', rate: '0.002' },
    { from: '100000', to: '-1', rate: '0.001' },
  ]
  const privateSettings = admin.locator('.ant-card').filter({ hasText: 'Private settings' }).last()
  await privateSettings.locator('.ant-table-row-expand-icon').first().click()
  for (const range of ranges) {
    await admin.getByRole('button', { name: 'Add range' }).click()
    const form = admin.getByRole('dialog')
    await form.getByLabel('request_from').fill(range.from)
    await form.getByLabel('request_to').fill(range.to)
    await form.getByLabel('Rate per request (USD)').fill(range.rate)
    await form.getByRole('button', { name: 'Save' }).click()
    await expect(admin.getByText('Range saved').first()).toBeVisible()
    await expect(form).toBeHidden()
  }

  // The admin bills last month.
  await admin.goto('/administrator/billing-management')
  await admin.getByRole('button', { name: 'Generate bills' }).click()
  await admin.getByRole('button', { name: 'Generate', exact: true }).click()
  await admin
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /confirm|ok|yes/i })
    .click()
  await expect(admin.getByText(/\d+ bills? created/)).toBeVisible({ timeout: 60_000 })
  await admin.keyboard.press('Escape')

  // The customer's bill: 150,000 requests, 1,000 free, 100,000 × 0.002 + 49,000 × 0.001 = 249.00 USD,
  // less the 5.00 USD free monthly credit: 244.00 USD.
  await signInByApi(page, email, PASSWORD)
  await page.goto('/billing')
  await dismissSplash(page)
  await page
    .getByRole('link', { name: /open the bill/i })
    .first()
    .click()
  await expect(page).toHaveURL(/\/billing\/bil_/)
  const line = page.getByTestId('line-GEOCODE')
  await expect(line).toContainText('150,000')
  await expect(line).toContainText('Your own rate')
  await expect(line).toContainText('100,000')
  await expect(line).toContainText('49,000')
  await expect(line).toContainText('2.00')
  await expect(line).toContainText('1.00')
  await expect(line).toContainText('249.00')
  await expect(page.getByText('244.00').first()).toBeVisible()
  const code = (await page.getByTestId('transfer-content').innerText()).trim()
  expect(code).toMatch(/^INV-\d{6}-\d{6}$/)

  // Both files download, parse and hold the total.
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PDF' }).click(),
  ])
  expect(pdf.suggestedFilename()).toBe(`${code}.pdf`)
  const pdfBytes = await readFile(await pdf.path())
  expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-')
  expect(pdfBytes.subarray(-8).toString()).toContain('%%EOF')
  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download XLSX' }).click(),
  ])
  expect(xlsx.suggestedFilename()).toBe(`${code}.xlsx`)
  const cells = await workbookText(await xlsx.path())
  expect(cells).toContain(code)
  expect(cells.some((cell) => cell === '244' || cell === '244.00')).toBe(true)
  expect(cells.some((cell) => cell === '249' || cell === '249.00')).toBe(true)

  // A VAT invoice request.
  await page.getByLabel(/company name/i).fill('Thiri Maps Co., Ltd')
  await page.getByLabel(/company address/i).fill('12 Pansodan Street, Yangon')
  await page.getByLabel(/tax code/i).fill('0101234567')
  await page
    .getByLabel(/e-?mail/i)
    .last()
    .fill('accounts@thiri.example')
  await page
    .getByRole('button', { name: /request|send/i })
    .last()
    .click()
  await expect(page.getByText('Your VAT invoice request was sent')).toBeVisible()
  expect(await missingTranslations(page)).toEqual([])

  // The admin sets the bill paid, then back to unpaid.
  await admin.goto(`/administrator/billing-management?keyword=${encodeURIComponent(code)}`)
  const row = admin.locator('.ant-table-row', { hasText: code })
  await expect(row).toContainText('Unpaid')
  await row.getByRole('button', { name: `Set paid: ${code}` }).click()
  await admin
    .locator('.ant-popconfirm, .ant-modal-confirm')
    .getByRole('button', { name: /confirm|ok|yes/i })
    .click()
  await expect(row).toContainText('Paid')
  await expect(row).not.toContainText('Unpaid')
  await row.getByRole('button', { name: `Set unpaid: ${code}` }).click()
  await admin
    .locator('.ant-popconfirm, .ant-modal-confirm')
    .getByRole('button', { name: /confirm|ok|yes/i })
    .click()
  await expect(row).toContainText('Unpaid')
  expect(await missingTranslations(admin)).toEqual([])

  // The audit log holds both changes.
  const logs = await page.request.get(`/v1/bills/all?keyword=${encodeURIComponent(code)}`, {
    headers: await adminHeaders(page),
  })
  const bill = ((await logs.json()) as { data: { items: { paid: boolean; vat_requested: boolean }[] } }).data.items[0]
  expect(bill).toMatchObject({ paid: false, vat_requested: true })
})
