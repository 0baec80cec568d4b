import {
  type Check,
  checkRanges,
  checkRateInput,
  isDecimal,
  MONEY_BOUNDS,
  moneyCheck,
  type PriceRange,
  parseRate,
  type RangeProblem,
  UNLIMITED,
} from '@app/contract'

// The rate forms' checks, the same rules the contract's schemas apply on the server (rates.ts, whose
// zod schemas do not ship to the browser), so a field says here what the server would say.

const PATH = /^\/[\w\-./]*$/
const RIVAL_PRICE = /^\d{1,8}(\.\d{1,2})?$/
const HUNDRED_PERCENT = 100n * 10n ** 8n

/** docs/requirements.md §8.1: a per-request rate above 0, at most 8 decimal places, and at most its bound (docs/security.md). */
export const checkRate: Check<string> = checkRateInput

/** A prefix or subpath: starts with / and holds only letters, digits, -, _, . and /. */
export const checkPath: Check<string> = (value) => (PATH.test(value.trim()) ? null : { key: 'pricing.pathsInvalid' })

/** Paths: a comma-separated list of such paths. */
export const checkPathList: Check<string> = (value) =>
  value.split(',').every((path) => PATH.test(path.trim())) ? null : { key: 'pricing.pathsInvalid' }

/** A plan's price: money in USD with at most 2 decimals, 0 or more, at most its bound (docs/security.md). */
export const checkMoney: Check<string> = moneyCheck(MONEY_BOUNDS.planPrice)

/** A free credit: money above 0, at most its bound. */
export const checkFreeCredit: Check<string> = moneyCheck(MONEY_BOUNDS.freeCredit)

/** A discount: a percentage from 0 to 100. */
export const checkDiscount: Check<string> = (value) => {
  const text = value.trim()
  return isDecimal(text) && parseRate(text) <= HUNDRED_PERCENT ? null : { key: 'pricing.discountInvalid' }
}

/** A rival's price per 1000 requests: dollars with at most 2 decimals. */
export const checkRivalPrice: Check<string> = (value) =>
  RIVAL_PRICE.test(value.trim()) ? null : { key: 'pricing.moneyInvalid' }

/**
 * The ranges of a setting once `range` is saved (replacing the range `replacing`, or added), judged
 * as the server judges the whole set (docs/requirements.md §8.2). A set that was already wrong before the change is left
 * to the server to judge.
 */
export function checkRangeChange(
  existing: readonly (PriceRange & { id: string })[],
  replacing: string | null,
  range: PriceRange,
): RangeProblem | null {
  if (checkRanges(existing) !== null) return null
  return checkRanges([...existing.filter((r) => r.id !== replacing), range])
}

/** Where a new range starts: where the last bounded one ends (0 for the first range). */
export function nextRangeStart(existing: readonly PriceRange[]): number | null {
  if (existing.length === 0) return 0
  const last = [...existing].sort((a, b) => a.request_from - b.request_from).at(-1)
  if (!last || last.request_to === UNLIMITED) return null
  return last.request_to
}
