import type { BalanceLogType } from '@app/contract'

// The balance log's list state, kept in the URL so that a reload or a shared link shows the same
// movements. The contract's list of movement types is zod-side, so the browser keeps its own, which
// the type checker holds to the contract's (a type added there fails here until it is listed).

const TYPES: Record<BalanceLogType, true> = {
  topup_vnpay: true,
  topup_paypal: true,
  topup_bank: true,
  admin_add: true,
  coupon: true,
  first_register: true,
  bill_payment: true,
  plan_purchase: true,
  plan_renewal: true,
  credit_expiry: true,
  payment_refund: true,
}

/** Every movement type, in the contract's order. */
const BALANCE_LOG_TYPES = Object.keys(TYPES) as BalanceLogType[]

/** `all`, every credit or every debit, or one movement type (the server's `filter_type`). */
export type BalanceTypeFilter = 'all' | 'credit' | 'debit' | BalanceLogType
export const TYPE_FILTERS: readonly BalanceTypeFilter[] = ['all', 'credit', 'debit', ...BALANCE_LOG_TYPES]

export type BalanceSort = 'created_at' | 'amount'
export type SortOrder = 'asc' | 'desc'

const DEFAULT_SORT: { by: BalanceSort; order: SortOrder } = { by: 'created_at', order: 'desc' }

export interface BalanceLogFilters {
  /** One account's log (`?user_id=`), or everyone's when null. */
  userId: string | null
  /** Everyone's log only: an e-mail or a name. */
  keyword: string
  type: BalanceTypeFilter
  sortBy: BalanceSort
  order: SortOrder
  page: number
}

const oneOf = <T extends string>(value: string | null, choices: readonly T[]): T | null =>
  choices.find((choice) => choice === value) ?? null

function pageOf(value: string | null): number {
  if (value === null || !/^\d+$/.test(value)) return 1
  const page = Number(value)
  return page >= 1 && Number.isSafeInteger(page) ? page : 1
}

/** The list state a URL names; anything missing or nonsensical falls back to every movement, newest first. */
export function filtersFromParams(params: URLSearchParams): BalanceLogFilters {
  return {
    userId: params.get('user_id')?.trim() || null,
    keyword: (params.get('keyword') ?? '').trim(),
    type: oneOf(params.get('filter_type'), TYPE_FILTERS) ?? 'all',
    sortBy: oneOf(params.get('sort_by'), ['created_at', 'amount'] as const) ?? DEFAULT_SORT.by,
    order: oneOf(params.get('order_by'), ['asc', 'desc'] as const) ?? DEFAULT_SORT.order,
    page: pageOf(params.get('page')),
  }
}

/** The query the balance-log calls take (without the page). */
export function logQuery(filters: BalanceLogFilters) {
  return { filter_type: filters.type, sort_by: filters.sortBy, order_by: filters.order }
}

export type FilterChange = {
  keyword?: string
  type?: BalanceTypeFilter
  sort?: { by: BalanceSort; order: SortOrder }
}

/** A change of filters in the URL: empty values and defaults leave the address; the page goes back to 1. */
export function withFilters(params: URLSearchParams, change: FilterChange): URLSearchParams {
  const next = new URLSearchParams(params)
  const put = (name: string, value: string | null) => (value ? next.set(name, value) : next.delete(name))
  if (change.keyword !== undefined) put('keyword', change.keyword.trim() || null)
  if (change.type !== undefined) put('filter_type', change.type === 'all' ? null : change.type)
  if (change.sort !== undefined) {
    const isDefault = change.sort.by === DEFAULT_SORT.by && change.sort.order === DEFAULT_SORT.order
    put('sort_by', isDefault ? null : change.sort.by)
    put('order_by', isDefault ? null : change.sort.order)
  }
  next.delete('page')
  return next
}
