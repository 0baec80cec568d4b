import { describe, expect, it } from 'vitest'
import { catalogs, en, interpolate, isMessageKey, Lang, type MessageKey, my, pickLang, translate, vi } from './index.ts'

// A plural block `{{count, plural, …}}` stands for its placeholder `count`.
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*(?:\}\}|,\s*plural\s*,)/g)].map((m) => m[1]).sort()

describe('pickLang', () => {
  it('defaults to English without a header', () => {
    expect(pickLang(undefined)).toBe('en')
    expect(pickLang(null)).toBe('en')
    expect(pickLang('')).toBe('en')
  })

  it('takes the first supported language', () => {
    expect(pickLang('vi')).toBe('vi')
    expect(pickLang('my')).toBe('my')
    expect(pickLang('fr, de, vi, en')).toBe('vi')
  })

  it('matches a language with a region, in any case', () => {
    expect(pickLang('vi-VN')).toBe('vi')
    expect(pickLang('MY-mm')).toBe('my')
    expect(pickLang('en-GB,vi;q=0.5')).toBe('en')
  })

  it('ranks by q-value, then by order', () => {
    expect(pickLang('en;q=0.3, vi;q=0.9')).toBe('vi')
    expect(pickLang('fr;q=1, my;q=0.5, vi;q=0.4')).toBe('my')
    expect(pickLang('vi;q=0.8, my;q=0.8')).toBe('vi')
    expect(pickLang('vi-VN,vi;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('vi')
  })

  it('skips languages refused with q=0', () => {
    expect(pickLang('en;q=0, vi')).toBe('vi')
    expect(pickLang('vi;q=0')).toBe('en')
  })

  it('falls back to English when nothing matches', () => {
    expect(pickLang('fr-FR, de;q=0.5')).toBe('en')
    expect(pickLang('*')).toBe('en')
    expect(pickLang(';;;,')).toBe('en')
  })
})

describe('interpolate', () => {
  it('fills named placeholders', () => {
    expect(interpolate('Try again in {{seconds}} seconds ({{ who }})', { seconds: 30, who: 'you' })).toBe(
      'Try again in 30 seconds (you)',
    )
  })

  it('leaves a placeholder without a value as written', () => {
    expect(interpolate('Hello {{name}}, {{other}}', { name: 'Ada' })).toBe('Hello Ada, {{other}}')
    expect(interpolate('Hello {{name}}')).toBe('Hello {{name}}')
  })

  it('fills zero and empty strings', () => {
    expect(interpolate('{{n}}|{{s}}|', { n: 0, s: '' })).toBe('0||')
  })
})

describe('translate', () => {
  it('gives the text in the chosen language with its values filled', () => {
    expect(translate('en', 'error.rateLimited', { seconds: 5 })).toBe(
      'Too many requests. Please try again in 5 seconds.',
    )
    expect(translate('vi', 'error.rateLimited', { seconds: 5 })).toBe('Quá nhiều yêu cầu. Vui lòng thử lại sau 5 giây.')
    expect(translate('my', 'auth.badCredentials')).toBe(my['auth.badCredentials'])
  })

  it('keeps the customer’s literal English texts', () => {
    expect(translate('en', 'error.maintenance')).toBe('Sorry, the system is maintenance ! Please try again later !')
    expect(translate('en', 'validation.image.invalid')).toBe('Invalid Image !')
    expect(translate('en', 'validation.image.tooLarge1mb')).toBe('File size should be small than 1MB !')
    expect(translate('en', 'error.tokenInvalid')).toBe('An error occurred. Please log in again!')
  })

  it('falls back to English when a catalogue lacks a key', () => {
    const key: MessageKey = 'common.ok'
    const saved = vi[key]
    try {
      delete (vi as Partial<Record<MessageKey, string>>)[key]
      expect(translate('vi', key)).toBe(en[key])
    } finally {
      vi[key] = saved
    }
    expect(translate('vi', key)).toBe(saved)
  })

  it('recognises message keys', () => {
    expect(isMessageKey('auth.locked')).toBe(true)
    expect(isMessageKey('auth.nope')).toBe(false)
    expect(isMessageKey('toString')).toBe(false)
  })
})

describe('catalogues', () => {
  it('cover exactly the three languages', () => {
    expect([...Lang].sort()).toEqual(['en', 'my', 'vi'])
    expect(Object.keys(catalogs).sort()).toEqual(['en', 'my', 'vi'])
  })

  it.each(['vi', 'my'] as const)('%s has exactly the keys of en', (lang) => {
    expect(Object.keys(catalogs[lang]).sort()).toEqual(Object.keys(en).sort())
  })

  it.each(['vi', 'my'] as const)('%s uses the same placeholders as en in every text', (lang) => {
    const catalog = catalogs[lang]
    const differing = (Object.keys(en) as MessageKey[]).filter(
      (key) => JSON.stringify(placeholders(catalog[key])) !== JSON.stringify(placeholders(en[key])),
    )
    expect(differing).toEqual([])
  })

  it.each(['en', 'vi', 'my'] as const)('%s has no empty texts', (lang) => {
    const empty = Object.entries(catalogs[lang]).filter(([, text]) => text.trim() === '')
    expect(empty).toEqual([])
  })

  it.each(['vi', 'my'] as const)('%s is a translation, not a copy of en', (lang) => {
    const copied = (Object.keys(en) as MessageKey[]).filter((key) => catalogs[lang][key] === en[key])
    // Fewer than a tenth may match (texts that are only a placeholder or a product name).
    expect(copied.length).toBeLessThan(Object.keys(en).length / 10)
  })
})
