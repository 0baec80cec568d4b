import { chartUnit, USAGE_UNITS, type UsageUnit } from '@app/contract'

// The statistics screens' date range: whole UTC days, both ends included (the server reads a
// date-only `end_at` as that whole day). Kept in the URL (`?from=&to=&unit=`) so a reload, the back
// button and a shared link show the same period.

export interface DateRange {
  /** YYYY-MM-DD, UTC. */
  from: string
  /** YYYY-MM-DD, UTC, included. */
  to: string
}

const DAY_MS = 86_400_000
const DAY_TEXT = /^\d{4}-\d{2}-\d{2}$/

const dayOf = (at: Date) => at.toISOString().slice(0, 10)
const startOf = (day: string) => new Date(`${day}T00:00:00Z`)
const utcDay = (year: number, month: number, date: number) => dayOf(new Date(Date.UTC(year, month, date)))

/** A real calendar day written YYYY-MM-DD (not 2026-02-30). */
export function isDay(value: string | null | undefined): value is string {
  if (!value || !DAY_TEXT.test(value)) return false
  const at = startOf(value)
  return !Number.isNaN(at.getTime()) && dayOf(at) === value
}

export const QUICK_RANGES = [
  'today',
  'last7Days',
  'last30Days',
  'thisMonth',
  'lastMonth',
  'last3Months',
  'thisYear',
  'last12Months',
] as const
export type QuickRange = (typeof QUICK_RANGES)[number]

/** The days a quick range covers on `now`'s UTC date. */
export function quickRange(name: QuickRange, now: Date): DateRange {
  const y = now.getUTCFullYear()
  const m = now.getUTCMonth()
  const d = now.getUTCDate()
  const today = utcDay(y, m, d)
  switch (name) {
    case 'today':
      return { from: today, to: today }
    case 'last7Days':
      return { from: utcDay(y, m, d - 6), to: today }
    case 'last30Days':
      return { from: utcDay(y, m, d - 29), to: today }
    case 'thisMonth':
      return { from: utcDay(y, m, 1), to: today }
    case 'lastMonth':
      return { from: utcDay(y, m - 1, 1), to: utcDay(y, m, 0) }
    case 'last3Months':
      return { from: utcDay(y, m - 2, 1), to: today }
    case 'thisYear':
      return { from: utcDay(y, 0, 1), to: today }
    case 'last12Months':
      return { from: utcDay(y, m - 11, 1), to: today }
  }
}

/** The quick range `range` is, if any (for the quick-range picker's shown value). */
export function matchingQuickRange(range: DateRange, now: Date): QuickRange | undefined {
  return QUICK_RANGES.find((name) => {
    const candidate = quickRange(name, now)
    return candidate.from === range.from && candidate.to === range.to
  })
}

/** Puts the ends in order: a range picked backwards means the same days. */
export function orderedRange(from: string, to: string): DateRange {
  return from <= to ? { from, to } : { from: to, to: from }
}

/** The unit rule (docs/requirements.md §7.2) for the days of `range` (the last day counts in full). */
export function defaultUnit(range: DateRange): Exclude<UsageUnit, 'hour'> {
  return chartUnit(startOf(range.from), new Date(startOf(range.to).getTime() + DAY_MS))
}

function isUnit(value: string | null): value is UsageUnit {
  return (USAGE_UNITS as readonly string[]).includes(value ?? '')
}

export interface RangeState {
  range: DateRange
  unit: UsageUnit
  /** Whether the unit follows the range (no `unit` in the URL). */
  isAutoUnit: boolean
}

/** The range and unit a URL asks for; this month so far when it names none (or nonsense). */
export function rangeFromParams(params: URLSearchParams, now: Date): RangeState {
  const from = params.get('from')
  const to = params.get('to')
  const range = isDay(from) && isDay(to) ? orderedRange(from, to) : quickRange('thisMonth', now)
  const unit = params.get('unit')
  return isUnit(unit) ? { range, unit, isAutoUnit: false } : { range, unit: defaultUnit(range), isAutoUnit: true }
}

/** What the statistics calls take for the range. */
export function rangeQuery(range: DateRange): { start_at: string; end_at: string } {
  return { start_at: range.from, end_at: range.to }
}

/** `?from=&to=` for links that keep the period (the per-user view). */
export function rangeSearch(range: DateRange): string {
  return `from=${range.from}&to=${range.to}`
}

export interface MonthChoice {
  year: number
  month: number
}

/** The UTC month `months` before `now`'s (0: this month). */
export function monthBefore(now: Date, months = 0): MonthChoice {
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1))
  return { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1 }
}

/** The months recent requests can be read for, newest first (usage is kept about 13 months). */
export function recentMonths(now: Date, count = 13): MonthChoice[] {
  return Array.from({ length: count }, (_, index) => monthBefore(now, index))
}
