import { type Payment, Payment as PaymentSchema } from '@app/contract'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { adminLangPref } from '../../app/prefs.ts'
import { setUpAdminScreens } from '../../test/admin-screens.ts'
import { calls, ok, openApp, refused, server } from '../../test/fake-server.tsx'

// The back office's payments page and bank settings tab through the real admin shell and API client;
// only the network is answered.

setUpAdminScreens({
  pages: () => [import('./PaymentsPage.tsx'), import('../settings/SettingsPage.tsx')],
  waitMs: 10_000,
  beforeEach: () => {
    server[LIST] = () =>
      ok({ items: [bankTransfer, flagged], total: 2, page: 1, page_size: 20, pending_bank: 1, in_review: 1, alerts: 1 })
  },
})

const bankTransfer: Payment = PaymentSchema.parse({
  id: 'pay_01jd0000000000000000000007',
  reference: 'TU7K3M9Q2X',
  user_id: 'usr_01jd0000000000000000000042',
  user_email: 'minh.tran@example.com',
  user_name: 'Minh Tran',
  provider: 'bank',
  purpose: 'topup',
  bill_id: null,
  bill_code: null,
  status: 'pending',
  amount: '50.00',
  currency: 'VND',
  charge_amount: '1270000',
  fee: '0',
  total: '1270000',
  exchange_rate: '25400',
  paypal_domestic: null,
  transfer_content: 'TU7K3M9Q2X',
  provider_order_id: null,
  provider_txn_id: null,
  bank_code: null,
  bank_tran_no: null,
  card_type: null,
  response_code: null,
  pay_date: null,
  alert: null,
  note: null,
  decided_by: null,
  created_at: '2026-11-20T08:00:00.000Z',
  completed_at: null,
  expires_at: null,
  refunded: '0',
  refundable: '0',
  refund_pending: false,
})

const flagged: Payment = {
  ...bankTransfer,
  id: 'pay_01jd0000000000000000000008',
  reference: '01JD0000000000000000000008',
  provider: 'vnpay',
  transfer_content: null,
  status: 'review',
  fee: '29590',
  total: '2569590',
  alert: 'the gateway reported 1000 VND instead of 2569590 VND',
}

const paypalTopUp: Payment = {
  ...bankTransfer,
  id: 'pay_01jd0000000000000000000009',
  reference: '01JD0000000000000000000009',
  provider: 'paypal',
  status: 'succeeded',
  amount: '100.00',
  currency: 'USD',
  charge_amount: '100.00',
  fee: '4.70',
  total: '104.70',
  exchange_rate: null,
  transfer_content: null,
  provider_txn_id: '3C679366HH908993F',
  refundable: '104.70',
}

const LIST = 'GET /v1/payments/all'

const rowOf = (text: string) => {
  const row = screen.getByText(text).closest('tr')
  if (!row) throw new Error(`no row holds ${text}`)
  return row as HTMLElement
}

describe('/administrator/payments', { timeout: 90_000 }, () => {
  it('lists payments with their counts and alerts, and filters from the address', async () => {
    openApp('/administrator/payments?provider=bank&status=pending&user=usr_01jd0000000000000000000042')
    expect(await screen.findByText('TU7K3M9Q2X')).toBeTruthy()
    expect(screen.getByText('Bank transfers waiting: 1')).toBeTruthy()
    expect(screen.getByText('Alerts: 1')).toBeTruthy()
    expect(calls.filter((c) => c.route === LIST)[0]?.query).toMatchObject({
      provider: 'bank',
      status: 'pending',
      user_id: 'usr_01jd0000000000000000000042',
    })
    expect(within(rowOf('TU7K3M9Q2X')).getByText('$50.00')).toBeTruthy()
    expect(within(rowOf('01JD0000000000000000000008')).getByText('In review')).toBeTruthy()
    expect(screen.getByLabelText('the gateway reported 1000 VND instead of 2569590 VND')).toBeTruthy()
  })

  it('confirms a bank transfer with a note, and asks a reason before rejecting', async () => {
    server['PUT /v1/payments/pay_01jd0000000000000000000007/confirm'] = () =>
      ok({ ...bankTransfer, status: 'succeeded' }, 'Payment confirmed')
    openApp('/administrator/payments')
    await screen.findByText('TU7K3M9Q2X')
    fireEvent.click(within(rowOf('TU7K3M9Q2X')).getByRole('button', { name: /Confirm/ }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText(/Credits \$50\.00 to minh\.tran@example\.com once/)).toBeTruthy()
    fireEvent.change(within(dialog).getByLabelText('Note (optional)'), { target: { value: 'On the statement' } })
    fireEvent.click(within(dialog).getByRole('button', { name: /Confirm/ }))
    await waitFor(() =>
      expect(
        calls.filter((c) => c.route === 'PUT /v1/payments/pay_01jd0000000000000000000007/confirm')[0]?.body,
      ).toEqual({
        note: 'On the statement',
      }),
    )
    expect(await screen.findByText('Payment confirmed')).toBeTruthy()

    server['PUT /v1/payments/pay_01jd0000000000000000000008/reject'] = () =>
      refused(409, 'NOT_DECIDABLE', 'Only a pending bank transfer or a payment in review can be confirmed or rejected')
    fireEvent.click(within(rowOf('01JD0000000000000000000008')).getByRole('button', { name: /Reject/ }))
    const reject = (await screen.findAllByRole('dialog')).at(-1) as HTMLElement
    fireEvent.click(within(reject).getByRole('button', { name: /Reject/ }))
    expect(await within(reject).findByText('Say why the payment is rejected')).toBeTruthy()
    expect(calls.some((c) => c.route.endsWith('/reject'))).toBe(false)
    fireEvent.change(within(reject).getByLabelText('Reason'), { target: { value: 'Nothing arrived' } })
    fireEvent.click(within(reject).getByRole('button', { name: /Reject/ }))
    expect(await screen.findByText(/The decision was not saved: Only a pending bank transfer/)).toBeTruthy()
  })
})

describe('refunding a top-up', { timeout: 90_000 }, () => {
  const REFUND = 'POST /v1/payments/pay_01jd0000000000000000000009/refund'

  it('asks the amount (at most what is refundable) and a reason, then refunds once with one Idempotency-Key', async () => {
    server[LIST] = () =>
      ok({ items: [paypalTopUp], total: 1, page: 1, page_size: 20, pending_bank: 0, in_review: 0, alerts: 0 })
    server[REFUND] = (body) =>
      ok(
        { ...paypalTopUp, refunded: (body as { amount: string }).amount, refundable: '54.70' },
        'The refund was made: 50.00 USD went back to the customer',
      )
    openApp('/administrator/payments')
    await screen.findByText('01JD0000000000000000000009')
    fireEvent.click(within(rowOf('01JD0000000000000000000009')).getByRole('button', { name: /Refund/ }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText(/Gives money back to minh\.tran@example\.com through PayPal/)).toBeTruthy()
    const amount = within(dialog).getByLabelText('Amount to give back (USD)') as HTMLInputElement
    expect(amount.value).toBe('104.70')

    // Over what is left, and no reason: refused in the dialog, nothing sent.
    fireEvent.change(amount, { target: { value: '104.71' } })
    fireEvent.click(within(dialog).getByRole('button', { name: /Refund/ }))
    expect(await within(dialog).findByText('At most $104.70 can still be refunded')).toBeTruthy()
    expect(within(dialog).getByText('Say why the payment is refunded')).toBeTruthy()
    fireEvent.change(amount, { target: { value: '1.234' } })
    expect(await within(dialog).findByText('Whole đồng for VND, up to 2 decimals for USD')).toBeTruthy()
    expect(calls.some((c) => c.route === REFUND)).toBe(false)

    fireEvent.change(amount, { target: { value: '50.00' } })
    fireEvent.change(within(dialog).getByLabelText('Reason (for the customer and the audit log)'), {
      target: { value: 'Customer asked' },
    })
    const ok1 = within(dialog).getByRole('button', { name: /Refund/ })
    fireEvent.click(ok1)
    fireEvent.click(ok1)
    expect(await screen.findByText('The refund was made: 50.00 USD went back to the customer')).toBeTruthy()
    const sent = calls.filter((c) => c.route === REFUND)
    expect(sent[0]?.body).toEqual({ amount: '50.00', reason: 'Customer asked' })
    // A double click may send twice, but with the dialog's one key: the server makes one refund.
    const keys = vi
      .mocked(fetch)
      .mock.calls.filter(([url]) => String(url).endsWith('/refund'))
      .map(([, init]) => new Headers(init?.headers).get('idempotency-key'))
    expect(keys.length).toBeGreaterThan(0)
    expect(new Set(keys).size).toBe(1)
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('shows the server’s refusal and offers no refund for a payment that is not refundable', async () => {
    server[LIST] = () =>
      ok({
        items: [
          paypalTopUp,
          { ...paypalTopUp, id: 'pay_01jd0000000000000000000010', reference: 'BILLPAID0010', refundable: '0.00' },
        ],
        total: 2,
        page: 1,
        page_size: 20,
        pending_bank: 0,
        in_review: 0,
        alerts: 0,
      })
    server[REFUND] = () =>
      refused(409, 'REFUND_IN_PROGRESS', 'A refund of this payment is already in progress; wait for its result')
    openApp('/administrator/payments')
    await screen.findByText('BILLPAID0010')
    expect(within(rowOf('BILLPAID0010')).queryByRole('button', { name: /Refund/ })).toBeNull()
    fireEvent.click(within(rowOf('01JD0000000000000000000009')).getByRole('button', { name: /Refund/ }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.change(within(dialog).getByLabelText('Reason (for the customer and the audit log)'), {
      target: { value: 'Customer asked' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: /Refund/ }))
    expect(
      await screen.findByText(/The refund was not made: A refund of this payment is already in progress/),
    ).toBeTruthy()
  })
})

describe('a VNPay refund with no answer', { timeout: 90_000 }, () => {
  const vnpayRefunding: Payment = {
    ...paypalTopUp,
    id: 'pay_01jd0000000000000000000011',
    reference: '01JD0000000000000000000011',
    provider: 'vnpay',
    currency: 'VND',
    total: '2569590',
    refundable: '0',
    refund_pending: true,
    alert: 'a refund was sent to the provider but no answer came back',
  }
  const CHECK = 'POST /v1/payments/pay_01jd0000000000000000000011/refund/check'

  it('offers "Check with VNPay" on its row (not on a PayPal refund in flight) and shows what VNPay said', async () => {
    server[LIST] = () =>
      ok({
        items: [vnpayRefunding, { ...paypalTopUp, refundable: '0.00', refund_pending: true }],
        total: 2,
        page: 1,
        page_size: 20,
        pending_bank: 0,
        in_review: 0,
        alerts: 1,
      })
    server[CHECK] = () =>
      ok(
        { ...vnpayRefunding, refund_pending: false, refunded: '2569590', alert: null },
        'VNPay confirms the refund: 2569590 VND went back to the customer and was taken from the balance',
      )
    openApp('/administrator/payments')
    await screen.findByText('01JD0000000000000000000011')
    expect(within(rowOf('01JD0000000000000000000009')).queryByRole('button', { name: /Check with VNPay/ })).toBeNull()
    fireEvent.click(within(rowOf('01JD0000000000000000000011')).getByRole('button', { name: /Check with VNPay/ }))
    expect(
      await screen.findByText(
        'VNPay confirms the refund: 2569590 VND went back to the customer and was taken from the balance',
      ),
    ).toBeTruthy()
    expect(calls.filter((c) => c.route === CHECK)).toHaveLength(1)
  })

  it('in Vietnamese, and says when VNPay could not be asked', async () => {
    adminLangPref.set('vi')
    server[LIST] = () =>
      ok({ items: [vnpayRefunding], total: 1, page: 1, page_size: 20, pending_bank: 0, in_review: 0, alerts: 1 })
    server[CHECK] = () => refused(502, 'GATEWAY_ERROR', 'Cổng thanh toán không trả lời')
    openApp('/administrator/payments')
    fireEvent.click(await screen.findByRole('button', { name: /Kiểm tra với VNPay/ }))
    expect(await screen.findByText(/Không hỏi được VNPay/)).toBeTruthy()
  })
})

describe('the bank transfer settings tab', { timeout: 90_000 }, () => {
  it('saves the account and shows the server’s field message', async () => {
    server['GET /v1/app-config'] = () =>
      ok({ maintenance: false, map_url: '/maps', docs_url: '/docs', version: '0.1.0' })
    server['GET /v1/settings-bank'] = () =>
      ok({ bank_name: '', account_name: '', account_number: '', branch: '', swift: '', notes: '' })
    let attempts = 0
    server['PUT /v1/settings-bank'] = (body) => {
      attempts += 1
      return attempts === 1
        ? refused(400, 'VALIDATION', 'A SWIFT/BIC code has 8 or 11 letters and digits', {
            fields: { swift: 'A SWIFT/BIC code has 8 or 11 letters and digits' },
          })
        : ok(body, 'Bank details saved')
    }
    openApp('/administrator/settings?tab=bank')
    expect(await screen.findByText('Bank transfers are off')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Bank name'), { target: { value: 'Vietcombank' } })
    fireEvent.change(screen.getByLabelText('Account name'), { target: { value: 'MAPS PORTAL JSC' } })
    fireEvent.change(screen.getByLabelText('Account number'), { target: { value: '0011004123456' } })
    fireEvent.change(screen.getByLabelText('SWIFT / BIC'), { target: { value: 'BFTV' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findAllByText('A SWIFT/BIC code has 8 or 11 letters and digits')).not.toHaveLength(0)
    fireEvent.change(screen.getByLabelText('SWIFT / BIC'), { target: { value: 'BFTVVNVX' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(attempts).toBe(2))
    expect(calls.filter((c) => c.route === 'PUT /v1/settings-bank').at(-1)?.body).toEqual({
      bank_name: 'Vietcombank',
      account_name: 'MAPS PORTAL JSC',
      account_number: '0011004123456',
      branch: '',
      swift: 'BFTVVNVX',
      notes: '',
    })
  })
})
