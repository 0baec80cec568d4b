import { chartUnit, MAX_BUCKETS, USAGE_MAX_AGE_DAYS, type UsageUnit } from '@app/contract'

// The /statistics page's date range, unit and month rules, pure so they are tested without a screen.
// Dates are UTC calendar days (YYYY-MM-DD), like the statistics themselves; both ends are included.

export interface DayRange {
  start: string
  end: string
}

export const QUICK_RANGES = ['today', 'last7Days', 'thisMonth', 'last3Months', 'thisYear', 'last2Years'] as const
export type QuickRange = (typeof QUICK_RANGES)[number]

/** Phones: the range picker's two months and the unit buttons do not fit, so simpler controls show. */
export const NARROW_SCREEN = '(max-width: 575px)'

/** Hourly figures only for ranges up to this many days (the server keeps 62 days of hours per call). */
export const HOURLY_MAX_DAYS = MAX_BUCKETS.hour / 24

const DAY_MS = 86_400_000
const DATE = /^\d{4}-\d{2}-\d{2}$/

/** The UTC calendar day of `at`: "2026-11-03". */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10)
}

function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`)
}

function addUtc(day: string, change: { days?: number; months?: number; years?: number }): string {
  const at = dayStart(day)
  if (change.years) at.setUTCFullYear(at.getUTCFullYear() + change.years)
  if (change.months) at.setUTCMonth(at.getUTCMonth() + change.months)
  if (change.days) at.setUTCDate(at.getUTCDate() + change.days)
  return utcDay(at)
}

/** A quick range ending today (UTC). */
export function quickRange(name: QuickRange, now: Date): DayRange {
  const today = utcDay(now)
  switch (name) {
    case 'today':
      return { start: today, end: today }
    case 'last7Days':
      return { start: addUtc(today, { days: -6 }), end: today }
    case 'thisMonth':
      return { start: `${today.slice(0, 7)}-01`, end: today }
    case 'last3Months':
      return { start: addUtc(today, { months: -3, days: 1 }), end: today }
    case 'thisYear':
      return { start: `${today.slice(0, 4)}-01-01`, end: today }
    case 'last2Years':
      return { start: addUtc(today, { years: -2, days: 1 }), end: today }
  }
}

/** How many days the range covers, both ends included; 0 for an inverted range. */
export function rangeDays(range: DayRange): number {
  return Math.max(0, Math.round((dayStart(range.end).getTime() - dayStart(range.start).getTime()) / DAY_MS) + 1)
}

/** The unit for the range (docs/requirements.md §7.2), measured from the first day's start to the last day's end. */
export function defaultUnit(range: DayRange): UsageUnit {
  return chartUnit(dayStart(range.start), dayStart(addUtc(range.end, { days: 1 })))
}

export function isUnitAllowed(unit: UsageUnit, range: DayRange): boolean {
  return unit !== 'hour' || rangeDays(range) <= HOURLY_MAX_DAYS
}

/**
 * The unit to show: the one the reader chose if it suits the range, otherwise the range's default.
 * The choice is forgotten whenever the range changes (the page drops it), so the default follows.
 */
export function effectiveUnit(chosen: string | null, range: DayRange): UsageUnit {
  const units: readonly string[] = ['hour', 'day', 'month', 'year']
  if (chosen && units.includes(chosen) && isUnitAllowed(chosen as UsageUnit, range)) return chosen as UsageUnit
  return defaultUnit(range)
}

/** A range read from the address bar, or this month when it is missing or malformed. */
export function parseRange(start: string | null, end: string | null, now: Date): DayRange {
  if (start && end && DATE.test(start) && DATE.test(end) && !Number.isNaN(dayStart(start).getTime()) && start <= end)
    return { start, end }
  return quickRange('thisMonth', now)
}

/** The quick range the current range equals, to mark it as chosen. */
export function matchingQuickRange(range: DayRange, now: Date): QuickRange | null {
  return (
    QUICK_RANGES.find((name) => {
      const quick = quickRange(name, now)
      return quick.start === range.start && quick.end === range.end
    }) ?? null
  )
}

/** The oldest day the statistics still hold (older usage is not kept). */
export function oldestDay(now: Date): string {
  return addUtc(utcDay(now), { days: -USAGE_MAX_AGE_DAYS })
}

export interface UsageMonth {
  year: number
  month: number
}

function monthOf(now: Date): UsageMonth {
  return { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 }
}

/** "2026-11" from a month, as the export's file name and the month picker use it. */
export function monthKey({ year, month }: UsageMonth): string {
  return `${year}-${String(month).padStart(2, '0')}`
}

export function parseMonth(value: string | null, now: Date): UsageMonth {
  const match = value ? /^(\d{4})-(0[1-9]|1[0-2])$/.exec(value) : null
  if (!match) return monthOf(now)
  return { year: Number(match[1]), month: Number(match[2]) }
}

/** The export's file name: usage-2026-11.csv. */
export function exportFileName(month: UsageMonth): string {
  return `usage-${monthKey(month)}.csv`
}
