// Business constants and limits (docs/requirements.md), named once so both sides agree.

export const KEY_NAME_MAX = 180
export const KEY_DESCRIPTION_MAX = 250
export const MAX_RESTRICTION_ROWS = 500
/** After a key is rolled, its old secret may keep working for up to this many hours. */
export const KEY_ROLL_MAX_GRACE_HOURS = 72

export const PASSWORD_MIN = 8
/** Long passphrases are welcome (ASVS 6.2.9); the cap only bounds hashing work. */
export const PASSWORD_MAX = 128
export const EMAIL_MAX = 255
export const NAME_PART_MAX = 100
export const ORGANIZATION_MAX = 255
export const JOB_TITLE_MAX = 255

export const AVATAR_MAX_BYTES = 1024 * 1024
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024

export const EMAIL_CHANGE_NEW_EMAIL_MAX = 255
export const EMAIL_CHANGE_REASON_MAX = 512
export const EMAIL_CHANGE_REFUSE_REASON_MAX = 1024
/** The reason an administrator gives for turning off a user's two-factor authentication. */
export const TWO_FACTOR_OFF_REASON_MAX = 512
/** Step-up (docs/auth.md): a proof of identity lets this session reveal key secrets for this long. */
export const STEP_UP_WINDOW_MINUTES = 10

export const MAP_MAX_POINTS = 1000
export const MAP_MAX_LAYERS = 10

export const USAGE_CSV_MAX_ROWS = 10_000

/** A new account must be verified within this many hours. */
export const VERIFY_WINDOW_HOURS = 24
export const RESET_TOKEN_HOURS = 1

export const SPLASH_MS = 4000
export const INLINE_ERROR_MS = 5000
export const REQUEST_TIMEOUT_MS = 300_000

export const BREAKPOINT_CUSTOMER_COLLAPSE = 1200
export const BREAKPOINT_ADMIN_COLLAPSE = 900
export const BREAKPOINT_TOUR = 768
export const SIDEBAR_WIDTH = 249
export const SIDEBAR_COLLAPSED_WIDTH = 50

export const CHART_PRIMARY = '#3A93F9'
export const CHART_TENSION = 0.4

export const PAGE_SIZE_DEFAULT = 10
export const PAGE_SIZE_MAX = 100

// ── Money bounds (docs/security.md "Money bounds") ────────────────────────────────────────────────
// Every amount a person types has a ceiling, checked by the contract's schemas on the server and by the
// same checks in the browser forms (money-rules.ts). The ceilings are typo guards and blast-radius
// limits, far above any real amount, and far below what the columns hold: money is stored as bigint
// cents (up to 9.2 × 10¹⁸) and rates as numeric(18, 8) (10 integer digits), so no bound here comes near
// a column's range. Amounts are USD cents unless the name says otherwise.

/** One admin credit (add-balance): 100,000.00 USD; a larger settlement is several audited credits. */
export const ADD_BALANCE_MAX_CENTS = 10_000_000n
/**
 * One top-up by VNPay, PayPal or bank transfer: 10,000.00 USD. At the highest exchange rate allowed
 * (`EXCHANGE_RATE_MAX`) plus VNPay's fee it stays under `VNPAY_AMOUNT_MAX_VND`.
 */
export const TOP_UP_MAX_CENTS = 1_000_000n
/** A coupon's credit: 10,000.00 USD (coupons are promotions, not settlements). */
export const COUPON_CREDIT_MAX_CENTS = 1_000_000n
/** A plan's monthly price: 100,000.00 USD. */
export const PLAN_PRICE_MAX_CENTS = 10_000_000n
/** The monthly free credit and the first-registration credit: 10,000.00 USD each. */
export const FREE_CREDIT_MAX_CENTS = 1_000_000n
/** The low-balance alert threshold: 1,000,000.00 USD (above any balance the other bounds let build up quickly). */
export const BALANCE_ALERT_MAX_CENTS = 100_000_000n
/**
 * A rate per request: 100 USD (100,000 USD per 1000 requests), thousands of times any maps list price,
 * while a month of `RANGE_BOUND_MAX` requests at this rate still fits a bigint of cents.
 */
export const RATE_MAX_USD = '100'
/** VND per USD on new bills and top-ups: 100,000 (about four times the 2026 rate). */
export const EXCHANGE_RATE_MAX = '100000'
/** A request count in a range or a rate setting's free requests (an int column). */
export const RANGE_BOUND_MAX = 2_000_000_000
/**
 * The most VND one VNPay payment can carry: `vnp_Amount` is the amount × 100 in at most 12 digits
 * (docs/payments.md), so 9,999,999,999 đồng. A bill whose VND total is larger cannot be paid by VNPay.
 */
export const VNPAY_AMOUNT_MAX_VND = 9_999_999_999n

// Per-key monthly caps (docs/gateway.md "Monthly caps"): typo guards, far above any real month.

/** A key's monthly request cap: at most 10¹² calls (and at least 1). */
export const KEY_REQUEST_CAP_MAX = 1_000_000_000_000
/** A key's monthly spend cap: at most 1,000,000.00 USD. */
export const KEY_SPEND_CAP_MAX_CENTS = 100_000_000n
/** The share of a cap, in percent, at which the key's owner is warned by e-mail. */
export const KEY_CAP_WARN_PERCENT = 80
