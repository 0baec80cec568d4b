import { type Check, MONEY_BOUNDS, moneyCheck, type Problem, UNLIMITED } from '@app/contract'

// The coupon forms' checks, the rules the contract's schemas apply on the server (coupons.ts, whose
// zod schemas do not ship to the browser), so a field says here what the server would say.

/** docs/requirements.md §11.1: an event code uses A–Z, 0–9, _ and - (the contract's EVENT_CODE_PATTERN). */
export const EVENT_CODE_PATTERN = /^[A-Z0-9_-]+$/
/** The form's input stops at this length, as the server's schema does. */
export const EVENT_CODE_MAX = 64
const LIMIT_MAX = 1_000_000
const EXPIRY_DAYS_MAX = 3650

/** Event codes are written in capitals; what is typed is upper-cased as it is typed. */
export function normalizeEventCode(value: unknown): string {
  return typeof value === 'string' ? value.toUpperCase() : ''
}

export const checkEventCode: Check<string> = (value) => {
  const code = value.trim()
  if (!code) return { key: 'coupons.eventCodeRequired' }
  return EVENT_CODE_PATTERN.test(code) ? null : { key: 'coupons.eventCodeInvalid' }
}

/** docs/requirements.md §11.2: a coupon's credit in USD above 0, at most 2 decimals, and at most its bound (docs/security.md). */
export const checkCredit: Check<string> = moneyCheck(MONEY_BOUNDS.couponCredit)

/** docs/requirements.md §11.2: the credit stays spendable more than 1 day (whole days). */
export function checkExpiryDays(value: number | null | undefined): Problem | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 2 && value <= EXPIRY_DAYS_MAX
    ? null
    : { key: 'coupons.expiryDaysInvalid' }
}

/** docs/requirements.md §11.2: a limit is -1 (unlimited) or a whole number of at least 1. */
export function checkLimit(value: number | null | undefined): Problem | null {
  return typeof value === 'number' &&
    Number.isInteger(value) &&
    (value === UNLIMITED || (value >= 1 && value <= LIMIT_MAX))
    ? null
    : { key: 'coupons.limitInvalid' }
}

/** The limit a form sends: -1 when "Unlimited" is ticked, else the number typed. */
export function limitOf(isUnlimited: boolean, count: number | null | undefined): number | null {
  if (isUnlimited) return UNLIMITED
  return typeof count === 'number' ? count : null
}

/** Today's date on the UTC calendar ("2026-11-02"): coupons expire at the end of a UTC day. */
export function utcToday(now: Date): string {
  return now.toISOString().slice(0, 10)
}
