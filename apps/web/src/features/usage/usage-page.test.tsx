import { Key, KeyHealth, RecentRequest, UsageSeries } from '@app/contract'
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionFrom, sessionStore } from '../../app/session.ts'
import { installFakeCanvas } from '../../test/fake-canvas.ts'
import { calls, installFakeServer, ok, openApp, profile, refused, server, session } from '../../test/fake-server.tsx'
import { quickRange } from './range.ts'

// The real /statistics page through the real route table and API client; only the network is
// answered, from fixtures the contract's schemas check.

configure({ asyncUtilTimeout: 5000 })

beforeAll(async () => {
  await Promise.all([
    import('../shell/CustomerLayout.tsx'),
    import('./UsagePage.tsx'),
    import('../../ui/charts/UsageChartCanvas.tsx'),
  ])
}, 60_000)

const usage = (unit: string) =>
  UsageSeries.parse({
    unit,
    buckets: ['2026-11-01T00:00:00.000Z', '2026-11-02T00:00:00.000Z'],
    series: [
      { service: 'LOAD_MAP', hits: [40, 60] },
      { service: 'REVERSE_GEOCODE', hits: [10, 15] },
      { service: 'TRIP', hits: [0, 0] },
    ],
    totals: {
      api_requests: 25,
      map_loads: 100,
      by_service: [
        { service: 'LOAD_MAP', hits: 100 },
        { service: 'REVERSE_GEOCODE', hits: 25 },
        { service: 'TRIP', hits: 0 },
      ],
    },
  })

const key = (id: string, name: string) =>
  Key.parse({
    id,
    user_id: profile.id,
    user_email: profile.email,
    name,
    type: 'api_key',
    description: null,
    key_preview: `mk_…${id.slice(-4)}`,
    status: 'active',
    restriction_list: null,
    created_at: '2026-11-01T08:00:00.000Z',
    last_modified: '2026-11-01T08:00:00.000Z',
    deleted_at: null,
    previous_key_expires_at: null,
    services: null,
    request_cap: null,
    spend_cap: null,
    cap_use: null,
  })
const keys = [key('key_01jd00000000000000000000a1', 'Website'), key('key_01jd00000000000000000000b2', 'Mobile app')]

const request = (id: string, path: string, status = 200) =>
  RecentRequest.parse({
    id,
    at: '2026-11-14T10:15:00.000Z',
    key_id: keys[0]?.id,
    key_name: 'Website',
    service: 'REVERSE_GEOCODE',
    path,
    status,
    latency_ms: 42,
    count: 1,
  })

const usageCalls = () => calls.filter((c) => c.route === 'GET /v1/statistics/hits-one-user')
const lastUsageQuery = () => usageCalls().at(-1)?.query

beforeEach(() => {
  localStorage.clear()
  sessionStore.set(sessionFrom(profile, session.token))
  installFakeServer()
  server['GET /v1/statistics/hits-one-user'] = (_, query) => ok(usage(query.perTime ?? 'day'))
  server['GET /v1/user_keys-unDelete'] = () => ok({ items: keys, total: 2, page: 1, page_size: 10 })
  server['GET /v1/statistics/keys'] = () =>
    ok([
      KeyHealth.parse({
        key_id: keys[0]?.id,
        key_name: 'Website',
        key_preview: 'mk_…00a1',
        hits: 125,
        ok: 120,
        client_errors: 4,
        server_errors: 1,
        latency_avg_ms: 37.6,
        latency_max_ms: 910,
      }),
    ])
  server['GET /v1/statistics/hits-one-user-all-request-per-month'] = () =>
    ok({ items: [request('1001', '/geocode/reverse?lat=16.8')], next_id: null, next_page: null })
  server['GET /v1/statistics/hits-number-one-user-all-request-per-month'] = () => ok({ count: 1, exportable: 1 })
  installFakeCanvas()
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

const unitControl = () => {
  const control = document.querySelector('.ant-segmented[aria-label="Unit"]')
  if (!(control instanceof HTMLElement)) throw new Error('no unit control')
  return control
}
const selectedUnit = () => unitControl().querySelector('.ant-segmented-item-selected')?.textContent
const unitOption = (label: string) => {
  const option = within(unitControl()).getByText(label).closest('.ant-segmented-item')
  if (!option) throw new Error(`no unit ${label}`)
  return option
}

/** Opens the range picker and picks one of its quick ranges. */
async function pickQuickRange(label: string) {
  const input = document.querySelector('.ant-picker-range input')
  if (!input) throw new Error('no range picker')
  fireEvent.mouseDown(input)
  fireEvent.click(input)
  const preset = await screen.findByText(label, { selector: '.ant-picker-presets li' })
  fireEvent.click(preset)
}

describe('the statistics page', { timeout: 60_000 }, () => {
  it('asks for this month by day, and switches to months (and asks again) when the range grows past 31 days', async () => {
    openApp('/statistics')
    const thisMonth = quickRange('thisMonth', new Date())
    await waitFor(() =>
      expect(lastUsageQuery()).toEqual({ start_at: thisMonth.start, end_at: thisMonth.end, perTime: 'day' }),
    )
    expect(selectedUnit()).toBe('Daily')

    // The reader may choose any unit, hours too for a short range…
    fireEvent.click(unitOption('Hourly'))
    await waitFor(() => expect(lastUsageQuery()?.perTime).toBe('hour'))

    fireEvent.click(unitOption('Yearly'))
    await waitFor(() => expect(lastUsageQuery()?.perTime).toBe('year'))

    // …and a new range forgets the choice and brings its own default: months for three months.
    await pickQuickRange('Last 3 months')
    const threeMonths = quickRange('last3Months', new Date())
    await waitFor(() =>
      expect(lastUsageQuery()).toEqual({ start_at: threeMonths.start, end_at: threeMonths.end, perTime: 'month' }),
    )
    await waitFor(() => expect(selectedUnit()).toBe('Monthly'))
    // Hours are not offered for more than 62 days.
    expect(unitOption('Hourly').classList.contains('ant-segmented-item-disabled')).toBe(true)
    expect(calls.filter((c) => c.route === 'GET /v1/statistics/keys').at(-1)?.query).toEqual({
      start_at: threeMonths.start,
      end_at: threeMonths.end,
    })
  })

  it('shows the server’s refusal of a range too long for its unit', async () => {
    server['GET /v1/statistics/hits-one-user'] = () =>
      refused(400, 'RANGE_TOO_LONG', 'Daily figures cover at most 800 days; choose a shorter range or months')
    openApp('/statistics?from=2024-01-01&to=2026-06-30&unit=day')
    expect(
      await screen.findAllByText('Daily figures cover at most 800 days; choose a shorter range or months'),
    ).not.toHaveLength(0)
    expect(lastUsageQuery()).toEqual({ start_at: '2024-01-01', end_at: '2026-06-30', perTime: 'day' })
  })

  it('draws a line chart, turns it into a pie without asking again, and totals each service', async () => {
    openApp('/statistics?from=2026-11-01&to=2026-11-02')
    const line = await screen.findByLabelText(/^Line chart of requests by service/)
    expect(line.getAttribute('aria-label')).toBe(
      'Line chart of requests by service: Map loads 100; Reverse geocoding 25',
    )
    const asked = usageCalls().length

    fireEvent.click(screen.getByText('Pie', { selector: '.ant-segmented-item-label *' }))
    const pie = await screen.findByLabelText(/^Pie chart of requests by service/)
    expect(pie.getAttribute('aria-label')).toBe('Pie chart of requests by service: Map loads 100; Reverse geocoding 25')
    expect(screen.queryByLabelText(/^Line chart/)).toBeNull()
    expect(usageCalls()).toHaveLength(asked)

    const reverse = screen.getByText('Reverse geocoding', { selector: 'td' }).closest('tr')
    expect([...(reverse?.querySelectorAll('td') ?? [])].map((cell) => cell.textContent)).toEqual([
      'Reverse geocoding',
      '25',
      '20%',
    ])
    expect(screen.queryByText('Trip', { selector: 'td' })).toBeNull()

    const website = screen.getByText('Website', { selector: 'td *' }).closest('tr')
    expect([...(website?.querySelectorAll('td') ?? [])].slice(1).map((cell) => cell.textContent)).toEqual([
      '125',
      '120',
      '4',
      '1',
      '38 ms',
      '910 ms',
    ])
  })

  it('narrows the chart to one key', async () => {
    openApp('/statistics?from=2026-11-01&to=2026-11-02')
    await screen.findByLabelText(/^Line chart/)
    const select = screen.getByLabelText('Key', { selector: 'input' })
    fireEvent.mouseDown(select)
    const option = (await screen.findAllByTitle('Mobile app (mk_…00b2)')).find((element) =>
      element.classList.contains('ant-select-item-option'),
    )
    if (!option) throw new Error('no key option')
    fireEvent.click(option)
    await waitFor(() =>
      expect(lastUsageQuery()).toEqual({
        start_at: '2026-11-01',
        end_at: '2026-11-02',
        perTime: 'day',
        key_id: 'key_01jd00000000000000000000b2',
      }),
    )
  })

  it('loads more recent requests after the last one shown, until there are no more', async () => {
    server['GET /v1/statistics/hits-one-user-all-request-per-month'] = (_, query) =>
      query.nextId === '1002'
        ? ok({ items: [request('1001', '/trip/plan', 503)], next_id: null, next_page: null })
        : ok({
            items: [request('1003', '/geocode/reverse'), request('1002', '/direction/route', 404)],
            next_id: '1002',
            next_page: 2,
          })
    openApp('/statistics?month=2026-11')
    expect(await screen.findByText('/direction/route')).toBeTruthy()
    expect(screen.queryByText('/trip/plan')).toBeNull()

    fireEvent.click(screen.getByText('Load more', { selector: 'button *' }))
    expect(await screen.findByText('/trip/plan')).toBeTruthy()
    const pages = calls.filter((c) => c.route === 'GET /v1/statistics/hits-one-user-all-request-per-month')
    expect(pages.map((c) => c.query)).toEqual([
      { year: '2026', month: '11', pageSize: '20' },
      { year: '2026', month: '11', pageSize: '20', nextId: '1002' },
    ])
    const rows = [...document.querySelectorAll('.ant-table-tbody tr[data-row-key]')].filter((row) =>
      ['1003', '1002', '1001'].includes(row.getAttribute('data-row-key') ?? ''),
    )
    expect(rows.map((row) => row.getAttribute('data-row-key'))).toEqual(['1003', '1002', '1001'])
    expect(within(rows[2] as HTMLElement).getByText('503')).toBeTruthy()
    await waitFor(() => expect(screen.queryByText('Load more', { selector: 'button *' })).toBeNull())
  })

  it('downloads the month’s CSV with the signed-in token and saves it as usage-YYYY-MM.csv', async () => {
    server['GET /v1/statistics/hits-number-one-user-all-request-per-month'] = () =>
      ok({ count: 12_345, exportable: 10_000 })
    const csv = 'time,key,service,path,status,latency_ms\n2026-10-31T10:00:00Z,Website,GEOCODE,/geocode,200,40\n'
    const answered = globalThis.fetch
    const exports: { url: string; headers: Record<string, string> }[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (!url.startsWith('/v1/statistics/export-csv-for-user')) return answered(url, init)
        exports.push({ url, headers: (init?.headers ?? {}) as Record<string, string> })
        return new Response(csv, { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8' } })
      }),
    )
    const saved: Blob[] = []
    // jsdom has no object URLs; these stand in for the browser's (files share a window: web tests run with
    // isolate: false, so every stand-in is a writable property).
    URL.createObjectURL = (blob: Blob) => {
      saved.push(blob)
      return 'blob:usage'
    }
    URL.revokeObjectURL = () => {}
    const downloads: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(`${this.download} ${this.getAttribute('href')}`)
    })

    openApp('/statistics?month=2026-10')
    expect(await screen.findByText('10,000 to export: up to 10,000 requests finished within the month')).toBeTruthy()
    fireEvent.click(screen.getByText('Export CSV', { selector: 'button *' }))

    await waitFor(() => expect(downloads).toEqual(['usage-2026-10.csv blob:usage']))
    expect(exports).toHaveLength(1)
    expect(exports[0]?.url).toBe('/v1/statistics/export-csv-for-user?year=2026&month=10&lang=en')
    expect(exports[0]?.headers.authorization).toBe(`Bearer ${session.token}`)
    expect(await saved[0]?.text()).toBe(csv)
  })
})
