import { readFileSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
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

/** A serious or critical axe-core violation: its rule and the elements it names. */
interface Violation {
  rule: string
  impact: string
  targets: string[]
}

const lines = (violations: Violation[]) =>
  violations.map((v) => `${v.rule} (${v.impact}): ${v.targets.slice(0, 6).join(' | ')}`)

/**
 * The serious and critical accessibility violations axe-core finds on the page as it is now (WCAG 2.1
 * A and AA rules), one line per rule with the elements it names (issue 20: 0 serious on every page).
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  return lines(await inTurn(page, () => analyze(page)))
}

/**
 * The same for a page a journey is still working on (fixtures.ts): what a first read finds is read
 * again `againMs` later, and only elements flagged both times count. A state that lasts a moment (a
 * transition, a row being replaced, a button between two colours) is not what a person reads; a
 * defect is there on the second read too.
 */
export async function lastingViolations(page: Page, againMs = 1_500): Promise<string[]> {
  const first = await inTurn(page, () => analyze(page))
  if (first.length === 0) return []
  await page.waitForTimeout(againMs)
  const second = await inTurn(page, () =>
    analyze(
      page,
      first.map((v) => v.rule),
    ),
  )
  return lines(
    first.flatMap((v) => {
      const again = second.find((w) => w.rule === v.rule)?.targets ?? []
      const targets = v.targets.filter((target) => again.includes(target))
      return targets.length > 0 ? [{ ...v, targets }] : []
    }),
  )
}

/**
 * axe-core refuses a second run while one is going: the journeys' own checks and the check of every
 * page a journey visits (fixtures.ts) take turns.
 */
function inTurn<T>(page: Page, read: () => Promise<T>): Promise<T> {
  const previous = axeTurns.get(page) ?? Promise.resolve()
  const run = previous.then(read)
  axeTurns.set(
    page,
    run.then(
      () => undefined,
      () => undefined,
    ),
  )
  return run
}

const axeTurns = new WeakMap<Page, Promise<void>>()

/**
 * axe-core as AxeBuilder injects it, defined only where the page does not have it yet: AxeBuilder
 * evaluates the whole source (about 550 kB) twice in every read, which took a third of a read's time
 * (bench/README.md "Test suite time"). The same version as @axe-core/playwright's own (e2e/package.json).
 */
const AXE_SOURCE = `if (typeof window.axe === 'undefined') {\n${readFileSync(
  new URL(import.meta.resolve('axe-core/axe.min.js')),
  'utf8',
)}\n}`

/** One axe-core read: the WCAG 2.1 A and AA rules, or only `rules` (a second read). */
async function analyze(page: Page, rules?: string[]): Promise<Violation[]> {
  const builder = new AxeBuilder({ page, axeSource: AXE_SOURCE })
  if (rules) builder.withRules(rules)
  else builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
  // A button busy with its request is inactive, and WCAG 1.4.3 asks no contrast of inactive controls.
  // Legacy mode runs axe in the page itself: the default mode finishes every read in a new blank page,
  // which took about a second per read, half the time of a read (bench/README.md "Test suite time").
  // The portal's screens hold no cross-origin frames, which is what the default mode is for.
  const results = await builder.exclude('.ant-btn-loading').setLegacyMode(true).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, impact: v.impact ?? '', targets: v.nodes.map((n) => n.target.join(' ')) }))
}

/** Translation keys that no language had while the page rendered (recorded by the SPA's i18n). */
export async function missingTranslations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __i18nMissing?: string[] }).__i18nMissing ?? [])
}

/**
 * Visible texts of the page that are in English although the page is in `lang` (issue 20: Burmese and
 * Vietnamese "to the last word"). Burmese has a script of its own, so any Latin word there is English;
 * Vietnamese writes its words with diacritics, so a text of two or more Latin words without one is
 * English. Product and protocol names, codes, addresses, amounts and what the journey itself typed
 * (`typed`: names of keys, maps, people) are not words to translate.
 */
export async function englishTexts(page: Page, lang: 'my' | 'vi', typed: readonly string[] = []): Promise<string[]> {
  return page.evaluate(
    ({ lang, typed }) => {
      // Names of products, protocols, formats and units, which every language writes as they are.
      const KEEP = new Set(
        'API APIs URL URLs USD VND VNPay PayPal SMS HTTP HTTPS JSON CSV XLSX PDF GeoJSON IP IPv ID QR PIN FAQ VAT SWIFT BIC CIDR MB KB km ms UTC MapLibre Mapbox WebGL JavaScript curl fetch iframe Google Facebook Excel PNG JPEG WebP GIF NUL'.split(
          ' ',
        ),
      )
      // The product's name and the languages' own names, written as their owners write them.
      const NAMES = [
        'Maps Portal',
        'Google Authenticator',
        'Microsoft Authenticator',
        '1Password',
        'English',
        'Tiếng Việt',
      ]
      const NOISE = [
        /[\w.+-]+@[\w.-]+\.\w+/g, // e-mail addresses
        /https?:\/\/\S+|\b[\w-]+(\.[\w-]+)+(\/\S*)?/g, // addresses and host names
        /\/[\w\-/.?=&{}:]*/g, // paths
        /\b[a-z]{2,5}_[A-Za-z0-9_]+/g, // ids and key previews (usr_…, key_…)
        /\b[A-Z][A-Z0-9]*(?:[_-][A-Z0-9]+)+\b/g, // codes (LOAD_MAP, INV-202611-000001, ORIGIN_NOT_ALLOWED)
        /\b(?=[A-Z]*\d)[A-Z0-9]{6,}\b/g, // references and coupon codes of capitals and digits (UAUKUD4CZ3TH)
        /\b\dxx\b/g, // classes of HTTP status (4xx)
      ]
      const words = (text: string) => {
        let rest = text
        for (const t of [...NAMES, ...typed]) if (t) rest = rest.split(t).join(' ')
        for (const pattern of NOISE) rest = rest.replace(pattern, ' ')
        return (rest.match(/[A-Za-z\u00C0-\u024F\u1E00-\u1EFF]{2,}/g) ?? []).filter((w) => !KEEP.has(w))
      }
      const latin = (w: string) => /^[A-Za-z]+$/.test(w)
      // A Vietnamese syllable: initial consonant, vowels, final consonant (without its diacritics, which a
      // word without any has none of). "Doanh thu" is Vietnamese; "Load", "Portal" and "Static" are not.
      const syllable = /^(ngh|ng|nh|ch|gh|gi|kh|ph|qu|th|tr|[bcdghklmnpqrstvx])?[aeiouy]{1,3}(ng|nh|ch|[cmnpt])?$/i
      const found = new Set<string>()
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim()
        const parent = node.parentElement
        if (!text || !parent) continue
        if (parent.closest('script,style,code,pre,textarea,[translate="no"],.maplibregl-ctrl-attrib')) continue
        if (parent.getClientRects().length === 0 || getComputedStyle(parent).visibility === 'hidden') continue
        const list = words(text)
        const english =
          lang === 'my'
            ? list.some(latin)
            : list.length >= 2 && list.every(latin) && list.some((w) => !syllable.test(w))
        if (english) found.add(text.slice(0, 80))
      }
      return [...found]
    },
    { lang, typed: [...typed] },
  )
}

/**
 * Tables whose status or actions are out of view: the last heading cell of each table lies outside
 * the part of the table the screen shows (a wide table scrolls sideways and must keep those pinned).
 * Answers each such table's last heading.
 */
export async function hiddenTableEnds(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const hidden: string[] = []
    for (const table of Array.from(document.querySelectorAll<HTMLElement>('.ant-table'))) {
      if (table.getClientRects().length === 0) continue
      const view = table.querySelector<HTMLElement>('.ant-table-container')?.getBoundingClientRect()
      const heads = Array.from(table.querySelectorAll<HTMLElement>('thead th')).filter(
        (th) => !th.classList.contains('ant-table-cell-scrollbar') && th.getClientRects().length > 0,
      )
      const last = heads.at(-1)
      if (!view || !last) continue
      const box = last.getBoundingClientRect()
      const inView = Math.min(box.right, view.right, window.innerWidth) - Math.max(box.left, view.left)
      if (inView < box.width - 1) hidden.push(last.textContent?.trim() || '(no heading)')
    }
    return hidden
  })
}

/** Card titles cut short (an ellipsis, or text wider than the title's box): answers their text. */
export async function cutCardTitles(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('.ant-card-head-title'))
      .filter((title) => title.getClientRects().length > 0 && title.scrollWidth > title.clientWidth + 1)
      .map((title) => title.textContent?.trim() ?? ''),
  )
}

/**
 * Form fields side by side whose inputs start at different heights (a label that wraps onto a second
 * line pushes its input down): answers the labels of each such row.
 */
export async function misalignedFields(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = []
    for (const row of Array.from(document.querySelectorAll<HTMLElement>('form .ant-row'))) {
      const controls = Array.from(row.children)
        .map((col) => col.querySelector<HTMLElement>(':scope > .ant-form-item .ant-form-item-control'))
        .filter((control): control is HTMLElement => control !== null && control.getClientRects().length > 0)
      // Only fields on one line: a column that wrapped under another is not side by side.
      const first = controls[0]?.closest('.ant-form-item')?.getBoundingClientRect().top
      const beside = controls.filter(
        (control) => Math.abs((control.closest('.ant-form-item')?.getBoundingClientRect().top ?? 0) - (first ?? 0)) < 2,
      )
      const tops = beside.map((control) => control.getBoundingClientRect().top)
      if (beside.length > 1 && Math.max(...tops) - Math.min(...tops) > 2)
        found.push(
          beside.map((c) => c.closest('.ant-form-item')?.querySelector('label')?.textContent ?? '').join(' | '),
        )
    }
    return found
  })
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
