// The first-load size of each route of the web app, from Vite's manifest of the build in apps/web/dist,
// and issue 20's budgets for them: used by `npm run bench:web` and by .ci/run's budget check
// (web-budget.mjs), so that a change that makes a customer route heavier fails CI instead of drifting.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist')

// Routes and the lazy modules each one loads on first visit (see apps/web/src/app/router.tsx); the
// entry (main.tsx) starts the app by importing src/app/start.tsx once the page has been painted.
const START = 'src/app/start.tsx'
// A signed-in screen also waits for the full English message catalog (start.tsx); public pages carry
// only its core and fetch the rest after their first render.
const MESSAGES = 'chunk:en'
const CUSTOMER = 'src/features/shell/CustomerLayout.tsx'
const customer = (page) => [CUSTOMER, `src/features/${page}`, MESSAGES]
const ROUTES = {
  '/login': ['src/features/auth/AuthLayout.tsx', 'src/features/auth/LoginPage.tsx'],
  '/register': ['src/features/auth/AuthLayout.tsx', 'src/features/auth/RegisterPage.tsx'],
  '/login/two-factor': ['src/features/auth/AuthLayout.tsx', 'src/features/auth/TwoFactorPage.tsx'],
  '/ (dashboard)': customer('dashboard/DashboardPage.tsx'),
  '/keys': customer('keys/KeysPage.tsx'),
  '/keys/create': customer('keys/KeyFormPage.tsx'),
  '/billing': customer('billing/BillingPage.tsx'),
  '/billing/:id': customer('billing/BillPage.tsx'),
  '/billing/vnpay_return': customer('payments/PaymentResultPage.tsx'),
  '/payment': customer('balance/BalancePage.tsx'),
  '/statistics': customer('usage/UsagePage.tsx'),
  '/get-started': customer('get-started/GetStartedPage.tsx'),
  '/support/request': customer('support/SupportRequestsPage.tsx'),
  '/support/request/addQuestion': customer('support/AddQuestionPage.tsx'),
  '/support/request/:id': customer('support/TicketPage.tsx'),
  '/faqs': customer('faqs/FaqsPage.tsx'),
  '/settings/profile': customer('settings/SettingsPage.tsx'),
  '/maps': customer('maps/MapsPage.tsx'),
  '/maps/:id': customer('maps/MapPage.tsx'),
  '/administrator/overview': ['src/admin/shell/AdminArea.tsx', 'src/admin/overview/OverviewPage.tsx', MESSAGES],
  '/m/:token': ['src/features/maps/PublicMapPage.tsx'],
}
/** The customer routes the first-load budget applies to (issue 20: ≤ 330 kB gzip; the map page, which carries MapLibre, is measured but not held to it). */
export const CUSTOMER_BUDGET_KB = 330
export const LOGIN_BUDGET_KB = 230
/** Routes allowed to load MapLibre: the map itself and a shared map's public page. */
const MAP_ROUTES = new Set(['/maps/:id', '/m/:token'])

export const kb = (bytes) => Math.round(bytes / 100) / 10

/** Each route's first-load JavaScript and CSS (gzip -9), from the build in apps/web/dist. */
export function routeSizes() {
  const manifest = JSON.parse(readFileSync(path.join(webDist, '.vite/manifest.json'), 'utf8'))
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0]
  const closure = (keys) => {
    const seen = new Set()
    const visit = (key) => {
      if (seen.has(key) || !manifest[key]) return
      seen.add(key)
      for (const dep of manifest[key].imports ?? []) visit(dep)
    }
    for (const key of keys) visit(key)
    return seen
  }
  const gz = (file) => gzipSync(readFileSync(path.join(webDist, file)), { level: 9 }).length
  const rows = []
  // The catalog is a shared chunk (no source path of its own in the manifest): found by its name. The
  // modules merged into a frame's chunk (apps/web/chunk-layers-plugin.ts) are found through the list of
  // what each such chunk holds, which the build writes beside the manifest.
  const layersFile = path.join(webDist, '.vite/layers.json')
  const held = existsSync(layersFile) ? JSON.parse(readFileSync(layersFile, 'utf8')) : {}
  const holder = (m) => {
    const file = Object.keys(held).find((f) => held[f].includes(m))
    return file ? Object.keys(manifest).find((k) => manifest[k].file === file) : m
  }
  const named = (m) =>
    m.startsWith('chunk:')
      ? Object.keys(manifest).find((k) => manifest[k].name === m.slice(6))
      : manifest[m]
        ? m
        : holder(m)
  // antd's stylesheet, which main.tsx loads in parts beside the start on every route
  // (apps/web/antd-css-parts-plugin.ts): CSS files of their own in the manifest, outside any chunk's list.
  const antdParts = Object.values(manifest)
    .filter((chunk) => /antd\.css\?part=/.test(chunk.src ?? ''))
    .map((chunk) => chunk.file)
  for (const [route, listed] of Object.entries(ROUTES)) {
    const modules = listed.map(named)
    for (const m of modules) if (!manifest[m]) throw new Error(`${m} is not a chunk of the build (route ${route})`)
    const keys = closure([entry, named(START), ...modules])
    const files = [...keys].map((k) => manifest[k].file)
    const js = files.reduce((sum, f) => sum + gz(f), 0)
    const css = [...keys]
      .flatMap((k) => manifest[k].css ?? [])
      .concat(antdParts)
      .reduce((sum, f) => sum + gz(f), 0)
    const hasMaplibre = files.some(
      // The library's own canvas class, not the name: Get started's examples quote `maplibre-gl` as text.
      (f) => /maplibre/i.test(f) || readFileSync(path.join(webDist, f), 'utf8').includes('maplibregl-canvas-container'),
    )
    rows.push({ route, files: files.length, jsGzipKb: kb(js), cssGzipKb: kb(css), maplibre: hasMaplibre })
  }
  return rows
}

/** What breaks the budgets in `sizes` (routeSizes()): routes over them, and non-map routes carrying MapLibre. */
export function budgetReport(sizes) {
  const held = sizes.filter((r) => ROUTES[r.route].includes(CUSTOMER) && !MAP_ROUTES.has(r.route))
  const overBudget = held.filter((r) => r.jsGzipKb > CUSTOMER_BUDGET_KB).map((r) => `${r.route} ${r.jsGzipKb} kB`)
  const login = sizes.find((r) => r.route === '/login')
  if (login.jsGzipKb > LOGIN_BUDGET_KB) overBudget.push(`/login ${login.jsGzipKb} kB (budget ${LOGIN_BUDGET_KB})`)
  const mapLeaks = sizes.filter((r) => r.maplibre && !MAP_ROUTES.has(r.route)).map((r) => r.route)
  const margin = Math.min(...held.map((r) => CUSTOMER_BUDGET_KB - r.jsGzipKb))
  return { overBudget, mapLeaks, loginJs: login.jsGzipKb, margin }
}
