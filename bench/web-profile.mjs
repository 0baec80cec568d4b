#!/usr/bin/env node
// `node bench/web-profile.mjs`: where a phone's main thread goes while a signed-in screen loads, read
// through the build's source maps. A diagnostic, not a benchmark (no targets, nothing compared): it
// builds the SPA with source maps into a folder of its own (or takes DIST), serves it from a portal
// with a fresh in-memory database, and loads each screen at a phone's size with the CPU slowed 4×,
// signed in as the bench administrator after the once-a-session splash. For each screen it prints
//  - every task of 50 ms or more (a CPU profile's samples between idle ones), with the modules its time
//    went to: react-dom, antd, rc (antd's rc-component parts), the app's own files, or Blink's own work
//    ("(program)": parsing, style, layout);
//  - every style recalculation and layout a script forced (it read a size or position while the page
//    had changed), with the script's stack, and their sum. Such work is done inside the script's task,
//    and again when the page changes before the next frame (bench/README.md "The tour's width check, and the locale data").
//   PATHS=/,/keys   the screens (default: the dashboard)
//   DIST=<folder>   a build made with `vite build --sourcemap` (default: built here, into a temporary folder)
//   DETAIL=1        each source file apart instead of by library
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import puppeteer from 'puppeteer-core'
import sourceMap from 'source-map-js'
import { benchAdminSession, startWebPortal } from './lib/web-portal.mjs'

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web')
const PATHS = (process.env.PATHS ?? '/').split(',')
const PORT = Number(process.env.BENCH_PORT ?? 3750)
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const LONG_TASK_MS = 50

let dist = process.env.DIST
if (!dist) {
  dist = mkdtempSync(path.join(tmpdir(), 'web-profile-'))
  const built = spawnSync('npx', ['vite', 'build', '--sourcemap', '--outDir', dist, '--emptyOutDir'], {
    cwd: web,
    stdio: 'ignore',
  })
  if (built.status !== 0) throw new Error('vite build --sourcemap failed')
}

const maps = new Map()
/** The source file (node_modules shortened to `nm:`) and line of a position in a built chunk. */
function original(url, line, column) {
  const chunk = /\/assets\/([^/?#]+\.js)/.exec(url)?.[1]
  if (!chunk) return null
  const file = path.join(dist, 'assets', chunk)
  if (!maps.has(file))
    maps.set(
      file,
      existsSync(`${file}.map`)
        ? new sourceMap.SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8')))
        : null,
    )
  const position = maps.get(file)?.originalPositionFor({ line, column })
  if (!position?.source) return { source: chunk, line: 0, name: null }
  const source = position.source.replace(/^.*node_modules\//, 'nm:').replace(/^.*\/src\//, 'src/')
  return { source, line: position.line, name: position.name }
}

/** What a profile's function counts as: a library, one of the app's files, or Blink's own work. */
function bucket(callFrame) {
  if (!callFrame.url) return callFrame.functionName || '(native)'
  // A profile node's position is where its function starts (0-based line and column).
  const at = original(callFrame.url, callFrame.lineNumber + 1, callFrame.columnNumber)
  if (!at) return '(other scripts)'
  const { source } = at
  if (process.env.DETAIL) return source
  if (source.startsWith('nm:react-dom')) return 'react-dom'
  if (source.startsWith('nm:antd')) return 'antd'
  if (source.startsWith('nm:@rc-component')) return 'rc'
  if (source.startsWith('nm:@ant-design')) return '@ant-design'
  if (source.startsWith('nm:'))
    return source
      .split('/')
      .slice(0, source.startsWith('nm:@') ? 2 : 1)
      .join('/')
  return source
}

/** The tasks of `LONG_TASK_MS` or more in a CPU profile, each with its time per bucket. */
function longTasks(profile) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]))
  const tasks = []
  let current = null
  let at = profile.startTime
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i]
    if (nodes.get(id).callFrame.functionName === '(idle)') {
      if (current) tasks.push(current)
      current = null
      return
    }
    current ??= { start: at, end: at, samples: [] }
    current.end = at
    current.samples.push([id, (profile.timeDeltas[i + 1] ?? 0) / 1000])
  })
  if (current) tasks.push(current)
  return tasks
    .map((task) => {
      const by = new Map()
      for (const [id, ms] of task.samples) {
        const name = bucket(nodes.get(id).callFrame)
        by.set(name, (by.get(name) ?? 0) + ms)
      }
      return { startMs: (task.start - profile.startTime) / 1000, ms: (task.end - task.start) / 1000, by }
    })
    .filter((task) => task.ms >= LONG_TASK_MS)
}

/** Style recalculations and layouts in a trace that a script of the page forced, with their stacks. */
function forcedLayouts(trace, origin) {
  return trace.traceEvents
    .filter((e) => e.ph === 'X' && (e.name === 'Layout' || e.name === 'UpdateLayoutTree'))
    .map((e) => ({ name: e.name, ms: (e.dur ?? 0) / 1000, stack: e.args?.beginData?.stackTrace ?? [] }))
    .filter((e) => e.stack.some((frame) => frame.url.startsWith(origin)))
    .map((e) => ({
      ...e,
      stack: e.stack.slice(0, 4).map((frame) => {
        // Trace stack frames are 1-based.
        const at = original(frame.url, frame.lineNumber, frame.columnNumber - 1)
        return at ? `${at.source}:${at.line} ${at.name ?? frame.functionName}` : frame.functionName
      }),
    }))
}

const portal = await startWebPortal(PORT, dist)
const browser = await puppeteer.launch({
  executablePath: CHROMIUM,
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
})
try {
  const session = await benchAdminSession(PORT)
  const origin = `http://127.0.0.1:${PORT}`
  for (const screen of PATHS) {
    const context = await browser.createBrowserContext()
    const page = await context.newPage()
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true })
    await page.emulateCPUThrottling(4)
    await page.evaluateOnNewDocument((s) => {
      localStorage.setItem('user', s)
      sessionStorage.setItem('splashShown', '1')
    }, session)
    const cdp = await page.createCDPSession()
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 250 })
    await cdp.send('Profiler.start')
    await page.tracing.start({
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'disabled-by-default-devtools.timeline.stack',
      ],
    })
    await page.goto(`${origin}${screen}`, { waitUntil: 'networkidle0' })
    await new Promise((r) => setTimeout(r, 1500))
    const trace = JSON.parse(Buffer.from(await page.tracing.stop()).toString('utf8'))
    const { profile } = await cdp.send('Profiler.stop')
    const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0)
    await context.close()

    console.log(`\n${screen} (CPU 4×; first contentful paint at ${Math.round(fcp)} ms of the page's clock)`)
    console.log(`  tasks of ${LONG_TASK_MS} ms or more (profile clock, ms):`)
    for (const task of longTasks(profile)) {
      const top = [...task.by]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([name, ms]) => `${name} ${Math.round(ms)}`)
      console.log(`    at ${Math.round(task.startMs)}: ${Math.round(task.ms)} ms — ${top.join(', ')}`)
    }
    const forced = forcedLayouts(trace, origin)
    console.log(
      `  style and layout forced by scripts: ${Math.round(forced.reduce((sum, e) => sum + e.ms, 0))} ms in ${forced.length}`,
    )
    for (const e of forced.filter((f) => f.ms >= 2))
      console.log(`    ${e.name} ${e.ms.toFixed(1)} ms ← ${e.stack.join(' ← ')}`)
  }
} finally {
  await browser.close()
  portal.kill()
  if (!process.env.DIST) rmSync(dist, { recursive: true, force: true })
}
