import { createHmac } from 'node:crypto'
import type { CDPSession, Page } from '@playwright/test'
import { expect, test } from '../fixtures.ts'
import { baseURL } from '../playwright.config.ts'
import {
  dismissSplash,
  missingTranslations,
  openApp,
  registerByApi,
  uniqueEmail,
  verificationLinkFor,
} from '../support.ts'

// Passkeys and recovery codes (docs/auth.md), with Chromium's virtual authenticator (DevTools
// protocol WebAuthn domain) playing a platform authenticator with user verification. Browsers refuse
// an IP address as a WebAuthn RP ID, so these journeys browse on localhost (the server's PASSKEY_ORIGIN).

const LOCAL = baseURL.replace('127.0.0.1', 'localhost')
test.use({
  baseURL: LOCAL,
  storageState: { cookies: [], origins: [{ origin: LOCAL, localStorage: [{ name: 'tour.off', value: '1' }] }] },
})

const PASSWORD = 'a-long-enough-password'

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s), as an authenticator app computes it. */
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
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0')
}
const stepNow = () => Math.floor(Date.now() / 30_000)

/** A platform authenticator with resident keys and user verification, in this page's browser. */
async function virtualAuthenticator(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  }
}

// The virtual authenticator's ceremony failed ("not created") when axe-core read the settings page
// while the passkey was being made, every time (issue 20; cause not found). The screens of this journey
// are checked by the journeys that visit them too (settings: keys.spec.ts, two-factor.spec.ts; the
// sign-in page: screens.spec.ts).
test.use({ checkEveryPage: false })

/** A verified customer, signed in on localhost through the sign-in page. */
async function signedInCustomer(page: Page, name: string) {
  const email = uniqueEmail('passkey')
  await registerByApi(page, email, PASSWORD, name)
  const token = new URL(await verificationLinkFor(page, email)).searchParams.get('token')
  expect((await page.request.post(`/v1/verify-token-user/${token}`)).status()).toBe(200)
  await passwordStep(page, email)
  await dismissSplash(page)
  return email
}

async function passwordStep(page: Page, email: string) {
  await openApp(page, '/login')
  await page.getByLabel(/email/i).fill(email)
  await page
    .getByLabel(/password/i)
    .first()
    .fill(PASSWORD)
  await page.getByRole('button', { name: /^sign in$/i }).click()
  await page.waitForURL((url) => url.pathname !== '/login')
}

async function logOut(page: Page) {
  await page.getByTestId('profile-menu').click()
  await page.getByRole('button', { name: /log out/i }).click()
  await expect(page).toHaveURL(/\/login/, { timeout: 30_000 })
}

/** Settings → Security → Add a passkey: a name, then the step-up with the password, then the authenticator. */
async function addPasskey(page: Page, name: string) {
  await page.goto('/settings/security')
  await page.getByRole('button', { name: 'Add a passkey' }).click()
  const naming = page.getByRole('dialog', { name: 'Name this passkey' })
  await naming.getByLabel('Name').fill(name)
  await naming.getByRole('button', { name: 'Continue' }).click()
  const stepUp = page.getByRole('dialog', { name: /Confirm it is you/ })
  await stepUp.getByLabel('Password').fill(PASSWORD)
  await stepUp.getByRole('button', { name: 'Confirm' }).click()
  await expect(page.getByTestId('passkeys').getByText(name)).toBeVisible({ timeout: 30_000 })
}

test('a customer adds a passkey, logs out and signs in with the passkey alone', async ({ page }) => {
  test.setTimeout(180_000)
  const authenticator = await virtualAuthenticator(page)
  await signedInCustomer(page, 'Thiri Aung')
  await addPasskey(page, 'Journey laptop')
  await expect(page.getByTestId('passkeys').getByText(/Never used/)).toBeVisible()
  const stored = await authenticator.credentials()
  expect(stored).toHaveLength(1)
  expect(stored[0]?.isResidentCredential).toBe(true)
  expect(stored[0]?.rpId).toBe('localhost')
  expect(await missingTranslations(page)).toEqual([])

  await logOut(page)
  await openApp(page, '/login')
  await page.getByRole('button', { name: /Continue with a passkey/ }).click()
  await dismissSplash(page)
  await expect(page).toHaveURL(/\/$/, { timeout: 30_000 })
  await expect(page.getByRole('heading', { name: 'Hello, Thiri Aung' })).toBeVisible({ timeout: 30_000 })
  // The passkey's use shows in the settings.
  await page.goto('/settings/security')
  await expect(page.getByTestId('passkeys').getByText(/Last used/)).toBeVisible({ timeout: 30_000 })
})

test('a customer with two-factor authentication finishes a sign-in with a passkey, then with a recovery code', async ({
  page,
}) => {
  test.setTimeout(240_000)
  await virtualAuthenticator(page)
  const email = await signedInCustomer(page, 'Kyaw Zin')
  await addPasskey(page, 'Phone')

  // Turning 2FA on shows the ten recovery codes once.
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click()
  const key = ((await page.getByTestId('two-factor-key').textContent()) ?? '').replace(/\s+/g, '')
  await page.getByLabel('Authentication code').fill(totp(key, stepNow()))
  await page.getByRole('button', { name: 'Turn on' }).click()
  const shown = page.getByTestId('recovery-codes')
  await expect(shown).toBeVisible({ timeout: 30_000 })
  const codes = (await shown.getByRole('listitem').allTextContents()).map((code) => code.trim())
  expect(codes).toHaveLength(10)
  for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){5}$/)
  await page.getByRole('button', { name: 'I have saved them' }).click()
  await expect(shown).toBeHidden()
  await expect(page.getByTestId('recovery-codes-left')).toContainText('10 of 10 unused codes left.')
  expect(await missingTranslations(page)).toEqual([])

  // The second step with the passkey.
  await logOut(page)
  await passwordStep(page, email)
  await expect(page).toHaveURL(/\/login\/two-factor/, { timeout: 30_000 })
  await page.getByRole('button', { name: /Use a passkey instead/ }).click()
  await dismissSplash(page)
  await expect(page.getByRole('heading', { name: 'Hello, Kyaw Zin' })).toBeVisible({ timeout: 30_000 })

  // The second step with a recovery code, typed in capitals with spaces.
  await logOut(page)
  await passwordStep(page, email)
  await expect(page).toHaveURL(/\/login\/two-factor/, { timeout: 30_000 })
  await page.getByRole('button', { name: 'Use a recovery code' }).click()
  await page.getByLabel('Recovery code').fill((codes[0] ?? '').toUpperCase().replace(/-/g, ' '))
  await page.getByRole('button', { name: 'Verify' }).click()
  await dismissSplash(page)
  await expect(page.getByRole('heading', { name: 'Hello, Kyaw Zin' })).toBeVisible({ timeout: 30_000 })
  await page.goto('/settings/security')
  await expect(page.getByTestId('recovery-codes-left')).toContainText('9 of 10 unused codes left.', { timeout: 30_000 })

  // The same code does not work twice.
  await logOut(page)
  await passwordStep(page, email)
  await page.getByRole('button', { name: 'Use a recovery code' }).click()
  await page.getByLabel('Recovery code').fill(codes[0] ?? '')
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByText('This recovery code is incorrect or has already been used')).toBeVisible({
    timeout: 30_000,
  })
})
