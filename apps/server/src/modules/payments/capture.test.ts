import { describe, expect, it } from 'vitest'
import type { IntentRow } from './intents.ts'
import type { PaypalCapture } from './paypal.ts'
import { captureOutcome } from './paypal-flow.ts'

// What a PayPal capture means for a payment (docs/payments.md "PayPal"): only COMPLETED, of exactly this payment's
// amount, currency and reference, is a success.

const intent = { reference: '01JD0000000000000000000001', totalMinor: 10_470n, currency: 'USD' } as IntentRow

const capture = (overrides: Partial<PaypalCapture> = {}): PaypalCapture => ({
  id: '3C679366HH908993F',
  status: 'COMPLETED',
  amount: { currency_code: 'USD', value: '104.70' },
  custom_id: '01JD0000000000000000000001',
  create_time: '2026-11-02T08:01:00Z',
  ...overrides,
})

describe('a PayPal capture', () => {
  it('COMPLETED with the same amount, currency and reference is a success', () => {
    expect(captureOutcome(intent, capture())).toMatchObject({ kind: 'success', txnId: '3C679366HH908993F' })
  })

  it('goes to review when the amount, the currency or the reference differ', () => {
    expect(captureOutcome(intent, capture({ amount: { currency_code: 'USD', value: '100.00' } }))).toMatchObject({
      kind: 'review',
      alert: { key: 'payments.alert.amountMismatch', params: { reported: '100.00', expected: '104.70' } },
    })
    expect(captureOutcome(intent, capture({ amount: { currency_code: 'EUR', value: '104.70' } }))?.kind).toBe('review')
    expect(captureOutcome(intent, capture({ custom_id: 'SOMEONE-ELSE' }))).toMatchObject({
      kind: 'review',
      alert: { key: 'payments.alert.referenceMismatch' },
    })
  })

  it('PENDING waits (nothing credited), DECLINED and FAILED fail, refunds change nothing by themselves', () => {
    expect(
      captureOutcome(intent, capture({ status: 'PENDING', status_details: { reason: 'PENDING_REVIEW' } })),
    ).toMatchObject({
      kind: 'waiting',
      responseCode: 'PENDING:PENDING_REVIEW',
    })
    expect(captureOutcome(intent, capture({ status: 'DECLINED' }))?.kind).toBe('failed')
    expect(captureOutcome(intent, capture({ status: 'FAILED' }))?.kind).toBe('failed')
    expect(captureOutcome(intent, capture({ status: 'REFUNDED' }))).toBeNull()
  })
})
