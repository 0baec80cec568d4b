import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { addBalance, setBalanceAlert } from './balance.ts'
import { createCoupon } from './coupons.ts'
import {
  ADD_BALANCE_MAX_CENTS,
  BALANCE_ALERT_MAX_CENTS,
  COUPON_CREDIT_MAX_CENTS,
  EXCHANGE_RATE_MAX,
  FREE_CREDIT_MAX_CENTS,
  PLAN_PRICE_MAX_CENTS,
  RATE_MAX_USD,
  TOP_UP_MAX_CENTS,
  VNPAY_AMOUNT_MAX_VND,
} from './limits.ts'
import { checkExchangeRate, checkRateInput, MONEY_BOUNDS, moneyCheck } from './money-rules.ts'
import { checkTopUpAmount, quotePayment } from './payment-rules.ts'
import { createPayment } from './payments.ts'
import { createPlan, updatePlan } from './plans.ts'
import { createRange, createRateSetting, setBillingSettings, setFreeFirstRegister, setFreeMonth } from './pricing.ts'
import { formatCents } from './pricing-rules.ts'

// Every money input has a maximum (limits.ts "Money bounds"; docs/security.md): the schema the server
// validates with and the check the form runs agree at the bound and one cent past it.

/** The message keys a field's schema gives for a value (empty when it is accepted). */
function keysOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value)
  return result.success ? [] : result.error.issues.map((issue) => issue.message)
}

function field(body: unknown, name: string): z.ZodType {
  const shape = (body as { shape: Record<string, z.ZodType> }).shape
  const schema = shape[name]
  if (!schema) throw new Error(`no field ${name}`)
  return schema
}

const plusCent = (cents: bigint) => formatCents(cents + 1n)

describe('money bounds', () => {
  const cases = [
    ['add-balance amount', field(addBalance.body, 'amount'), MONEY_BOUNDS.addBalance, ADD_BALANCE_MAX_CENTS],
    [
      'balance alert threshold',
      field(setBalanceAlert.body, 'threshold'),
      MONEY_BOUNDS.balanceAlert,
      BALANCE_ALERT_MAX_CENTS,
    ],
    [
      'top-up amount (VNPay, PayPal, bank transfer)',
      field(createPayment.body, 'amount'),
      MONEY_BOUNDS.topUp,
      TOP_UP_MAX_CENTS,
    ],
    ['coupon credit', field(createCoupon.body, 'credit'), MONEY_BOUNDS.couponCredit, COUPON_CREDIT_MAX_CENTS],
    ['plan price (create)', field(createPlan.body, 'price'), MONEY_BOUNDS.planPrice, PLAN_PRICE_MAX_CENTS],
    ['plan price (edit)', field(updatePlan.body, 'price'), MONEY_BOUNDS.planPrice, PLAN_PRICE_MAX_CENTS],
    ['monthly free credit', field(setFreeMonth.body, 'free'), MONEY_BOUNDS.freeCredit, FREE_CREDIT_MAX_CENTS],
    [
      'first-registration credit',
      field(setFreeFirstRegister.body, 'free'),
      MONEY_BOUNDS.freeCredit,
      FREE_CREDIT_MAX_CENTS,
    ],
  ] as const

  it.each(cases)('%s: accepts its maximum and refuses one cent more, as the form does', (_, schema, bound, max) => {
    const check = moneyCheck(bound)
    expect(keysOf(schema, formatCents(max))).toEqual([])
    expect(check(formatCents(max))).toBeNull()
    const over = plusCent(max)
    const tooLarge = bound === MONEY_BOUNDS.topUp ? 'payments.amountTooLarge' : 'validation.money.tooLarge'
    expect(keysOf(schema, over)).toEqual([tooLarge])
    expect(check(over)).toEqual({ key: tooLarge, params: { max: formatCents(max) } })
  })

  it.each(cases)('%s: refuses the 13-digit amount parseMoney reads', (_, schema) => {
    expect(keysOf(schema, '9999999999999.99')).not.toEqual([])
  })

  it('the top-up form check agrees with the schema', () => {
    expect(checkTopUpAmount(formatCents(TOP_UP_MAX_CENTS))).toBeNull()
    expect(checkTopUpAmount(plusCent(TOP_UP_MAX_CENTS))).toMatchObject({ key: 'payments.amountTooLarge' })
  })

  it('a free plan costs 0; other amounts must be above 0', () => {
    expect(keysOf(field(createPlan.body, 'price'), '0')).toEqual([])
    expect(keysOf(field(addBalance.body, 'amount'), '0')).toEqual(['balance.amountNotPositive'])
    expect(keysOf(field(createCoupon.body, 'credit'), '0.00')).toEqual(['coupons.creditNotPositive'])
  })

  it('a per-request rate is at most RATE_MAX_USD, in settings and in ranges', () => {
    for (const schema of [field(createRateSetting.body, 'rate'), field(createRange.body, 'rate')]) {
      expect(keysOf(schema, RATE_MAX_USD)).toEqual([])
      expect(keysOf(schema, '100.00000001')).toEqual(['pricing.rateTooLarge'])
      expect(keysOf(schema, '9999999999.99999999')).toEqual(['pricing.rateTooLarge'])
    }
    expect(checkRateInput('100.00000001')).toEqual({ key: 'pricing.rateTooLarge', params: { max: RATE_MAX_USD } })
    expect(checkRateInput('0.00283')).toBeNull()
  })

  it('the exchange rate is at most EXCHANGE_RATE_MAX VND per USD', () => {
    const schema = field(setBillingSettings.body, 'exchange_rate')
    expect(keysOf(schema, EXCHANGE_RATE_MAX)).toEqual([])
    expect(keysOf(schema, '100000.00000001')).toEqual(['pricing.exchangeRateTooLarge'])
    expect(checkExchangeRate('9999999999')).toEqual({
      key: 'pricing.exchangeRateTooLarge',
      params: { max: EXCHANGE_RATE_MAX },
    })
  })

  it('the largest top-up at the highest exchange rate, fee included, fits VNPay’s 12-digit vnp_Amount', () => {
    const quote = quotePayment('vnpay', TOP_UP_MAX_CENTS, { exchangeRate: EXCHANGE_RATE_MAX })
    expect(quote.totalMinor).toBeLessThanOrEqual(VNPAY_AMOUNT_MAX_VND)
    expect((VNPAY_AMOUNT_MAX_VND * 100n).toString()).toHaveLength(12)
  })
})
