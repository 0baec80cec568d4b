import { type Lang, translate } from './messages/index.ts'

// Display helpers shared by the screens and the e-mails. Pure: time and language are arguments.

const LOCALE: Record<Lang, string> = { en: 'en-US', vi: 'vi-VN', my: 'my-MM' }

export function localeOf(lang: Lang): string {
  return LOCALE[lang]
}

/** Phone-type strings grouped 3-3-3 with dashes (docs/requirements.md §18.3); digits beyond nine stay in the last group. */
export function groupDigits(value: string): string {
  const digits = value.replace(/\D/g, '')
  if (digits.length <= 3) return digits
  const groups = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)].filter(Boolean)
  return groups.join('-')
}

/** Integer minor units (cents) to an exact decimal string with two places: 1234 → "12.34". */
export function centsToDecimal(cents: bigint | number): string {
  const value = BigInt(cents)
  const sign = value < 0n ? '-' : ''
  const abs = value < 0n ? -value : value
  const whole = abs / 100n
  const fraction = (abs % 100n).toString().padStart(2, '0')
  return `${sign}${whole}.${fraction}`
}

const DECIMAL = /^-?\d+(\.\d+)?$/

/**
 * Money with two decimals in the reader's locale. The amount is a decimal string (or integer) so that
 * no binary float is ever involved; VND has no minor unit and is shown without decimals.
 */
export function formatMoney(amount: string | number | bigint, currency: 'USD' | 'VND' = 'USD', lang: Lang = 'en') {
  const text = String(amount)
  if (!DECIMAL.test(text)) throw new Error(`Not a decimal amount: ${text}`)
  const digits = currency === 'VND' ? 0 : 2
  return new Intl.NumberFormat(LOCALE[lang], {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    roundingMode: 'halfExpand',
  }).format(text as Intl.StringNumericLiteral)
}

export function formatDate(value: string | Date, lang: Lang = 'en'): string {
  return new Intl.DateTimeFormat(LOCALE[lang], { dateStyle: 'medium' }).format(new Date(value))
}

export function formatDateTime(value: string | Date, lang: Lang = 'en'): string {
  return new Intl.DateTimeFormat(LOCALE[lang], { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value))
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * docs/requirements.md §18.1: under 1 minute "just now"; under 1 hour about N minutes; under 1 day about N hours;
 * 1–6 days about N days; 7–29 days about N weeks; otherwise months ago.
 */
export function relativeTime(value: string | Date, now: Date, lang: Lang = 'en'): string {
  const elapsed = Math.max(0, now.getTime() - new Date(value).getTime())
  if (elapsed < MINUTE) return translate(lang, 'time.justNow')
  if (elapsed < HOUR) return countText(lang, Math.floor(elapsed / MINUTE), 'time.minute', 'time.minutes')
  if (elapsed < DAY) return countText(lang, Math.floor(elapsed / HOUR), 'time.hour', 'time.hours')
  const days = Math.floor(elapsed / DAY)
  if (days < 7) return countText(lang, days, 'time.day', 'time.days')
  if (days < 30) return countText(lang, Math.floor(days / 7), 'time.week', 'time.weeks')
  return countText(lang, Math.max(1, Math.floor(days / 30)), 'time.month', 'time.months')
}

function countText(
  lang: Lang,
  count: number,
  one: 'time.minute' | 'time.hour' | 'time.day' | 'time.week' | 'time.month',
  many: 'time.minutes' | 'time.hours' | 'time.days' | 'time.weeks' | 'time.months',
) {
  return count === 1 ? translate(lang, one) : translate(lang, many, { count })
}

/**
 * docs/requirements.md §18.4: relative image paths from the server become absolute addresses on the account server;
 * full http or https addresses are kept as they are.
 */
export function absoluteUrl(path: string | null | undefined, base: string): string | null {
  if (!path) return null
  if (/^https?:\/\//i.test(path)) return path
  if (/^(data|blob):/i.test(path)) return path
  const root = base.replace(/\/+$/, '')
  return `${root}/${path.replace(/^\/+/, '')}`
}
