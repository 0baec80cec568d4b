import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Plugin } from 'vite'

// antd's build-time stylesheet (antd/dist/antd.css, 1 MB) loaded as a few stylesheets instead of one.
// A browser parses a stylesheet in one task: on a phone's CPU the whole sheet was a single task of
// ~300 ms, all of it blocking input; in four parts it is four tasks of ~80 ms (bench/README.md
// "antd's stylesheet in four parts"). `src/theme/antd.css?part=N` (N from 1) is the Nth part, cut
// at the boundaries of top-level rules, in antd's order, in the `antd` cascade layer that
// theme/global.css declares. main.tsx loads the parts beside the app's start and the app renders once
// all are here, so a screen never draws before its styles.

/** How many stylesheets antd's styles are loaded as (main.tsx imports each part). */
export const ANTD_CSS_PARTS = 4
const PART = /[\\/]src[\\/]theme[\\/]antd\.css\?part=(\d+)$/

/** `text` cut into `count` pieces of about equal length, each ending where a top-level rule ends. */
export function splitTopLevelRules(text: string, count: number): string[] {
  const ends: number[] = []
  let depth = 0
  let quote: string | null = null
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quote) {
      if (c === '\\') i++
      else if (c === quote) quote = null
    } else if (c === '"' || c === "'") quote = c
    else if (c === '{') depth++
    else if (c === '}' && --depth === 0) ends.push(i + 1)
  }
  const parts: string[] = []
  let start = 0
  for (let k = 1; k < count; k++) {
    const cut = ends.find((end) => end >= (text.length * k) / count && end > start) ?? text.length
    parts.push(text.slice(start, cut))
    start = cut
  }
  parts.push(text.slice(start))
  return parts
}

export function antdCssParts(): Plugin {
  let parts: string[] | null = null
  return {
    name: 'antd-css-parts',
    enforce: 'pre',
    load(id) {
      const part = PART.exec(id)
      if (!part) return null
      const n = Number(part[1])
      if (!(n >= 1 && n <= ANTD_CSS_PARTS)) throw new Error(`antd.css has parts 1 to ${ANTD_CSS_PARTS}, not ${n}`)
      parts ??= splitTopLevelRules(
        readFileSync(createRequire(import.meta.url).resolve('antd/dist/antd.css'), 'utf8'),
        ANTD_CSS_PARTS,
      )
      return `@layer antd {\n${parts[n - 1]}\n}\n`
    },
  }
}
