import {
  BalanceLog,
  BalanceSummary,
  type balanceSummary,
  CouponLog,
  formatDateTime,
  type ResponseOf,
} from '@app/contract'
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionFrom, sessionStore } from '../../app/session.ts'
import { calls, installFakeServer, ok, openApp, profile, refused, server, session } from '../../test/fake-server.tsx'

// The real /payment page and the dashboard's runway card through the real route table and API client;
// only the network is answered, from fixtures the contract's schemas check.

configure({ asyncUtilTimeout: 5000 })

beforeAll(async () => {
  await Promise.all([
    import('../shell/CustomerLayout.tsx'),
    import('./BalancePage.tsx'),
    import('../dashboard/DashboardPage.tsx'),
  ])
}, 60_000)

const USER = profile.user_id
const LOGS = `GET /v1/balance-logs/${USER}`
const COUPON_LOGS = `GET /v1/coupon-logs/user/${USER}`

const summary = (overrides: Partial<ResponseOf<typeof balanceSummary>> = {}) =>
  BalanceSummary.parse({
    balance: '120.50',
    month_spend: '20.00',
    runway_days: 12,
    alert_threshold: null,
    ...overrides,
  })

const log = (n: number, overrides: Partial<BalanceLog>): BalanceLog =>
  BalanceLog.parse({
    id: `bal_01jd00000000000000000000${String(n).padStart(2, '0')}`,
    user_id: USER,
    user_email: profile.email,
    user_name: profile.full_name,
    type: 'coupon',
    amount: '10.00',
    balance_after: '10.00',
    description: null,
    reference: null,
    created_by: null,
    created_by_name: null,
    created_by_email: null,
    created_at: `2026-10-${String(30 - n).padStart(2, '0')}T12:00:00.000Z`,
    ...overrides,
  })

// Newest first, as the server sends them: twelve movements, so the log has two pages.
const movements: BalanceLog[] = [
  log(0, {
    type: 'bill_payment',
    amount: '-873.48',
    balance_after: '120.50',
    description: 'Bill INV-202610-000123',
    reference: 'INV-202610-000123',
  }),
  log(1, { type: 'coupon', amount: '25.00', balance_after: '993.98', reference: 'WELCOME-2026' }),
  log(2, { type: 'admin_add', amount: '968.98', balance_after: '968.98', description: 'Prepayment, invoice 42' }),
  ...Array.from({ length: 9 }, (_, i) =>
    log(3 + i, { type: i % 2 ? 'first_register' : 'credit_expiry', amount: i % 2 ? '1.00' : '-1.00' }),
  ),
]

function answerLogs() {
  server[LOGS] = (_, query) => {
    const page = Number(query.page ?? 1)
    const size = Number(query.page_size ?? 10)
    const kept = movements.filter((row) =>
      query.filter_type === 'credit'
        ? !row.amount.startsWith('-')
        : query.filter_type === 'debit'
          ? row.amount.startsWith('-')
          : true,
    )
    return ok({
      items: kept.slice((page - 1) * size, page * size),
      total: kept.length,
      page,
      page_size: size,
      balance: '120.50',
    })
  }
}

const coupons: CouponLog[] = [
  CouponLog.parse({
    id: 'cpl_01jd000000000000000000001',
    user_id: USER,
    user_email: profile.email,
    coupon_id: 'cpn_01jd000000000000000000001',
    code: 'WELCOME-2026',
    type_name: 'Welcome',
    credit: '25.00',
    redeemed_at: '2026-10-29T12:00:00.000Z',
    expires_at: '2026-11-28T12:00:00.000Z',
    unspent: '12.50',
    expired_amount: null,
    status: 'active',
  }),
  CouponLog.parse({
    id: 'cpl_01jd000000000000000000002',
    user_id: USER,
    user_email: profile.email,
    coupon_id: 'cpn_01jd000000000000000000002',
    code: 'SUMMER-7Q2X',
    type_name: 'Summer',
    credit: '10.00',
    redeemed_at: '2026-07-01T12:00:00.000Z',
    expires_at: '2026-08-01T12:00:00.000Z',
    unspent: '0.00',
    expired_amount: '4.00',
    status: 'expired',
  }),
]

const couponPage = (items: CouponLog[]) => ok({ items, total: items.length, page: 1, page_size: 10 })

beforeEach(() => {
  localStorage.clear()
  sessionStore.set(sessionFrom(profile, session.token))
  installFakeServer()
  server['GET /v1/balance'] = () => ok(summary())
  server[COUPON_LOGS] = () => couponPage(coupons)
  server['GET /v1/payments/options'] = () =>
    ok({ vnpay: true, paypal: true, bank: null, exchange_rate: '25400', sandbox: false })
  server['GET /v1/payments'] = () => ok({ items: [], total: 0, page: 1, page_size: 10 })
  server['GET /v1/users/cards'] = () => ok([])
  answerLogs()
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

const callsOf = (route: string) => calls.filter((c) => c.route === route)
const rows = (testId: string) =>
  [...screen.getByTestId(testId).querySelectorAll('.ant-table-tbody tr[data-row-key]')] as HTMLElement[]
const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((cell) => cell.textContent)

async function openPayment(path = '/payment') {
  const router = openApp(path)
  expect(await screen.findByText('Balance and payments')).toBeTruthy()
  return router
}

describe('/payment', { timeout: 60_000 }, () => {
  it('shows the balance, how long it lasts at this month’s spend, and the top-up with its methods', async () => {
    await openPayment()
    const card = screen.getByTestId('balance-card')
    expect(await within(card).findByText('$120.50')).toBeTruthy()
    expect(within(card).getByText('About 12 days left at this month’s spend')).toBeTruthy()
    expect(within(card).getByText('Spent this month so far: $20.00')).toBeTruthy()
    const topUp = screen.getByTestId('top-up')
    expect(await within(topUp).findByLabelText('Amount (USD)')).toBeTruthy()
    expect(within(topUp).getByRole('radio', { name: /VNPay/ })).toBeTruthy()
    expect(within(topUp).getByRole('radio', { name: /PayPal/ })).toBeTruthy()
    // No bank account set yet: the bank transfer is offered but not available.
    expect((within(topUp).getByRole('radio', { name: /Bank transfer/ }) as HTMLInputElement).disabled).toBe(true)
    expect(await screen.findByText('No saved cards.')).toBeTruthy()
    expect(screen.getByText('No payments yet.')).toBeTruthy()
  })

  it('redeems a coupon and shows the server’s message with the credit and its expiry', async () => {
    const message = '25.00 USD was added to your balance; it can be spent until Dec 2, 2026'
    server['POST /v1/users/use-coupon'] = () => ok({ log: coupons[0], balance: '145.50' }, message)
    await openPayment()
    await screen.findByText('WELCOME-2026', { selector: 'code' })
    const couponCalls = callsOf(COUPON_LOGS).length
    server['GET /v1/balance'] = () => ok(summary({ balance: '145.50' }))

    fireEvent.change(screen.getByLabelText('Coupon code'), { target: { value: '  SPRING-AB12 ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Redeem' }))

    expect(await screen.findByText(message)).toBeTruthy()
    expect(callsOf('POST /v1/users/use-coupon').map((c) => c.body)).toEqual([{ coupon: 'SPRING-AB12' }])
    // The balance, the coupon log and the balance log are asked again; the field is cleared.
    expect(await within(screen.getByTestId('balance-card')).findByText('$145.50')).toBeTruthy()
    await waitFor(() => expect(callsOf(COUPON_LOGS).length).toBeGreaterThan(couponCalls))
    expect((screen.getByLabelText('Coupon code') as HTMLInputElement).value).toBe('')
  })

  it('says “Coupon use failed” with the server’s reason when the coupon is refused', async () => {
    server['POST /v1/users/use-coupon'] = () => refused(422, 'COUPON_USED_UP', 'This coupon has been fully used')
    await openPayment()
    fireEvent.change(screen.getByLabelText('Coupon code'), { target: { value: 'SUMMER-7Q2X' } })
    fireEvent.click(screen.getByRole('button', { name: 'Redeem' }))
    expect(await screen.findByText('Coupon use failed: This coupon has been fully used')).toBeTruthy()
    expect((screen.getByLabelText('Coupon code') as HTMLInputElement).value).toBe('SUMMER-7Q2X')
  })

  it('asks for a code before sending anything', async () => {
    await openPayment()
    fireEvent.click(screen.getByRole('button', { name: 'Redeem' }))
    expect(await screen.findByText('Enter a coupon code', {}, { timeout: 15_000 })).toBeTruthy()
    expect(callsOf('POST /v1/users/use-coupon')).toEqual([])
  })

  it('lists the coupons redeemed with credit, dates, what is unspent and their state', async () => {
    await openPayment()
    await screen.findByText('WELCOME-2026', { selector: 'code' })
    expect(rows('coupon-log').map(cells)).toEqual([
      ['WELCOME-2026Welcome', '$25.00', 'Oct 29, 2026', 'Nov 28, 2026', '$12.50', 'Active'],
      ['SUMMER-7Q2XSummer', '$10.00', 'Jul 1, 2026', 'Aug 1, 2026', '$0.00', 'Expired$4.00 taken back'],
    ])
    expect(callsOf(COUPON_LOGS)[0]?.query).toEqual({ page: '1', page_size: '10' })
  })

  it('says so when no coupon was redeemed yet', async () => {
    server[COUPON_LOGS] = () => couponPage([])
    await openPayment()
    expect(await screen.findByText('You have not redeemed a coupon yet.')).toBeTruthy()
  })

  it('lists balance movements newest first: translated type, signed amount in colour, balance after, details', async () => {
    await openPayment()
    await screen.findByText('Prepayment, invoice 42')
    const [payment, coupon, added] = rows('balance-log').map(cells)
    // Dates in the reader's time zone, as the other screens show them.
    const when = (n: number) => formatDateTime(movements[n]?.created_at ?? '', 'en')
    expect(payment).toEqual([when(0), 'Bill payment', '−$873.48', '$120.50', 'Bill INV-202610-000123INV-202610-000123'])
    expect(coupon).toEqual([when(1), 'Coupon', '+$25.00', '$993.98', 'WELCOME-2026'])
    expect(added).toEqual([when(2), 'Credit from our team', '+$968.98', '$968.98', 'Prepayment, invoice 42'])
    const amounts = screen.getAllByTestId('log-amount')
    // The light theme's colorErrorText for debits, colorSuccessText for credits (theme/theme.ts: the
    // shades that reach 4.5:1 on white).
    expect(amounts[0]?.style.color).toBe('rgb(207, 19, 34)')
    expect(amounts[1]?.style.color).toBe('rgb(35, 120, 4)')
    expect(screen.getByText('12 movements')).toBeTruthy()
    expect(callsOf(LOGS)[0]?.query).toEqual({ page: '1', page_size: '10', filter_type: 'all' })
  })

  it('filters credits or debits on the server, pages, and keeps both in the address', async () => {
    const router = await openPayment()
    await screen.findByText('Prepayment, invoice 42')

    fireEvent.click(screen.getByText('Debits'))
    await waitFor(() =>
      expect(callsOf(LOGS).at(-1)?.query).toEqual({ page: '1', page_size: '10', filter_type: 'debit' }),
    )
    await waitFor(() => expect(rows('balance-log')).toHaveLength(6))
    expect(rows('balance-log').every((row) => row.textContent?.includes('−$'))).toBe(true)
    expect(router.state.location.search).toBe('?type=debit')

    fireEvent.click(screen.getByText('Credits'))
    await waitFor(() =>
      expect(callsOf(LOGS).at(-1)?.query).toEqual({ page: '1', page_size: '10', filter_type: 'credit' }),
    )
    await waitFor(() => expect(rows('balance-log')[0]?.textContent).toContain('+$25.00'))

    fireEvent.click(screen.getByText('All'))
    await screen.findByText('Bill payment')
    const logCard = screen.getByTestId('balance-log').closest('.ant-card') as HTMLElement
    fireEvent.click(within(logCard).getByTitle('2'))
    await waitFor(() => expect(callsOf(LOGS).at(-1)?.query).toEqual({ page: '2', page_size: '10', filter_type: 'all' }))
    await waitFor(() => expect(rows('balance-log')).toHaveLength(2))
    expect(router.state.location.search).toBe('?page=2')
  })

  it('opens on the filter and page of the address, and moves back from a page past the end', async () => {
    const router = await openPayment('/payment?type=credit&page=3')
    await waitFor(() => expect(callsOf(LOGS)[0]?.query).toEqual({ page: '3', page_size: '10', filter_type: 'credit' }))
    await waitFor(() =>
      expect(callsOf(LOGS).at(-1)?.query).toEqual({ page: '1', page_size: '10', filter_type: 'credit' }),
    )
    expect(router.state.location.search).toBe('?type=credit')
    await waitFor(() => expect(rows('balance-log')).toHaveLength(6))
  })

  it('says so when there is no movement of a kind', async () => {
    server[LOGS] = (_, query) => ok({ items: [], total: 0, page: Number(query.page), page_size: 10, balance: '0.00' })
    await openPayment('/payment?type=debit')
    expect(await screen.findByText('No movements of this kind.')).toBeTruthy()
  })

  it('sets the low-balance alert in USD, and turns it off', async () => {
    server['PUT /v1/balance/alert'] = (body) => {
      const threshold = (body as { threshold: string | null }).threshold
      return ok(summary({ alert_threshold: threshold === null ? null : '25.00' }), 'Balance alert saved')
    }
    await openPayment()
    expect(await screen.findByText('The alert is off.')).toBeTruthy()
    fireEvent.click(screen.getByRole('switch', { name: 'E-mail me when my balance is low' }))
    fireEvent.change(await screen.findByLabelText('Alert below'), { target: { value: ' 25 ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Balance alert saved')).toBeTruthy()
    expect(await screen.findByText('You are e-mailed when your balance falls below $25.00.')).toBeTruthy()

    fireEvent.click(screen.getByRole('switch', { name: 'E-mail me when my balance is low' }))
    await waitFor(() => expect(screen.queryByLabelText('Alert below')).toBeNull())
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('The alert is off.')).toBeTruthy()
    expect(callsOf('PUT /v1/balance/alert').map((c) => c.body)).toEqual([{ threshold: '25' }, { threshold: null }])
  })

  it('refuses an alert amount that is not above 0 without sending it', async () => {
    server['GET /v1/balance'] = () => ok(summary({ alert_threshold: '10.00' }))
    await openPayment()
    expect(await screen.findByText('You are e-mailed when your balance falls below $10.00.')).toBeTruthy()
    const amount = screen.getByLabelText('Alert below') as HTMLInputElement
    expect(amount.value).toBe('10.00')
    fireEvent.change(amount, { target: { value: '0' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('The amount must be a number above 0')).toBeTruthy()
    fireEvent.change(amount, { target: { value: '1.234' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.getAllByText('The amount must be a number above 0')).toHaveLength(1))
    expect(callsOf('PUT /v1/balance/alert')).toEqual([])
  })
})

describe('the dashboard’s runway card', { timeout: 60_000 }, () => {
  beforeEach(() => {
    // The dashboard's other cards are not this test's subject: their calls are refused quietly.
    for (const route of [
      'GET /v1/statistics/hits-one-user-per-month',
      'GET /v1/statistics/hits-one-user',
      'GET /v1/users-plans-dashboard',
      'GET /v1/bills/estimate',
    ])
      server[route] = () => refused(404, 'NOT_FOUND', 'Not found')
  })

  it('says about how many days the balance lasts at this month’s spend, with the balance and a link to /payment', async () => {
    const router = openApp('/')
    const card = await screen.findByTestId('runway-card')
    expect(await within(card).findByText('About 12 days left at this month’s spend')).toBeTruthy()
    expect(within(card).getByText('$120.50')).toBeTruthy()
    fireEvent.click(within(card).getByText('Balance and top-up'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'))
  })

  it('says when nothing is spent yet this month, and when the balance does not cover the spend', async () => {
    server['GET /v1/balance'] = () => ok(summary({ month_spend: '0.00', runway_days: null }))
    openApp('/')
    const card = await screen.findByTestId('runway-card')
    expect(await within(card).findByText('No spend yet this month')).toBeTruthy()
    expect(within(card).queryByText(/Spent this month/)).toBeNull()
    cleanup()

    server['GET /v1/balance'] = () => ok(summary({ balance: '0.00', runway_days: 0 }))
    openApp('/')
    const empty = await screen.findByTestId('runway-card')
    expect(await within(empty).findByText('Your balance does not cover this month’s spend')).toBeTruthy()
    cleanup()

    server['GET /v1/balance'] = () => ok(summary({ runway_days: 1 }))
    openApp('/')
    const soon = await screen.findByTestId('runway-card')
    expect(await within(soon).findByText('About 1 day left at this month’s spend')).toBeTruthy()
  })
})
