#!/usr/bin/env node
// `npm run bench:billing`: monthly bill generation (issue 5). 100,000 users × 12 services of seeded
// usage for one month on the embedded database (PGlite in a temporary folder, as the server runs it),
// then the real `generateBills` of that month, timed, with the process's peak RSS and heap sampled
// while it runs; then the rerun, which must create nothing. The same on PostgreSQL when DATABASE_URL,
// PG_URL or postgres://postgres@127.0.0.1:5432 answers (in a database of its own, dropped afterwards).
// Target: ≤ 60 s for the generation on PGlite, memory bounded (users are billed 2,000 at a time).
//
// Environment: BENCH_USERS (100000), PG_URL. Each run is its own process (bench/billing-run.ts).
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { postgresUrl, withPostgresDatabase } from './lib/postgres.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const TARGET_S = 60

function run(database) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'billing-run.ts')], {
      env: { ...process.env, BENCH_DB: database },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout.on('data', (chunk) => {
      out += chunk
    })
    child.on('error', reject)
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('RESULT '))
      if (code !== 0 || !line) return reject(new Error(`billing-run exited with ${code}:\n${out}`))
      resolve(JSON.parse(line.slice('RESULT '.length)))
    })
  })
}

function show(result) {
  console.log(
    `${result.engine}: ${result.users.toLocaleString('en')} users × ${result.services} services (${result.usageRows.toLocaleString('en')} usage rows, seeded in ${result.seedS} s)\n` +
      `  generation ${result.generateS} s = ${result.usersPerS.toLocaleString('en')} users/s | rerun (creates nothing) ${result.rerunS} s\n` +
      `  RSS ${result.rssBeforeMiB} MiB before, peak ${result.rssPeakMiB} MiB | heap ${result.heapBeforeMiB} MiB before, peak ${result.heapPeakMiB} MiB\n` +
      `  ${result.bills.toLocaleString('en')} bills (${result.paidZeroBills.toLocaleString('en')} of 0.00, stored paid; ${result.discountedBills.toLocaleString('en')} discounted; ${result.billsWithPrivateRates} with a private rate), ${result.billedUsd} USD billed`,
  )
}

async function main() {
  const results = []
  const dir = mkdtempSync(path.join(tmpdir(), 'billing-bench-'))
  try {
    console.log('\n── Bill generation on PGlite (a temporary folder)')
    const pglite = await run(path.join(dir, 'pglite'))
    show(pglite)
    results.push(pglite)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  const base = await postgresUrl()
  if (base) {
    console.log('\n── Bill generation on PostgreSQL')
    const postgres = await withPostgresDatabase(base, 'bench_billing', run)
    show(postgres)
    results.push(postgres)
  } else {
    console.log('\nPostgreSQL: not reachable (set DATABASE_URL or PG_URL); skipped')
  }
  const targets = results.map((r) => ({
    target: `${r.engine}: generate ${r.users.toLocaleString('en')} users' bills, s`,
    reached: r.generateS,
    goal: r.engine === 'pglite' ? `≤ ${TARGET_S}` : '(context)',
    met: r.engine === 'pglite' ? (r.generateS <= TARGET_S ? 'met' : 'MISSED') : '',
  }))
  console.table(targets)
  const resultsDir = path.join(here, 'results')
  mkdirSync(resultsDir, { recursive: true })
  const file = path.join(resultsDir, `billing-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
  writeFileSync(file, `${JSON.stringify({ results, targets }, null, 2)}\n`)
  console.log(`written ${path.relative(path.resolve(here, '..'), file)}`)
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error)
    process.exit(1)
  },
)
