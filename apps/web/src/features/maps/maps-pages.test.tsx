import { ImportPreview, Key, MapDetail, MapSummary, MapsConfig } from '@app/contract'
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { sessionFrom, sessionStore } from '../../app/session.ts'
import { calls, installFakeServer, ok, openApp, profile, server, session } from '../../test/fake-server.tsx'

// The real /maps and /maps/{id} screens through the real route table and API client; only the network
// is answered, from fixtures the contract's schemas check. (jsdom has no WebGL: the map itself shows
// its "no WebGL" notice, and everything around it works.)

configure({ asyncUtilTimeout: 15_000 })

beforeAll(async () => {
  await Promise.all([import('../shell/CustomerLayout.tsx'), import('./MapsPage.tsx'), import('./MapPage.tsx')])
}, 60_000)

const KEY = Key.parse({
  id: 'key_01jd0000000000000000000000',
  user_id: profile.user_id,
  user_email: profile.email,
  name: 'Website tiles',
  type: 'maptiles_key',
  description: null,
  key_preview: 'mt_…w3Zq',
  status: 'active',
  restriction_list: null,
  created_at: '2026-10-01T08:00:00.000Z',
  last_modified: '2026-10-01T08:00:00.000Z',
  deleted_at: null,
  previous_key_expires_at: null,
  services: null,
  request_cap: null,
  spend_cap: null,
  cap_use: null,
})

const summary = (n: number, overrides: Partial<MapSummary> = {}): MapSummary =>
  MapSummary.parse({
    id: `map_01jd00000000000000000000${String(n).padStart(2, '0')}`,
    name: `Map ${n}`,
    description: n === 1 ? 'Our shops in Hanoi' : null,
    key_id: KEY.id,
    key_name: KEY.name,
    key_type: 'maptiles_key',
    key_status: 'active',
    base_style: 'auto',
    is_default: n === 1,
    status: 'active',
    trashed_at: null,
    restored_at: null,
    view: null,
    share_token: n === 1 ? 'tok-123' : null,
    layer_count: 1,
    point_count: n * 3,
    created_at: '2026-11-01T08:00:00.000Z',
    updated_at: '2026-11-01T09:00:00.000Z',
    ...overrides,
  })

const page = (items: MapSummary[]) => ({ items, total: items.length, page: 1, page_size: 12 })

const config = MapsConfig.parse({
  styles: {
    normal: '/v1/maps/styles/normal',
    dark: '/v1/maps/styles/dark',
    satellite: null,
    navigation_day: '/v1/maps/styles/navigation_day',
    navigation_night: '/v1/maps/styles/navigation_night',
  },
  offline: { normal: true, dark: true, satellite: false, navigation_day: true, navigation_night: true },
  editor_origins: ['http://localhost:8888'],
  max_points: 1000,
  max_layers: 10,
  import_max_bytes: 2097152,
})

beforeEach(() => {
  installFakeServer()
  localStorage.clear()
  sessionStore.set(sessionFrom(profile, session.token))
  server['GET /v1/user_keys-unDelete'] = () => ok({ items: [KEY], total: 1, page: 1, page_size: 100 })
  server['GET /v1/maps/config'] = () => ok(config)
})

afterEach(() => {
  cleanup()
  sessionStore.clear()
})

describe('/maps', { timeout: 120_000 }, () => {
  it('lists the maps as cards, default first, and as a list', async () => {
    server['GET /v1/maps'] = () => ok(page([summary(1), summary(2)]))
    const router = openApp('/maps')
    const cards = await screen.findAllByTestId('map-card')
    expect(cards).toHaveLength(2)
    expect(within(cards[0] as HTMLElement).getByText('Map 1')).toBeTruthy()
    expect(within(cards[0] as HTMLElement).getByText('Default')).toBeTruthy()
    expect(within(cards[0] as HTMLElement).getByText('Shared')).toBeTruthy()
    expect(within(cards[1] as HTMLElement).getByText('6 points · 1 layer')).toBeTruthy()

    fireEvent.click(screen.getByText('List'))
    await waitFor(() => expect(router.state.location.search).toBe('?mode=list'))
    expect(await screen.findByRole('columnheader', { name: 'Points' })).toBeTruthy()
    expect(screen.getAllByRole('row')).toHaveLength(3)
  })

  it('shows the recycle bin and empties it after a confirmation', async () => {
    const trashed = summary(3, { status: 'trashed', trashed_at: '2026-11-02T07:00:00.000Z', is_default: false })
    let emptied = false
    server['GET /v1/maps'] = (_, query) =>
      ok(page(query.status === 'trashed' && !emptied ? [trashed] : query.status === 'trashed' ? [] : [summary(1)]))
    server['DELETE /v1/maps/trash'] = () => {
      emptied = true
      return ok({ count: 1 }, '1 map deleted permanently')
    }
    server[`PUT /v1/maps/${trashed.id}/restore`] = () => ok(summary(3), 'Map restored')
    openApp('/maps?view=trashed')
    expect(await screen.findByText('Map 3')).toBeTruthy()
    expect(screen.getByRole('button', { name: /Restore/ })).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: /Empty recycle bin/ }))
    expect(
      await screen.findByText('Delete every map in the recycle bin permanently? This cannot be undone.'),
    ).toBeTruthy()
    expect(calls.some((c) => c.route === 'DELETE /v1/maps/trash')).toBe(false)
    const dialog = screen.getByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: /OK|Confirm/ }))
    await waitFor(() => expect(calls.some((c) => c.route === 'DELETE /v1/maps/trash')).toBe(true))
    expect(await screen.findByText('The recycle bin is empty')).toBeTruthy()
  })

  it('creates a map with a name and a key, then opens it', async () => {
    server['GET /v1/maps'] = () => ok(page([]))
    const created = MapDetail.parse({ ...summary(9), layers: [], points: [], tile_key: null })
    server['POST /v1/maps'] = () => ({
      status: 201,
      body: { status: 'success', data: created, message: 'Map created', error_code: null },
    })
    server[`GET /v1/maps/${created.id}`] = () => ok(created)
    const router = openApp('/maps')
    const create = (await screen.findAllByRole('button', { name: /Create map/ }))[0] as HTMLButtonElement
    await waitFor(() => expect(create.disabled).toBe(false))
    fireEvent.click(create)
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: /Create map/ }))
    expect(await within(dialog).findByText("Please enter the map's name")).toBeTruthy()
    expect(calls.some((c) => c.route === 'POST /v1/maps')).toBe(false)

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Warehouses' } })
    fireEvent.click(within(dialog).getByRole('button', { name: /Create map/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe(`/maps/${created.id}`))
    expect(calls.find((c) => c.route === 'POST /v1/maps')?.body).toEqual({
      name: 'Warehouses',
      key_id: KEY.id,
      description: null,
    })
  })
})

describe('/maps/{id} import', { timeout: 120_000 }, () => {
  const layerId = 'lyr_01jd0000000000000000000001'
  const map = MapDetail.parse({
    ...summary(1),
    layers: [
      {
        id: layerId,
        map_id: summary(1).id,
        name: 'Layer 1',
        visible: true,
        position: 1,
        point_count: 0,
        created_at: '2026-11-01T08:00:00.000Z',
      },
    ],
    points: [],
    point_count: 0,
    tile_key: null,
  })
  const preview = ImportPreview.parse({
    format: 'csv',
    total_rows: 4,
    valid_count: 3,
    invalid_count: 1,
    capacity_left: 1000,
    rows: [
      {
        row: 2,
        name: 'Lake',
        description: null,
        latitude: 21.03,
        longitude: 105.85,
        latitude_text: '21.03',
        longitude_text: '105.85',
        address: null,
        valid: true,
        messages: [],
      },
      {
        row: 3,
        name: 'Broken',
        description: null,
        latitude: null,
        longitude: null,
        latitude_text: '21,5',
        longitude_text: 'east',
        address: null,
        valid: false,
        messages: ['row 3: the latitude is not a number'],
      },
      {
        row: 4,
        name: 'Pagoda',
        description: 'Yangon',
        latitude: 16.8,
        longitude: 96.15,
        latitude_text: '16.8',
        longitude_text: '96.15',
        address: null,
        valid: true,
        messages: [],
      },
      {
        row: 5,
        name: 'Office',
        description: null,
        latitude: 16.07,
        longitude: 108.22,
        latitude_text: null,
        longitude_text: null,
        address: 'Da Nang',
        valid: true,
        messages: ['row 5: located by its address at Da Nang, Vietnam'],
      },
    ],
  })

  it('previews the file with its bad row named, then imports only the valid rows', async () => {
    server[`GET /v1/maps/${map.id}`] = () => ok(map)
    server[`POST /v1/maps/${map.id}/import/preview`] = () => ok(preview)
    server[`POST /v1/maps/${map.id}/points/bulk`] = (body) => ({
      status: 201,
      body: {
        status: 'success',
        data: { count: (body as { points: unknown[] }).points.length, points: [] },
        message: '3 points added',
        error_code: null,
      },
    })
    openApp(`/maps/${map.id}`)
    fireEvent.click(await screen.findByRole('button', { name: /Import/ }))
    const dialog = await screen.findByRole('dialog')
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement
    fireEvent.change(input, { target: { files: [new File(['name,lat,lng'], 'points.csv', { type: 'text/csv' })] } })

    const table = await within(dialog).findByTestId('import-preview')
    expect(within(table).getByText('row 3: the latitude is not a number')).toBeTruthy()
    // The refused row shows what the file holds, not blank cells (issue 20).
    const broken = within(table).getByText('Broken').closest('tr') as HTMLElement
    expect(within(broken).getByText('21,5')).toBeTruthy()
    expect(within(broken).getByText('east')).toBeTruthy()
    expect(within(table).getByText('row 5: located by its address at Da Nang, Vietnam')).toBeTruthy()
    expect(within(dialog).getByText('3 valid rows, 1 with problems. This map takes 1000 more points.')).toBeTruthy()

    fireEvent.click(within(dialog).getByRole('button', { name: 'Import 3 valid rows' }))
    await waitFor(() => expect(calls.some((c) => c.route === `POST /v1/maps/${map.id}/points/bulk`)).toBe(true))
    expect(calls.find((c) => c.route === `POST /v1/maps/${map.id}/points/bulk`)?.body).toEqual({
      layer_id: layerId,
      points: [
        { name: 'Lake', description: null, latitude: 21.03, longitude: 105.85 },
        { name: 'Pagoda', description: 'Yangon', latitude: 16.8, longitude: 96.15 },
        { name: 'Office', description: null, latitude: 16.07, longitude: 108.22 },
      ],
    })
  })

  it('refuses to import more rows than the map takes', async () => {
    server[`GET /v1/maps/${map.id}`] = () => ok(map)
    server[`POST /v1/maps/${map.id}/import/preview`] = () => ok({ ...preview, capacity_left: 2 })
    openApp(`/maps/${map.id}`)
    fireEvent.click(await screen.findByRole('button', { name: /Import/ }))
    const dialog = await screen.findByRole('dialog')
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement
    fireEvent.change(input, { target: { files: [new File(['x'], 'points.csv')] } })
    expect(
      await within(dialog).findByText('Only 2 more points fit on this map: remove rows or points before importing.'),
    ).toBeTruthy()
    expect((within(dialog).getByRole('button', { name: 'Import 3 valid rows' }) as HTMLButtonElement).disabled).toBe(
      true,
    )
  })
})
