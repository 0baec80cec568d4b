import { en as serverEnglish } from '@app/contract/messages/en'
import { describe, expect, it } from 'vitest'
import type { Tree } from './i18n.ts'

// Every English text that counts things says "1 bill", not "1 bills" (issue 20): a count followed by a
// plural noun is written as a plural block, `{{count, plural, one {# bill} other {# bills}}}`. The
// numbers that are fixed bounds (at least {{min}} characters, up to {{max}} images) never are 1, and some
// placeholders are words, not numbers.

const modules = import.meta.glob<Record<string, unknown>>(['../**/*.i18n.ts'], { eager: true })

// Words, not numbers: a unit's name, an e-mail address, a payment reference.
const NOT_COUNTS = new Set(['min', 'max', 'hours', 'minutes', 'value', 'ms', 'bytes', 'unit', 'email', 'reference'])
const PLURAL_BLOCK = /\{\{\s*\w+\s*,\s*plural\s*,(?:\s*(?:=\d+|zero|one|two|few|many|other)\s*\{[^{}]*\})+\s*\}\}/g
const COUNTED = /\{\{(\w+)\}\} ([a-z]+s)\b/g
const NOT_NOUNS = new Set(['is', 'was', 'this', 'confirms', 'ms'])

function* leaves(tree: Tree, path: string): Generator<[string, string]> {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') yield [`${path}.${key}`, value]
    else yield* leaves(value, `${path}.${key}`)
  }
}

function englishTexts(): [string, string][] {
  const texts: [string, string][] = Object.entries(serverEnglish)
  for (const [file, exports] of Object.entries(modules)) {
    for (const value of Object.values(exports)) {
      const resources = (value as { resources?: Record<string, Tree> } | null)?.resources
      if (resources?.en) texts.push(...leaves(resources.en, file))
    }
  }
  return texts
}

describe('counts in English texts', () => {
  it('are plural blocks wherever the count can be 1', () => {
    const texts = englishTexts()
    expect(texts.length).toBeGreaterThan(1000)
    const wrong = texts.flatMap(([where, text]) =>
      [...text.replace(PLURAL_BLOCK, '').matchAll(COUNTED)]
        .filter(([, name = '', noun = '']) => !NOT_COUNTS.has(name) && !NOT_NOUNS.has(noun))
        .map(([match]) => `${where}: ${match}`),
    )
    expect(wrong).toEqual([])
  })
})
