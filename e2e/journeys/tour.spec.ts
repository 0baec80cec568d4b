import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures.ts'
import { dismissSplash, registerByApi, signIn, uniqueEmail } from '../support.ts'

const PASSWORD = 'a-long-enough-password'
// The other journeys run with the tour off (playwright.config.ts); this one starts from a clean browser.
test.use({ storageState: { cookies: [], origins: [] } })

const tour = (page: Page) => page.locator('.ant-tour:not(.ant-tour-hidden)')

test('the first-login tour runs once for a new customer at desktop width, over dashboard, keys, billing and support', async ({
  page,
}) => {
  test.setTimeout(300_000)
  await page.setViewportSize({ width: 1366, height: 900 })
  const email = uniqueEmail('tour')
  await registerByApi(page, email, PASSWORD, 'Thiri Tour')
  await signIn(page, email, PASSWORD)
  await dismissSplash(page)

  await expect(tour(page).getByText('Welcome to the Maps Portal')).toBeVisible({ timeout: 30_000 })
  await expect(tour(page).getByTestId('tour-progress')).toHaveText('1 / 30')
  const visited = new Set<string>()
  for (let step = 1; step < 30; step++) {
    await tour(page).getByRole('button', { name: 'Next' }).click({ timeout: 30_000 })
    await expect(tour(page).getByTestId('tour-progress')).toHaveText(`${step + 1} / 30`, { timeout: 30_000 })
    visited.add(new URL(page.url()).pathname)
  }
  expect([...visited]).toEqual(expect.arrayContaining(['/dashboard', '/keys', '/billing', '/support/request']))
  await expect(tour(page).getByText('All set')).toBeVisible()
  await tour(page).getByRole('button', { name: 'Finish' }).click()
  await expect(tour(page)).toHaveCount(0, { timeout: 30_000 })
  await expect(page).toHaveURL(/\/dashboard$/)

  // Once only: not again after a reload or on another visit to the dashboard.
  await page.reload()
  await dismissSplash(page)
  await page.waitForTimeout(3_000)
  await expect(tour(page)).toHaveCount(0)
})

test('no tour on a screen 700 px wide', async ({ page }) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 700, height: 900 })
  const email = uniqueEmail('tour-narrow')
  await registerByApi(page, email, PASSWORD, 'Narrow Tour')
  await signIn(page, email, PASSWORD)
  await dismissSplash(page)
  await expect(page.getByText('API requests this month').first()).toBeVisible({ timeout: 30_000 })
  await page.waitForTimeout(3_000)
  await expect(tour(page)).toHaveCount(0)
})
