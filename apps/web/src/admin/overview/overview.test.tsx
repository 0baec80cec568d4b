import { overview, type ResponseOf } from '@app/contract'
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { monthCounts } from '../../test/admin-billing-fixtures.ts'
import { setUpAdminScreens } from '../../test/admin-screens.ts'
import { installFakeCanvas } from '../../test/fake-canvas.ts'
import { calls, ok, openApp, server } from '../../test/fake-server.tsx'
import { USER_ID, usageSeries, userRow } from '../../test/usage-fixtures.ts'

// The real route table, admin shell, overview page and API client; only the network is answered.

setUpAdminScreens({
  pages: () => [import('./OverviewPage.tsx'), import('../../ui/charts/UsageChartCanvas.tsx')],
  today: '2026-11-22T10:00:00Z',
  beforeEach: () => {
    installFakeCanvas()
  },
})

const OVERVIEW = 'GET /v1/statistics/overview'
const BILL_COUNTS = 'GET /v1/bills/count-by-month'

function answerBillCounts() {
  server[BILL_COUNTS] = (_body, query) =>
    ok(monthCounts({ month: Number(query.month), year: Number(query.year), count: 1234, paid: 1200, unpaid: 34 }))
}

/** The twelve months before November 2026: October billed 2,000.00 and 1,500.00 of it is paid. */
const trend = Array.from({ length: 12 }, (_, i) => {
  const month = `${i < 2 ? 2025 : 2026}-${String(i < 2 ? 11 + i : i - 1).padStart(2, '0')}`
  return month === '2026-10'
    ? { month, billed: '2000.00', paid: '1500.00' }
    : month === '2026-09'
      ? { month, billed: '800.00', paid: '800.00' }
      : { month, billed: '0.00', paid: '0.00' }
})

function figures(revenue: string | null): ResponseOf<typeof overview> {
  return overview.data.parse({
    revenue_accrued: { month: '2026-11', amount: '1050.25' },
    revenue_by_month: trend,
    users_total: 12345,
    users_new: 321,
    keys_active: 4567,
    api_requests: 1234567,
    map_loads: 89012,
    revenue,
    signups: { buckets: ['2026-11-21T00:00:00.000Z', '2026-11-22T00:00:00.000Z'], counts: [300, 21] },
    usage: usageSeries('day', ['2026-11-21T00:00:00.000Z', '2026-11-22T00:00:00.000Z'], {
      GEOCODE: [1000, 234],
      LOAD_MAP: [89000, 12],
    }),
    top_users: [userRow(USER_ID, 'minh.tran@example.com', 'Minh Tran', 5000, 600)],
  })
}

/** The number on the KPI card titled `title`. */
function figure(title: string) {
  const statistic = screen
    .getAllByText(title)
    .map((element) => element.closest('.ant-statistic'))
    .find((element) => element !== null)
  return statistic?.querySelector('.ant-statistic-content')?.textContent
}

describe('the back-office overview', { timeout: 60_000 }, () => {
  it('shows each key figure of this month exactly as the server counted it, and no revenue without bills', async () => {
    server[OVERVIEW] = () => ok(figures(null))
    answerBillCounts()
    openApp('/administrator/overview')

    // Customers only, and saying so (staff accounts are not counted).
    expect(await screen.findByText('Customer accounts')).toBeTruthy()
    expect(calls.filter((c) => c.route === OVERVIEW).map((c) => c.query)).toEqual([
      { start_at: '2026-11-01', end_at: '2026-11-22' },
    ])
    expect(figure('Customer accounts')).toBe('12,345')
    expect(figure('New customers')).toBe('321')
    expect(figure('Active keys')).toBe('4,567')
    expect(figure('API requests')).toBe('1,234,567')
    expect(figure('Map loads')).toBe('89,012')
    expect(figure('Revenue billed')).toBe('—')
    expect(screen.getByText('No bills for this period yet')).toBeTruthy()
    // The month's revenue accrues before its bills exist (issue 21: it showed $0.00 all month).
    expect(figure('Accruing in Nov 2026')).toBe('$1,050.25')

    // Revenue by month and sign-ups per day as bar charts, their figures in words for screen readers
    // (issue 21: sign-ups were a scrolling table of zeros).
    expect(
      await screen.findByRole('img', {
        name: 'Bar chart of revenue by month: Sep 2026 billed $800.00, paid $800.00; Oct 2026 billed $2,000.00, paid $1,500.00; Nov 2026 accruing $1,050.25',
      }),
    ).toBeTruthy()
    expect(
      screen.getByRole('img', { name: 'Bar chart of sign-ups per day: 321 in the period, most on 21 Nov (300)' }),
    ).toBeTruthy()
    // Busiest users open their own usage for the same period.
    const user = screen.getByRole('link', { name: 'minh.tran@example.com' })
    expect(user.getAttribute('href')).toBe(
      `/administrator/view-hits-per-user?user_id=${USER_ID}&from=2026-11-01&to=2026-11-22`,
    )
    expect(screen.getByText('5,600')).toBeTruthy()
  })

  it('shows revenue in dollars once billing sends it, and last month’s bills paid and unpaid', async () => {
    server[OVERVIEW] = () => ok(figures('1234.50'))
    answerBillCounts()
    openApp('/administrator/overview')
    await waitFor(() => expect(figure('Revenue billed')).toBe('$1,234.50'))
    expect(screen.queryByText('No bills for this period yet')).toBeNull()

    // October is the latest month that has ended on 22 November; its bills open in the billing manager.
    const bills = await screen.findByRole('link', { name: 'Bills of October 2026: 1,200 paid, 34 unpaid' })
    expect(bills.getAttribute('href')).toBe('/administrator/billing-management?month=10&year=2026')
    expect(calls.filter((c) => c.route === BILL_COUNTS).map((c) => c.query)).toEqual([{ month: '10', year: '2026' }])
  })
})
