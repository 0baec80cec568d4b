import { KEY_CAP_WARN_PERCENT, KEY_REQUEST_CAP_MAX } from './limits.ts'
import { nanosToCents, percentOf } from './pricing-rules.ts'
import type { Check } from './problem.ts'

// Per-key monthly caps (docs/gateway.md "Monthly caps") as pure rules: what a key used of its caps, when
// its owner is warned and when the gateway refuses it. No zod here: the browser imports this module.

export interface KeyCaps {
  /** Calls per UTC month; null: no request cap. */
  requestCap: number | null
  /** USD cents per UTC month; null: no spend cap. */
  spendCapCents: bigint | null
}

export interface KeyCapUse {
  requests: number
  spendCents: bigint
}

/** `ok` below the warning share, `warn` from 80 %, `reached` at 100 % of either cap (the gateway refuses). */
export type KeyCapState = 'ok' | 'warn' | 'reached'

export const hasCap = (caps: KeyCaps) => caps.requestCap !== null || caps.spendCapCents !== null

/** The larger share of its cap used, in percent (may pass 100); 0 without caps. */
export function capPercent(use: KeyCapUse, caps: KeyCaps): number {
  const shares = [
    caps.requestCap ? use.requests / caps.requestCap : 0,
    caps.spendCapCents ? Number(use.spendCents) / Number(caps.spendCapCents) : 0,
  ]
  return Math.max(...shares) * 100
}

/** Exact in integers: reached when either count is at its cap, warned from 80 % of either. */
export function capState(use: KeyCapUse, caps: KeyCaps): KeyCapState {
  const { requestCap, spendCapCents } = caps
  if (
    (requestCap !== null && use.requests >= requestCap) ||
    (spendCapCents !== null && use.spendCents >= spendCapCents)
  )
    return 'reached'
  const warn = BigInt(KEY_CAP_WARN_PERCENT)
  if (
    (requestCap !== null && BigInt(use.requests) * 100n >= BigInt(requestCap) * warn) ||
    (spendCapCents !== null && use.spendCents * 100n >= spendCapCents * warn)
  )
    return 'warn'
  return 'ok'
}

/** One service of the account's month, as priced for its bill (the line's exact amount in 10⁻⁸ USD). */
export interface PricedService {
  service: string
  /** The account's calls of this service in the month (all its keys). */
  hits: number
  nanos: bigint
}

/**
 * A key's spend this month: its share of each service's charge (the account's graduated price, split
 * by the key's share of the account's calls of that service), less the account's discount, rounded to
 * cents once. The month's free credit is the account's, not a key's, so it is not taken off.
 */
export function keySpendCents(
  lines: readonly PricedService[],
  keyHits: Readonly<Record<string, number>>,
  discountPercent: string,
): bigint {
  let nanos = 0n
  for (const line of lines) {
    const hits = keyHits[line.service] ?? 0
    if (hits <= 0 || line.hits <= 0) continue
    nanos += (line.nanos * BigInt(Math.min(hits, line.hits))) / BigInt(line.hits)
  }
  const cents = nanosToCents(nanos)
  return cents - percentOf(cents, discountPercent)
}

/** A request cap as typed: a whole number of calls from 1 to `KEY_REQUEST_CAP_MAX`. */
export const checkRequestCap: Check<number> = (value) =>
  Number.isSafeInteger(value) && value >= 1 && value <= KEY_REQUEST_CAP_MAX
    ? null
    : { key: 'keys.requestCapInvalid', params: { max: KEY_REQUEST_CAP_MAX.toLocaleString('en-US') } }

/** 'YYYY-MM' of a time, in UTC: the month a cap counts. */
export function capMonthOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7)
}

/** The first instant of the UTC month after `ms`: a reached cap lifts then. */
export function nextMonthStart(ms: number): number {
  const date = new Date(ms)
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1)
}
