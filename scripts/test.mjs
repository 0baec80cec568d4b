#!/usr/bin/env node
// `npm test`: every test this machine can run.
//  1. unit and integration tests (Vitest): contract, web components, server on PGlite, and the server
//     again on PostgreSQL when DATABASE_URL is set;
//  2. browser journeys (Playwright) when a Chromium is found (CHROMIUM_PATH, or Debian's /usr/bin/chromium).
// REQUIRE_E2E=1 and REQUIRE_POSTGRES=1 turn "skipped because missing" into a failure (CI sets both).
// It ends with the time each phase took. WEB_BUILT=1 says the web app was just built (.ci/run builds
// everything first), so the journeys do not build it again. With PHASE_TIMES set to a file, each
// phase's time is also appended there as "name<TAB>seconds", for .ci/run's summary.
import { spawnSync } from 'node:child_process'
import { appendFileSync, existsSync } from 'node:fs'

/** @type {[string, number][]} */
const phases = []

const summary = () => {
  if (phases.length === 0) return
  console.log('\nnpm test phases:')
  const line = (/** @type {string} */ name, /** @type {number} */ seconds) =>
    console.log(`  ${name.padEnd(16)} ${String(seconds).padStart(6)} s`)
  for (const [name, seconds] of phases) line(name, seconds)
  line('total', Math.round(performance.now() / 1000))
}

const finish = (/** @type {number} */ code) => {
  summary()
  process.exit(code)
}

const run = (/** @type {string} */ phase, /** @type {string} */ command, /** @type {string[]} */ args, env = {}) => {
  console.log(`\n> ${command} ${args.join(' ')}`)
  const started = performance.now()
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  const seconds = Math.round((performance.now() - started) / 1000)
  const name = result.status === 0 ? phase : `${phase} (failed)`
  phases.push([name, seconds])
  if (process.env.PHASE_TIMES) appendFileSync(process.env.PHASE_TIMES, `${name}\t${seconds}\n`)
  if (result.status !== 0) finish(result.status ?? 1)
}

if (process.env.REQUIRE_POSTGRES === '1' && !process.env.DATABASE_URL) {
  console.error('REQUIRE_POSTGRES=1 but DATABASE_URL is not set.')
  process.exit(1)
}
if (!process.env.DATABASE_URL) {
  console.log('DATABASE_URL is not set: the server tests run on embedded PGlite only.')
}

run('vitest', 'npx', ['vitest', 'run'])

const chromium =
  process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p))
if (!chromium || !existsSync(chromium)) {
  const message =
    'No Chromium found (install Debian\'s "chromium" package or set CHROMIUM_PATH): browser journeys skipped.'
  if (process.env.REQUIRE_E2E === '1') {
    console.error(message)
    finish(1)
  }
  console.log(message)
  finish(0)
}
const journeys = process.env.WEB_BUILT === '1' ? ['run', 'test', '-w', '@app/e2e'] : ['run', 'e2e']
run('journeys', 'npm', journeys, { CHROMIUM_PATH: chromium })
finish(0)
