import { en as contractEnglish, interpolate, type Lang, type MessageKey } from '@app/contract'

// The SPA's translation runtime. Each feature registers its strings (define.ts); components read them
// through `useT`. It replaces i18next, which weighed 19 kB gzip of the sign-in page's 250 kB budget
// for features this app does not use (back-ends, plural rules, nesting).

export type Tree = { readonly [key: string]: string | Tree }
type Values = Record<string, string | number | undefined>

const bundles = new Map<string, Map<string, Tree>>()
let language: Lang = 'en'
const listeners = new Set<() => void>()

/** The server's messages (contract catalogs) per language; English ships, the others load on demand. */
const catalogs: Partial<Record<Lang, Record<MessageKey, string>>> = { en: contractEnglish }
const catalogLoaders: Record<Exclude<Lang, 'en'>, () => Promise<Record<MessageKey, string>>> = {
  vi: () => import('@app/contract/messages/vi').then((m) => m.vi),
  my: () => import('@app/contract/messages/my').then((m) => m.my),
}

function lookup(tree: Tree | undefined, key: string): string | undefined {
  let node: string | Tree | undefined = tree
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined
    node = node[part]
  }
  return typeof node === 'string' ? node : undefined
}

/** A key that no language has is a bug; the browser journeys read this list and fail on it. */
function reportMissing(namespace: string, key: string) {
  if (typeof window === 'undefined') return
  const w = window as unknown as { __i18nMissing?: string[] }
  w.__i18nMissing ??= []
  w.__i18nMissing.push(`${language}:${namespace}:${key}`)
}

export const i18n = {
  get language(): Lang {
    return language
  },
  /** Switches the language; components using `useT` re-render. The server catalog follows. */
  changeLanguage(next: Lang) {
    if (next === language) return
    language = next
    for (const listener of listeners) listener()
    if (next !== 'en' && !catalogs[next]) {
      void catalogLoaders[next]().then((catalog) => {
        catalogs[next] = catalog
        for (const listener of listeners) listener()
      })
    }
  },
  addBundle(namespace: string, lang: string, tree: Tree) {
    let byLang = bundles.get(namespace)
    if (!byLang) {
      byLang = new Map()
      bundles.set(namespace, byLang)
    }
    byLang.set(lang, tree)
  },
  /** A string of a namespace in the current language, English when that language lacks it. */
  t(namespace: string, key: string, values?: Values): string {
    const byLang = bundles.get(namespace)
    const text = lookup(byLang?.get(language), key) ?? lookup(byLang?.get('en'), key)
    if (text === undefined) {
      reportMissing(namespace, key)
      return key
    }
    return interpolate(text, values)
  },
  /** A server message (validation and error texts shared with the server) in the current language. */
  message(key: MessageKey, values?: Values): string {
    const catalog = catalogs[language] ?? contractEnglish
    return interpolate(catalog[key] ?? contractEnglish[key], values)
  },
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  },
}
