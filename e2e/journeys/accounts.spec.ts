import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures.ts'
import { ADMIN, dismissSplash, registerByApi, signIn, signInByApi, uniqueEmail, uniquePhone } from '../support.ts'

// docs/requirements.md §2.4: what the admin sidebar offers each staff role (the oracle; the SPA reads apps/web/src/admin/shell/nav.tsx).
const ADMIN_AND_SUPPORT = [
  'Accounts',
  'Campaigns',
  'Change email',
  'Notifications',
  'Support',
  'FAQs',
  'History',
  'Plans',
]
const ADMIN_ONLY = ['Overview', 'Access rights', 'Invoices', 'Usage statistics', 'Coupon management', 'Settings']

const PASSWORD = 'a-long-enough-password'
const SUSPENDED_WARNING = 'Your account is suspended: key use and email-change requests are blocked until payment.'

/** A menu entry by its text (its icon's name comes first in the accessible name). */
const entry = (label: string) => new RegExp(`(^|\\s)${label}$`)

async function confirmPopup(page: Page) {
  await page
    .locator('.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons')
    .getByRole('button', { name: 'Confirm' })
    .click()
}

test('an admin finds a customer by e-mail, suspends and reactivates them, and promotes them to support', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000)
  const email = uniqueEmail('accounts')
  await registerByApi(page, email, PASSWORD, 'Hnin Account', uniquePhone())

  // The customer is signed in and working.
  const customer = await browser.newPage()
  await signInByApi(customer, email, PASSWORD)
  await customer.goto('/')
  await dismissSplash(customer)
  await expect(customer.getByText(SUSPENDED_WARNING)).toHaveCount(0)

  // The admin finds them by e-mail and suspends them after a confirmation.
  await signInByApi(page, ADMIN.email, ADMIN.password)
  await page.goto('/administrator/user-management')
  const search = page.getByLabel('Search by e-mail, name, phone or organisation')
  await search.fill(email)
  await search.press('Enter')
  const row = page.locator('.ant-table-row', { hasText: email })
  await expect(row).toHaveCount(1, { timeout: 30_000 })
  await expect(page.locator('.ant-table-row')).toHaveCount(1)
  await row.getByRole('button', { name: `Suspend ${email}` }).click()
  await expect(page.getByText(`Suspend ${email}?`)).toBeVisible()
  await confirmPopup(page)
  await expect(page.getByText('Account suspended; its sessions have ended')).toBeVisible({ timeout: 30_000 })
  await expect(row).toContainText('Suspended')

  // The customer's next call finds the session ended: they are signed out.
  // (A background refresh may have found it first.)
  if (new URL(customer.url()).pathname !== '/login') await customer.getByRole('link', { name: 'Keys' }).first().click()
  await customer.waitForURL((url) => url.pathname === '/login', { timeout: 30_000 })
  // Signing in again works, and the suspension warning shows.
  await signIn(customer, email, PASSWORD)
  await dismissSplash(customer)
  await expect(customer.getByText(SUSPENDED_WARNING)).toBeVisible({ timeout: 30_000 })

  // The admin reactivates them; the customer's next load no longer warns.
  await row.getByRole('button', { name: `Reactivate ${email}` }).click()
  await confirmPopup(page)
  await expect(page.getByText('Account reactivated')).toBeVisible({ timeout: 30_000 })
  await expect(row).toContainText('Active')
  await customer.reload()
  await dismissSplash(customer)
  await expect(customer.getByText(SUSPENDED_WARNING)).toHaveCount(0, { timeout: 30_000 })

  // The admin opens the account and makes it a support account, after seeing what support opens.
  await row.getByRole('link', { name: `Open: the account ${email}` }).click()
  await expect(page.getByRole('heading', { name: 'Account Hnin Account' })).toBeVisible({ timeout: 30_000 })
  await page.getByRole('button', { name: `Change role: ${email}` }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('radio', { name: 'Support' }).check()
  await expect(dialog.getByText('Campaigns')).toBeVisible()
  await expect(dialog.getByText('Invoices')).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Change role' }).click()
  await expect(page.getByText('The account is now support')).toBeVisible({ timeout: 30_000 })

  // The new support user signs in again and sees only the admin-and-support menu.
  await customer.context().clearCookies()
  await customer.evaluate(() => localStorage.removeItem('user'))
  await signIn(customer, email, PASSWORD)
  await customer.goto('/administrator')
  await customer.waitForURL((url) => url.pathname === '/administrator/user-management', { timeout: 30_000 })
  const menu = customer.getByRole('menu').first()
  for (const label of ADMIN_AND_SUPPORT) {
    await expect(menu.getByRole('menuitem', { name: entry(label) })).toBeVisible({ timeout: 30_000 })
  }
  for (const label of ADMIN_ONLY) await expect(menu.getByRole('menuitem', { name: entry(label) })).toHaveCount(0)
  // An admin-only page answers with the permission-denied page.
  await customer.goto('/administrator/sales-account-management')
  await expect(customer.getByText("You don't have permission to access this page")).toBeVisible({ timeout: 30_000 })
})
