import type { BILL_FILTERS, BILL_SORTS } from '@app/contract'

// The billing manager's list state, kept in the URL so that a reload or a shared link shows the same
// bills. The contract's constants are zod-side, so the browser keeps its own lists, checked against them.

export type BillSort = (typeof BILL_SORTS)[number]
export type BillPaidFilter = (typeof BILL_FILTERS)[number]
export type SortMode = 'asc' | 'desc'

const SORTS = ['bill_date', 'total', 'month', 'code', 'email'] as const satisfies readonly BillSort[]
const PAID_FILTERS = ['all', 'paid', 'unpaid'] as const satisfies readonly BillPaidFilter[]

const DEFAULT_SORT: { by: BillSort; mode: SortMode } = { by: 'bill_date', mode: 'desc' }
export const FIRST_YEAR = 2000
const LAST_YEAR = 2100

export interface BillFilters {
  keyword: string
  month: number | null
  year: number | null
  paid: BillPaidFilter
  sortBy: BillSort
  sortMode: SortMode
  page: number
}

export interface MonthChoice {
  year: number
  month: number
}

function intIn(value: string | null, min: number, max: number): number | null {
  if (value === null || !/^\d+$/.test(value)) return null
  const number = Number(value)
  return number >= min && number <= max ? number : null
}

const oneOf = <T extends string>(value: string | null, choices: readonly T[]): T | null =>
  choices.find((choice) => choice === value) ?? null

/** The list state a URL names; anything missing or nonsensical falls back to every bill, newest first. */
export function filtersFromParams(params: URLSearchParams): BillFilters {
  return {
    keyword: (params.get('keyword') ?? '').trim(),
    month: intIn(params.get('month'), 1, 12),
    year: intIn(params.get('year'), FIRST_YEAR, LAST_YEAR),
    paid: oneOf(params.get('filters'), PAID_FILTERS) ?? 'all',
    sortBy: oneOf(params.get('sort_by'), SORTS) ?? DEFAULT_SORT.by,
    sortMode: oneOf(params.get('sort_mode'), ['asc', 'desc'] as const) ?? DEFAULT_SORT.mode,
    page: intIn(params.get('page'), 1, Number.MAX_SAFE_INTEGER) ?? 1,
  }
}

/** The part of the state `bills/all` and `bills/export` take (no page), without the defaults. */
export function filtersQuery(filters: BillFilters) {
  return {
    ...(filters.keyword ? { keyword: filters.keyword } : {}),
    ...(filters.month ? { month: filters.month } : {}),
    ...(filters.year ? { year: filters.year } : {}),
    filters: filters.paid,
    sort_by: filters.sortBy,
    sort_mode: filters.sortMode,
  }
}

/** A change of filters in the URL: empty values and defaults leave the address; the page goes back to 1. */
export function withFilters(
  params: URLSearchParams,
  change: Partial<Omit<BillFilters, 'page' | 'sortBy' | 'sortMode'>> & {
    sort?: { by: BillSort; mode: SortMode } | null
  },
): URLSearchParams {
  const next = new URLSearchParams(params)
  const put = (name: string, value: string | null) => (value ? next.set(name, value) : next.delete(name))
  if (change.keyword !== undefined) put('keyword', change.keyword.trim() || null)
  if (change.month !== undefined) put('month', change.month ? String(change.month) : null)
  if (change.year !== undefined) put('year', change.year ? String(change.year) : null)
  if (change.paid !== undefined) put('filters', change.paid === 'all' ? null : change.paid)
  if (change.sort !== undefined) {
    const isDefault = !change.sort || (change.sort.by === DEFAULT_SORT.by && change.sort.mode === DEFAULT_SORT.mode)
    put('sort_by', isDefault ? null : (change.sort?.by ?? null))
    put('sort_mode', isDefault ? null : (change.sort?.mode ?? null))
  }
  next.delete('page')
  return next
}

/** The month before `now` (UTC): the latest month that can have bills. */
export function lastClosedMonth(now: Date): MonthChoice {
  const month = now.getUTCMonth() // 0-based: this month's index is last month's number
  return month === 0 ? { year: now.getUTCFullYear() - 1, month: 12 } : { year: now.getUTCFullYear(), month }
}

/** Whether bills may be generated for the month: it has ended (UTC). */
export function isClosedMonth(choice: MonthChoice, now: Date): boolean {
  const closed = lastClosedMonth(now)
  return choice.year * 12 + choice.month <= closed.year * 12 + closed.month
}

/** The month the summary counts: the one the filters name, or else the latest closed month. */
export function summaryMonth(filters: BillFilters, now: Date): MonthChoice {
  return filters.month && filters.year ? { year: filters.year, month: filters.month } : lastClosedMonth(now)
}
