import { en, type MessageKey } from './en.ts'
import { my } from './my.ts'
import { pluralize } from './plural.ts'
import { vi } from './vi.ts'

export type { Catalog, MessageKey } from './en.ts'
export { en, my, vi }

export const Lang = ['en', 'vi', 'my'] as const
export type Lang = (typeof Lang)[number]
export const catalogs = { en, vi, my } as const

export function isLang(value: string): value is Lang {
  return (Lang as readonly string[]).includes(value)
}

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(en, value)
}

const PLURAL_LOCALE: Record<Lang, string> = { en: 'en-US', vi: 'vi-VN', my: 'my-MM' }

/**
 * Fills `{{name}}` placeholders, and `{{name, plural, one {…} other {…}}}` blocks by the language's
 * plural rules (plural.ts).
 */
export function interpolate(
  text: string,
  params?: Record<string, string | number | undefined>,
  lang: Lang = 'en',
): string {
  if (!params) return text
  return pluralize(text, params, PLURAL_LOCALE[lang]).replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  )
}

export function translate(lang: Lang, key: MessageKey, params?: Record<string, string | number | undefined>): string {
  return interpolate(catalogs[lang][key] ?? en[key], params, lang)
}

/**
 * The name of a copy, "Website (copy)" in the reader's language, at most `max` characters: a long
 * original is shortened at its end so that the mark of the copy always shows.
 */
export function nameOfCopy(lang: Lang, name: string, max: number): string {
  const whole = translate(lang, 'common.copyName', { name })
  if (whole.length <= max) return whole
  const room = Math.max(0, max - (whole.length - name.length))
  return translate(lang, 'common.copyName', { name: name.slice(0, room).trimEnd() })
}

/** Picks en, vi or my from an Accept-Language header; English when nothing matches. */
export function pickLang(header: string | undefined | null): Lang {
  if (!header) return 'en'
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...rest] = part.trim().split(';')
      const q = rest.map((p) => p.trim()).find((p) => p.startsWith('q='))
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1, index }
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
  for (const { tag } of ranked) {
    const base = tag.split('-')[0]
    if (base === 'en' || base === 'vi' || base === 'my') return base
  }
  return 'en'
}
