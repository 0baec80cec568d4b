import { useCallback } from 'react'
import { i18n, type Tree } from './i18n.ts'
import { useLang } from './lang.ts'

// Translations live beside the screens that use them (`features/keys/keys.i18n.ts`), one namespace per
// feature. The helpers below make the type checker refuse a translation that lacks a key, and the
// customer area (English, Burmese) and the admin area (English, Vietnamese) each get their languages.

/** The same keys as `T`, with any strings. */
export type Translation<T> = { readonly [K in keyof T]: T[K] extends string ? string : Translation<T[K]> }

/** "a.b.c" paths of the leaves of a tree of strings. */
export type KeyOf<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${KeyOf<T[K]>}`
}[keyof T & string]

export type Area = 'customer' | 'admin' | 'shared'
export const AREA_LANGUAGES = {
  customer: ['en', 'my'],
  admin: ['en', 'vi'],
  shared: ['en', 'my', 'vi'],
} as const satisfies Record<Area, readonly string[]>

export interface Messages<T extends Tree> {
  ns: string
  area: Area
  resources: Record<string, Tree>
  /** Only for typing; never read. */
  shape?: T
}

function register<T extends Tree>(ns: string, area: Area, resources: Record<string, Tree>): Messages<T> {
  for (const [lang, tree] of Object.entries(resources)) i18n.addBundle(ns, lang, tree)
  return { ns, area, resources }
}

/** Strings of a customer screen: English and Burmese. */
export function customerMessages<const T extends Tree>(ns: string, en: T, my: Translation<T>): Messages<T> {
  return register(ns, 'customer', { en, my })
}

/** Strings of a back-office screen: English and Vietnamese. */
export function adminMessages<const T extends Tree>(ns: string, en: T, vi: Translation<T>): Messages<T> {
  return register(ns, 'admin', { en, vi })
}

/** Strings both areas show (buttons, states, the sign-in pages): all three languages. */
export function sharedMessages<const T extends Tree>(
  ns: string,
  en: T,
  my: Translation<T>,
  vi: Translation<T>,
): Messages<T> {
  return register(ns, 'shared', { en, my, vi })
}

export type TFunction<T> = (key: KeyOf<T>, values?: Record<string, string | number>) => string

/** `const t = useT(keysMessages)`: a `t` that only accepts keys the namespace has. */
export function useT<T extends Tree>(messages: Messages<T>): TFunction<T> {
  const lang = useLang()
  // `lang` is a dependency so that a language switch yields a new `t` and memoised children re-render.
  return useCallback((key, values) => (lang ? i18n.t(messages.ns, key, values) : key), [messages.ns, lang])
}
