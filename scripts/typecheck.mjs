#!/usr/bin/env node
// `npm run typecheck`: `tsc` on each TypeScript project of the repository, as many at once as the
// machine has cores. One tsc uses one core, so one after another they left the second core of a
// 2-core machine idle for most of `npm run check` (bench/README.md "Test suite time"). Each project's
// messages are printed together once its tsc ends; the exit code is 1 when any project fails.
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { availableParallelism } from 'node:os'

// The largest first, so that the small ones fill in beside them.
const PROJECTS = ['apps/web', 'apps/server', 'bench', 'packages/contract', 'scripts', 'e2e']
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')

/** Runs tsc on one project; resolves to whether it passed, having printed what tsc said. */
function check(project) {
  const started = performance.now()
  const child = spawn(process.execPath, [tsc, '-p', project], { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk) => {
    output += chunk
  })
  child.stderr.on('data', (chunk) => {
    output += chunk
  })
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1)
      console.log(`tsc -p ${project}: ${code === 0 ? 'no errors' : 'failed'} (${seconds} s)`)
      if (output) process.stdout.write(output)
      resolve(code === 0)
    })
  })
}

const queue = [...PROJECTS]
let failed = false
const worker = async () => {
  for (let project = queue.shift(); project; project = queue.shift()) {
    if (!(await check(project))) failed = true
  }
}
await Promise.all(Array.from({ length: Math.min(availableParallelism(), PROJECTS.length) }, worker))
process.exit(failed ? 1 : 0)
