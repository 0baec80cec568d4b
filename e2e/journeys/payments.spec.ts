import type { Page } from '@playwright/test'
import { expect as baseExpect, test } from '../fixtures.ts'
import { ADMIN, dismissSplash, registerByApi, signInByApi, uniqueEmail, uniquePhone } from '../support.ts'

// Top-ups through the built-in sandbox gateways (VNPay, PayPal) and by bank transfer, as a new customer
// does them: the fee before paying, the gateway's page, the result page, the balance and its log.

const PASSWORD = 'a-long-enough-password'
// A round trip through a gateway is several page loads and server calls; on a busy machine one step
// can take longer than the default 10 seconds.
const expect = baseExpect.configure({ timeout: 30_000 })

async function newCustomer(page: Page, name: string) {
  const email = uniqueEmail(name)
  await registerByApi(page, email, PASSWORD, 'Linh Payer', uniquePhone())
  await signInByApi(page, email, PASSWORD)
  await page.goto('/')
  await dismissSplash(page)
  return email
}

async function startTopUp(page: Page, method: 'VNPay' | 'PayPal' | 'Bank transfer', amount: string | null) {
  await page.goto('/payment')
  const form = page.getByTestId('top-up')
  if (amount === '100') await form.getByRole('button', { name: '$100' }).click()
  else if (amount) await form.getByLabel('Amount (USD)').fill(amount)
  await form.getByRole('radio', { name: new RegExp(method) }).check()
  return form
}

test('a new customer tops up 100 USD through the VNPay sandbox and sees the balance and the log', async ({ page }) => {
  test.setTimeout(120_000)
  await newCustomer(page, 'vnpay')
  const form = await startTopUp(page, 'VNPay', '100')
  // The fee is shown before paying: 100 USD at 25,400 VND, plus 1.1% + 1,650 VND.
  const quote = form.getByTestId('top-up-quote')
  await expect(quote).toContainText('₫2,540,000')
  await expect(quote).toContainText('₫29,590')
  await expect(quote).toContainText('₫2,569,590')
  await form.getByRole('button', { name: 'Pay with VNPay' }).click()

  // VNPay's page (the sandbox): the amount charged, and the tester's choice.
  await page.waitForURL(/\/sandbox\/vnpay\/paymentv2\/vpcpay\.html/)
  await expect(page.getByText('2,569,590 VND')).toBeVisible()
  await page.getByLabel(/Payment succeeds/).check()
  await page.getByRole('button', { name: 'Confirm' }).click()

  await page.waitForURL(/\/billing\/vnpay_return\?/)
  const result = page.getByTestId('payment-result')
  await expect(result).toHaveAttribute('data-status', 'succeeded')
  await expect(result.getByText('Payment successful')).toBeVisible()
  await expect(result).toContainText('NCB')
  await expect(result).toContainText('₫29,590')
  await expect(result).toContainText('$100.00')
  await expect(result.getByText(/Back to the dashboard in \d+ s/)).toBeVisible()
  // Back to the dashboard by itself.
  await page.waitForURL(/\/dashboard$/, { timeout: 20_000 })

  await page.goto('/payment')
  await expect(page.getByTestId('balance-card')).toContainText('100.00')
  await expect(page.locator('.ant-table-row', { hasText: 'Top-up by VNPay' }).first()).toBeVisible()
  await expect(page.getByTestId('payments-history')).toContainText('Succeeded')
})

test('a top-up cancelled in the VNPay sandbox shows the failure page and changes nothing', async ({ page }) => {
  test.setTimeout(120_000)
  await newCustomer(page, 'cancel')
  const form = await startTopUp(page, 'VNPay', '250')
  await form.getByRole('button', { name: 'Pay with VNPay' }).click()
  await page.waitForURL(/\/sandbox\/vnpay\//)
  await page.getByLabel(/Customer cancels/).check()
  await page.getByRole('button', { name: 'Confirm' }).click()

  await page.waitForURL(/\/billing\/vnpay_return\?/)
  const result = page.getByTestId('payment-result')
  await expect(result).toHaveAttribute('data-status', 'cancelled')
  // A cancellation is not a failure, and took no money (issue 20).
  await expect(result.getByText('You cancelled the payment: nothing was charged.')).toBeVisible()
  await expect(result.getByText('Amount (not charged)')).toBeVisible()
  await expect(result.getByText('Amount paid')).toHaveCount(0)
  await result.getByRole('button', { name: 'Back to the dashboard now' }).click()
  await page.goto('/payment')
  await expect(page.getByTestId('balance-card')).toContainText('0.00')
  await expect(page.getByText('No movements of your balance yet.')).toBeVisible()
  await expect(page.getByTestId('payments-history')).toContainText('Cancelled')
})

test('a customer tops up through the PayPal sandbox, the fee on top', async ({ page }) => {
  test.setTimeout(120_000)
  await newCustomer(page, 'paypal')
  const form = await startTopUp(page, 'PayPal', '50')
  // 4.4% + 0.30 USD on 50 USD.
  await expect(form.getByTestId('top-up-quote')).toContainText('$52.50')
  await form.getByRole('button', { name: 'Pay with PayPal' }).click()

  await page.waitForURL(/\/sandbox\/paypal\/checkoutnow/)
  await expect(page.getByText('52.50 USD')).toBeVisible()
  await page.getByLabel(/the capture completes/).check()
  await page.getByRole('button', { name: 'Continue' }).click()

  await page.waitForURL(/\/billing\/paypal_return\?/)
  const result = page.getByTestId('payment-result')
  await expect(result).toHaveAttribute('data-status', 'succeeded')
  await expect(result).toContainText('$52.50')
  await expect(result).toContainText('$50.00')
  await page.goto('/payment')
  await expect(page.getByTestId('balance-card')).toContainText('50.00')
  await expect(page.locator('.ant-table-row', { hasText: 'Top-up by PayPal' }).first()).toBeVisible()
})

test('an administrator sets the bank account; a customer declares a transfer; the administrator confirms it once', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000)
  const admin = await browser.newPage()
  await signInByApi(admin, ADMIN.email, ADMIN.password)
  await admin.goto('/administrator/settings?tab=bank')
  await admin.getByLabel('Bank name').fill('Vietcombank')
  await admin.getByLabel('Account name').fill('MAPS PORTAL JSC')
  await admin.getByLabel('Account number').fill('0011004123456')
  await admin.getByLabel('SWIFT / BIC').fill('BFTVVNVX')
  await admin.getByRole('button', { name: 'Save' }).click()
  await expect(admin.getByText('Bank details saved').first()).toBeVisible()

  const email = await newCustomer(page, 'bank')
  const form = await startTopUp(page, 'Bank transfer', '40')
  await form.getByRole('button', { name: 'I will transfer this amount' }).click()
  const details = form.getByTestId('bank-transfer')
  await expect(details).toContainText('0011004123456')
  const code = /TU[0-9A-Z]{8}/.exec(await details.innerText())?.[0] ?? ''
  expect(code).not.toBe('')

  await admin.goto('/administrator/payments?provider=bank&status=pending')
  const row = admin.locator('.ant-table-row', { hasText: code })
  await expect(row).toContainText(email)
  await row.getByRole('button', { name: 'Confirm' }).click()
  const dialog = admin.getByRole('dialog')
  await dialog.getByLabel('Note (optional)').fill('On the statement')
  await dialog.getByRole('button', { name: 'Confirm' }).click()
  await expect(admin.getByText('Payment confirmed').first()).toBeVisible()
  await admin.goto(`/administrator/payments?keyword=${code}`)
  await expect(admin.locator('.ant-table-row', { hasText: code })).toContainText('Succeeded')
  await expect(admin.locator('.ant-table-row', { hasText: code }).getByRole('button', { name: 'Confirm' })).toHaveCount(
    0,
  )

  await page.goto('/payment')
  await expect(page.getByTestId('balance-card')).toContainText('40.00')
  await expect(page.locator('.ant-table-row', { hasText: 'Top-up by bank transfer' }).first()).toBeVisible()
  await admin.close()
})
