import { type Lang, numberFormat } from '@app/contract'

/**
 * This month against last month in percent: 125 against 100 → 25. Null when last month had nothing
 * and this month has something (no base to compare with); 0 when both are empty.
 */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null
  return ((current - previous) / previous) * 100
}

/** A change with its sign and at most one decimal: 25 → "+25%", -12.345 → "-12.3%", 0 → "0%". */
export function formatChange(change: number, lang: Lang): string {
  return numberFormat(lang, {
    style: 'percent',
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  }).format(change / 100)
}
