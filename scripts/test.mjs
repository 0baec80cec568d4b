#!/usr/bin/env node
// `npm test`: every test this machine can run.
//  1. unit and integration tests (Vitest): contract, web components, server on PGlite, and the server
//     again on PostgreSQL when DATABASE_URL is set;
//  2. browser journeys (Playwright) when a Chromium is found (CHROMIUM_PATH, or Debian's /usr/bin/chromium).
// REQUIRE_E2E=1 and REQUIRE_POSTGRES=1 turn "skipped because missing" into a failure (CI sets both).
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const run = (command, args, env = {}) => {
  console.log(`\n> ${command} ${args.join(' ')}`)
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

if (process.env.REQUIRE_POSTGRES === '1' && !process.env.DATABASE_URL) {
  console.error('REQUIRE_POSTGRES=1 but DATABASE_URL is not set.')
  process.exit(1)
}
if (!process.env.DATABASE_URL) {
  console.log('DATABASE_URL is not set: the server tests run on embedded PGlite only.')
}

run('npx', ['vitest', 'run'])

const chromium =
  process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p))
if (!chromium || !existsSync(chromium)) {
  const message =
    'No Chromium found (install Debian\'s "chromium" package or set CHROMIUM_PATH): browser journeys skipped.'
  if (process.env.REQUIRE_E2E === '1') {
    console.error(message)
    process.exit(1)
  }
  console.log(message)
  process.exit(0)
}
run('npm', ['run', 'e2e'], { CHROMIUM_PATH: chromium })
