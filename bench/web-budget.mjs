#!/usr/bin/env node
// `npm run bench:budget` (and .ci/run after its build): fails when a route of the web app built in
// apps/web/dist is over issue 20's first-load budget (≤ 330 kB gzip for every customer route but the
// map, ≤ 230 kB for /login) or a non-map route carries MapLibre. The sizes alone, in a second: the
// Lighthouse runs stay in `npm run bench:web`.
import { budgetReport, CUSTOMER_BUDGET_KB, LOGIN_BUDGET_KB, routeSizes } from './lib/web-sizes.mjs'

const sizes = routeSizes()
console.table(sizes.map(({ route, files, jsGzipKb }) => ({ route, files, jsGzipKb })))
const { overBudget, mapLeaks, margin } = budgetReport(sizes)
if (overBudget.length || mapLeaks.length) {
  if (overBudget.length)
    console.error(
      `Over the first-load budget (${CUSTOMER_BUDGET_KB} kB, /login ${LOGIN_BUDGET_KB} kB): ${overBudget.join(', ')}`,
    )
  if (mapLeaks.length) console.error(`MapLibre loaded by a route that draws no map: ${mapLeaks.join(', ')}`)
  console.error(
    'bench/README.md "antd\'s unused parts, and what a screen draws later" says how routes were brought under it.',
  )
  process.exit(1)
}
console.log(`Every route within its first-load budget (the tightest customer route ${margin.toFixed(1)} kB under).`)
