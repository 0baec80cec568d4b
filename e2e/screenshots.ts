// `npm run screenshots`: the pictures of the README and docs/images, taken from the product itself.
// Starts the portal with its demo data (`--demo`) on a fresh in-memory database, signs in as the
// demo customer in Burmese and the dark theme (the languages and themes the portal is checked in,
// issue 20), and saves the dashboard, keys, billing and a map at 1440 × 900; then as the
// administrator in Vietnamese (the back office's default) and the light theme, and saves the
// overview, the bills, the accounts and the usage statistics (issue 21). Uses Debian's Chromium
// (CHROMIUM_PATH, or /usr/bin/chromium); the web app must be built (`npm run build -w @app/web`).
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import { chromium, type Page } from '@playwright/test'

const root = path.resolve(import.meta.dirname, '..')
const out = path.join(root, 'docs/images')
const port = Number(process.env.SCREENSHOTS_PORT ?? 3700)
const base = `http://127.0.0.1:${port}`
// The demo customer with keys of both kinds, usage, bills and a map.
const CUSTOMER = { email: 'linh.nguyen@example.com', password: 'demo-password' }

const shots: { file: string; path: string; ready: string }[] = [
  { file: 'dashboard-my-dark.png', path: '/', ready: '[data-testid=api-requests]' },
  { file: 'keys-my-dark.png', path: '/keys', ready: '.ant-table-row' },
  { file: 'billing-my-dark.png', path: '/billing', ready: '.ant-table-row' },
  { file: 'map-my-dark.png', path: '/maps/{map}', ready: '[data-testid=map-canvas][data-state=idle]' },
]

function startPortal(): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', 'serve', '--demo'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATABASE_URL: '',
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
  })
}

const ADMIN = { email: 'admin@screenshots.test', password: 'screenshots-admin-password' }

const adminShots: { file: string; path: string; ready: string }[] = [
  { file: 'admin-overview-vi.png', path: '/administrator/overview', ready: 'canvas[role=img]' },
  { file: 'admin-billing-vi.png', path: '/administrator/billing-management', ready: '.ant-table-row' },
  { file: 'admin-accounts-vi.png', path: '/administrator/user-management', ready: '.ant-table-row' },
  { file: 'admin-usage-vi.png', path: '/administrator/usage-statistics', ready: 'canvas[role=img]' },
]

async function waitUntilReady() {
  for (let tries = 0; tries < 240; tries++) {
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    )
    if (ready) return
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`the portal did not start on ${base}`)
}

async function firstMapOf(page: Page, token: string): Promise<string> {
  const res = await page.request.get('/v1/maps?page=1', { headers: { authorization: `Bearer ${token}` } })
  const body = (await res.json()) as { data: { items: { id: string }[] } }
  const id = body.data.items[0]?.id
  if (!id) throw new Error('the demo customer has no map')
  return id
}

async function main() {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  if (!existsSync(executablePath)) throw new Error(`no Chromium at ${executablePath} (apt-get install chromium)`)
  if (!existsSync(path.join(root, 'apps/web/dist/index.html')))
    throw new Error('build the web app first: npm run build -w @app/web')
  mkdirSync(out, { recursive: true })
  const portal = startPortal()
  const browser = await chromium.launch({ executablePath })
  try {
    await waitUntilReady()
    const context = await browser.newContext({
      baseURL: base,
      viewport: { width: 1440, height: 900 },
      reducedMotion: 'reduce',
    })
    const page = await context.newPage()
    const login = await page.request.post('/v1/login', { data: CUSTOMER })
    if (login.status() !== 200) throw new Error(`demo sign-in failed: ${await login.text()}`)
    const session = ((await login.json()) as { data: { token: string; user_id: string } }).data
    await page.addInitScript(
      ({ value, userId }) => {
        localStorage.setItem('user', value)
        localStorage.setItem('theme', 'dark')
        localStorage.setItem('lang', 'my')
        localStorage.setItem(`tour.done.${userId}`, '1')
        sessionStorage.setItem('splashShown', '1')
      },
      { value: JSON.stringify(session), userId: session.user_id },
    )
    const map = await firstMapOf(page, session.token)
    for (const shot of shots) {
      await page.goto(shot.path.replace('{map}', map))
      await page.locator(shot.ready).first().waitFor({ timeout: 30_000 })
      await page.getByTestId('splash').waitFor({ state: 'hidden' })
      await page.waitForLoadState('networkidle')
      await page.screenshot({ path: path.join(out, shot.file) })
      console.log(`docs/images/${shot.file}`)
    }

    const adminContext = await browser.newContext({
      baseURL: base,
      viewport: { width: 1440, height: 900 },
      reducedMotion: 'reduce',
    })
    const admin = await adminContext.newPage()
    const adminLogin = await admin.request.post('/v1/login', { data: ADMIN })
    if (adminLogin.status() !== 200) throw new Error(`admin sign-in failed: ${await adminLogin.text()}`)
    const adminSession = ((await adminLogin.json()) as { data: { token: string; user_id: string } }).data
    await admin.addInitScript(
      ({ value, userId }) => {
        localStorage.setItem('user', value)
        localStorage.setItem('theme', 'light')
        localStorage.setItem('adminLang', 'vi')
        localStorage.setItem(`tour.done.${userId}`, '1')
        sessionStorage.setItem('splashShown', '1')
      },
      { value: JSON.stringify(adminSession), userId: adminSession.user_id },
    )
    for (const shot of adminShots) {
      await admin.goto(shot.path)
      await admin.locator(shot.ready).first().waitFor({ timeout: 30_000 })
      await admin.waitForLoadState('networkidle')
      await admin.screenshot({ path: path.join(out, shot.file) })
      console.log(`docs/images/${shot.file}`)
    }
  } finally {
    await browser.close()
    portal.kill('SIGTERM')
  }
}

await main()
