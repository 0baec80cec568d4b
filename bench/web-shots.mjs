#!/usr/bin/env node
// Two builds of the SPA compared screen by screen, pixel for pixel: `node bench/web-shots.mjs <dist A>
// <dist B>`. For changes that should not change what a user sees (how styles are made or loaded, how the
// code is split): one portal serves its data, and each screen is loaded twice in the same browser, once
// with the page and assets of each build (answered from the build's folder), in light and dark, at 1440
// and 390 px. Prints each screen that differs with the share of pixels that did, and writes both images
// to OUT (default /tmp/web-shots) for a look. Env: PATHS (comma-separated) to choose screens; a screen
// written `path|selector` is shot after a click on the selector (a menu, a popup, a picker open).
import { mkdirSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import puppeteer from 'puppeteer-core'
import sharp from 'sharp'
import { benchAdminSession, startWebPortal } from './lib/web-portal.mjs'

const dists = process.argv.slice(2, 4).map((d) => path.resolve(d))
if (dists.length < 2) throw new Error('usage: node bench/web-shots.mjs <dist A> <dist B>')
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const OUT = process.env.OUT ?? '/tmp/web-shots'
const PORT = Number(process.env.BENCH_PORT ?? 3700)
const PATHS = (
  process.env.PATHS ??
  [
    '/login',
    '/register',
    '/',
    '/keys',
    '/keys/create',
    '/billing',
    '/payment',
    '/statistics',
    '/get-started',
    '/support/request',
    '/support/request/addQuestion',
    '/faqs',
    '/settings/profile',
    '/settings/security',
    '/maps',
    '/administrator/overview',
    '/administrator/user-management',
    '/administrator/billing-management',
    '/administrator/usage-statistics',
    '/administrator/plans',
    '/administrator/coupons',
    '/administrator/faqs',
    '/administrator/logs',
    '/administrator/settings',
    '/administrator/jobs',
    '/|[data-testid=profile-menu]',
    '/|header button[aria-haspopup=dialog]',
    '/statistics|.ant-picker',
    '/administrator/user-management|.ant-select',
  ].join(',')
).split(',')

const TYPES = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.svg': 'image/svg+xml' }

/** A page whose HTML and assets come from `dist`; everything else (the API) from the portal. */
async function pageFrom(browser, dist, width, theme, session) {
  const context = await browser.createBrowserContext()
  const page = await context.newPage()
  await page.setViewport({ width, height: 900 })
  await page.setRequestInterception(true)
  page.on('request', async (request) => {
    const url = new URL(request.url())
    const isAsset = url.pathname.startsWith('/assets/')
    const isPage = request.resourceType() === 'document'
    if (!isAsset && !isPage) return request.continue()
    const file = isAsset ? path.join(dist, url.pathname) : path.join(dist, 'index.html')
    try {
      const body = await readFile(file)
      request.respond({ status: 200, contentType: TYPES[path.extname(file)] ?? 'application/octet-stream', body })
    } catch {
      request.continue()
    }
  })
  await page.evaluateOnNewDocument(
    (theme, session) => {
      localStorage.setItem('theme', theme)
      localStorage.setItem('adminLang', 'en')
      if (session && location.pathname !== '/login' && location.pathname !== '/register')
        localStorage.setItem('user', session)
      else localStorage.removeItem('user')
      sessionStorage.setItem('splashShown', '1')
    },
    theme,
    session,
  )
  return { page, context }
}

async function shot(browser, dist, screen, width, theme, session) {
  const { page, context } = await pageFrom(browser, dist, width, theme, session)
  const [where, click] = screen.split('|')
  await page.goto(`http://127.0.0.1:${PORT}${where}`, { waitUntil: 'networkidle0' })
  await page.addStyleTag({
    content:
      '*,*::before,*::after{transition:none!important;animation:none!important;caret-color:transparent!important}',
  })
  if (click) {
    await page.click(click).catch(() => console.log(`(no ${click} on ${where})`))
    await page.mouse.move(0, 0)
    await new Promise((r) => setTimeout(r, 800))
  }
  await new Promise((r) => setTimeout(r, 600))
  const png = await page.screenshot({ fullPage: true })
  await context.close()
  return png
}

async function differing(a, b) {
  const [ia, ib] = await Promise.all([a, b].map((png) => sharp(png).raw().toBuffer({ resolveWithObject: true })))
  if (ia.info.width !== ib.info.width || ia.info.height !== ib.info.height)
    return `size ${ia.info.width}×${ia.info.height} vs ${ib.info.width}×${ib.info.height}`
  let diff = 0
  const px = ia.info.channels
  for (let i = 0; i < ia.data.length; i += px)
    for (let c = 0; c < px; c++)
      if (ia.data[i + c] !== ib.data[i + c]) {
        diff++
        break
      }
  return diff === 0 ? null : `${((100 * diff) / (ia.data.length / px)).toFixed(3)} % of pixels`
}

mkdirSync(OUT, { recursive: true })
const portal = await startWebPortal(PORT, dists[0])
const browser = await puppeteer.launch({
  executablePath: CHROMIUM,
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--font-render-hinting=none'],
})
let differences = 0
try {
  const session = await benchAdminSession(PORT)
  for (const screen of PATHS)
    for (const width of [1440, 390])
      for (const theme of ['light', 'dark']) {
        const [a, b] = [
          await shot(browser, dists[0], screen, width, theme, session),
          await shot(browser, dists[1], screen, width, theme, session),
        ]
        const verdict = await differing(a, b)
        const name = `${screen.replace(/[^\w-]+/g, '_')}-${width}-${theme}`
        if (verdict) {
          differences++
          writeFileSync(path.join(OUT, `${name}-A.png`), a)
          writeFileSync(path.join(OUT, `${name}-B.png`), b)
        }
        console.log(`${verdict ? 'DIFFERS' : 'same   '} ${screen} ${width} ${theme}${verdict ? `: ${verdict}` : ''}`)
      }
} finally {
  await browser.close()
  portal.kill()
}
console.log(`${differences} of ${PATHS.length * 4} screens differ${differences ? ` (images in ${OUT})` : ''}`)
process.exitCode = differences ? 1 : 0
