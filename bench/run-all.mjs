#!/usr/bin/env node
// `npm run bench`: every benchmark, one after another (each prints its own side-by-side ratios).
import { spawnSync } from 'node:child_process'

const benches = [
  [
    'gateway.mjs',
    "the gateway's key check vs hello-world (cached and first sight), then through nginx vs nginx straight to the maps API",
  ],
  ['web.mjs', 'front-end load cost (bundle per route, Lighthouse vs a bare antd shell)'],
  ['usage.mjs', 'usage reports vs raw COPY, statistics over 10 M hourly rows, idle memory'],
  ['billing.mjs', "a month's bills for 100,000 users × 12 services, on PGlite and PostgreSQL"],
]

for (const [script, what] of benches) {
  console.log(`\n=== ${script}: ${what}`)
  const result = spawnSync(process.execPath, [script], { stdio: 'inherit', cwd: import.meta.dirname })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
