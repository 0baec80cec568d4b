#!/usr/bin/env node
// Part of `npm run lint`: fails when a source or documentation file cites a document outside the
// repository (the customer's specification, the design notes, or the shared notes folder), which a new
// engineer cannot open. Cite docs/requirements.md §N.M, another page of docs/, or nothing.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

// Built from parts so that this file does not match itself.
const outside = new RegExp(
  [
    `\\b${'SP'}EC\\b`,
    `\\b${'DES'}IGN\\b`,
    `shared/${'notes'}`,
    `${'notes'}/(payments|perf|stack)`,
    `\\b${'notes'} §`,
    `payments-and-${'security'}`,
  ].join('|'),
)
const checked = /\.(ts|tsx|md|mjs)$/

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => checked.test(file) && !file.includes('node_modules/'))

const found = []
for (const file of files) {
  let text
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    continue // listed by git but deleted in the working tree
  }
  text.split('\n').forEach((line, index) => {
    if (outside.test(line)) found.push(`${file}:${index + 1}: ${line.trim().slice(0, 120)}`)
  })
}

if (found.length > 0) {
  console.error(
    `${found.length} line(s) cite a document outside the repository; cite docs/requirements.md §N.M instead:`,
  )
  for (const hit of found) console.error(`  ${hit}`)
  process.exit(1)
}
