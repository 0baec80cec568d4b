import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures.ts'
import { ADMIN, dismissSplash, registerByApi, signIn, signInByApi, uniqueEmail } from '../support.ts'

const PASSWORD = 'a-long-enough-password'
const WAIT = { timeout: 30_000 }

async function bearer(page: Page, email: string, password: string) {
  const login = await page.request.post('/v1/login', { data: { email, password } })
  expect(login.status(), await login.text()).toBe(200)
  const data = ((await login.json()) as { data: { token: string; user_id: string } }).data
  return { headers: { authorization: `Bearer ${data.token}` }, userId: data.user_id }
}

async function findRow(page: Page, email: string) {
  await page.goto('/administrator/change-email')
  await page.getByRole('searchbox', { name: 'Search by email or name' }).fill(email)
  await page.getByRole('searchbox', { name: 'Search by email or name' }).press('Enter')
  const row = page.locator('.ant-table-row', { hasText: email })
  await expect(row).toBeVisible(WAIT)
  return row
}

test('a customer asks for a new e-mail; support refuses with a reason; the customer asks again; an admin completes it and the customer signs in with the new address', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000)
  const email = uniqueEmail('ecr')
  const firstAsk = uniqueEmail('ecr-first')
  const newEmail = uniqueEmail('ecr-new')
  await registerByApi(page, email, PASSWORD, 'Thiri Change')

  // A support member, promoted by the administrator.
  const supportEmail = uniqueEmail('ecr-support')
  await registerByApi(page, supportEmail, PASSWORD, 'Sam Support')
  const admin = await bearer(page, ADMIN.email, ADMIN.password)
  const supportUser = await bearer(page, supportEmail, PASSWORD)
  const promoted = await page.request.post(`/v1/set-user-admin?user_id=${supportUser.userId}&name=support`, {
    headers: admin.headers,
  })
  expect(promoted.status(), await promoted.text()).toBe(200)

  // The customer asks for a new address.
  await signInByApi(page, email, PASSWORD)
  await page.goto('/settings/email')
  await dismissSplash(page)
  await page.getByLabel('New email', { exact: true }).fill(firstAsk)
  await page.getByLabel('Re-enter the new email').fill(`${firstAsk}x`)
  await page.getByLabel('Reason').click()
  await expect(page.getByText('The two email addresses are not the same')).toBeVisible(WAIT)
  await page.getByLabel('Re-enter the new email').fill(firstAsk)
  await page.getByLabel('Reason').fill('I left my old company')
  await page.getByRole('button', { name: 'Send the request' }).click()
  await expect(page.getByText('Your request is being handled')).toBeVisible(WAIT)
  await expect(page.locator('.ant-table-row', { hasText: firstAsk })).toContainText('Waiting')

  // Support refuses it with a reason.
  const support = await browser.newPage()
  await signInByApi(support, supportEmail, PASSWORD)
  const row = await findRow(support, firstAsk)
  await row.getByRole('button', { name: 'Refuse' }).click()
  const dialog = support.getByRole('dialog')
  await dialog
    .getByLabel('Reason for the refusal (the customer sees it)')
    .fill('Please write from your registered phone first')
  await dialog.getByRole('button', { name: 'Refuse request' }).click()
  await expect(support.getByText('The request was refused')).toBeVisible(WAIT)
  await support.close()

  // The customer sees the reason and asks again.
  await page.reload()
  await expect(page.getByText('Your last request was refused')).toBeVisible(WAIT)
  await expect(page.getByText('Reason: Please write from your registered phone first')).toBeVisible()
  await page.getByLabel('New email', { exact: true }).fill(newEmail)
  await page.getByLabel('Re-enter the new email').fill(newEmail)
  await page.getByLabel('Reason').fill('I wrote from my registered phone')
  await page.getByRole('button', { name: 'Send the request' }).click()
  await expect(page.getByText('Your request is being handled')).toBeVisible(WAIT)

  // The administrator completes it.
  const adminPage = await browser.newPage()
  await signInByApi(adminPage, ADMIN.email, ADMIN.password)
  const second = await findRow(adminPage, newEmail)
  await second.getByRole('button', { name: 'Complete' }).click()
  await adminPage.locator('.ant-popconfirm').getByRole('button', { name: 'Confirm' }).click()
  await expect(adminPage.getByText(`The email address is now ${newEmail}`)).toBeVisible(WAIT)
  // The decision is in the history.
  await adminPage.goto('/administrator/logs?action=emailChange')
  await expect(adminPage.locator('.ant-table-row', { hasText: 'emailChange.complete' })).toBeVisible(WAIT)
  await expect(adminPage.locator('.ant-table-row', { hasText: 'emailChange.refuse' })).toBeVisible()
  await adminPage.close()

  // Every session ended: the customer's next call signs them out; the new address signs in.
  await page.reload()
  await page.waitForURL(/\/login/, WAIT)
  await signIn(page, newEmail, PASSWORD)
  await dismissSplash(page)
  await page.goto('/settings/email')
  await expect(page.getByRole('textbox', { name: 'Current email' })).toHaveValue(newEmail, WAIT)
  await expect(page.locator('.ant-table-row', { hasText: newEmail })).toContainText('Done')
})
