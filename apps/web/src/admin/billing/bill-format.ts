import { formatCalendar, type Lang, numberFormat } from '@app/contract'
import type { MonthChoice } from './bill-filters.ts'

// How the billing manager writes months, billing periods and exact amounts. Bills are kept on the
// UTC calendar, so their days and months are shown in UTC whatever the reader's time zone.

/** "October 2026" in the reader's language. */
export function monthLabel(choice: MonthChoice, lang: Lang): string {
  return formatCalendar(new Date(Date.UTC(choice.year, choice.month - 1, 1)), lang, 'monthYear', 'UTC')
}

/** "October" in the reader's language. */
export function monthName(month: number, lang: Lang): string {
  return formatCalendar(new Date(Date.UTC(2000, month - 1, 1)), lang, 'month', 'UTC')
}

/** A calendar day of a bill ("2026-10-01") as the reader writes days. */
export function formatDay(day: string, lang: Lang): string {
  return formatCalendar(`${day.slice(0, 10)}T00:00:00Z`, lang, 'date', 'UTC')
}

/**
 * An exact USD amount of up to 8 decimals (a tier's charge before the line's one rounding to cents),
 * never rounded for display: the decimal string goes to Intl as it is, so no float is involved.
 */
export function formatExactUsd(amount: string, lang: Lang): string {
  return numberFormat(lang, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 8,
  }).format(amount as Intl.StringNumericLiteral)
}

/** A decimal setting (a percentage "10.00", an exchange rate) as the reader writes numbers: "10", "25,400.5". */
export function formatDecimal(value: string, lang: Lang): string {
  return numberFormat(lang, { maximumFractionDigits: 8 }).format(value as Intl.StringNumericLiteral)
}
