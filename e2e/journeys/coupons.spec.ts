import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures.ts'
import { ADMIN, dismissSplash, makeKeyReady, registerByApi, signInByApi, uniqueEmail, uniquePhone } from '../support.ts'

const PASSWORD = 'a-long-enough-password'
const GATEWAY = { authorization: 'Bearer dev-gateway-token' }

async function adminHeaders(page: Page) {
  const login = await page.request.post('/v1/login', { data: ADMIN })
  const token = ((await login.json()) as { data: { token: string } }).data.token
  return { authorization: `Bearer ${token}` }
}

/** The month before the current one (UTC). */
function lastMonth(now = new Date()) {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 }
}

test('an admin creates a coupon type and a coupon; the customer redeems it once, sees the credit in both logs and pays a bill from the balance', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  const email = uniqueEmail('coupon')
  const phone = uniquePhone()
  await registerByApi(page, email, PASSWORD, 'Mya Coupon', phone)
  // Verifying the account gives the 10.00 USD welcome credit.
  const { headers } = await makeKeyReady(page, email, PASSWORD, phone)
  const created = await page.request.post('/v1/keys', {
    headers,
    data: { name: 'Coupon journey key', type: 'api_key', restriction_list: null },
  })
  expect(created.status()).toBe(201)
  const secret = ((await created.json()) as { data: { key: string } }).data.key

  // The admin makes a coupon type and a 25.00 USD coupon in the back office.
  const admin = await browser.newPage()
  await signInByApi(admin, ADMIN.email, ADMIN.password)
  const eventCode = `JOURNEY_${Date.now().toString(36).toUpperCase()}`
  await admin.goto('/administrator/coupons/coupon-types')
  await admin.getByRole('button', { name: 'New coupon type' }).click()
  const typeForm = admin.getByRole('dialog')
  await typeForm.getByLabel('Name').fill('Journey week')
  await typeForm.getByLabel('Event code').fill(eventCode)
  await typeForm.getByRole('button', { name: 'Create' }).click()
  await expect(admin.getByRole('cell', { name: eventCode })).toBeVisible()

  await admin.goto('/administrator/coupons')
  await admin.getByRole('button', { name: 'New coupon' }).click()
  const couponForm = admin.getByRole('dialog')
  await couponForm.getByRole('combobox', { name: 'Coupon type' }).click()
  await admin.locator('.ant-select-item-option', { hasText: 'Journey week' }).click()
  await couponForm.getByLabel('Credit').fill('25')
  await couponForm.getByLabel('Expiry date').click()
  await couponForm.getByLabel('Expiry date').fill('2030-12-31')
  await couponForm.getByLabel('Expiry date').press('Enter')
  await couponForm.getByLabel('Balance expiry days').fill('30')
  const unlimited = couponForm.getByRole('checkbox', { name: 'Unlimited' })
  if (await unlimited.isChecked()) await unlimited.uncheck()
  await couponForm.getByLabel('Number of redemptions').fill('5')
  await couponForm.getByRole('button', { name: 'Create coupon' }).click()
  await expect(couponForm.getByText('Coupon created')).toBeVisible()
  const code = /\b[2-9A-HJ-NP-Z]{12}\b/.exec(await couponForm.innerText())?.[0]
  expect(code).toBeTruthy()

  // The customer redeems it: 10.00 welcome credit + 25.00.
  await signInByApi(page, email, PASSWORD)
  await page.goto('/payment')
  await dismissSplash(page)
  await page.getByLabel('Coupon code').fill(code ?? '')
  await page.getByRole('button', { name: 'Redeem' }).click()
  await expect(page.getByText(/25\.00 USD was added to your balance/)).toBeVisible()
  await expect(page.getByTestId('balance-card')).toContainText('35.00')
  await expect(page.locator('.ant-table-row', { hasText: code ?? '' }).first()).toBeVisible()
  // A second redemption is refused.
  await page.getByLabel('Coupon code').fill(code ?? '')
  await page.getByRole('button', { name: 'Redeem' }).click()
  await expect(page.getByText(/You have already used this coupon/).first()).toBeVisible()

  // Both coupon logs and the balance log show it.
  await admin.goto(`/administrator/user-management/coupon-log?keyword=${encodeURIComponent(code ?? '')}`)
  await expect(admin.locator('.ant-table-row', { hasText: email })).toBeVisible()
  const logs = await page.request.get(`/v1/balance-logs/?user_keyword=${encodeURIComponent(email)}`, {
    headers: await adminHeaders(page),
  })
  const types = ((await logs.json()) as { data: { items: { type: string; amount: string }[] } }).data.items
  expect(types).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ type: 'coupon', amount: '25.00' }),
      expect.objectContaining({ type: 'first_register', amount: '10.00' }),
    ]),
  )

  // Last month's 45,000 geocoding requests: 5,000 above the free 40,000 at the launch price of 0.0025
  // (docs/pricing.md) = 12.50, less the 5.00 monthly credit = 7.50. The customer pays it from the balance.
  const { year, month } = lastMonth()
  const reported = await page.request.post('/v1/gateway/usage', {
    headers: GATEWAY,
    data: {
      batch_id: `coupon-journey-${Date.now()}`,
      events: [
        {
          key: secret,
          service: 'GEOCODE',
          at: Date.UTC(year, month - 1, 10, 9),
          count: 45_000,
          status: 200,
          latency_ms: 30,
        },
      ],
    },
  })
  expect(reported.status()).toBe(200)
  const generated = await page.request.post('/v1/bills/generate', {
    headers: await adminHeaders(page),
    data: { year, month },
  })
  expect(generated.status()).toBe(200)
  await page.goto('/billing')
  await page
    .getByRole('link', { name: /open the bill/i })
    .first()
    .click()
  await page.getByRole('button', { name: 'Pay from balance' }).click()
  const payDialog = page.getByRole('dialog')
  await expect(payDialog).toContainText('35.00')
  await payDialog.getByRole('button', { name: /^Pay / }).click()
  // What lasts, not the toast: a busy machine once read the page after the three-second toast was gone.
  await expect(page.getByText('This bill is paid')).toBeVisible()
  await page.goto('/payment')
  await expect(page.getByTestId('balance-card')).toContainText('27.50')
})
