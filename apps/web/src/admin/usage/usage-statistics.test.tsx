import type { RecentRequest } from '@app/contract'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '../../app/session.ts'
import { setUpAdminScreens } from '../../test/admin-screens.ts'
import { installFakeCanvas } from '../../test/fake-canvas.ts'
import { calls, ok, openApp, refused, server } from '../../test/fake-server.tsx'
import { keyHealthRows, staffSession, USER_ID, usageSeries, userRow } from '../../test/usage-fixtures.ts'

// The real route table, admin shell, statistics screens and API client; only the network is answered.

setUpAdminScreens({
  pages: () => [
    import('./UsageStatisticsPage.tsx'),
    import('./UsagePerUserPage.tsx'),
    import('./ViewHitsPerUserPage.tsx'),
    import('../../ui/charts/UsageChartCanvas.tsx'),
  ],
  // Only the clock's date is fixed (22 Nov 2026): "this month" is then 1–22 November.
  today: '2026-11-22T10:00:00Z',
  beforeEach: () => {
    installFakeCanvas()
  },
})

const ALL_USERS = 'GET /v1/statistics/hits-all-user-statistic'
const PER_USER = 'GET /v1/statistics/hits-all-user-statistic-google'
const ONE_USER = 'GET /v1/statistics/hits-one-user-by-user-id'
const KEYS = 'GET /v1/statistics/keys'
const RECENT = 'GET /v1/statistics/hits-one-user-all-request-per-month'
const RECENT_COUNT = 'GET /v1/statistics/hits-number-one-user-all-request-per-month'
const EXPORT = 'GET /v1/statistics/export-csv-for-user'

const queriesOf = (route: string) => calls.filter((c) => c.route === route).map((c) => c.query)

function answerUsage() {
  server[ALL_USERS] = (_body, query) =>
    ok(
      query.perTime === 'month'
        ? usageSeries('month', ['2026-09-01T00:00:00.000Z', '2026-10-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z'], {
            GEOCODE: [100, 200, 300],
            LOAD_MAP: [10, 20, 30],
          })
        : usageSeries('day', ['2026-11-21T00:00:00.000Z', '2026-11-22T00:00:00.000Z'], {
            GEOCODE: [1200, 34],
            LOAD_MAP: [7, 0],
          }),
    )
  server[PER_USER] = (_body, query) =>
    ok({
      items: [userRow(USER_ID, 'minh.tran@example.com', 'Minh Tran', 1200, 7)],
      total: 45,
      page: Number(query.page ?? 1),
      page_size: 20,
    })
}

const rowOf = (cell: HTMLElement) => cell.closest('tr') ?? cell
/** The figure an antd Statistic shows under `title`. */
function statisticOf(title: string) {
  const statistic = screen
    .getAllByText(title)
    .map((element) => element.closest('.ant-statistic'))
    .find((element) => element !== null)
  return statistic?.querySelector('.ant-statistic-content')?.textContent
}

function typeDay(label: string, value: string) {
  const input = screen.getByLabelText(label, { selector: 'input' })
  fireEvent.change(input, { target: { value } })
}

describe('usage statistics of all users', { timeout: 60_000 }, () => {
  it('charts this month by day, then asks for months once a period longer than 31 days is chosen', async () => {
    answerUsage()
    openApp('/administrator/usage-statistics')

    await waitFor(() =>
      expect(queriesOf(ALL_USERS)).toEqual([{ start_at: '2026-11-01', end_at: '2026-11-22', perTime: 'day' }]),
    )
    // The totals of the answer: each service, and API requests, map loads and all together.
    expect(rowOf(await screen.findByText('Geocoding')).textContent).toContain('1,234')
    expect(rowOf(screen.getByText('Map loads', { selector: 'td' })).textContent).toContain('7')
    expect(statisticOf('API requests')).toBe('1,234')
    expect(statisticOf('Map loads')).toBe('7')
    expect(statisticOf('All requests')).toBe('1,241')

    typeDay('From', '2026-09-01')
    await waitFor(() =>
      expect(queriesOf(ALL_USERS).at(-1)).toEqual({ start_at: '2026-09-01', end_at: '2026-11-22', perTime: 'month' }),
    )
    await waitFor(() => expect(statisticOf('All requests')).toBe('660'))
    // The per-user table below follows the same period.
    await waitFor(() => expect(queriesOf(PER_USER).at(-1)).toMatchObject({ start_at: '2026-09-01' }))
  })

  it('shows the server’s reason when it refuses a period for the chosen unit', async () => {
    answerUsage()
    const router = openApp('/administrator/usage-statistics?from=2026-01-01&to=2026-11-22')
    await waitFor(() => expect(queriesOf(ALL_USERS).at(-1)).toMatchObject({ perTime: 'month' }))

    server[ALL_USERS] = () => refused(400, 'VALIDATION', 'Too many hours: choose at most 62 days')
    fireEvent.click(await screen.findByText('Hour'))
    expect(await screen.findByText('Too many hours: choose at most 62 days')).toBeTruthy()
    expect(screen.getByText('This period cannot be shown')).toBeTruthy()
    expect(queriesOf(ALL_USERS).at(-1)).toEqual({ start_at: '2026-01-01', end_at: '2026-11-22', perTime: 'hour' })
    expect(router.state.location.search).toContain('unit=hour')
  })
})

describe('usage per user', { timeout: 60_000 }, () => {
  it('sends the keyword and the page, and links each account to its own usage', async () => {
    answerUsage()
    openApp('/administrator/usage-statistics-per-user')

    await waitFor(() =>
      expect(queriesOf(PER_USER)).toEqual([
        { start_at: '2026-11-01', end_at: '2026-11-22', page: '1', page_size: '20' },
      ]),
    )
    const link = await screen.findByRole('link', { name: 'minh.tran@example.com' })
    expect(link.getAttribute('href')).toBe(
      `/administrator/view-hits-per-user?user_id=${USER_ID}&from=2026-11-01&to=2026-11-22`,
    )
    // The "Usage statistics" menu entry stays highlighted on this page.
    expect(document.querySelector('.ant-menu-item-selected')?.textContent).toBe('Usage statistics')

    const search = screen.getByLabelText('Search by e-mail or name', { selector: 'input' })
    fireEvent.change(search, { target: { value: ' minh ' } })
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 })
    await waitFor(() => expect(queriesOf(PER_USER).at(-1)).toMatchObject({ keyword: 'minh', page: '1' }))

    fireEvent.click(await screen.findByTitle('2'))
    await waitFor(() =>
      expect(queriesOf(PER_USER).at(-1)).toEqual({
        start_at: '2026-11-01',
        end_at: '2026-11-22',
        keyword: 'minh',
        page: '2',
        page_size: '20',
      }),
    )
  })
})

function recentRequest(id: string, at: string): RecentRequest {
  return {
    id,
    at,
    key_id: 'key_01jdkey0000000000000000000',
    key_name: 'Website',
    service: 'GEOCODE',
    path: '/geocode',
    status: 200,
    latency_ms: 42,
    count: 1,
  }
}

function answerOneUser() {
  server[ONE_USER] = () =>
    ok({
      ...usageSeries('day', ['2026-11-22T00:00:00.000Z'], { GEOCODE: [5] }),
      user: { id: USER_ID, email: 'minh.tran@example.com', name: 'Minh Tran' },
    })
  server[KEYS] = () =>
    ok(
      keyHealthRows([
        {
          key_id: 'key_01jdkey0000000000000000000',
          key_name: 'Website',
          key_preview: 'ab12…9f',
          hits: 5,
          ok: 4,
          client_errors: 1,
          server_errors: 0,
          latency_avg_ms: 41.6,
          latency_max_ms: 90,
        },
      ]),
    )
  server[RECENT] = (_body, query) =>
    ok(
      query.nextId
        ? { items: [recentRequest('7', '2026-11-21T08:00:00.000Z')], next_id: null, next_page: null }
        : { items: [recentRequest('9', '2026-11-22T09:00:00.000Z')], next_id: '9', next_page: 2 },
    )
  server[RECENT_COUNT] = () => ok({ count: 2, exportable: 2 })
}

/** The export answers a CSV file, not an envelope; the fake server only speaks JSON, so it is wrapped. */
function answerCsvExport() {
  const jsonServer = globalThis.fetch
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (!url.startsWith('/v1/statistics/export-csv-for-user')) return jsonServer(url, init)
      const headers = new Headers(init?.headers)
      calls.push({ route: EXPORT, body: undefined, query: Object.fromEntries(new URLSearchParams(url.split('?')[1])) })
      expect(headers.get('authorization')).toBe('Bearer token-1')
      return new Response('at,service\n', {
        headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="minh-2026-11.csv"' },
      })
    }),
  )
  const saved: string[] = []
  // jsdom has no object URLs; the page only needs an address to hand to the download link.
  Object.defineProperty(URL, 'createObjectURL', { value: () => 'blob:csv', configurable: true, writable: true })
  Object.defineProperty(URL, 'revokeObjectURL', { value: () => {}, configurable: true, writable: true })
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download)
  })
  return saved
}

describe('one user’s usage', { timeout: 60_000 }, () => {
  it('names the user from the answer and sends user_id on every call, the CSV export included', async () => {
    answerOneUser()
    const saved = answerCsvExport()
    openApp(`/administrator/view-hits-per-user?user_id=${USER_ID}&from=2026-11-01&to=2026-11-22`)

    expect(await screen.findByText('Usage of Minh Tran')).toBeTruthy()
    expect(screen.getByText(/minh\.tran@example\.com/)).toBeTruthy()
    expect(document.querySelector('.ant-menu-item-selected')?.textContent).toBe('Accounts')

    // Load the next page of recent requests.
    fireEvent.click(await screen.findByText('Load more'))
    await waitFor(() => expect(queriesOf(RECENT).at(-1)).toMatchObject({ nextId: '9' }))

    // Narrow the chart to one key from the key table.
    fireEvent.click(screen.getByLabelText('Show only Website in the chart'))
    await waitFor(() => expect(queriesOf(ONE_USER).at(-1)).toMatchObject({ key_id: 'key_01jdkey0000000000000000000' }))

    fireEvent.click(screen.getByText('Export CSV'))
    await waitFor(() => expect(saved).toEqual(['usage-minh.tran@example.com-2026-11.csv']))

    const statistics = calls.filter((c) => c.route.startsWith('GET /v1/statistics/'))
    expect(new Set(statistics.map((c) => c.route))).toEqual(new Set([ONE_USER, KEYS, RECENT, RECENT_COUNT, EXPORT]))
    expect(statistics.filter((c) => c.query.user_id !== USER_ID)).toEqual([])
    expect(queriesOf(EXPORT)).toEqual([{ user_id: USER_ID, year: '2026', month: '11' }])
  })
})

describe('who may open the usage screens', { timeout: 60_000 }, () => {
  beforeEach(() => {
    sessionStore.set(staffSession(['support']))
  })

  it('shows support staff the permission page on usage statistics, without asking the server', async () => {
    answerUsage()
    openApp('/administrator/usage-statistics')
    expect(await screen.findByText("You don't have permission to access this page")).toBeTruthy()
    cleanup()
    openApp('/administrator/usage-statistics-per-user')
    expect(await screen.findByText("You don't have permission to access this page")).toBeTruthy()
    expect(calls.filter((c) => c.route.startsWith('GET /v1/statistics/'))).toEqual([])
  })

  it('lets support staff open one user’s usage', async () => {
    answerOneUser()
    openApp(`/administrator/view-hits-per-user?user_id=${USER_ID}`)
    expect(await screen.findByText('Usage of Minh Tran')).toBeTruthy()
    expect(screen.queryByText("You don't have permission to access this page")).toBeNull()
    // Their way back is the accounts list, not the admin-only statistics.
    expect(
      within(screen.getByRole('main'))
        .getByRole('link', { name: /Accounts/ })
        .getAttribute('href'),
    ).toBe('/administrator/user-management')
  })
})
