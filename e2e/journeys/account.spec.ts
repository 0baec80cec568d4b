import { expect, test } from '../fixtures.ts'
import {
  ADMIN,
  dismissSplash,
  missingTranslations,
  openApp,
  registerByApi,
  signIn,
  signInByApi,
  uniqueEmail,
  verificationLinkFor,
} from '../support.ts'

const PASSWORD = 'a-long-enough-password'

test('a new visitor registers, verifies through the outbox, signs in, switches to Burmese and dark theme, and logs out', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail()
  await openApp(page, '/register')
  await page.getByLabel('Full name').fill('Thiri Aung')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Phone number').fill('0912 345 678')
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Confirm password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText(email)).toBeVisible()

  // The administrator opens the outbox and follows the link in the verification e-mail.
  const adminContext = await browser.newContext()
  const admin = await adminContext.newPage()
  await signInByApi(admin, ADMIN.email, ADMIN.password)
  // Searched for, as an operator finds one mail among many (a journey sending 200 may run beside this one).
  await admin.goto('/administrator/outbox')
  await admin.getByLabel('Search by recipient or subject').fill(email)
  await admin.getByLabel('Search by recipient or subject').press('Enter')
  await admin.getByRole('row', { name: new RegExp(email) }).click()
  await admin.getByRole('link', { name: /\/user\/verify\?token=/ }).click()
  await expect(admin).toHaveURL(/\/user\/verify\?token=/)
  await expect(admin.getByText('Your email is verified')).toBeVisible()
  await adminContext.close()

  await signIn(page, email, PASSWORD)
  await dismissSplash(page)
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { name: 'Hello, Thiri Aung' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'main' })).toBeVisible()
  await expect(page.getByText('Email verified')).toBeVisible()

  await page.getByTestId('profile-menu').click()
  await page.getByText('Myanmar', { exact: true }).click()
  await expect(page.getByRole('heading', { name: 'မင်္ဂလာပါ၊ Thiri Aung' })).toBeVisible()
  if (!(await page.getByRole('switch').isVisible())) await page.getByTestId('profile-menu').click()
  await page.getByRole('switch').click()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')

  await page.reload()
  await dismissSplash(page)
  await expect(page.getByRole('heading', { name: 'မင်္ဂလာပါ၊ Thiri Aung' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await expect(page.locator('html')).toHaveAttribute('lang', 'my')
  expect(await missingTranslations(page)).toEqual([])

  await page.getByTestId('profile-menu').click()
  await page.getByRole('button', { name: 'အကောင့်မှ ထွက်မည်' }).click()
  await expect(page).toHaveURL(/\/login$/)
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull()
  // The language and theme are the visitor's, not the session's: they survive the logout.
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
})

test('an administrator signs in and reaches the overview', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password)
  await dismissSplash(page)
  await page.goto('/administrator')
  await expect(page).toHaveURL(/\/administrator\/overview$/)
  await expect(page.getByRole('heading', { name: /Welcome to the back office/ })).toBeVisible()
  await expect(page.getByRole('menuitem', { name: 'Outbox' })).toBeVisible()
  expect(await missingTranslations(page)).toEqual([])
})

test('a customer opening the administrator overview sees the permission-denied page', async ({ page }) => {
  const email = uniqueEmail('customer')
  await registerByApi(page, email, PASSWORD)
  await page.goto(await verificationLinkFor(page, email))
  await expect(page.getByText('Your email is verified')).toBeVisible()
  await signInByApi(page, email, PASSWORD)
  await page.goto('/administrator/overview')
  await expect(page.getByText("You don't have permission to access this page")).toBeVisible()
  await page.getByRole('link', { name: 'Back to the home page' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page')
  await expect(page.getByText('The page could not be found')).toBeVisible()
})

test('a signed-out visitor is sent to /login and comes back after signing in', async ({ page }) => {
  const email = uniqueEmail('returning')
  await registerByApi(page, email, PASSWORD)
  await page.goto('/settings/security')
  await expect(page).toHaveURL(/\/login\?next=%2Fsettings%2Fsecurity$/)
  await page.getByLabel(/email/i).fill(email)
  await page
    .getByLabel(/password/i)
    .first()
    .fill(PASSWORD)
  await page.getByRole('button', { name: /sign in/i }).click()
  await dismissSplash(page)
  await expect(page).toHaveURL(/\/settings\/security$/)
  // Signed in, /login sends the user back to the portal.
  await openApp(page, '/login')
  await expect(page).toHaveURL(/\/$/)
})

test('logging out on an inner page opens a plain /login at once and ends the session on the server', async ({
  page,
}) => {
  const email = uniqueEmail('leaving')
  await registerByApi(page, email, PASSWORD)
  await signInByApi(page, email, PASSWORD)
  await page.goto('/keys')
  await dismissSplash(page)
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').token as string)
  await page.getByTestId('profile-menu').click()
  await page.getByRole('button', { name: 'Log out' }).click()
  // No way back to /keys: the user chose to leave it (a session ended elsewhere keeps `next`).
  await expect(page).toHaveURL(/\/login$/)
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull()
  const profile = () =>
    page.request.get('/v1/users/profile', { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json())
  await expect.poll(async () => (await profile()).error_code).toBe('401')
})

test('signing out in another tab sends this tab to /login', async ({ page, context }) => {
  const email = uniqueEmail('tabs')
  await registerByApi(page, email, PASSWORD)
  await signInByApi(page, email, PASSWORD)
  await page.goto('/')
  await dismissSplash(page)
  const other = await context.newPage()
  await other.goto('/')
  await other.evaluate(() => localStorage.removeItem('user'))
  await expect(page).toHaveURL(/\/login/)
})
