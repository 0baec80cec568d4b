import { mkdirSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures.ts'
import {
  ADMIN,
  cutCardTitles,
  englishTexts,
  hiddenTableEnds,
  makeKeyReady,
  misalignedFields,
  missingTranslations,
  openApp,
  registerByApi,
  seriousViolations,
  uniqueEmail,
  uniquePhone,
} from '../support.ts'

// Every screen of this release in each language of its area and in each theme: nothing untranslated,
// text legible against its background, no serious or critical accessibility violation (axe-core), and
// a screenshot for people to look at.
//
// A language's checks (untranslated words, English left in a Burmese or Vietnamese screen, long words
// that do not fit) do not depend on the theme, and a theme's (contrast, axe-core) do not depend on the
// language: each area runs twice, English in the light theme and its other language in the dark one,
// every screen checked with axe-core in both. SCREENS_MATRIX=full runs every language in both themes
// (eight runs instead of four, for the screenshots; half again of the journeys' time).

type Theme = 'light' | 'dark'
const full = process.env.SCREENS_MATRIX === 'full'
const runs = <Lang extends string>(first: Lang, second: Lang): [Lang, Theme][] =>
  full
    ? [
        [first, 'light'],
        [first, 'dark'],
        [second, 'light'],
        [second, 'dark'],
      ]
    : [
        [first, 'light'],
        [second, 'dark'],
      ]
const customerRuns = runs('en', 'my')
const adminRuns = runs('en', 'vi')
const shots = 'test-results/screens'
mkdirSync(shots, { recursive: true })

// Each language and theme signs up its own customer: the runs are independent, and share the workers.
test.describe.configure({ mode: 'parallel' })
// This journey runs axe-core itself on every screen it opens (`check` below): the fixture's check of
// every page would read each screen a second time (a third of this journey's time, measured: 36.5 s
// against 48.1 s for one run).
test.use({ checkEveryPage: false })

interface Screen {
  name: string
  path: string
  /** A CSS selector that appears once the screen has rendered. */
  ready: string
}

const publicScreens: Screen[] = [
  { name: 'login', path: '/login', ready: 'form' },
  { name: 'login-two-factor', path: '/login/two-factor', ready: 'form' },
  { name: 'register', path: '/register', ready: 'form' },
  { name: 'forgot-password', path: '/forgot-password', ready: 'form' },
  { name: 'send-verify', path: '/send-verify', ready: 'form' },
  { name: 'reset-password-bad-token', path: '/reset-password?token=nope', ready: '.ant-result' },
  { name: 'verify-bad-token', path: '/user/verify?token=nope', ready: '.ant-result' },
  { name: 'not-found', path: '/nowhere', ready: '.ant-result' },
]
const customerScreens: Screen[] = [
  { name: 'dashboard', path: '/', ready: '.ant-statistic' },
  { name: 'settings-profile', path: '/settings/profile', ready: 'form' },
  { name: 'settings-security', path: '/settings/security', ready: 'form' },
  { name: 'settings-email', path: '/settings/email', ready: 'form' },
  { name: 'billing', path: '/billing', ready: '.ant-empty, .ant-table' },
  { name: 'payment', path: '/payment', ready: 'form' },
  { name: 'vnpay-return-unverified', path: '/billing/vnpay_return', ready: '.ant-result' },
  { name: 'paypal-return-unverified', path: '/billing/paypal_return', ready: '.ant-result' },
  { name: 'support-requests', path: '/support/request', ready: '.ant-table' },
  { name: 'support-add-question', path: '/support/request/addQuestion', ready: 'form' },
  { name: 'faqs', path: '/faqs', ready: '.ant-empty, .ant-collapse' },
]
/** Screens of a customer with a verified phone and one restricted key (`{id}` is that key). */
const keyScreens: Screen[] = [
  { name: 'keys', path: '/keys', ready: '.ant-table-row' },
  { name: 'keys-deleted', path: '/keys?view=deleted', ready: '.ant-table' },
  { name: 'create-key', path: '/createKey', ready: 'form' },
  { name: 'statistics', path: '/statistics', ready: '.ant-segmented' },
  { name: 'edit-key', path: '/edit?id={id}', ready: 'form input[value="Screens key"]' },
]
/** The map screens of that customer: `{map}` is a map with points, `{token}` its public link. */
const mapScreens: Screen[] = [
  { name: 'maps', path: '/maps', ready: '[data-testid=map-card]' },
  { name: 'maps-list', path: '/maps?mode=list', ready: '.ant-table-row' },
  { name: 'maps-trash', path: '/maps?view=trashed', ready: '.ant-empty' },
  { name: 'map', path: '/maps/{map}', ready: '[data-testid=map-canvas][data-state=idle]' },
  { name: 'map-public', path: '/m/{token}', ready: '[data-testid=map-canvas][data-state=idle]' },
]
const adminScreens: Screen[] = [
  { name: 'admin-overview', path: '/administrator/overview', ready: '.ant-card' },
  { name: 'admin-outbox', path: '/administrator/outbox', ready: '.ant-table' },
  { name: 'admin-change-email', path: '/administrator/change-email', ready: '.ant-table' },
  { name: 'admin-logs', path: '/administrator/logs', ready: '.ant-table' },
  { name: 'admin-settings', path: '/administrator/settings', ready: '.ant-switch' },
  { name: 'admin-keys', path: '/administrator/user-management/key-and-bill', ready: '.ant-table' },
  { name: 'admin-usage-statistics', path: '/administrator/usage-statistics', ready: '.ant-table' },
  { name: 'admin-usage-per-user', path: '/administrator/usage-statistics-per-user', ready: '.ant-table' },
  { name: 'admin-billing', path: '/administrator/billing-management', ready: '.ant-table' },
  { name: 'admin-plans', path: '/administrator/plans', ready: '.ant-table-row' },
  { name: 'admin-rates', path: '/administrator/settings?tab=rates', ready: '.ant-table-row' },
  { name: 'admin-free-credit', path: '/administrator/settings?tab=free', ready: 'form' },
  { name: 'admin-comparison', path: '/administrator/settings?tab=comparison', ready: '.ant-table-row' },
  { name: 'admin-balance-log', path: '/administrator/user-management/balance-log', ready: '.ant-table' },
  { name: 'admin-coupon-log', path: '/administrator/user-management/coupon-log', ready: '.ant-table' },
  { name: 'admin-coupons', path: '/administrator/coupons', ready: '.ant-table' },
  { name: 'admin-coupon-types', path: '/administrator/coupons/coupon-types', ready: '.ant-table' },
  { name: 'admin-campaigns', path: '/administrator/campaigns', ready: '.ant-table' },
  { name: 'admin-notifications', path: '/administrator/notifications', ready: '.ant-table' },
  { name: 'admin-payments', path: '/administrator/payments', ready: '.ant-table' },
  { name: 'admin-jobs', path: '/administrator/jobs', ready: '.ant-table-row' },
  { name: 'admin-bank-settings', path: '/administrator/settings?tab=bank', ready: 'form' },
  { name: 'admin-accounts', path: '/administrator/user-management', ready: '.ant-table' },
  { name: 'admin-accounts-staff', path: '/administrator/user-management?group=staff', ready: '.ant-table-row' },
  { name: 'admin-create-user', path: '/administrator/user-management/create-user', ready: 'form' },
  { name: 'admin-access-rights', path: '/administrator/sales-account-management', ready: '.ant-table-row' },
  { name: 'admin-support', path: '/administrator/support', ready: '.ant-table' },
  { name: 'admin-faqs', path: '/administrator/faqs', ready: '.ant-table' },
  { name: 'admin-faq-categories', path: '/administrator/faqs?tab=categories', ready: '.ant-table' },
]

/** WCAG contrast of every visible text element against the first opaque background behind it. */
async function illegibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const parse = (c: string) => {
      const m = c.match(/rgba?\(([^)]+)\)/)
      if (!m?.[1]) return null
      const [r = 0, g = 0, b = 0, a = 1] = m[1].split(',').map((v) => Number.parseFloat(v))
      return { r, g, b, a }
    }
    const luminance = ({ r, g, b }: { r: number; g: number; b: number }) => {
      const f = (v: number) => {
        const s = v / 255
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
      }
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b)
    }
    const background = (el: Element | null): { r: number; g: number; b: number } => {
      for (let node = el; node; node = node.parentElement) {
        const bg = parse(getComputedStyle(node).backgroundColor)
        if (bg && bg.a > 0.5) return bg
      }
      return { r: 255, g: 255, b: 255 }
    }
    const problems: string[] = []
    for (const el of Array.from(document.querySelectorAll('h1,h2,h3,h4,h5,p,label,a,button,span,td,th,li'))) {
      const text = Array.from(el.childNodes)
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent?.trim())
        .join('')
      if (!text) continue
      const style = getComputedStyle(el)
      const rect = el.getBoundingClientRect()
      if (style.visibility === 'hidden' || style.display === 'none' || rect.width === 0 || Number(style.opacity) < 0.5)
        continue
      if ((el as HTMLButtonElement).disabled || el.closest('[aria-disabled="true"],.ant-btn-disabled,[disabled]'))
        continue
      const fg = parse(style.color)
      if (!fg) continue
      const bg = background(el)
      const blended = {
        r: fg.r * fg.a + bg.r * (1 - fg.a),
        g: fg.g * fg.a + bg.g * (1 - fg.a),
        b: fg.b * fg.a + bg.b * (1 - fg.a),
      }
      const [hi, lo] = [luminance(blended), luminance(bg)].sort((x, y) => y - x) as [number, number]
      const ratio = (hi + 0.05) / (lo + 0.05)
      if (ratio < 3) problems.push(`${text.slice(0, 40)} (${ratio.toFixed(2)})`)
    }
    return problems
  })
}

/**
 * Opens a screen and checks it once it shows what a person sees after the loading splash. The splash
 * shows at the first signed-in page of a browser session: a click ends it (as it does for a person),
 * except where `splash` is 'wait', which waits for it to go by itself after its 4 seconds.
 */
/**
 * What the journey and the seed wrote: names of people, keys, maps, layers and places, and the seeded
 * plans (staff-written content, in the language its author wrote it in), not words to translate.
 */
const TYPED = [
  'Layer 1',
  'Portal Administrator',
  'Pay as you go',
  'No monthly fee and no limits: every request is billed at the rates of the pricing table.',
  'For production apps: up to 50,000 API requests and 20,000 map loads a day.',
  'High throughput: up to 6,000 API requests and 2,000 map loads a minute.',
  'Standard',
  'Business',
  'Screen Tester',
  'Screens key',
  'Made by the screens journey',
  'Screens map',
  'Hoan Kiem Lake',
  'Shwedagon Pagoda',
  'Hanoi',
  'Yangon',
]

async function check(
  page: Page,
  screen: Screen,
  label: string,
  options: { splash?: 'click' | 'wait'; axe: boolean; lang: 'en' | 'my' | 'vi' },
) {
  const splash = options.splash ?? 'click'
  // The sign-in pages arrive pre-rendered in the language of the `prefs` cookie, which the app sets
  // only once it runs: the first one opened comes in English and is read only once the app has
  // rendered over it (a loaded CI run once read the English copy of /login in Burmese).
  await openApp(page, screen.path)
  await page.locator(screen.ready).first().waitFor()
  const loading = page.getByTestId('splash')
  if (splash === 'click' && (await loading.isVisible())) await loading.click({ timeout: 2_000 }).catch(() => {})
  await expect(loading).toBeHidden({ timeout: 8_000 })
  await page.waitForLoadState('networkidle')
  expect(await missingTranslations(page), `${label}: untranslated keys`).toEqual([])
  expect(await illegibleTexts(page), `${label}: text with contrast under 3:1`).toEqual([])
  // The customer's tables keep their status and actions in view at every width a table is shown at;
  // the back office's wide tables are the next issue's (pinned columns, a column chooser).
  if (!label.startsWith('admin-'))
    expect.soft(await hiddenTableEnds(page), `${label}: a table's last column is out of view`).toEqual([])
  expect.soft(await cutCardTitles(page), `${label}: card titles cut short`).toEqual([])
  if (!label.startsWith('admin-'))
    expect.soft(await misalignedFields(page), `${label}: fields side by side at different heights`).toEqual([])
  if (options.lang !== 'en')
    expect.soft(await englishTexts(page, options.lang, TYPED), `${label}: English in ${options.lang}`).toEqual([])
  if (options.axe)
    expect.soft(await seriousViolations(page), `${label}: serious accessibility violations (axe-core)`).toEqual([])
  await page.screenshot({ path: `${shots}/${label}.png`, fullPage: true })
}

/** A VNPay top-up paid in the sandbox with its IPN held back: the path of its result page, which waits. */
async function heldVnpayReturn(page: Page, token: string): Promise<string> {
  const started = await page.request.post('/v1/payments', {
    headers: { authorization: `Bearer ${token}` },
    data: { provider: 'vnpay', purpose: 'topup', amount: '100.00', bill_id: null, paypal_domestic: false },
  })
  expect(started.status()).toBe(201)
  const gateway = new URL(((await started.json()) as { data: { redirect_url: string } }).data.redirect_url)
  expect((await page.request.get(`${gateway.pathname}${gateway.search}`)).status()).toBe(200)
  const paid = await page.request.post('/sandbox/vnpay/pay', {
    form: { txnRef: gateway.searchParams.get('vnp_TxnRef') ?? '', choice: 'pending' },
    maxRedirects: 0,
  })
  const back = new URL(paid.headers().location ?? '')
  return `${back.pathname}${back.search}`
}

async function prepare(page: Page, prefs: Record<string, string>) {
  await page.addInitScript((values) => {
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value)
  }, prefs)
}

async function sessionFor(page: Page, email: string, password: string): Promise<string> {
  const response = await page.request.post('/v1/login', { data: { email, password } })
  expect(response.status()).toBe(200)
  const { data } = (await response.json()) as { data: Record<string, unknown> }
  return JSON.stringify({ ...data, user_id: data.user_id })
}

for (const [lang, theme] of customerRuns) {
  test(`public and customer screens in ${lang}, ${theme} theme`, async ({ page, browser }) => {
    // Some thirty screens, the map screens among them.
    test.setTimeout(480_000)
    // axe-core once per theme (in the full matrix, in English: colours and structure do not change with the language).
    const axe = !full || lang === 'en'
    await prepare(page, { theme, lang })
    // The second sign-in step shows only while a sign-in waits for its code (docs/auth.md).
    await page.addInitScript(() => {
      if (location.pathname !== '/login/two-factor') return
      const challenge = { token: 'screens', expires_at: '2999-01-01T00:00:00.000Z' }
      sessionStorage.setItem('two-factor-challenge', JSON.stringify(challenge))
    })
    for (const screen of publicScreens) await check(page, screen, `${screen.name}-${lang}-${theme}`, { axe, lang })

    const email = uniqueEmail('screens')
    const phone = uniquePhone()
    await registerByApi(page, email, 'screens-password', 'Screen Tester', phone)
    const session = await sessionFor(page, email, 'screens-password')
    // A page of its own context: axe-core runs only in pages made that way.
    const signedIn = await (await browser.newContext()).newPage()
    await prepare(signedIn, { theme, lang, user: session })
    for (const [i, screen] of customerScreens.entries()) {
      await check(signedIn, screen, `${screen.name}-${lang}-${theme}`, {
        splash: i === 0 ? 'wait' : 'click',
        axe,
        lang,
      })
    }
    const waiting = await heldVnpayReturn(page, (JSON.parse(session) as { token: string }).token)
    await check(
      signedIn,
      { name: 'vnpay-return-waiting', path: waiting, ready: '[data-testid="payment-result"]' },
      `vnpay-return-waiting-${lang}-${theme}`,
      { axe, lang },
    )
    await signedIn.context().close()

    // The same customer, once verified, with a restricted key.
    const { session: keySession, headers } = await makeKeyReady(page, email, 'screens-password', phone)
    const created = await page.request.post('/v1/keys', {
      headers,
      data: {
        name: 'Screens key',
        type: 'api_key',
        description: 'Made by the screens journey',
        restriction_list: [
          { type: 'domain', value: 'http*://*.example.com/*' },
          { type: 'ip', value: '203.0.113.0/24' },
        ],
      },
    })
    expect(created.status()).toBe(201)
    const keyId = ((await created.json()) as { data: { id: string } }).data.id
    const holder = await (await browser.newContext()).newPage()
    await prepare(holder, { theme, lang, user: JSON.stringify(keySession) })
    for (const screen of keyScreens) {
      await check(holder, { ...screen, path: screen.path.replace('{id}', keyId) }, `${screen.name}-${lang}-${theme}`, {
        axe,
        lang,
      })
    }

    // A map with that key, two points, shared.
    const madeMap = await page.request.post('/v1/maps', {
      headers,
      data: { name: 'Screens map', key_id: keyId, description: 'Made by the screens journey' },
    })
    expect(madeMap.status()).toBe(201)
    const map = ((await madeMap.json()) as { data: { id: string; layers: { id: string }[] } }).data
    await page.request.post(`/v1/maps/${map.id}/points/bulk`, {
      headers,
      data: {
        layer_id: map.layers[0]?.id,
        points: [
          { name: 'Hoan Kiem Lake', description: 'Hanoi', latitude: 21.0287, longitude: 105.8523 },
          { name: 'Shwedagon Pagoda', description: 'Yangon', latitude: 16.7984, longitude: 96.1496 },
        ],
      },
    })
    const shared = await page.request.post(`/v1/maps/${map.id}/share`, { headers })
    const token = ((await shared.json()) as { data: { share_token: string } }).data.share_token
    for (const screen of mapScreens) {
      const path = screen.path.replace('{map}', map.id).replace('{token}', token)
      await check(holder, { ...screen, path }, `${screen.name}-${lang}-${theme}`, { axe, lang })
    }
    await holder.context().close()
  })
}
for (const [lang, theme] of adminRuns) {
  test(`back-office screens in ${lang}, ${theme} theme`, async ({ page }) => {
    // Some thirty screens, each waiting out the splash: far more than the default minute.
    test.setTimeout(480_000)
    // axe-core once per theme (in the full matrix, in Vietnamese, the back office's own language).
    const axe = !full || lang === 'vi'
    await prepare(page, { theme, adminLang: lang, user: await sessionFor(page, ADMIN.email, ADMIN.password) })
    for (const screen of adminScreens) await check(page, screen, `${screen.name}-${lang}-${theme}`, { axe, lang })
  })
}
