import { expect, test } from '../fixtures.ts'
import { ADMIN, dismissSplash, registerByApi, signIn, signInByApi, uniqueEmail } from '../support.ts'

const PASSWORD = 'a-long-enough-password'
// A 1×1 PNG: a real image, judged by content on the server.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

test('staff create a campaign; the customer sees its banner, dismisses it, and it stays dismissed until logout', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  const code = `JOURNEY_${Date.now().toString(36).toUpperCase()}`
  const url = `https://example.com/offers/${code.toLowerCase()}`

  // Staff: the campaign with its banner image.
  const admin = await browser.newPage()
  await signInByApi(admin, ADMIN.email, ADMIN.password)
  await admin.goto('/administrator/campaigns')
  await admin.getByRole('button', { name: 'New campaign' }).click()
  const form = admin.getByRole('dialog')
  // The banner's name and images per language: English on its tab (the others repeat the fields).
  const english = form.getByRole('tabpanel', { name: /English/ })
  await form.getByLabel('Code').fill(code)
  await english.getByLabel('Name').fill('Journey banner')
  await form.getByPlaceholder('Start date').click()
  await form.getByPlaceholder('Start date').fill(day(-1))
  await form.getByPlaceholder('Start date').press('Enter')
  await form.getByPlaceholder('End date').fill(day(7))
  await form.getByPlaceholder('End date').press('Enter')
  await form.getByLabel('URL').fill(url)
  // Without an image the form says so.
  await form.getByRole('button', { name: 'Create campaign' }).click()
  await expect(form.getByText('Add an image: a campaign needs one')).toBeVisible({ timeout: 30_000 })
  await english.locator('input[type="file"]').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG })
  await expect(english.getByTestId('campaign-image')).toHaveCount(1, { timeout: 30_000 })
  // A Burmese banner of its own: its name and its image.
  await form.getByRole('tab', { name: /Burmese/ }).click()
  const burmese = form.getByRole('tabpanel', { name: /Burmese/ })
  await burmese.getByLabel('Name').fill('ခရီးစဉ် ဘန်နာ')
  await burmese
    .locator('input[type="file"]')
    .setInputFiles({ name: 'banner-my.png', mimeType: 'image/png', buffer: PNG })
  await expect(burmese.getByTestId('campaign-image')).toHaveCount(1, { timeout: 30_000 })
  await form.getByRole('button', { name: 'Create campaign' }).click()
  await expect(admin.getByText('Campaign created')).toBeVisible({ timeout: 30_000 })
  const row = admin.getByRole('row', { name: new RegExp(code) })
  await expect(row).toBeVisible()
  await expect(row.getByText('Showing')).toBeVisible()
  // Found again by its name.
  await admin.getByRole('searchbox', { name: 'Search by code or name' }).fill('journey banner')
  await admin.getByRole('searchbox', { name: 'Search by code or name' }).press('Enter')
  await expect(admin.getByRole('row', { name: new RegExp(code) })).toBeVisible({ timeout: 30_000 })

  // The customer: the banner on the dashboard, linking to the campaign's address.
  const email = uniqueEmail('campaign')
  await registerByApi(page, email, PASSWORD, 'Aung Banner')
  await signInByApi(page, email, PASSWORD)
  await page.goto('/')
  await dismissSplash(page)
  const banner = page.getByTestId('campaign-banner').filter({ has: page.locator(`a[href="${url}"]`) })
  await expect(banner).toBeVisible({ timeout: 30_000 })
  await expect(banner.getByRole('img', { name: 'Journey banner' })).toBeVisible()

  // In Burmese, the Burmese banner.
  await page.getByTestId('profile-menu').click()
  await page.getByText('Myanmar', { exact: true }).click()
  await expect(banner.getByRole('img', { name: 'ခရီးစဉ် ဘန်နာ' })).toBeVisible({ timeout: 30_000 })
  await expect(banner.getByRole('img', { name: 'ခရီးစဉ် ဘန်နာ' })).toHaveAttribute('lang', 'my')
  // Back to English as a stored preference (the profile menu may still be closing from the last choice).
  await page.evaluate(() => localStorage.setItem('lang', 'en'))
  await page.reload()
  await dismissSplash(page)
  await expect(banner.getByRole('img', { name: 'Journey banner' })).toBeVisible({ timeout: 30_000 })

  await banner.getByRole('button', { name: 'Dismiss Journey banner' }).click()
  await expect(banner).toBeHidden()
  await page.reload()
  await dismissSplash(page)
  await expect(page.getByText('API requests this month').first()).toBeVisible({ timeout: 30_000 })
  await expect(banner).toBeHidden()

  // Logging out forgets the dismissed campaigns (docs/requirements.md §16.3).
  await page.getByTestId('profile-menu').click()
  await page.getByRole('button', { name: 'Log out' }).click()
  await page.waitForURL('**/login')
  await signIn(page, email, PASSWORD)
  await dismissSplash(page)
  await expect(banner).toBeVisible({ timeout: 30_000 })

  // Deleted by staff, it is gone for everyone.
  await admin.getByRole('button', { name: `Delete ${code}` }).click()
  await admin.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
  await expect(admin.getByText('Campaign deleted')).toBeVisible({ timeout: 30_000 })
  await admin.close()
})
