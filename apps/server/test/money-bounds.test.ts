import * as contract from '@app/contract'
import {
  ADD_BALANCE_MAX_CENTS,
  BALANCE_ALERT_MAX_CENTS,
  COUPON_CREDIT_MAX_CENTS,
  type EndpointSpec,
  EXCHANGE_RATE_MAX,
  FREE_CREDIT_MAX_CENTS,
  formatCents,
  type Lang,
  type MessageKey,
  PLAN_PRICE_MAX_CENTS,
  RATE_MAX_USD,
  TOP_UP_MAX_CENTS,
  translate,
  VNPAY_AMOUNT_MAX_VND,
} from '@app/contract'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { bills } from '../src/db/schema/index.ts'
import { newId } from '../src/lib/ids.ts'
import { call, createUser, errorEnvelope, fieldsOf, signIn, useTestApp } from './helpers.ts'
import { sampleBody } from './samples.ts'

// Every money input has a maximum (limits.ts "Money bounds"; docs/security.md): one cent past it is a
// 400 naming the field, in the caller's language, and nothing is written.

const LANGS: Lang[] = ['en', 'vi', 'my']
const over = (cents: bigint) => formatCents(cents + 1n)

describe('money bounds', async () => {
  const t = await useTestApp()
  const admin = await createUser(t, { roles: ['admin'] })
  const adminToken = await signIn(t, admin.email)
  const customer = await createUser(t)
  const customerToken = await signIn(t, customer.email)

  /** What a refused call must leave as it was: ledger, payments, coupons, plans, settings, audit. */
  async function snapshot() {
    const result = (await t.ctx.db.execute(sql`
      select
        (select count(*) from balance_logs)::int as balance_logs,
        (select coalesce(sum(balance_cents), 0)::text from users) as balances,
        (select count(*) from payment_intents)::int as payments,
        (select count(*) from coupons)::int as coupons,
        (select count(*) from audit_log)::int as audit,
        (select count(*) from settings_weight)::int as rates,
        (select coalesce(json_agg(json_build_array(key, value) order by key), '[]')::text from settings) as settings
    `)) as unknown as { rows: Record<string, unknown>[] }
    return result.rows[0]
  }

  const cases: {
    name: string
    endpoint: EndpointSpec
    params?: Record<string, string>
    field: string
    value: string
    key: MessageKey
    max: string
    token: () => string
  }[] = [
    {
      name: 'admin add-balance',
      endpoint: contract.addBalance,
      params: { id: customer.id },
      field: 'amount',
      value: '9999999999999.99',
      key: 'validation.money.tooLarge',
      max: formatCents(ADD_BALANCE_MAX_CENTS),
      token: () => adminToken,
    },
    {
      name: 'admin add-balance, one cent over',
      endpoint: contract.addBalance,
      params: { id: customer.id },
      field: 'amount',
      value: over(ADD_BALANCE_MAX_CENTS),
      key: 'validation.money.tooLarge',
      max: formatCents(ADD_BALANCE_MAX_CENTS),
      token: () => adminToken,
    },
    ...(['vnpay', 'paypal', 'bank'] as const).map((provider) => ({
      name: `${provider} top-up`,
      endpoint: contract.createPayment,
      body: { provider },
      field: 'amount',
      value: over(TOP_UP_MAX_CENTS),
      key: 'payments.amountTooLarge' as const,
      max: formatCents(TOP_UP_MAX_CENTS),
      token: () => customerToken,
      provider,
    })),
    {
      name: 'low-balance alert',
      endpoint: contract.setBalanceAlert,
      field: 'threshold',
      value: over(BALANCE_ALERT_MAX_CENTS),
      key: 'validation.money.tooLarge',
      max: formatCents(BALANCE_ALERT_MAX_CENTS),
      token: () => customerToken,
    },
    {
      name: 'coupon credit',
      endpoint: contract.createCoupon,
      field: 'credit',
      value: over(COUPON_CREDIT_MAX_CENTS),
      key: 'validation.money.tooLarge',
      max: formatCents(COUPON_CREDIT_MAX_CENTS),
      token: () => adminToken,
    },
    {
      name: 'plan price',
      endpoint: contract.createPlan,
      field: 'price',
      value: over(PLAN_PRICE_MAX_CENTS),
      key: 'validation.money.tooLarge',
      max: formatCents(PLAN_PRICE_MAX_CENTS),
      token: () => adminToken,
    },
    {
      name: 'monthly free credit',
      endpoint: contract.setFreeMonth,
      field: 'free',
      value: over(FREE_CREDIT_MAX_CENTS),
      key: 'validation.money.tooLarge',
      max: formatCents(FREE_CREDIT_MAX_CENTS),
      token: () => adminToken,
    },
    {
      name: 'first-registration credit',
      endpoint: contract.setFreeFirstRegister,
      field: 'free',
      value: over(FREE_CREDIT_MAX_CENTS),
      key: 'validation.money.tooLarge',
      max: formatCents(FREE_CREDIT_MAX_CENTS),
      token: () => adminToken,
    },
    {
      name: 'rate of a rate setting',
      endpoint: contract.createRateSetting,
      field: 'rate',
      value: '100.00000001',
      key: 'pricing.rateTooLarge',
      max: RATE_MAX_USD,
      token: () => adminToken,
    },
    {
      name: 'exchange rate',
      endpoint: contract.setBillingSettings,
      field: 'exchange_rate',
      value: '100000.00000001',
      key: 'pricing.exchangeRateTooLarge',
      max: EXCHANGE_RATE_MAX,
      token: () => adminToken,
    },
  ]

  describe.each(cases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    it.each(LANGS)('answers 400 with the bound in %s, and writes nothing', async (lang) => {
      const before = await snapshot()
      const body = {
        ...sampleBody(c.endpoint),
        ...('provider' in c ? { provider: c.provider } : {}),
        [c.field]: c.value,
      }
      const res = await call(t, c.endpoint, { params: c.params, body } as never, { token: c.token(), lang })
      expect(res.status).toBe(400)
      const envelope = errorEnvelope(res.body)
      const message = translate(lang, c.key, { max: c.max })
      expect(envelope).toMatchObject({ error_code: 'VALIDATION', message })
      expect(fieldsOf(envelope)).toEqual({ [c.field]: message })
      expect(await snapshot()).toEqual(before)
    })
  })

  it('the bounds themselves are accepted (add-balance of exactly the maximum credits it)', async () => {
    const res = await call(
      t,
      contract.addBalance,
      { params: { id: customer.id }, body: { amount: formatCents(ADD_BALANCE_MAX_CENTS), description: 'Settlement' } },
      { token: adminToken },
    )
    expect(res.status).toBe(200)
    expect(res.body.data?.balance).toBe(formatCents(ADD_BALANCE_MAX_CENTS))
  })

  it.each(LANGS)(
    'refuses to send VNPay a bill whose VND total does not fit vnp_Amount, in %s, and writes nothing',
    async (lang) => {
      // 10,000,000.00 USD at 25,000 VND per USD: 2.5 × 10¹¹ đồng, over VNPay's 9,999,999,999.
      const totalCents = 1_000_000_000n
      const id = newId('bil', t.clock.now().getTime())
      await t.ctx.db.insert(bills).values({
        id,
        userId: customer.id,
        year: 2001 + LANGS.indexOf(lang),
        month: 1,
        code: `INV-B${lang.toUpperCase()}01`,
        billDate: t.clock.now(),
        billedFrom: '2026-10-01',
        billedTo: '2026-10-31',
        isNew: true,
        lines: [],
        amountBeforeDiscountCents: totalCents,
        discountPercent: '0',
        discountCents: 0n,
        amountCents: totalCents,
        freeCreditCents: 0n,
        totalCents,
        exchangeRate: '25000',
        totalVnd: totalCents * 250n,
        transferContent: `INV-B${lang.toUpperCase()}01`,
      })
      const before = await snapshot()
      const res = await call(
        t,
        contract.createPayment,
        { body: { provider: 'vnpay', purpose: 'bill', amount: null, bill_id: id, paypal_domestic: false } },
        { token: customerToken, lang },
      )
      expect(res.status).toBe(422)
      expect(errorEnvelope(res.body)).toMatchObject({
        error_code: 'AMOUNT_TOO_LARGE',
        message: translate(lang, 'payments.vnpayAmountTooLarge', { max: VNPAY_AMOUNT_MAX_VND.toString() }),
      })
      expect(await snapshot()).toEqual(before)
    },
  )
})
