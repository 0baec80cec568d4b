import { afterEach, describe, expect, it } from 'vitest'
import { i18n } from './i18n.ts'

const missing = () => (window as unknown as { __i18nMissing?: string[] }).__i18nMissing ?? []

describe('the translation runtime', () => {
  afterEach(() => {
    i18n.changeLanguage('en')
    ;(window as unknown as { __i18nMissing?: string[] }).__i18nMissing = []
  })

  i18n.addBundle('sample', 'en', { greeting: 'Hello, {{name}}', nested: { only: 'English only' } })
  i18n.addBundle('sample', 'my', { greeting: 'မင်္ဂလာပါ၊ {{name}}', nested: {} })

  it('reads a string of the current language and fills its placeholders', () => {
    expect(i18n.t('sample', 'greeting', { name: 'Aung' })).toBe('Hello, Aung')
    i18n.changeLanguage('my')
    expect(i18n.t('sample', 'greeting', { name: 'Aung' })).toBe('မင်္ဂလာပါ၊ Aung')
  })

  it('falls back to English for a string the language lacks', () => {
    i18n.changeLanguage('my')
    expect(i18n.t('sample', 'nested.only')).toBe('English only')
    expect(missing()).toEqual([])
  })

  it('reports a key no language has and shows the key', () => {
    expect(i18n.t('sample', 'nested.absent')).toBe('nested.absent')
    expect(missing()).toEqual(['en:sample:nested.absent'])
  })

  it('tells subscribers when the language changes, once per change', () => {
    let calls = 0
    const stop = i18n.subscribe(() => {
      calls++
    })
    i18n.changeLanguage('vi')
    i18n.changeLanguage('vi')
    stop()
    i18n.changeLanguage('en')
    expect(calls).toBeGreaterThanOrEqual(1)
    expect(i18n.language).toBe('en')
  })

  it('gives server messages in English at once and in Vietnamese once that catalog has loaded', async () => {
    expect(i18n.message('validation.email.required')).toBe('Please enter your email')
    const loaded = new Promise<void>((resolve) => {
      const stop = i18n.subscribe(() => {
        if (i18n.message('validation.email.required') !== 'Please enter your email') {
          stop()
          resolve()
        }
      })
    })
    i18n.changeLanguage('vi')
    await loaded
    expect(i18n.message('validation.password.tooShort', { min: 8 })).toBe('Mật khẩu phải có ít nhất 8 ký tự')
  })
})
