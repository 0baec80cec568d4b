#!/usr/bin/env node
// `npm test`: every test this machine can run.
//  1. unit and integration tests (Vitest): contract, web components, server on PGlite, and the server
//     again on PostgreSQL when DATABASE_URL is set;
//  2. browser journeys (Playwright) when a Chromium is found (CHROMIUM_PATH, or Debian's /usr/bin/chromium).
// REQUIRE_E2E=1 and REQUIRE_POSTGRES=1 turn "skipped because missing" into a failure (CI sets both).
// SERVER_PG_NODE=22 (CI sets it) runs the server tests on PostgreSQL in a Vitest run of their own on Node
// 22 (`npx -p node@22`: the npm registry's Node package, installed once into npm's cache), after the
// rest on this machine's Node: the server's test files then run on both Nodes, on one database each, in
// about the time of one run, except the command-line tests, which vitest.config.ts moves to the Node 22
// run. It needs DATABASE_URL; without it, the variable changes nothing.
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
    console.log(`  ${name.padEnd(28)} ${String(seconds).padStart(6)} s`)
  for (const [name, seconds] of phases) line(name, seconds)
  line('total', Math.round(performance.now() / 1000))
}

const finish = (/** @type {number} */ code) => {
  summary()
  process.exit(code)
}

/** Records a phase's time; a failed phase ends the run. */
const record = (/** @type {string} */ phase, /** @type {number} */ started, /** @type {number} */ status) => {
  const seconds = Math.round((performance.now() - started) / 1000)
  const name = status === 0 ? phase : `${phase} (failed)`
  phases.push([name, seconds])
  if (process.env.PHASE_TIMES) appendFileSync(process.env.PHASE_TIMES, `${name}\t${seconds}\n`)
  if (status !== 0) finish(status)
}

/**
 * The version of the `node` that `launcher… node` starts: the one on PATH (which `npx vitest` runs), or
 * with `npx -y -p node@22` the registry's Node 22 (installed by the first call).
 */
const nodeVersion = (/** @type {string[]} */ launcher) => {
  const [command, ...args] = [...launcher, 'node', '--version']
  const result = spawnSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
  return result.status === 0 ? result.stdout.trim() : null
}

const run = (
  /** @type {string} */ phase,
  /** @type {string} */ command,
  /** @type {string[]} */ args,
  { env = {}, node = nodeVersion([]), started = performance.now() } = {},
) => {
  console.log(`\n> ${command} ${args.join(' ')}    (Node ${node})`)
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  record(phase, started, result.status ?? 1)
}

if (process.env.REQUIRE_POSTGRES === '1' && !process.env.DATABASE_URL) {
  console.error('REQUIRE_POSTGRES=1 but DATABASE_URL is not set.')
  process.exit(1)
}
if (!process.env.DATABASE_URL) {
  console.log('DATABASE_URL is not set: the server tests run on embedded PGlite only.')
}

const pgNode = process.env.SERVER_PG_NODE
if (pgNode && process.env.DATABASE_URL) {
  run('vitest', 'npx', ['vitest', 'run', '--project', '!server-pg'])
  // The install of that Node (the first time on a machine) counts in the phase's time.
  const started = performance.now()
  const launcher = ['npx', '-y', '-p', `node@${pgNode}`]
  const node = nodeVersion(launcher)
  const phase = `vitest (node ${pgNode}, postgres)`
  if (!node) {
    console.error(
      `\n${launcher.join(' ')} node --version failed: Node ${pgNode} could not be installed from the npm registry.`,
    )
    record(phase, started, 1)
  }
  run(phase, launcher[0], [...launcher.slice(1), 'vitest', 'run', '--project', 'server-pg'], { node, started })
} else {
  if (pgNode) console.log(`SERVER_PG_NODE=${pgNode} changes nothing without DATABASE_URL.`)
  run('vitest', 'npx', ['vitest', 'run'])
}

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
run('journeys', 'npm', journeys, { env: { CHROMIUM_PATH: chromium } })
finish(0)
