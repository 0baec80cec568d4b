import { TOP_UP_MAX_CENTS } from './limits.ts'
import { MONEY_BOUNDS, moneyCheck } from './money-rules.ts'
import { centsToVnd, paypalFeeCents, vnpayFeeVnd } from './pricing-rules.ts'
import type { Problem } from './problem.ts'

// Online and bank payments (docs/requirements.md §10, docs/payments.md): what a top-up costs, how VNPay's data to sign
// is built, and which card data may never be stored. No zod: the browser imports this module (the
// /payment form shows the same fee the server charges).

export const PAYMENT_PROVIDERS = ['vnpay', 'paypal', 'bank'] as const
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number]

export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'cancelled', 'review'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

export const PAYMENT_PURPOSES = ['topup', 'bill'] as const
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number]

/** Quick picks of the deposit amount (USD; docs/requirements.md §10.4). */
export const TOP_UP_PICKS = ['100.00', '250.00', '500.00'] as const
/** The largest single top-up (USD cents): limits.ts "Money bounds" explains the value. */
export const MAX_TOP_UP_CENTS = TOP_UP_MAX_CENTS
/** VNPay refuses payments under 5,000 VND. */
export const VNPAY_MIN_VND = 5_000n

/** A deposit amount is a number above 0 (USD, two decimals at most), and at most the cap. */
export function checkTopUpAmount(value: string): Problem | null {
  if (value.trim() === '') return { key: 'payments.amountRequired' }
  return moneyCheck(MONEY_BOUNDS.topUp)(value)
}

/**
 * Who bears the fee (docs/payments.md): the customer. They are charged the amount plus the gateway's
 * fee, and the balance is credited the amount. A bank transfer has no fee.
 */
export interface PaymentQuote {
  provider: PaymentProvider
  /** What the customer pays in: VNPay and bank transfers in VND, PayPal in USD. */
  currency: 'VND' | 'USD'
  /** Credited to the balance (USD cents). */
  creditCents: bigint
  /** The amount before the fee, in the charged currency's minor unit (đồng; cents). */
  amountMinor: bigint
  feeMinor: bigint
  /** What the customer pays: amount + fee. */
  totalMinor: bigint
  /** VND per USD used, for VND charges. */
  exchangeRate: string | null
}

export function quotePayment(
  provider: PaymentProvider,
  creditCents: bigint,
  options: { exchangeRate: string; paypalDomestic?: boolean },
): PaymentQuote {
  if (provider === 'paypal') {
    const fee = paypalFeeCents(creditCents, options.paypalDomestic === true)
    return {
      provider,
      currency: 'USD',
      creditCents,
      amountMinor: creditCents,
      feeMinor: fee,
      totalMinor: creditCents + fee,
      exchangeRate: null,
    }
  }
  const vnd = centsToVnd(creditCents, options.exchangeRate)
  const fee = provider === 'vnpay' ? vnpayFeeVnd(vnd) : 0n
  return {
    provider,
    currency: 'VND',
    creditCents,
    amountMinor: vnd,
    feeMinor: fee,
    totalMinor: vnd + fee,
    exchangeRate: options.exchangeRate,
  }
}

/** An amount in a currency's minor unit as written on the wire: VND whole đồng, USD with 2 decimals. */
export function formatMinor(minor: bigint, currency: 'VND' | 'USD'): string {
  if (currency === 'VND') return minor.toString()
  const negative = minor < 0n
  const abs = negative ? -minor : minor
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`
}

// ── VNPay (docs/payments.md) ───────────────────────────────────────────────────────────────────────

/**
 * A value form-encoded as VNPay's demos do (PHP `urlencode`, Java `URLEncoder`): `encodeURIComponent`
 * with a space as `+`, and also `! ' ( ) * ~` percent-encoded, which `encodeURIComponent` leaves as
 * they are (our OrderInfo whitelist keeps them out anyway).
 */
export function vnpayEncode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+')
}

/**
 * The data VNPay's HMAC-SHA512 signs: the `vnp_*` parameters except the hash fields, empty values
 * dropped, keys in ascending byte order, `key=value` form-encoded and joined with `&`. The query
 * string sent to VNPay is the same string plus `&vnp_SecureHash=…`.
 */
export function vnpaySignData(params: Record<string, string>): string {
  return Object.keys(params)
    .filter(
      (key) =>
        key.startsWith('vnp_') &&
        key !== 'vnp_SecureHash' &&
        key !== 'vnp_SecureHashType' &&
        params[key] !== undefined &&
        params[key] !== '',
    )
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((key) => `${vnpayEncode(key)}=${vnpayEncode(params[key] ?? '')}`)
    .join('&')
}

/** `yyyyMMddHHmmss` in GMT+7 (VNPay's time zone), whatever the server's own time zone. */
export function vnpayDate(at: Date): string {
  const shifted = new Date(at.getTime() + 7 * 3_600_000)
  const two = (n: number) => String(n).padStart(2, '0')
  return `${shifted.getUTCFullYear()}${two(shifted.getUTCMonth() + 1)}${two(shifted.getUTCDate())}${two(
    shifted.getUTCHours(),
  )}${two(shifted.getUTCMinutes())}${two(shifted.getUTCSeconds())}`
}

/** The instant of a VNPay `yyyyMMddHHmmss` (GMT+7), or null when it is not one. */
export function parseVnpayDate(value: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value)
  if (!m) return null
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number]
  const at = new Date(Date.UTC(y, mo - 1, d, h - 7, mi, s))
  return Number.isNaN(at.getTime()) || vnpayDate(at) !== value ? null : at
}

/** VNPay's OrderInfo takes Vietnamese without diacritics and no special characters: we keep [A-Za-z0-9 ]. */
export function vnpayOrderInfo(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, (c) => (c === 'đ' ? 'd' : 'D'))
    .replace(/[^A-Za-z0-9 ]/g, ' ')
    .replace(/ +/g, ' ')
    .trim()
    .slice(0, 255)
}

/** vnp_ResponseCode values that name a customer's cancellation. */
export const VNPAY_CANCELLED = '24'

// ── Cards (add-card) ─────────────────────────────────────────────────────────────────────────────────

/** Luhn's check over a string of digits. */
export function luhnValid(digits: string): boolean {
  let sum = 0
  let double = false
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48
    if (d < 0 || d > 9) return false
    if (double) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
    double = !double
  }
  return sum % 10 === 0
}

/**
 * Whether a text holds what looks like a card number (a PAN): 13 to 19 digits, possibly split by
 * spaces or dashes, that pass Luhn's check. Such text is never stored (PCI DSS): only the gateway's
 * token and display data are.
 */
export function looksLikeCardNumber(text: string): boolean {
  for (const run of text.match(/\d[\d -]{11,}\d/g) ?? []) {
    const digits = run.replace(/[ -]/g, '')
    for (let length = 13; length <= 19; length++) {
      for (let start = 0; start + length <= digits.length; start++) {
        if (luhnValid(digits.slice(start, start + length))) return true
      }
    }
  }
  return false
}
