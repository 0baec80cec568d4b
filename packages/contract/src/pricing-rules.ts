// Pricing and money math (docs/requirements.md §8, §9.1), shared by the pricing popup, the bill and the
// dashboard estimate so the three can never disagree. zod-free: the browser imports this module.
//
// Money is never a binary float. Rates are exact decimals with up to 8 places, held here as bigint
// counts of 10⁻⁸ USD ("nanodollars" below, strictly hundred-millionths); amounts are bigint USD cents.
// A bill line is computed exactly and rounded half-up to cents once.

/** Decimal places of a per-request rate (`numeric(18,8)` in the database). */
export const RATE_SCALE = 8
const RATE_UNIT = 10n ** BigInt(RATE_SCALE)
/** 10⁻⁸ USD per cent. */
const NANOS_PER_CENT = RATE_UNIT / 100n

/** `-1` as a range's upper bound: no upper bound (docs/requirements.md §8.2). */
export const UNLIMITED = -1

/**
 * The pricing popup's volume tiers (docs/requirements.md §8.5): under 100,000; 100,001–200,000; 200,001–500,000; over
 * 500,000 requests a month. Each is `[from, to]` with `from` exclusive and `to` inclusive, as ranges are.
 */
export const POPUP_TIERS: readonly (readonly [number, number])[] = [
  [0, 100_000],
  [100_000, 200_000],
  [200_000, 500_000],
  [500_000, UNLIMITED],
]

const DECIMAL = /^(\d{1,10})(?:\.(\d{1,8}))?$/

/** True for a non-negative decimal string with at most 10 integer digits and 8 decimal places. */
export function isDecimal(value: string): boolean {
  return DECIMAL.test(value)
}

/** `"0.00283"` → 283000n (10⁻⁸ USD). Throws on anything that is not a plain non-negative decimal. */
export function parseRate(value: string): bigint {
  const match = DECIMAL.exec(value)
  if (!match) throw new Error(`not a decimal rate: ${JSON.stringify(value)}`)
  const [, whole = '0', fraction = ''] = match
  return BigInt(whole) * RATE_UNIT + BigInt(fraction.padEnd(RATE_SCALE, '0'))
}

/** 283000n → `"0.00283"`: the shortest exact decimal, at least one decimal place. */
export function formatRate(nanos: bigint): string {
  const negative = nanos < 0n
  const abs = negative ? -nanos : nanos
  const whole = abs / RATE_UNIT
  const fraction = (abs % RATE_UNIT).toString().padStart(RATE_SCALE, '0').replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}.${fraction || '0'}`
}

/** Half-up division of a non-negative or negative bigint (half away from zero). */
function divideHalfUp(value: bigint, divisor: bigint): bigint {
  const negative = value < 0n
  const abs = negative ? -value : value
  const rounded = (abs + divisor / 2n) / divisor
  return negative ? -rounded : rounded
}

/** An exact amount in 10⁻⁸ USD, rounded half-up to cents: the only rounding a bill line sees. */
export function nanosToCents(nanos: bigint): bigint {
  return divideHalfUp(nanos, NANOS_PER_CENT)
}

/** 123456n → `"1234.56"`; -5n → `"-0.05"`. The wire form of money (docs/requirements.md §10.1). */
export function formatCents(cents: bigint): string {
  const negative = cents < 0n
  const abs = negative ? -cents : cents
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`
}

const MONEY = /^(\d{1,13})(?:\.(\d{1,2}))?$/

/** `"12.5"` or `"12.50"` → 1250n; null when it is not a non-negative amount with at most 2 decimals. */
export function parseMoney(value: string | number): bigint | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim()
  const match = MONEY.exec(text)
  if (!match) return null
  const [, whole = '0', fraction = ''] = match
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'))
}

/** A rate shown per 1000 requests in USD with 2 decimals, half-up (docs/requirements.md §8.5). */
export function ratePer1000(rate: string | bigint): string {
  const nanos = typeof rate === 'bigint' ? rate : parseRate(rate)
  return formatCents(nanosToCents(nanos * 1000n))
}

/** A graduated range of a rate setting: requests numbered `from + 1` … `to` of the month (`to` -1: no end). */
export interface PriceRange {
  request_from: number
  request_to: number
  rate: string
}

export type RangeProblem =
  | { key: 'pricing.rangeToNotAfterFrom'; index: number }
  | { key: 'pricing.rangeStartUnlimited'; index: number }
  | { key: 'pricing.rangeNegative'; index: number }
  | { key: 'pricing.rangeAfterUnlimited'; index: number }
  | { key: 'pricing.rangeFirstStart'; index: number }
  | { key: 'pricing.rangeOverlap'; index: number; from: number }
  | { key: 'pricing.rangeGap'; index: number; from: number }
  | { key: 'pricing.rateNotPositive'; index: number }

/**
 * The rules for a setting's ranges (docs/requirements.md §8.2), checked on the whole set (in any order): `request_to` greater
 * than `request_from`; -1 only as an upper bound, never a start; no range after one that ends at -1;
 * the first starts at 0 and each next one starts where the previous ended (no overlap, no gap); rates
 * above 0. `index` is the offending range's position in the given array.
 */
export function checkRanges(ranges: readonly PriceRange[]): RangeProblem | null {
  for (const [index, range] of ranges.entries()) {
    if (range.request_from === UNLIMITED) return { key: 'pricing.rangeStartUnlimited', index }
    if (range.request_from < 0 || (range.request_to < 0 && range.request_to !== UNLIMITED))
      return { key: 'pricing.rangeNegative', index }
    if (range.request_to !== UNLIMITED && range.request_to <= range.request_from)
      return { key: 'pricing.rangeToNotAfterFrom', index }
    if (!isDecimal(range.rate) || parseRate(range.rate) <= 0n) return { key: 'pricing.rateNotPositive', index }
  }
  const order = ranges
    .map((range, index) => ({ range, index }))
    .sort((a, b) => a.range.request_from - b.range.request_from)
  let previous: PriceRange | undefined
  for (const { range, index } of order) {
    if (!previous) {
      if (range.request_from !== 0) return { key: 'pricing.rangeFirstStart', index }
    } else if (previous.request_to === UNLIMITED) {
      return { key: 'pricing.rangeAfterUnlimited', index }
    } else if (range.request_from < previous.request_to) {
      return { key: 'pricing.rangeOverlap', index, from: previous.request_to }
    } else if (range.request_from > previous.request_to) {
      return { key: 'pricing.rangeGap', index, from: previous.request_to }
    }
    previous = range
  }
  return null
}

/** One tier of a charge: how many requests fell in the range and what they cost, exactly. */
export interface TierCharge {
  request_from: number
  request_to: number
  rate: string
  requests: number
  /** Exact, in 10⁻⁸ USD. */
  nanos: bigint
}

/**
 * The graduated price of `billable` requests (docs/requirements.md §8.3): each request is charged at the rate of the
 * range it falls in. With no ranges, every request costs `flatRate`. Ranges must pass `checkRanges`;
 * requests beyond the last bounded range (a set without -1) are charged at the last range's rate.
 */
export function tieredCharge(
  billable: number,
  ranges: readonly PriceRange[],
  flatRate: string,
): { tiers: TierCharge[]; nanos: bigint } {
  const count = Math.max(0, Math.floor(billable))
  if (ranges.length === 0) {
    const nanos = BigInt(count) * parseRate(flatRate)
    return { tiers: [{ request_from: 0, request_to: UNLIMITED, rate: flatRate, requests: count, nanos }], nanos }
  }
  const sorted = [...ranges].sort((a, b) => a.request_from - b.request_from)
  const tiers: TierCharge[] = []
  let total = 0n
  for (const [i, range] of sorted.entries()) {
    const last = i === sorted.length - 1
    const upper = range.request_to === UNLIMITED || last ? count : Math.min(count, range.request_to)
    const requests = Math.max(0, upper - range.request_from)
    const nanos = BigInt(requests) * parseRate(range.rate)
    tiers.push({ ...range, requests, nanos })
    total += nanos
  }
  return { tiers, nanos: total }
}

/** The rate that applies to the request numbered `n` (1-based) of the month. */
export function rateAt(n: number, ranges: readonly PriceRange[], flatRate: string): string {
  const sorted = [...ranges].sort((a, b) => a.request_from - b.request_from)
  for (const range of sorted) {
    if (n > range.request_from && (range.request_to === UNLIMITED || n <= range.request_to)) return range.rate
  }
  return sorted.at(-1)?.rate ?? flatRate
}

/** The popup's four columns: the rate per 1000 at the first request of each `POPUP_TIERS` tier. */
export function popupRates(ranges: readonly PriceRange[], flatRate: string): string[] {
  return POPUP_TIERS.map(([from]) => ratePer1000(rateAt(from + 1, ranges, flatRate)))
}

/** What prices one service for one user: the effective (private or common) setting. */
export interface ServicePrice {
  service: string
  rate: string
  free: number
  ranges: readonly PriceRange[]
}

export interface BillInput {
  /** Hits per service in the month. Only services in `prices` are billed (UNCLASSIFIED never is). */
  hits: Readonly<Record<string, number>>
  prices: readonly ServicePrice[]
  /** Percentage off, a decimal string such as "10" or "7.5"; "0" when the user gets no discount. */
  discountPercent: string
  /** Free monthly credit in cents, applied after the discount. */
  freeCreditCents: bigint
}

export interface BillLineResult {
  service: string
  hits: number
  free: number
  billable: number
  tiers: TierCharge[]
  /** Exact sum of the tiers in 10⁻⁸ USD, and the one rounding of it to cents. */
  nanos: bigint
  subtotalCents: bigint
}

export interface BillResult {
  lines: BillLineResult[]
  amountBeforeDiscountCents: bigint
  discountCents: bigint
  amountCents: bigint
  freeCreditCents: bigint
  totalCents: bigint
}

/** 10.5% of `cents`, half-up: the discount. */
export function percentOf(cents: bigint, percent: string): bigint {
  return divideHalfUp(cents * parseRate(percent), 100n * RATE_UNIT)
}

/**
 * A month's bill (docs/requirements.md §9.1): per service, the graduated price of hits above the free allowance,
 * rounded to cents once; the discount on their sum; then the free monthly credit; never below 0.
 */
export function priceBill(input: BillInput): BillResult {
  const lines: BillLineResult[] = []
  for (const price of input.prices) {
    const hits = Math.max(0, Math.floor(input.hits[price.service] ?? 0))
    const billable = Math.max(0, hits - price.free)
    const { tiers, nanos } = tieredCharge(billable, price.ranges, price.rate)
    lines.push({
      service: price.service,
      hits,
      free: price.free,
      billable,
      tiers,
      nanos,
      subtotalCents: nanosToCents(nanos),
    })
  }
  const amountBeforeDiscountCents = lines.reduce((sum, line) => sum + line.subtotalCents, 0n)
  const discountCents = percentOf(amountBeforeDiscountCents, input.discountPercent)
  const discounted = amountBeforeDiscountCents - discountCents
  const amountCents = discounted > 0n ? discounted : 0n
  const freeCreditCents = input.freeCreditCents < amountCents ? input.freeCreditCents : amountCents
  const credit = freeCreditCents > 0n ? freeCreditCents : 0n
  return {
    lines,
    amountBeforeDiscountCents,
    discountCents: amountBeforeDiscountCents - amountCents,
    amountCents,
    freeCreditCents: credit,
    totalCents: amountCents - credit,
  }
}

/** A USD amount in cents converted to whole đồng at `vndPerUsd` (a decimal string), half-up. */
export function centsToVnd(cents: bigint, vndPerUsd: string): bigint {
  return divideHalfUp(cents * parseRate(vndPerUsd), 100n * RATE_UNIT)
}

/** VNPay's fee, 1.1% of the amount plus 1,650 VND (whole đồng, half-up; docs/requirements.md §10.6). */
export function vnpayFeeVnd(amountVnd: bigint): bigint {
  return divideHalfUp(amountVnd * 11n, 1000n) + 1650n
}

/** PayPal's fee, 4.4% (international) or 3.9% (domestic) plus 0.30 USD (docs/requirements.md §10.6). */
export function paypalFeeCents(amountCents: bigint, domestic: boolean): bigint {
  return divideHalfUp(amountCents * (domestic ? 39n : 44n), 1000n) + 30n
}

/** A bill's code: `INV-202611-000123` (docs/requirements.md §9.2). */
export function billCode(year: number, month: number, serial: number | bigint): string {
  return `INV-${year}${String(month).padStart(2, '0')}-${String(serial).padStart(6, '0')}`
}

/** The first and last day (ISO dates, UTC) of a month. */
export function monthBounds(year: number, month: number): { from: string; to: string } {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate()
  const mm = String(month).padStart(2, '0')
  return { from: `${year}-${mm}-01`, to: `${year}-${mm}-${String(last).padStart(2, '0')}` }
}

/**
 * The current month's bill so far and where it is heading (dashboard estimate): the same `priceBill`
 * on this month's hits, and on the hits scaled to the whole month.
 */
export function estimateMonth(input: BillInput, elapsedFraction: number): { soFar: BillResult; projected: BillResult } {
  const fraction = Math.min(1, Math.max(elapsedFraction, 1 / (31 * 24)))
  const projectedHits: Record<string, number> = {}
  for (const [service, hits] of Object.entries(input.hits)) projectedHits[service] = Math.round(hits / fraction)
  return { soFar: priceBill(input), projected: priceBill({ ...input, hits: projectedHits }) }
}
