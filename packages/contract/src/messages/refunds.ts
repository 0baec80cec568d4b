// Server messages of refunds, chargebacks and declined PayPal cards (issue 16, refunds;
// docs/payments.md "Refunds"), in English, spread into en.ts (translations: refunds.vi.ts, refunds.my.ts).

export const refundsEn = {
  'payments.refund.done': 'The refund was made: {{amount}} {{currency}} went back to the customer',
  'payments.refund.sent': 'The refund was sent; the provider has not confirmed it yet',
  'payments.refund.amountInvalid':
    'Enter the amount to refund in the payment’s currency: VND in whole đồng, USD with up to 2 decimals',
  'payments.refund.amountNotPositive': 'The amount to refund must be above 0',
  'payments.refund.tooLarge': 'At most {{refundable}} {{currency}} of this payment can still be refunded',
  'payments.refund.reasonRequired': 'Say why the payment is refunded',
  'payments.refund.notRefundable':
    'Only a succeeded top-up paid by VNPay or PayPal can be refunded (a bill payment or a bank transfer cannot)',
  'payments.refund.inProgress': 'A refund of this payment is already in progress; wait for its result',
  'payments.refund.refused': 'The provider refused the refund ({{code}})',
  'payments.refundDescription': 'Refund of payment {{reference}}',
  'payments.reversalDescription': 'Chargeback of payment {{reference}}',
  'payments.instrumentDeclined':
    'Your card or funding source was declined. Nothing was charged: choose another card or funding source at PayPal',
  'payments.alert.balanceOwed':
    'a refund or chargeback took back more than the balance held: the account owes {{owed}} USD and the gateway refuses its keys (check-balance is on)',
  'payments.alert.refundExceeds':
    'the provider refunded {{reported}} {{currency}}, more than the {{remaining}} {{currency}} left of this payment',
  'payments.alert.refundUnanswered':
    'a refund was sent to the provider but no answer came back; check it at the provider before refunding again',
  // A refund in flight settled by VNPay's querydr (the back office's "Check with VNPay", reconciliation).
  'payments.refund.checkCompleted':
    'VNPay confirms the refund: {{amount}} {{currency}} went back to the customer and was taken from the balance',
  'payments.refund.checkFailed':
    'VNPay has not made this refund ({{code}}): nothing was taken, and the payment can be refunded again',
  'payments.refund.checkWaiting':
    'VNPay has not settled this refund yet; it stays in flight. Check again in a few minutes',
  'payments.refund.noneInFlight': 'This payment has no VNPay refund waiting for an answer',
} as const
