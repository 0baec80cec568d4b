#!/usr/bin/env node
// `node bench/web-ab.mjs <dist> <dist> [...]`: two or more builds of the SPA measured side by side.
// Each build (a copy of apps/web/dist) is served by a portal of its own (fresh in-memory database,
// production mode); the same signed-in screens are loaded from each in turn, round after round, in
// Debian's Chromium at a phone's size with the CPU slowed 4×, and the medians are printed with each
// build's ratio to the first. Interleaving the loads spreads this machine's drift over every build
// alike, which Lighthouse runs of one build after the other do not (bench/README.md "antd's styles at
// build time"). Main-thread time is Chromium's own task duration for the load; TBT and LCP are read
// in the page; no network throttling (the download is the same for both unless the sizes differ,
// which `npm run bench:web` reports).
//   ROUNDS=8        loads of each screen from each build
//   PATHS=/,/keys   the screens, signed in as the administrator, after the once-a-session splash
import path from 'node:path'
import puppeteer from 'puppeteer-core'
import { benchAdminSession, startWebPortal } from './lib/web-portal.mjs'

const dists = process.argv.slice(2).map((d) => path.resolve(d))
const ROUNDS = Number(process.env.ROUNDS ?? 8)
const PATHS = (process.env.PATHS ?? '/').split(',')
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (dists.length < 2) throw new Error('usage: node bench/web-ab.mjs <dist A> <dist B> [...]')

async function startPortal(dist, port) {
  const child = await startWebPortal(port, dist)
  return { dist, port, child, session: await benchAdminSession(port) }
}

/** One load of `screen` from `side`: Chromium's task time, TBT and LCP, in ms. */
async function load(browser, side, screen) {
  const context = await browser.createBrowserContext()
  const page = await context.newPage()
  await page.setViewport({ width: 390, height: 844 })
  await page.goto(`http://127.0.0.1:${side.port}/login`)
  await page.evaluate((session) => {
    localStorage.setItem('user', session)
    sessionStorage.setItem('splashShown', '1')
  }, side.session)
  const cdp = await page.createCDPSession()
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await page.evaluateOnNewDocument(() => {
    window.__lcp = 0
    window.__tbt = 0
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__lcp = entry.startTime
    }).observe({ type: 'largest-contentful-paint', buffered: true })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__tbt += Math.max(0, entry.duration - 50)
    }).observe({ type: 'longtask', buffered: true })
  })
  await cdp.send('Performance.enable')
  const taskTime = async () =>
    (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration').value
  const before = await taskTime()
  await page.goto(`http://127.0.0.1:${side.port}${screen}`, { waitUntil: 'networkidle0' })
  await new Promise((r) => setTimeout(r, 1500))
  const main = ((await taskTime()) - before) * 1000
  const { lcp, tbt } = await page.evaluate(() => ({ lcp: window.__lcp, tbt: window.__tbt }))
  await context.close()
  return { main, tbt, lcp }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

const sides = []
for (const [i, dist] of dists.entries()) sides.push(await startPortal(dist, 3600 + i))
const browser = await puppeteer.launch({
  executablePath: CHROMIUM,
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
})
try {
  for (const screen of PATHS) {
    const results = sides.map(() => [])
    for (let round = 0; round < ROUNDS; round++) {
      // Each round starts with a different build, so none is always first after the previous screen.
      for (let k = 0; k < sides.length; k++) {
        const i = (round + k) % sides.length
        results[i].push(await load(browser, sides[i], screen))
      }
    }
    const rows = sides.map((side, i) => {
      const m = Object.fromEntries(['main', 'tbt', 'lcp'].map((key) => [key, median(results[i].map((r) => r[key]))]))
      return {
        screen,
        build: side.dist,
        ...Object.fromEntries(Object.entries(m).map(([k, v]) => [`${k}Ms`, Math.round(v)])),
        m,
      }
    })
    console.table(
      rows.map(({ m, ...row }) => ({
        ...row,
        'main ÷ first': (m.main / rows[0].m.main).toFixed(2),
        'TBT ÷ first': (m.tbt / rows[0].m.tbt).toFixed(2),
        'LCP ÷ first': (m.lcp / rows[0].m.lcp).toFixed(2),
      })),
    )
  }
} finally {
  await browser.close()
  for (const side of sides) side.child.kill()
}
