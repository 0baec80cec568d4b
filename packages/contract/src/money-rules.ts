import {
  ADD_BALANCE_MAX_CENTS,
  BALANCE_ALERT_MAX_CENTS,
  COUPON_CREDIT_MAX_CENTS,
  EXCHANGE_RATE_MAX,
  FREE_CREDIT_MAX_CENTS,
  KEY_SPEND_CAP_MAX_CENTS,
  PLAN_PRICE_MAX_CENTS,
  RATE_MAX_USD,
  TOP_UP_MAX_CENTS,
} from './limits.ts'
import type { MessageKey } from './messages/index.ts'
import { formatCents, isDecimal, parseMoney, parseRate } from './pricing-rules.ts'
import type { Check, Problem } from './problem.ts'

// The bounds of every money input (limits.ts "Money bounds", docs/security.md) as pure checks: the
// contract's schemas refine with them on the server and the forms run them in the browser, so both give
// the same verdict. No zod here: the browser bundle imports this module.

/** A ceiling on an amount in USD cents, and the message for an amount that is not above 0. */
export interface MoneyBound {
  max: bigint
  notPositive: MessageKey
  /** Zero is allowed (a free plan). */
  allowZero?: boolean
  /** The message over the maximum, when not the generic `validation.money.tooLarge`. */
  tooLarge?: MessageKey
}

export const MONEY_BOUNDS = {
  addBalance: { max: ADD_BALANCE_MAX_CENTS, notPositive: 'balance.amountNotPositive' },
  balanceAlert: { max: BALANCE_ALERT_MAX_CENTS, notPositive: 'balance.amountNotPositive' },
  topUp: { max: TOP_UP_MAX_CENTS, notPositive: 'payments.amountNotPositive', tooLarge: 'payments.amountTooLarge' },
  couponCredit: { max: COUPON_CREDIT_MAX_CENTS, notPositive: 'coupons.creditNotPositive' },
  planPrice: { max: PLAN_PRICE_MAX_CENTS, notPositive: 'pricing.moneyInvalid', allowZero: true },
  freeCredit: { max: FREE_CREDIT_MAX_CENTS, notPositive: 'pricing.freeNotPositive' },
  keySpendCap: { max: KEY_SPEND_CAP_MAX_CENTS, notPositive: 'keys.spendCapNotPositive' },
} as const satisfies Record<string, MoneyBound>

/** The problem with an amount already read as cents, or null when it is within its bound. */
export function checkCents(cents: bigint, bound: MoneyBound): Problem | null {
  if (cents < 0n || (cents === 0n && !bound.allowZero)) return { key: bound.notPositive }
  if (cents > bound.max)
    return { key: bound.tooLarge ?? 'validation.money.tooLarge', params: { max: formatCents(bound.max) } }
  return null
}

/**
 * Why a typed amount cannot be read as USD cents, as one message that says what is wrong: not a number
 * ("abc", "1e3"), below 0 (the bound's "above 0" message), more than 2 decimals, or more digits than any
 * bound allows. For text that `parseMoney` refused.
 */
export function unreadableMoney(value: string, bound?: MoneyBound): Problem {
  const text = value.trim()
  if (!/^-?\d*(?:\.\d*)?$/.test(text) || !/\d/.test(text)) return { key: 'validation.money.notNumber' }
  if (text.startsWith('-')) return { key: bound?.notPositive ?? 'pricing.moneyInvalid' }
  const [whole = '', fraction = ''] = text.split('.')
  if (bound && fraction.length <= 2 && whole.length > 0)
    return { key: bound.tooLarge ?? 'validation.money.tooLarge', params: { max: formatCents(bound.max) } }
  return { key: 'pricing.moneyInvalid' }
}

/** A typed amount in USD (at most 2 decimals), above 0 (or 0 where allowed) and at most its bound. */
export function moneyCheck(bound: MoneyBound): Check<string> {
  return (value) => {
    if (!value.trim()) return { key: bound.notPositive }
    const cents = parseMoney(value)
    if (cents === null) return unreadableMoney(value, bound)
    return checkCents(cents, bound)
  }
}

const RATE_MAX_NANOS = parseRate(RATE_MAX_USD)
const EXCHANGE_RATE_MAX_NANOS = parseRate(EXCHANGE_RATE_MAX)

/** A per-request rate: a decimal above 0 with at most 8 decimals, and at most `RATE_MAX_USD`. */
export const checkRateInput: Check<string> = (raw) => {
  const value = raw.trim()
  if (!isDecimal(value) || parseRate(value) <= 0n) return { key: 'pricing.rateNotPositive' }
  if (parseRate(value) > RATE_MAX_NANOS) return { key: 'pricing.rateTooLarge', params: { max: RATE_MAX_USD } }
  return null
}

/** VND per USD: a decimal above 0 with at most 8 decimals, and at most `EXCHANGE_RATE_MAX`. */
export const checkExchangeRate: Check<string> = (raw) => {
  const value = raw.trim()
  if (!isDecimal(value) || parseRate(value) <= 0n) return { key: 'pricing.rateNotPositive' }
  if (parseRate(value) > EXCHANGE_RATE_MAX_NANOS)
    return { key: 'pricing.exchangeRateTooLarge', params: { max: EXCHANGE_RATE_MAX } }
  return null
}
