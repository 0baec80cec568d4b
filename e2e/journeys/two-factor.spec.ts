import { createHmac } from 'node:crypto'
import { expect, test } from '../fixtures.ts'
import {
  dismissSplash,
  missingTranslations,
  openApp,
  registerByApi,
  signIn,
  uniqueEmail,
  verificationLinkFor,
} from '../support.ts'

const PASSWORD = 'a-long-enough-password'

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s), computed here the way an authenticator app does. */
function totp(base32: string, step: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = ''
  for (const char of base32.replace(/[\s=]/g, '').toUpperCase())
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0')
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)))
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(step))
  const digest = createHmac('sha1', key).update(counter).digest()
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f
  const value = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000
  return String(value).padStart(6, '0')
}

const stepNow = () => Math.floor(Date.now() / 30_000)

test('a customer turns on two-factor authentication and signs in with a code from the app', async ({ page }) => {
  test.setTimeout(180_000)
  const email = uniqueEmail('twofactor')
  await registerByApi(page, email, PASSWORD, 'Hnin Wai')
  await page.goto(await verificationLinkFor(page, email))
  await expect(page.getByText('Your email is verified')).toBeVisible({ timeout: 30_000 })
  await signIn(page, email, PASSWORD)
  await dismissSplash(page)

  // Settings → Security: off at first; set it up with the QR code's key.
  await page.goto('/settings/security')
  await expect(page.getByRole('heading', { name: /Two-factor authentication/ })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('two-factor-status')).toHaveText('Off')
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click()
  await expect(page.getByLabel('QR code for your authenticator app')).toBeVisible({ timeout: 30_000 })
  const key = ((await page.getByTestId('two-factor-key').textContent()) ?? '').replace(/\s+/g, '')
  expect(key).toMatch(/^[A-Z2-7]{32}$/)

  // A wrong code is refused with the server's message; the right one turns it on.
  await page.getByLabel('Authentication code').fill(totp(key, stepNow() + 5))
  await page.getByRole('button', { name: 'Turn on' }).click()
  await expect(page.getByText('The code is incorrect or has already been used')).toBeVisible({ timeout: 30_000 })
  const enableStep = stepNow()
  await page.getByLabel('Authentication code').fill(totp(key, enableStep))
  await page.getByRole('button', { name: 'Turn on' }).click()
  await expect(page.getByTestId('two-factor-status')).toHaveText('On', { timeout: 30_000 })
  // The ten recovery codes are shown once (passkeys.spec.ts signs in with one).
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10)
  await page.getByRole('button', { name: 'I have saved them' }).click()
  expect(await missingTranslations(page)).toEqual([])

  // Sign out, then in again: the password leads to the second step.
  await page.getByTestId('profile-menu').click()
  await page.getByRole('button', { name: /log out/i }).click()
  await expect(page).toHaveURL(/\/login/, { timeout: 30_000 })
  await openApp(page, '/login')
  await page.getByLabel(/email/i).fill(email)
  await page
    .getByLabel(/password/i)
    .first()
    .fill(PASSWORD)
  await page.getByRole('button', { name: /sign in/i }).click()
  await expect(page).toHaveURL(/\/login\/two-factor/, { timeout: 30_000 })
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible({ timeout: 30_000 })

  // The code used to turn it on is not accepted again.
  await page.getByLabel('Authentication code').fill(totp(key, enableStep))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByText('The code is incorrect or has already been used')).toBeVisible({ timeout: 30_000 })

  // The next step's code (within the ±1 step window) finishes the sign-in.
  await page.getByLabel('Authentication code').fill(totp(key, Math.max(enableStep + 1, stepNow())))
  await page.getByRole('button', { name: 'Verify' }).click()
  await dismissSplash(page)
  await expect(page).toHaveURL(/\/$/, { timeout: 30_000 })
  await expect(page.getByRole('heading', { name: 'Hello, Hnin Wai' })).toBeVisible({ timeout: 30_000 })
  expect(await missingTranslations(page)).toEqual([])
})
