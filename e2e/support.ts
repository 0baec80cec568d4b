import { expect, type Page, test } from '@playwright/test'

export const ADMIN = { email: 'admin@e2e.test', password: 'e2e-admin-password' }

/** Which of the journeys' concurrent workers runs this journey (0, 1, …). */
const lane = () => test.info().parallelIndex

let counter = 0
/** A fresh e-mail address per call, so journeys never collide, not even in two workers at once. */
export function uniqueEmail(prefix = 'visitor') {
  counter += 1
  return `${prefix}-${Date.now().toString(36)}-${lane()}-${counter}@example.com`
}

/** The signed-in layout opens with a 4-second splash; a click dismisses it. */
export async function dismissSplash(page: Page) {
  // The splash mounts with the layout, which the app renders only after its code has loaded.
  await page.getByTestId('profile-menu').waitFor()
  const splash = page.getByTestId('splash')
  // It may also end by itself between the look and the click; either way it must be gone.
  if (await splash.isVisible().catch(() => false)) await splash.click({ timeout: 2_000 }).catch(() => {})
  await expect(splash).toBeHidden()
}

/**
 * Opens a page of the app and waits until the app has rendered it. The public sign-in pages arrive
 * pre-rendered and inert (apps/web/scripts/prerender.mjs) until the app renders over them: a click on
 * the inert copy does nothing, and a journey under load once clicked "Sign in" there and waited forever.
 */
export async function openApp(page: Page, path: string) {
  await page.goto(path)
  await page.locator('#root:not([inert])').waitFor()
}

export async function signIn(page: Page, email: string, password: string) {
  await openApp(page, '/login')
  await page.getByLabel(/email/i).fill(email)
  await page
    .getByLabel(/password/i)
    .first()
    .fill(password)
  await page.getByRole('button', { name: /sign in|log in/i }).click()
  // Signed in once the page has left /login (to the portal, or to where ?next= pointed).
  await page.waitForURL((url) => url.pathname !== '/login')
}

/**
 * Signs `page` in without the sign-in form, for journeys about something else: one API sign-in, its
 * session stored where the SPA keeps it. The page's next load opens signed in.
 */
export async function signInByApi(page: Page, email: string, password: string) {
  const login = await page.request.post('/v1/login', { data: { email, password } })
  expect(login.status(), await login.text()).toBe(200)
  const session = JSON.stringify(((await login.json()) as { data: unknown }).data)
  // Any page of the origin gives access to its storage; the readiness probe is the lightest.
  await page.goto('/readyz')
  await page.evaluate((value) => localStorage.setItem('user', value), session)
}

/** Translation keys that no language had while the page rendered (recorded by the SPA's i18n). */
export async function missingTranslations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __i18nMissing?: string[] }).__i18nMissing ?? [])
}

let visitors = 0
// One documentation network per worker, so two workers' visitors never share an address's sign-up limit.
const VISITOR_NETWORKS = ['198.51.100', '203.0.113', '192.0.2']
/**
 * Signs a customer up through the API, the way the register page does. Each sign-up comes from an
 * address of its own (the journeys' server trusts X-Forwarded-For), as real visitors do: sign-ups are
 * limited per address, and the journeys make more of them than one visitor may.
 */
export async function registerByApi(
  page: Page,
  email: string,
  password: string,
  fullName = 'Test Visitor',
  phone = '0912345678',
) {
  visitors += 1
  const response = await page.request.post('/v1/register', {
    headers: { 'x-forwarded-for': `${VISITOR_NETWORKS[lane() % VISITOR_NETWORKS.length]}.${visitors % 250}` },
    data: { full_name: fullName, email, phone_number: phone, password, confirm_password: password },
  })
  expect(response.status(), await response.text()).toBe(201)
}

/** The verification link of the newest e-mail to `email`, read from the outbox as the admin. */
export async function verificationLinkFor(page: Page, email: string): Promise<string> {
  const login = await page.request.post('/v1/login', { data: ADMIN })
  const token = ((await login.json()) as { data: { token: string } }).data.token
  const list = await page.request.get(`/v1/outbox?keyword=${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  const items = ((await list.json()) as { data: { items: { id: string }[] } }).data.items
  const first = items[0]
  if (!first) throw new Error(`no e-mail to ${email} in the outbox`)
  const message = await page.request.get(`/v1/outbox/${first.id}`, { headers: { authorization: `Bearer ${token}` } })
  const text = ((await message.json()) as { data: { text_body: string } }).data.text_body
  const link = text.match(/https?:\/\/\S+\/user\/verify\?token=[\w-]+/)?.[0]
  if (!link) throw new Error('no verification link in the e-mail')
  return link
}

/** A Vietnamese mobile number no other journey uses, so its SMS is the newest one to it. */
export function uniquePhone() {
  // 091 is a Vinaphone prefix: every 091 number is valid, unlike some other 09x prefixes (095…). The
  // worker's digit keeps two workers apart; the clock keeps one worker's journeys apart.
  return `091${lane() % 10}${String(Date.now() % 1_000_000).padStart(6, '0')}`
}

/** The 6-digit code of the newest SMS to `phone` (stored as +84…), read from the outbox as the admin. */
export async function smsCodeFor(page: Page, phone: string): Promise<string> {
  const login = await page.request.post('/v1/login', { data: ADMIN })
  const token = ((await login.json()) as { data: { token: string } }).data.token
  const headers = { authorization: `Bearer ${token}` }
  const international = `+84${phone.slice(1)}`
  const list = await page.request.get(`/v1/outbox?keyword=${encodeURIComponent(international)}`, { headers })
  const first = ((await list.json()) as { data: { items: { id: string }[] } }).data.items[0]
  if (!first) throw new Error(`no SMS to ${international} in the outbox`)
  const message = await page.request.get(`/v1/outbox/${first.id}`, { headers })
  const text = ((await message.json()) as { data: { text_body: string } }).data.text_body
  const code = text.match(/\b\d{6}\b/)?.[0]
  if (!code) throw new Error(`no code in the SMS: ${text}`)
  return code
}

/**
 * Makes a registered customer ready to use keys, through the API: e-mail verified with the outbox
 * link, phone verified with the SMS code. Returns the sign-in answer and its authorization header.
 */
export async function makeKeyReady(page: Page, email: string, password: string, phone: string) {
  const link = new URL(await verificationLinkFor(page, email))
  const verified = await page.request.post(`/v1/verify-token-user/${link.searchParams.get('token')}`)
  expect(verified.status()).toBe(200)
  const login = await page.request.post('/v1/login', { data: { email, password } })
  const session = ((await login.json()) as { data: Record<string, unknown> & { token: string } }).data
  const headers = { authorization: `Bearer ${session.token}` }
  expect((await page.request.get('/v1/users/verify_phone', { headers })).status()).toBe(200)
  const confirmed = await page.request.post('/v1/users/verify_phone', {
    headers,
    data: { code: await smsCodeFor(page, phone) },
  })
  expect(confirmed.status()).toBe(200)
  return { session, headers }
}
