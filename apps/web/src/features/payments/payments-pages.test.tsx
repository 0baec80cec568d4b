import { type Payment, Payment as PaymentSchema } from '@app/contract'
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionFrom, sessionStore } from '../../app/session.ts'
import { calls, installFakeServer, ok, openApp, profile, refused, server, session } from '../../test/fake-server.tsx'
import { redirect } from './redirect.ts'

// The top-up on /payment and the gateways' result pages through the real route table and API client;
// only the network is answered, from fixtures the contract's schemas check.

configure({ asyncUtilTimeout: 8000 })

/** Where the page sent the browser (`redirect.to`, spied on in each test). */
const redirects: string[] = []

beforeAll(async () => {
  await Promise.all([
    import('../shell/CustomerLayout.tsx'),
    import('../balance/BalancePage.tsx'),
    import('./PaymentResultPage.tsx'),
  ])
}, 60_000)

const BANK = {
  bank_name: 'Vietcombank',
  account_name: 'MAPS PORTAL JSC',
  account_number: '0011004123456',
  branch: 'Hanoi',
  swift: 'BFTVVNVX',
  notes: '',
}

const payment = (overrides: Partial<Payment> = {}): Payment =>
  PaymentSchema.parse({
    id: 'pay_01jd0000000000000000000001',
    reference: '01JD0000000000000000000001',
    user_id: profile.user_id,
    user_email: profile.email,
    user_name: profile.full_name,
    provider: 'vnpay',
    purpose: 'topup',
    bill_id: null,
    bill_code: null,
    status: 'succeeded',
    amount: '100.00',
    currency: 'VND',
    charge_amount: '2540000',
    fee: '29590',
    total: '2569590',
    exchange_rate: '25400',
    paypal_domestic: null,
    transfer_content: null,
    provider_order_id: null,
    provider_txn_id: '14226112',
    bank_code: 'NCB',
    bank_tran_no: 'VNP14226112',
    card_type: 'ATM',
    response_code: '00',
    pay_date: '2026-11-02T08:01:00.000Z',
    alert: null,
    note: null,
    decided_by: null,
    created_at: '2026-11-02T08:00:00.000Z',
    completed_at: '2026-11-02T08:01:00.000Z',
    expires_at: '2026-11-02T08:15:00.000Z',
    refunded: '0',
    refundable: '0',
    refund_pending: false,
    ...overrides,
  })

beforeEach(() => {
  redirects.length = 0
  vi.spyOn(redirect, 'to').mockImplementation((url) => void redirects.push(url))
  localStorage.clear()
  sessionStore.set(sessionFrom(profile, session.token))
  installFakeServer()
  server['GET /v1/balance'] = () =>
    ok({ balance: '0.00', month_spend: '0.00', runway_days: null, alert_threshold: null })
  server[`GET /v1/coupon-logs/user/${profile.user_id}`] = () => ok({ items: [], total: 0, page: 1, page_size: 10 })
  server[`GET /v1/balance-logs/${profile.user_id}`] = () =>
    ok({ items: [], total: 0, page: 1, page_size: 10, balance: '0.00' })
  server['GET /v1/payments/options'] = () =>
    ok({ vnpay: true, paypal: true, bank: BANK, exchange_rate: '25400', sandbox: true })
  server['GET /v1/payments'] = () => ok({ items: [], total: 0, page: 1, page_size: 10 })
  server['GET /v1/users/cards'] = () => ok([])
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

const callsOf = (route: string) => calls.filter((c) => c.route === route)

describe('the top-up on /payment', { timeout: 90_000 }, () => {
  it('shows the fee before paying and sends the customer to VNPay with what they chose', async () => {
    server['POST /v1/payments'] = () =>
      ok({ payment: payment({ status: 'pending' }), redirect_url: 'http://gateway.test/pay?x=1' })
    openApp('/payment')
    const form = await screen.findByTestId('top-up')
    expect(await within(form).findByText(/Test mode/)).toBeTruthy()
    fireEvent.click(within(form).getByRole('button', { name: '$100' }))
    const quote = await within(form).findByTestId('top-up-quote')
    // 100 USD at 25,400 VND; VNPay's 1.1% + 1,650 VND on top.
    expect(within(quote).getByText('$100.00')).toBeTruthy()
    expect(within(quote).getByText('₫2,540,000')).toBeTruthy()
    expect(within(quote).getByText('₫29,590')).toBeTruthy()
    expect(within(quote).getByText('₫2,569,590')).toBeTruthy()

    fireEvent.click(within(form).getByRole('radio', { name: /PayPal/ }))
    expect(await within(form).findByText('$104.70')).toBeTruthy()
    fireEvent.click(within(form).getByRole('checkbox', { name: /registered in Vietnam/ }))
    expect(await within(form).findByText('$104.20')).toBeTruthy()

    fireEvent.click(within(form).getByRole('radio', { name: /VNPay/ }))
    fireEvent.click(await within(form).findByRole('button', { name: 'Pay with VNPay' }))
    await waitFor(() => expect(redirects).toEqual(['http://gateway.test/pay?x=1']))
    expect(callsOf('POST /v1/payments')[0]?.body).toEqual({
      provider: 'vnpay',
      purpose: 'topup',
      amount: '100',
      bill_id: null,
      paypal_domestic: false,
    })
  })

  it('lists the customer’s payments with what was refunded', async () => {
    server['GET /v1/payments'] = () =>
      ok({ items: [payment({ refunded: '1284795' })], total: 1, page: 1, page_size: 10 })
    openApp('/payment')
    const history = await screen.findByTestId('payments-history')
    expect(await within(history).findByText('Refunded ₫1,284,795')).toBeTruthy()
  })

  it('says a failed or cancelled attempt charged nothing, instead of “paid”', async () => {
    server['GET /v1/payments'] = () =>
      ok({
        items: [payment({ status: 'failed', total: '258444' })],
        total: 1,
        page: 1,
        page_size: 10,
      })
    openApp('/payment')
    const history = await screen.findByTestId('payments-history')
    const charged = (await within(history).findByText('Not charged', { exact: false })).closest('td')
    expect(charged?.textContent).toBe('₫258,444 Not charged')
    expect(charged?.querySelector('del')?.textContent).toBe('₫258,444')
  })

  it('refuses an amount that is not above 0 without sending it', async () => {
    openApp('/payment')
    const form = await screen.findByTestId('top-up')
    fireEvent.change(await within(form).findByLabelText('Amount (USD)'), { target: { value: '0' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Pay with VNPay' }))
    expect(await within(form).findByText('The amount must be a number above 0')).toBeTruthy()
    expect(callsOf('POST /v1/payments')).toEqual([])
  })

  it('gives each wrong amount one message, the one that says what is wrong', async () => {
    openApp('/payment')
    const form = await screen.findByTestId('top-up')
    const input = await within(form).findByLabelText('Amount (USD)')
    const pay = within(form).getByRole('button', { name: 'Pay with VNPay' })
    const messagesFor = async (value: string, expected: string) => {
      fireEvent.change(input, { target: { value } })
      fireEvent.click(pay)
      await within(form).findByText(expected)
      await waitFor(() =>
        expect([...form.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent)).toEqual([
          expected,
        ]),
      )
    }
    await messagesFor('abc', 'Enter the amount as a number, such as 100 or 25.50')
    await messagesFor('-5', 'The amount must be a number above 0')
    await messagesFor('', 'Enter the amount to top up')
    await messagesFor('12.345', 'Enter an amount in USD with at most 2 decimal places')
    await messagesFor('10001', 'A single top-up is at most 10000.00 USD')
    expect(callsOf('POST /v1/payments')).toEqual([])
  })

  it('opens with the amount a bill is short of, and ignores an amount it would refuse', async () => {
    openApp('/payment?amount=863.48')
    const form = await screen.findByTestId('top-up')
    expect(((await within(form).findByLabelText('Amount (USD)')) as HTMLInputElement).value).toBe('863.48')
    expect(await within(form).findByText('$863.48')).toBeTruthy()
    cleanup()
    openApp('/payment?amount=-5')
    const again = await screen.findByTestId('top-up')
    expect(((await within(again).findByLabelText('Amount (USD)')) as HTMLInputElement).value).toBe('')
  })

  it('a bank transfer shows the account and the top-up code to write, with copy buttons', async () => {
    server['POST /v1/payments'] = () =>
      ok(
        {
          payment: payment({
            provider: 'bank',
            status: 'pending',
            reference: 'TU7K3M9Q2X',
            transfer_content: 'TU7K3M9Q2X',
            fee: '0',
            total: '1270000',
            charge_amount: '1270000',
            amount: '50.00',
          }),
          redirect_url: null,
        },
        'Transfer declared',
      )
    openApp('/payment')
    const form = await screen.findByTestId('top-up')
    fireEvent.change(await within(form).findByLabelText('Amount (USD)'), { target: { value: '50' } })
    fireEvent.click(within(form).getByRole('radio', { name: /Bank transfer/ }))
    fireEvent.click(await within(form).findByRole('button', { name: 'I will transfer this amount' }))
    const details = await within(form).findByTestId('bank-transfer')
    expect(within(details).getByText('TU7K3M9Q2X')).toBeTruthy()
    expect(within(details).getByText('0011004123456')).toBeTruthy()
    expect(within(details).getByRole('button', { name: 'Copy Transfer content' })).toBeTruthy()
    expect(within(form).getByText(/We add \$50.00 to your balance/)).toBeTruthy()
  })
})

describe('the result pages', { timeout: 90_000 }, () => {
  const VNP = 'vnp_Amount=256959000&vnp_ResponseCode=00&vnp_TxnRef=01JD0000000000000000000001&vnp_SecureHash=abc'

  it('VNPay: the server checks the signature; success shows the details and counts down to the dashboard', async () => {
    server['GET /v1/payments/vnpay/return'] = () => ok({ payment: payment(), gateway_response_code: '00' })
    server['GET /v1/payments/pay_01jd0000000000000000000001'] = () => ok(payment())
    const router = openApp(`/billing/vnpay_return?${VNP}`)
    const result = await screen.findByTestId('payment-result')
    expect(result.dataset.status).toBe('succeeded')
    expect(within(result).getByText('Payment successful')).toBeTruthy()
    expect(within(result).getByText('₫2,569,590')).toBeTruthy()
    expect(within(result).getByText('VNP14226112')).toBeTruthy()
    expect(within(result).getByText('NCB')).toBeTruthy()
    expect(within(result).getByText('₫29,590')).toBeTruthy()
    expect(within(result).getAllByText('$100.00').length).toBeGreaterThan(0)
    expect(within(result).getByText(/Back to the dashboard in \d+ s/)).toBeTruthy()
    // The browser's parameters went to the server untouched.
    expect(callsOf('GET /v1/payments/vnpay/return')[0]?.query).toMatchObject({
      vnp_SecureHash: 'abc',
      vnp_ResponseCode: '00',
    })
    fireEvent.click(within(result).getByRole('button', { name: 'Back to the dashboard now' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
  })

  it('VNPay: waits while the gateway has not confirmed, asking again until it has', async () => {
    let answers = 0
    server['GET /v1/payments/vnpay/return'] = () =>
      ok({ payment: payment({ status: 'pending', pay_date: null }), gateway_response_code: '00' })
    server['GET /v1/payments/pay_01jd0000000000000000000001'] = () => {
      answers += 1
      return ok(answers < 2 ? payment({ status: 'pending', pay_date: null }) : payment())
    }
    openApp(`/billing/vnpay_return?${VNP}`)
    expect((await screen.findByTestId('payment-result')).dataset.status).toBe('pending')
    expect(screen.getByText('Waiting for the gateway’s confirmation')).toBeTruthy()
    await waitFor(() => expect(screen.getByTestId('payment-result').dataset.status).toBe('succeeded'), {
      timeout: 10_000,
    })
  })

  it('VNPay: a failure says so with the amount, the date and the order code', async () => {
    const failed = payment({ status: 'failed', response_code: '51', bank_tran_no: null, provider_txn_id: null })
    server['GET /v1/payments/vnpay/return'] = () => ok({ payment: failed, gateway_response_code: '51' })
    server['GET /v1/payments/pay_01jd0000000000000000000001'] = () => ok(failed)
    openApp(`/billing/vnpay_return?${VNP}`)
    const result = await screen.findByTestId('payment-result')
    expect(within(result).getByText('Payment failed')).toBeTruthy()
    expect(
      within(result).getByText(
        /^Domestic card payment of ₫2,569,590 failed on .+ \(order 01JD0000000000000000000001\); nothing was charged\.$/,
      ),
    ).toBeTruthy()
    // Nothing was paid, so nothing says it was: no "Amount paid", no fee.
    expect(within(result).getByText('Amount (not charged)')).toBeTruthy()
    expect(within(result).queryByText('Amount paid')).toBeNull()
    expect(within(result).queryByText('Fee')).toBeNull()
    expect(within(result).getByRole('button', { name: 'Try again' })).toBeTruthy()
  })

  it('a bill paid by PayPal says which bill is paid and that the balance did not change', async () => {
    const paidBill = payment({
      provider: 'paypal',
      purpose: 'bill',
      bill_id: 'bil_01jd0000000000000000000001',
      bill_code: 'INV-202610-000123',
      currency: 'USD',
      amount: '716.46',
      charge_amount: '716.46',
      fee: '31.82',
      total: '748.28',
      exchange_rate: null,
      provider_order_id: '5O190127TN364715T',
      bank_code: null,
      bank_tran_no: null,
      response_code: 'COMPLETED',
    })
    server['POST /v1/payments/paypal/capture'] = () => ok(paidBill)
    server['GET /v1/payments/pay_01jd0000000000000000000001'] = () => ok(paidBill)
    openApp('/billing/paypal_return?payment=pay_01jd0000000000000000000001&token=5O190127TN364715T&PayerID=X')
    const result = await screen.findByTestId('payment-result')
    expect(result.dataset.status).toBe('succeeded')
    expect(
      within(result).getByText('Bill INV-202610-000123 is paid ($716.46). Your balance did not change.'),
    ).toBeTruthy()
    expect(within(result).queryByText(/added to your balance/)).toBeNull()
    expect(within(result).queryByText('Real amount (credited)')).toBeNull()
    expect(within(result).getByText('Paid toward the bill')).toBeTruthy()
    expect(within(result).getByText('INV-202610-000123')).toBeTruthy()
  })

  it('VNPay: parameters that are not signed are refused', async () => {
    server['GET /v1/payments/vnpay/return'] = () =>
      refused(400, 'BAD_SIGNATURE', 'The payment data was altered or not signed by the gateway')
    openApp(`/billing/vnpay_return?${VNP}`)
    expect(await screen.findByText('This payment result could not be verified')).toBeTruthy()
    expect(screen.getByText('The payment data was altered or not signed by the gateway')).toBeTruthy()
  })

  it('PayPal: the approved order is captured once and the result shown; a cancelled one is cancelled', async () => {
    const paid = payment({
      provider: 'paypal',
      currency: 'USD',
      charge_amount: '100.00',
      fee: '4.70',
      total: '104.70',
      exchange_rate: null,
      provider_order_id: '5O190127TN364715T',
      bank_code: null,
      bank_tran_no: null,
      response_code: 'COMPLETED',
    })
    server['POST /v1/payments/paypal/capture'] = () => ok(paid)
    server['GET /v1/payments/pay_01jd0000000000000000000001'] = () => ok(paid)
    openApp('/billing/paypal_return?payment=pay_01jd0000000000000000000001&token=5O190127TN364715T&PayerID=X')
    const result = await screen.findByTestId('payment-result')
    expect(result.dataset.status).toBe('succeeded')
    expect(within(result).getByText('$104.70')).toBeTruthy()
    expect(within(result).getByText('5O190127TN364715T')).toBeTruthy()
    expect(callsOf('POST /v1/payments/paypal/capture').map((c) => c.body)).toEqual([{ order_id: '5O190127TN364715T' }])
    cleanup()

    const cancelled = { ...paid, status: 'cancelled' as const, response_code: 'CANCELLED_BY_CUSTOMER' }
    server['PUT /v1/payments/pay_01jd0000000000000000000001/cancel'] = () => ok(cancelled)
    server['GET /v1/payments/pay_01jd0000000000000000000001'] = () => ok(cancelled)
    openApp('/billing/paypal_return?payment=pay_01jd0000000000000000000001&cancelled=1&token=5O190127TN364715T')
    const cancelledResult = await screen.findByTestId('payment-result')
    expect(cancelledResult.dataset.status).toBe('cancelled')
    expect(callsOf('PUT /v1/payments/pay_01jd0000000000000000000001/cancel')).toHaveLength(1)
    // A cancellation is the customer's choice, not a failure, and took no money.
    expect(within(cancelledResult).getByText('You cancelled the payment: nothing was charged.')).toBeTruthy()
    expect(within(cancelledResult).queryByText(/payment of .* failed/)).toBeNull()
    expect(within(cancelledResult).queryByText('Amount paid')).toBeNull()
    expect(within(cancelledResult).getByText('Amount (not charged)')).toBeTruthy()
    expect(callsOf('POST /v1/payments/paypal/capture')).toHaveLength(1)
  })

  it('PayPal: a declined card is told as it is, and the buyer goes back to PayPal to pick another card', async () => {
    const approveUrl = 'https://www.sandbox.paypal.com/checkoutnow?token=5O190127TN364715T'
    server['POST /v1/payments/paypal/capture'] = () =>
      refused(
        422,
        'INSTRUMENT_DECLINED',
        'Your card or funding source was declined. Nothing was charged: choose another card or funding source at PayPal',
        { payment_id: 'pay_01jd0000000000000000000001', approve_url: approveUrl },
      )
    openApp('/billing/paypal_return?payment=pay_01jd0000000000000000000001&token=5O190127TN364715T&PayerID=X')
    const result = await screen.findByTestId('payment-result')
    expect(result.dataset.status).toBe('declined')
    expect(within(result).getByText('Your card was declined')).toBeTruthy()
    expect(within(result).queryByText(/Payment successful/)).toBeNull()
    expect(within(result).getByRole('link', { name: 'Try another card' }).getAttribute('href')).toBe(approveUrl)
  })
})
