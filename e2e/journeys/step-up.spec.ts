import { expect, test } from '../fixtures.ts'
import {
  dismissSplash,
  makeKeyReady,
  missingTranslations,
  registerByApi,
  signIn,
  signInByApi,
  uniqueEmail,
  uniquePhone,
} from '../support.ts'

const PASSWORD = 'a-long-enough-password'

// Step-up (docs/auth.md "Step-up"): a key's secret is copied freely right after it is created, but
// revealing it later asks for the password again, in a dialog that also fits a 390 px phone.

test('a customer copies a new key at once, and later confirms with the password to copy it again', async ({
  page,
  context,
  browser,
}) => {
  // Two browsers and some thirty steps: on a busy machine, more than the default minute.
  test.setTimeout(120_000)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const email = uniqueEmail('step-up')
  const phone = uniquePhone()
  await registerByApi(page, email, PASSWORD, 'Su Step', phone)
  await makeKeyReady(page, email, PASSWORD, phone)

  await signInByApi(page, email, PASSWORD)
  await page.goto('/')
  await dismissSplash(page)

  // Right after creation the secret is in the dialog and copies without any question.
  await page.goto('/createKey')
  await page.getByLabel('Name').fill('Step-up key')
  await page.getByRole('button', { name: 'Create API key' }).click()
  const created = page.getByRole('dialog')
  await expect(created.getByText('Your new key “Step-up key”')).toBeVisible()
  await created.getByRole('button', { name: 'Copy the key “Step-up key”' }).click()
  await expect(page.getByText('Copy success: the key is on your clipboard')).toBeVisible()
  const secret = await page.evaluate(() => navigator.clipboard.readText())
  expect(secret).toMatch(/^mk_[A-Za-z0-9_-]{40}$/)
  await created.getByRole('button', { name: 'Done' }).click()
  await expect(page).toHaveURL(/\/keys$/)

  // Later, on a phone: copying from the list asks who is there first.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.evaluate(() => navigator.clipboard.writeText('nothing yet'))
  // At 390 px the list is a column of cards.
  await page.getByRole('main').getByRole('button', { name: 'Copy the key “Step-up key”' }).click()
  const asked = page.getByRole('dialog', { name: 'Confirm it is you' })
  await expect(asked).toBeVisible()
  await expect(asked.getByText(/Enter your password to show it/)).toBeVisible()
  const box = await asked.boundingBox()
  expect(box?.width ?? 999).toBeLessThanOrEqual(390)

  // A wrong password is refused in the dialog, which stays open; nothing reaches the clipboard.
  await asked.getByLabel('Password').fill('not-my-password')
  await asked.getByRole('button', { name: 'Confirm and copy' }).click()
  await expect(asked.getByText('The password is incorrect')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('nothing yet')

  // The right one copies the key and closes the dialog.
  await asked.getByLabel('Password').fill(PASSWORD)
  await asked.getByRole('button', { name: 'Confirm and copy' }).click()
  await expect(page.getByText('Copy success: the key is on your clipboard').first()).toBeVisible()
  await expect(asked).toBeHidden()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret)

  // For the next minutes the header's key history copies without asking again.
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.evaluate(() => navigator.clipboard.writeText('nothing yet'))
  await page.getByRole('button', { name: 'Key history' }).click()
  await page.getByTestId('key-history').getByRole('button', { name: 'Copy the key “Step-up key”' }).click()
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(secret)
  await expect(page.getByRole('dialog', { name: 'Confirm it is you' })).toBeHidden()
  expect(await missingTranslations(page)).toEqual([])

  // The proof belongs to that session: signed in elsewhere (dark theme), the key history asks again.
  const elsewhere = await browser.newContext()
  await elsewhere.grantPermissions(['clipboard-read', 'clipboard-write'])
  const other = await elsewhere.newPage()
  await other.addInitScript(() => {
    localStorage.setItem('theme', 'dark')
    localStorage.setItem('tour.off', '1')
  })
  await signIn(other, email, PASSWORD)
  await dismissSplash(other)
  await other.getByRole('button', { name: 'Key history' }).click()
  await other.getByTestId('key-history').getByRole('button', { name: 'Copy the key “Step-up key”' }).click()
  const again = other.getByRole('dialog', { name: 'Confirm it is you' })
  await expect(again).toBeVisible()
  await again.getByLabel('Password').fill(PASSWORD)
  await again.getByRole('button', { name: 'Confirm and copy' }).click()
  await expect(again).toBeHidden()
  await expect.poll(() => other.evaluate(() => navigator.clipboard.readText())).toBe(secret)
  await elsewhere.close()
})
