import { stored } from '../lib/store.ts'

export type Theme = 'light' | 'dark'
export type CustomerLang = 'en' | 'my'
export type AdminLang = 'en' | 'vi'

const oneOf =
  <T extends string>(values: readonly T[], fallback: T) =>
  (raw: string | null): T =>
    values.includes(raw as T) ? (raw as T) : fallback

/** Light or dark, kept locally (docs/requirements.md §1.3). */
export const themePref = stored<Theme>('theme', oneOf(['light', 'dark'], 'light'), (v) => v)
/** The customer area speaks English or Burmese. */
export const customerLangPref = stored<CustomerLang>('lang', oneOf(['en', 'my'], 'en'), (v) => v)
/**
 * The back office speaks Vietnamese or English, Vietnamese until the operator chooses (docs/requirements.md §1.2: the
 * admin client defaults to Vietnamese and its requests to `Accept-Language: vi`).
 */
export const adminLangPref = stored<AdminLang>('adminLang', oneOf(['en', 'vi'], 'vi'), (v) => v)
