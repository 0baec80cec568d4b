#!/usr/bin/env node
// `npm run bench:web`: the front end's load cost, measured side by side with a baseline in one run.
//  1. The gzip size of the JavaScript each route loads first (from Vite's manifest), and a check that
//     no route but the map screens pulls in MapLibre.
//  2. Lighthouse (desktop and mobile presets, Debian's Chromium) on /login and on the signed-in
//     dashboard, and on the bare single-chunk antd shell built in the same run;
//     the ratios portal ÷ baseline cancel out this machine's noise.
// Results go to bench/results/web-<time>.json; bench/README.md records what was reached.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import lighthouse from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import puppeteer from 'puppeteer-core'
import { build } from 'vite'
import { serveStatic } from './lib/serve-static.mjs'
import { BENCH_ADMIN as ADMIN, startWebPortal } from './lib/web-portal.mjs'
import { budgetReport, CUSTOMER_BUDGET_KB, kb, LOGIN_BUDGET_KB, routeSizes } from './lib/web-sizes.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const repo = path.resolve(here, '..')
const RUNS = Number(process.env.RUNS ?? 3)
const PORT = Number(process.env.BENCH_PORT ?? 3400)
const BASELINE_PORT = PORT + 1
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const CHROME_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
]

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

async function measure(browser, url, formFactor, prepare) {
  // A fresh context per run: no session, cookie or cache carries over from one target to the next.
  const context = await browser.createBrowserContext()
  const page = await context.newPage()
  if (prepare) await prepare(page)
  const flags = {
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    disableStorageReset: Boolean(prepare),
  }
  const result = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined, page)
  await context.close()
  const audits = result.lhr.audits
  return {
    score: Math.round(result.lhr.categories.performance.score * 100),
    fcp: audits['first-contentful-paint'].numericValue,
    lcp: audits['largest-contentful-paint'].numericValue,
    tbt: audits['total-blocking-time'].numericValue,
    // VERBOSE=1: where the main thread's time went, by kind of work and by script.
    ...(process.env.VERBOSE
      ? {
          work: (audits['mainthread-work-breakdown']?.details?.items ?? [])
            .slice(0, 6)
            .map((i) => `${i.groupLabel ?? i.group} ${Math.round(i.duration)}`),
          scripts: (audits['bootup-time']?.details?.items ?? [])
            .slice(0, 6)
            .map((i) => `${String(i.url).split('/').pop()} ${Math.round(i.total)}/${Math.round(i.scripting)}`),
          // Each task over 50 ms (what TBT counts), at its start, with the script it is attributed to.
          longTasks: (audits['long-tasks']?.details?.items ?? []).map(
            (i) => `${Math.round(i.startTime)}+${Math.round(i.duration)} ${String(i.url).split('/').pop()}`,
          ),
        }
      : {}),
    lcpElement: String(
      audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? '',
    ).slice(0, 80),
  }
}

async function main() {
  if (!existsSync(CHROMIUM))
    throw new Error(`No Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`)
  console.log('building the portal and the baseline…')
  if (!process.env.SKIP_BUILD) {
    const built = spawnSync('npm', ['run', 'build', '-w', '@app/web'], { cwd: repo, stdio: 'ignore' })
    if (built.status !== 0) throw new Error('npm run build -w @app/web failed')
  }
  await build({ configFile: path.join(here, 'baselines/antd-shell/vite.config.ts') })
  const baselineDist = path.join(here, 'baselines/antd-shell/dist')
  const baselineJs = [...readFileSync(path.join(baselineDist, 'index.html'), 'utf8').matchAll(/src="\/?([^"]+\.js)"/g)]
    .map((m) => gzipSync(readFileSync(path.join(baselineDist, m[1])), { level: 9 }).length)
    .reduce((a, b) => a + b, 0)

  const sizes = routeSizes()
  console.log('\nFirst-load JavaScript per route (gzip -9):')
  console.table(sizes)
  console.log(`baseline (bare antd shell, one chunk): ${kb(baselineJs)} kB`)
  const { overBudget, mapLeaks, loginJs } = budgetReport(sizes)
  console.log(`customer routes over ${CUSTOMER_BUDGET_KB} kB: ${overBudget.join(', ') || 'none'}`)
  // SIZES_ONLY=1: the sizes alone, without the Lighthouse runs (a minute instead of a quarter of an hour).
  if (process.env.SIZES_ONLY) return

  const portal = await startWebPortal(PORT)
  const baseline = await serveStatic(baselineDist, BASELINE_PORT)
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, args: CHROME_ARGS })
  const login = await (
    await fetch(`http://127.0.0.1:${PORT}/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    })
  ).json()
  const session = JSON.stringify(login.data)
  const signedIn = async (page) => {
    await page.goto(`http://127.0.0.1:${PORT}/login`)
    await page.evaluate((value) => localStorage.setItem('user', value), session)
  }
  // A screen opened later in the browser session, after the once-a-session splash (docs/requirements.md
  // §2.9: 4 s with rotating messages, whose every message is a new paint that Lighthouse may take for
  // the largest): what a customer sees on every screen but the session's first.
  const signedInLater = async (page) => {
    await signedIn(page)
    await page.evaluate(() => sessionStorage.setItem('splashShown', '1'))
  }
  const targets = [
    { name: 'portal /login', url: `http://127.0.0.1:${PORT}/login` },
    { name: 'portal dashboard (signed in)', url: `http://127.0.0.1:${PORT}/`, prepare: signedInLater },
    {
      name: 'portal dashboard, first of the session (splash)',
      url: `http://127.0.0.1:${PORT}/`,
      prepare: signedIn,
      only: 'mobile',
    },
    // Issue 20: the screens customers open most after the dashboard, on a phone.
    { name: 'portal /keys (signed in)', url: `http://127.0.0.1:${PORT}/keys`, prepare: signedInLater, only: 'mobile' },
    {
      name: 'portal /billing (signed in)',
      url: `http://127.0.0.1:${PORT}/billing`,
      prepare: signedInLater,
      only: 'mobile',
    },
    {
      name: 'portal /statistics (signed in)',
      url: `http://127.0.0.1:${PORT}/statistics`,
      prepare: signedInLater,
      only: 'mobile',
    },
    { name: 'baseline antd shell', url: `http://127.0.0.1:${BASELINE_PORT}/` },
  ]
  const lighthouseRows = []
  try {
    for (const formFactor of ['desktop', 'mobile']) {
      for (const target of targets) {
        if (target.only && target.only !== formFactor) continue
        // ONLY=dashboard,mobile: the targets and form factors named, for looking into one of them.
        if (
          process.env.ONLY &&
          !process.env.ONLY.split(',').every((part) => `${target.name} ${formFactor}`.includes(part))
        )
          continue
        const runs = []
        // Interleaving would be fairer still, but Lighthouse runs are long; medians of RUNS runs each.
        for (let i = 0; i < RUNS; i++) runs.push(await measure(browser, target.url, formFactor, target.prepare))
        if (process.env.VERBOSE) console.log(target.name, formFactor, runs)
        lighthouseRows.push({
          target: target.name,
          formFactor,
          score: median(runs.map((r) => r.score)),
          fcpMs: Math.round(median(runs.map((r) => r.fcp))),
          lcpMs: Math.round(median(runs.map((r) => r.lcp))),
          tbtMs: Math.round(median(runs.map((r) => r.tbt))),
        })
        console.log(JSON.stringify(lighthouseRows.at(-1)))
      }
    }
  } finally {
    await browser.close()
    baseline.close()
    portal.kill()
  }

  console.log('\nLighthouse (median of', RUNS, 'runs):')
  console.table(lighthouseRows)
  const row = (target, formFactor) => lighthouseRows.find((r) => r.target === target && r.formFactor === formFactor)
  const ratios = []
  for (const formFactor of ['desktop', 'mobile']) {
    const base = row('baseline antd shell', formFactor)
    for (const name of ['portal /login', 'portal dashboard (signed in)']) {
      const ours = row(name, formFactor)
      // A run of some targets only (ONLY=…) has no ratio where either side was not measured.
      if (!ours || !base) continue
      ratios.push({
        target: name,
        formFactor,
        lcpRatio: +(ours.lcpMs / base.lcpMs).toFixed(2),
        tbtRatio: base.tbtMs ? +(ours.tbtMs / base.tbtMs).toFixed(2) : null,
      })
    }
  }
  console.log('\nRatios, portal ÷ baseline, same run:')
  console.table(ratios)
  console.log(`/login first-load JS ÷ baseline JS: ${(loginJs / kb(baselineJs)).toFixed(2)}`)

  /** Whether a Lighthouse figure is within its limit, or null when ONLY=… left that target out. */
  const within = (name, formFactor, figure, limit) => {
    const measured = row(name, formFactor)
    return measured ? measured[figure] <= limit : null
  }
  const targetsMet = {
    [`login JS <= ${LOGIN_BUDGET_KB} kB gzip`]: loginJs <= LOGIN_BUDGET_KB,
    [`every customer route but the map <= ${CUSTOMER_BUDGET_KB} kB gzip`]: overBudget.length === 0,
    'no non-map route loads MapLibre': mapLeaks.length === 0,
    'desktop /login LCP <= 1.2 s': within('portal /login', 'desktop', 'lcpMs', 1200),
    'desktop /login TBT <= 150 ms': within('portal /login', 'desktop', 'tbtMs', 150),
    'desktop dashboard LCP <= 1.2 s': within('portal dashboard (signed in)', 'desktop', 'lcpMs', 1200),
    'desktop dashboard TBT <= 150 ms': within('portal dashboard (signed in)', 'desktop', 'tbtMs', 150),
    'mobile /login LCP <= 2.5 s': within('portal /login', 'mobile', 'lcpMs', 2500),
    'mobile dashboard LCP <= 2.0 s': within('portal dashboard (signed in)', 'mobile', 'lcpMs', 2000),
    'mobile dashboard TBT <= 400 ms': within('portal dashboard (signed in)', 'mobile', 'tbtMs', 400),
  }
  console.log('\nTargets:')
  for (const [name, met] of Object.entries(targetsMet))
    console.log(`  ${met === null ? 'not run' : met ? 'met    ' : 'MISSED '} ${name}`)

  mkdirSync(path.join(here, 'results'), { recursive: true })
  const file = path.join(here, 'results', `web-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
  writeFileSync(
    file,
    JSON.stringify(
      { sizes, baselineJsGzipKb: kb(baselineJs), lighthouse: lighthouseRows, ratios, targetsMet },
      null,
      2,
    ),
  )
  console.log(`\nwritten ${path.relative(repo, file)}`)
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error)
    process.exit(1)
  },
)
