import { formatCalendar, type Lang, localeOf } from '@app/contract'

// How the bill screens show the server's exact decimal strings ("12345.60", "0.00283", "313944000").
// The text is regrouped digit by digit, never read into a binary float, so an amount with eight
// decimal places or one beyond 2^53 shows exactly as the server sent it.

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/

interface Symbols {
  group: string
  decimal: string
  digits: readonly string[]
}

const symbolsByLocale = new Map<string, Symbols>()

/** The locale's grouping and decimal separators and its ten digits (Burmese writes ၀–၉). */
function symbolsOf(lang: Lang): Symbols {
  const locale = localeOf(lang)
  const known = symbolsByLocale.get(locale)
  if (known) return known
  const format = new Intl.NumberFormat(locale, { useGrouping: true })
  const parts = format.formatToParts(12345.6)
  const symbols: Symbols = {
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    digits: Array.from({ length: 10 }, (_, digit) => format.format(digit)),
  }
  symbolsByLocale.set(locale, symbols)
  return symbols
}

/**
 * An exact decimal string with the locale's thousands separators: `"12345.6"` → `"12,345.60"` with
 * `minDecimals` 2. Decimals beyond `minDecimals` are kept, not rounded: the text stays exact. A string
 * that is not a plain decimal is shown as it came.
 */
export function formatDecimal(value: string, lang: Lang, minDecimals = 2): string {
  const match = DECIMAL.exec(value.trim())
  if (!match) return value
  const [, sign = '', whole = '0', fraction = ''] = match
  const { group, decimal, digits } = symbolsOf(lang)
  const local = (text: string) => text.replace(/\d/g, (digit) => digits[Number(digit)] ?? digit)
  const integer = whole.replace(/^0+(?=\d)/, '')
  const grouped = integer
    .replace(/\B(?=(\d{3})+(?!\d))/g, '\u0000')
    .split('\u0000')
    .map(local)
    .join(group)
  const decimals = fraction.padEnd(minDecimals, '0')
  return `${sign}${grouped}${decimals ? `${decimal}${local(decimals)}` : ''}`
}

/** A whole count of requests with separators (12345 → "12,345"). */
export function formatCount(value: number, lang: Lang): string {
  return formatDecimal(String(Math.trunc(value)), lang, 0)
}

/** "7.50" → "7.5", "10.00" → "10": a percentage as people write it. */
export function formatPercent(value: string, lang: Lang): string {
  const trimmed = value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value
  return formatDecimal(trimmed, lang, 0)
}

/** True when a money string is exactly zero ("0.00", "0", "-0.00"). */
export function isZero(value: string): boolean {
  return /^-?0*(\.0*)?$/.test(value.trim()) && /\d/.test(value)
}

/** "October 2026": a bill's month, in the reader's language. */
export function formatMonth(year: number, month: number, lang: Lang): string {
  return formatCalendar(new Date(Date.UTC(year, month - 1, 1)), lang, 'monthYear', 'UTC')
}

/**
 * A calendar day such as a bill's `billed_from` ("2026-10-01"), read as that day wherever the reader
 * is: the date is not a moment, so it is formatted in UTC, where it was written.
 */
export function formatDay(value: string, lang: Lang): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : value
  const at = new Date(day)
  if (Number.isNaN(at.getTime())) return value
  return formatCalendar(at, lang, 'date', 'UTC')
}
