import { interpolate, type Lang, type MessageKey } from '@app/contract'
import { enCore } from '@app/contract/messages/en-core'

// The SPA's translation runtime. Each feature registers its strings (define.ts); components read them
// through `useT`. It replaces i18next, which weighed 19 kB gzip of the sign-in page's 250 kB budget
// for features this app does not use (back-ends, nesting). Plurals: `{{count, plural, one {…} other {…}}}`
// (contract messages/plural.ts), chosen by `Intl.PluralRules` for the language.

export type Tree = { readonly [key: string]: string | Tree }
type Values = Record<string, string | number | undefined>

const bundles = new Map<string, Map<string, Tree>>()
let language: Lang = 'en'
const listeners = new Set<() => void>()

/**
 * The server's messages (contract catalogs) per language. The first load carries only the English core
 * (what the sign-in and registration forms say); the full English catalog follows right after the first
 * render (`preloadMessages`), the other languages when chosen.
 */
type Messages = Partial<Record<MessageKey, string>>
const catalogs: Partial<Record<Lang, Messages>> = {}
const catalogLoaders: Record<Lang, () => Promise<Messages>> = {
  en: () => import('@app/contract/messages/en').then((m) => m.en),
  vi: () => import('@app/contract/messages/vi').then((m) => m.vi),
  my: () => import('@app/contract/messages/my').then((m) => m.my),
}
const loading = new Map<Lang, Promise<void>>()

function loadCatalog(lang: Lang): Promise<void> {
  let pending = loading.get(lang)
  if (!pending) {
    pending = catalogLoaders[lang]().then((catalog) => {
      catalogs[lang] = catalog
      for (const listener of listeners) listener()
    })
    loading.set(lang, pending)
  }
  return pending
}

/** Message keys look like `area.name` (`validation.emailRequired`); anything else is already a text. */
const MESSAGE_KEY = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9_-]+)+$/

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
    if (!catalogs[next]) void loadCatalog(next)
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
    return interpolate(text, values, language)
  },
  /** A server message (validation and error texts shared with the server) in the current language. */
  message(key: MessageKey, values?: Values): string {
    const text = catalogs[language]?.[key] ?? catalogs.en?.[key] ?? (enCore as Messages)[key]
    if (text === undefined) {
      // Only until the catalogs arrive (moments after the first render); listeners re-render then.
      void loadCatalog('en')
      if (language !== 'en') void loadCatalog(language)
      return key
    }
    return interpolate(text, values, language)
  },
  /** Whether a string from the server or a check is a message key rather than a finished text. */
  isMessageKey(value: string): value is MessageKey {
    return MESSAGE_KEY.test(value)
  },
  /** Fetches the full English catalog (and the current language's) after the first render. */
  preloadMessages(): Promise<void> {
    return Promise.all([loadCatalog('en'), language === 'en' ? undefined : loadCatalog(language)]).then(() => {})
  },
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  },
}
