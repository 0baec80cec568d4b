import { isMessageKey, type Lang, translate } from './messages/index.ts'

// Display helpers shared by the screens and the e-mails. Pure: time and language are arguments.

// Burmese numbers are written with Latin digits, as the Burmese catalogues write them ("8 လုံး"), so that
// an amount reads the same in an e-mail (Node's full ICU) and on a screen.
const LOCALE: Record<Lang, string> = { en: 'en-US', vi: 'vi-VN', my: 'my-MM-u-nu-latn' }

export function localeOf(lang: Lang): string {
  return LOCALE[lang]
}

// An Intl formatter is costly to make (on a phone a DateTimeFormat takes a fraction of a millisecond, and
// a screen formats hundreds of dates and numbers as it first renders: bench/README.md "Phones") and free to
// reuse, so each language and set of options gets one, made on first use.
const numberFormats = new Map<string, Intl.NumberFormat>()
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>()

function cached<F>(formats: Map<string, F>, key: string, make: () => F): F {
  let format = formats.get(key)
  if (format === undefined) {
    format = make()
    formats.set(key, format)
  }
  return format
}

/** `new Intl.NumberFormat(localeOf(lang), options)`, made once per language and options. */
export function numberFormat(lang: Lang, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = options ? `${lang} ${JSON.stringify(options)}` : lang
  return cached(numberFormats, key, () => new Intl.NumberFormat(LOCALE[lang], options))
}

function dateTimeFormat(locale: string, key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(dateTimeFormats, `${locale} ${key}`, () => new Intl.DateTimeFormat(locale, options))
}

/** A metered service's readable name in the language ("Map loads" for LOAD_MAP); an unknown code as it is. */
export function serviceName(service: string, lang: Lang): string {
  const key = `services.${service}`
  return isMessageKey(key) ? translate(lang, key) : service
}

/**
 * A decimal string with the language's thousands separators, exactly as given (no float rounding):
 * "1234.5" → "1,234.50" in English, "1.234,50" in Vietnamese; at least `minDigits` decimals, at most 8.
 */
export function formatDecimalText(value: string, lang: Lang, minDigits = 2): string {
  return numberFormat(lang, {
    minimumFractionDigits: minDigits,
    maximumFractionDigits: 8,
    roundingMode: 'halfExpand',
  }).format(value as Intl.StringNumericLiteral)
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
export function formatMoney(amount: string | number | bigint, currency: 'USD' | 'VND' = 'USD', lang: Lang) {
  const text = String(amount)
  if (!DECIMAL.test(text)) throw new Error(`Not a decimal amount: ${text}`)
  const digits = currency === 'VND' ? 0 : 2
  return numberFormat(lang, {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    roundingMode: 'halfExpand',
  }).format(text as Intl.StringNumericLiteral)
}

/** The shapes a point in time is written in: a day, a day and time, a month with its year, a month's name. */
export type CalendarStyle = 'date' | 'dateTime' | 'dateTimeSeconds' | 'monthYear' | 'month' | 'monthShort'

/** The Intl options of each style; the Burmese table below writes what ICU writes with these. */
export const CALENDAR_OPTIONS: Record<CalendarStyle, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: 'medium' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  dateTimeSeconds: { dateStyle: 'medium', timeStyle: 'medium' },
  monthYear: { month: 'long', year: 'numeric' },
  month: { month: 'long' },
  monthShort: { month: 'short' },
}

// Burmese month names and patterns of the Unicode CLDR (locale "my", Gregorian calendar). Browsers do not
// all carry Burmese locale data (Chromium's trimmed ICU falls back to English: "Nov 29, 2026"), so the
// Burmese calendar is written from this table everywhere; format.test.ts checks it against Node's full ICU.
const MY_MONTHS = ['ဇန်နဝါရီ', 'ဖေဖော်ဝါရီ', 'မတ်', 'ဧပြီ', 'မေ', 'ဇွန်', 'ဇူလိုင်', 'ဩဂုတ်', 'စက်တင်ဘာ', 'အောက်တိုဘာ', 'နိုဝင်ဘာ', 'ဒီဇင်ဘာ']
const MY_MONTHS_SHORT = ['ဇန်', 'ဖေ', 'မတ်', 'ဧ', 'မေ', 'ဇွန်', 'ဇူ', 'ဩ', 'စက်', 'အောက်', 'နို', 'ဒီ']

function burmeseCalendar(at: Date, style: CalendarStyle, timeZone: string | undefined): string {
  const parts: Record<string, string> = {}
  const numeric = dateTimeFormat('en-US', `numeric ${timeZone ?? ''}`, {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  })
  for (const part of numeric.formatToParts(at)) parts[part.type] = part.value
  const month = Number(parts.month) - 1
  const day = `${parts.year} ${MY_MONTHS_SHORT[month]} ${Number(parts.day)}`
  const time = `${Number(parts.hour)}:${parts.minute}`
  switch (style) {
    case 'date':
      return day
    case 'dateTime':
      return `${day} ${time}`
    case 'dateTimeSeconds':
      return `${day} ${time}:${parts.second}`
    case 'monthYear':
      return `${parts.year} ${MY_MONTHS[month]}`
    case 'month':
      return MY_MONTHS[month] ?? ''
    case 'monthShort':
      return MY_MONTHS_SHORT[month] ?? ''
  }
}

/**
 * A point in time in the language's calendar words and order ("Nov 29, 2026", "29 thg 11, 2026",
 * "2026 နို 29"), in `timeZone` (the reader's own when left out).
 */
export function formatCalendar(value: string | Date, lang: Lang, style: CalendarStyle, timeZone?: string): string {
  const at = new Date(value)
  if (lang === 'my') return burmeseCalendar(at, style, timeZone)
  return dateTimeFormat(LOCALE[lang], `${style} ${timeZone ?? ''}`, { ...CALENDAR_OPTIONS[style], timeZone }).format(at)
}

export function formatDate(value: string | Date, lang: Lang): string {
  return formatCalendar(value, lang, 'date')
}

export function formatDateTime(value: string | Date, lang: Lang): string {
  return formatCalendar(value, lang, 'dateTime')
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * docs/requirements.md §18.1: under 1 minute "just now"; under 1 hour about N minutes; under 1 day about N hours;
 * 1–6 days about N days; 7–29 days about N weeks; otherwise months ago.
 */
export function relativeTime(value: string | Date, now: Date, lang: Lang): string {
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
