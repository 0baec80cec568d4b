import { describe, expect, it } from 'vitest'
import { AREA_LANGUAGES, type Area, type Messages } from './define.ts'

// Every `*.i18n.ts` module of the SPA, found by name so a new screen's strings are checked without
// being listed anywhere. The type checker already refuses a missing key; this also catches extra keys,
// empty texts and placeholders a translator dropped or renamed.
const modules = import.meta.glob<Record<string, unknown>>('../**/*.i18n.ts', { eager: true })

type Tree = { readonly [key: string]: string | Tree }

function isMessages(value: unknown): value is Messages<Tree> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Messages<Tree>).ns === 'string' &&
    typeof (value as Messages<Tree>).area === 'string' &&
    typeof (value as Messages<Tree>).resources === 'object'
  )
}

const namespaces = Object.entries(modules).flatMap(([file, exports]) =>
  Object.values(exports)
    .filter(isMessages)
    .map((messages) => ({ file, messages })),
)

/** "a.b.c" → text, for every leaf of a tree of strings. */
function flatten(tree: unknown, prefix = ''): Map<string, unknown> {
  const leaves = new Map<string, unknown>()
  if (typeof tree !== 'object' || tree === null) return leaves
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'object' && value !== null) for (const [k, v] of flatten(value, path)) leaves.set(k, v)
    else leaves.set(path, value)
  }
  return leaves
}

// A plural block `{{count, plural, …}}` stands for its placeholder `count`.
const placeholders = (text: string) =>
  [...new Set([...text.matchAll(/\{\{\s*(\w+)\s*(?:\}\}|,\s*plural\s*,)/g)].map((m) => m[1]))].sort()

/** What is wrong with one namespace, as readable lines (empty when it is complete). */
function problemsOf(messages: Messages<Tree>): string[] {
  const problems: string[] = []
  const required: readonly string[] = AREA_LANGUAGES[messages.area as Area] ?? []
  if (required.length === 0) problems.push(`unknown area "${messages.area}"`)
  const languages = Object.keys(messages.resources)
  for (const lang of required) if (!languages.includes(lang)) problems.push(`no ${lang} translation`)
  for (const lang of languages) if (!required.includes(lang)) problems.push(`${lang} is not a language of its area`)

  const english = flatten(messages.resources.en)
  for (const lang of languages) {
    const texts = flatten(messages.resources[lang])
    for (const [key, text] of texts) {
      if (typeof text !== 'string') problems.push(`${lang}: ${key} is not a string`)
      else if (!text.trim()) problems.push(`${lang}: ${key} is empty`)
      if (!english.has(key)) problems.push(`${lang}: ${key} is not in English`)
    }
    for (const [key, source] of english) {
      const text = texts.get(key)
      if (text === undefined) {
        problems.push(`${lang}: ${key} is missing`)
        continue
      }
      if (typeof source !== 'string' || typeof text !== 'string') continue
      const expected = placeholders(source).join(', ')
      const actual = placeholders(text).join(', ')
      if (expected !== actual) problems.push(`${lang}: ${key} has {{${actual}}} where English has {{${expected}}}`)
    }
  }
  return problems
}

describe('translations', () => {
  it('finds the screens’ message modules', () => {
    // The shell, the account pages and the back office at least; an empty glob would pass everything.
    const names = namespaces.map(({ messages }) => messages.ns)
    expect(names).toEqual(expect.arrayContaining(['common', 'shell', 'auth', 'settings', 'adminShell', 'adminOutbox']))
  })

  it('gives every namespace its own name', () => {
    const owners = new Map<string, string[]>()
    for (const { file, messages } of namespaces) owners.set(messages.ns, [...(owners.get(messages.ns) ?? []), file])
    const shared = [...owners]
      .filter(([, files]) => files.length > 1)
      .map(([ns, files]) => `${ns}: ${files.join(', ')}`)
    expect(shared).toEqual([])
  })

  it.each(namespaces.map(({ file, messages }) => [messages.ns, file, messages] as const))(
    '%s (%s) has every key in every language of its area, no extras, no blanks, the same placeholders',
    (_ns, _file, messages) => {
      expect(problemsOf(messages)).toEqual([])
    },
  )

  it('notices what it is meant to notice', () => {
    const broken: Messages<Tree> = {
      ns: 'broken',
      area: 'customer',
      resources: {
        en: { a: 'Hello {{name}}', b: { c: 'Text' } },
        my: { a: 'မင်္ဂလာပါ {{who}}', b: { c: ' ' }, extra: 'x' },
      },
    }
    expect(problemsOf(broken)).toEqual([
      'my: b.c is empty',
      'my: extra is not in English',
      'my: a has {{who}} where English has {{name}}',
    ])
    const admin: Messages<Tree> = { ns: 'admin', area: 'admin', resources: { en: { a: 'A' }, my: { a: 'A' } } }
    expect(problemsOf(admin)).toEqual(['no vi translation', 'my is not a language of its area'])
  })
})
