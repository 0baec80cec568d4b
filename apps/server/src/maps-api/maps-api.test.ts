import { gunzipSync } from 'node:zlib'
import { VectorTile } from '@mapbox/vector-tile'
import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec'
import { PbfReader } from 'pbf'
import { afterAll, describe, expect, it } from 'vitest'
import { buildMapsApi } from './app.ts'

const app = buildMapsApi()
afterAll(() => app.close())

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers })

describe('sample maps API: tiles', () => {
  it('serves the z0 tile as a vector tile with land polygons and border lines', async () => {
    const res = await get('/tiles/0/0/0.pbf')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/x-protobuf')
    expect(res.headers.etag).toMatch(/^".+"$/)
    expect(res.headers['cache-control']).toContain('max-age')
    const tile = new VectorTile(new PbfReader(res.rawPayload))
    // No place is named before z1.5: the world tile carries none of the 7,300.
    expect(Object.keys(tile.layers).sort()).toEqual(['borders', 'land'])
    const land = tile.layers.land
    expect(land?.length).toBeGreaterThan(0)
    expect(land?.feature(0).type).toBe(3) // polygon
    expect(tile.layers.borders?.feature(0).type).toBe(2) // line
  })

  it('carries only the largest places at z1, the largest band of the north-east quarter', async () => {
    const tile = new VectorTile(new PbfReader((await get('/tiles/1/1/0.pbf')).rawPayload))
    const places = tile.layers.places
    const found = Array.from({ length: places?.length ?? 0 }, (_, i) => places?.feature(i).properties)
    expect(found.length).toBeGreaterThan(20)
    expect(found.length).toBeLessThan(150)
    expect(found.every((p) => p?.b === 0)).toBe(true)
    expect(found.map((p) => p?.n)).toContain('Yangon')
  })

  it('carries the smaller places in the tiles of the zooms that show them', async () => {
    // z8 tile 203/112 holds Hanoi (105.85°E, 21.03°N) and the towns around it.
    const res = await get('/tiles/8/203/112.pbf')
    const places = new VectorTile(new PbfReader(res.rawPayload)).layers.places
    const found = Array.from({ length: places?.length ?? 0 }, (_, i) => places?.feature(i).properties)
    expect(found.map((p) => p?.n)).toContain('Hanoi')
    expect(found.some((p) => Number(p?.b) >= 2)).toBe(true)
  })

  it('puts land where the land is: central Africa has it, the South Pacific not', async () => {
    // z4 tile 8/7 covers 0..22.5°E, 0..21.9°N (Niger, Chad, Nigeria); 1/11 covers 157.5..135°W,
    // 41..56°S, open ocean.
    const africa = await get('/tiles/4/8/7.pbf')
    expect(africa.statusCode).toBe(200)
    expect(new VectorTile(new PbfReader(africa.rawPayload)).layers.land?.length).toBeGreaterThan(0)
    const pacific = await get('/tiles/4/1/11.pbf')
    expect(pacific.statusCode).toBe(204)
  })

  it('gzips for a client that accepts it and answers 304 to a known ETag', async () => {
    const plain = await get('/tiles/1/1/0.pbf')
    const zipped = await get('/tiles/1/1/0.pbf', { 'accept-encoding': 'gzip, br' })
    expect(zipped.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(zipped.rawPayload).equals(plain.rawPayload)).toBe(true)
    const again = await get('/tiles/1/1/0.pbf', { 'if-none-match': String(plain.headers.etag) })
    expect(again.statusCode).toBe(304)
  })

  it('answers 404 for tiles outside the pyramid and 400 for coordinates that are not numbers', async () => {
    for (const url of ['/tiles/11/0/0.pbf', '/tiles/2/4/0.pbf', '/tiles/2/0/4.pbf', '/tiles/0/0/0.png']) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(404)
      expect(res.json().error.code).toBe('not_found')
    }
    const bad = await get('/tiles/a/0/0.pbf')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.code).toBe('invalid_request')
  })
})

describe('sample maps API: TileJSON and styles', () => {
  it('describes the tiles with absolute URLs as the gateway exposes them', async () => {
    const res = await get('/tiles.json', {
      host: 'maps.example.com',
      'x-forwarded-proto': 'https',
      'x-forwarded-prefix': '/maps/',
    })
    expect(res.statusCode).toBe(200)
    const tilejson = res.json()
    expect(tilejson.tilejson).toBe('3.0.0')
    expect(tilejson.tiles).toEqual(['https://maps.example.com/maps/tiles/{z}/{x}/{y}.pbf'])
    expect(tilejson.vector_layers.map((l: { id: string }) => l.id)).toEqual(['land', 'borders', 'places'])
  })

  it('serves a MapLibre style on its own vector tiles, carrying the caller key into the tile URL', async () => {
    const res = await get('/styles/dark.json?key=mk_live%2Fabc+1', {
      host: 'gw.test:8443',
      'x-forwarded-proto': 'https',
    })
    expect(res.statusCode).toBe(200)
    const style = res.json()
    expect(style.version).toBe(8)
    expect(style.sources).toEqual({
      base: expect.objectContaining({
        type: 'vector',
        tiles: ['https://gw.test:8443/tiles/{z}/{x}/{y}.pbf?key=mk_live%2Fabc%201'],
      }),
    })
    const sourceLayers = style.layers
      .filter((l: { source?: string }) => l.source)
      .map((l: Record<string, string>) => l['source-layer'])
    expect(sourceLayers).toEqual(['land', 'borders', 'places', 'places', 'places', 'places'])
    expect(validateStyleMin(style)).toEqual([])
    expect(style.layers.every((l: { source?: string }) => !l.source || l.source === 'base')).toBe(true)
  })

  it('ignores a forwarded prefix or scheme that is not a plain path or http(s)', async () => {
    const res = await get('/styles/normal.json', {
      host: 'gw.test',
      'x-forwarded-proto': 'javascript',
      'x-forwarded-prefix': '/a"><script>',
    })
    expect(res.json().sources.base.tiles).toEqual(['http://gw.test/tiles/{z}/{x}/{y}.pbf'])
  })

  it('answers 404 for a style with no offline palette or no such name', async () => {
    for (const name of ['satellite', 'nope', '__proto__']) {
      const res = await get(`/styles/${name}.json`)
      expect(res.statusCode, name).toBe(404)
      expect(res.json().error.code).toBe('not_found')
    }
  })
})

describe('sample maps API: geocoding and directions', () => {
  it('finds Hanoi first for "Hanoi", as GeoJSON points', async () => {
    const res = await get('/geocode?q=Hanoi')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.type).toBe('FeatureCollection')
    expect(body.features[0].properties.name).toBe('Hanoi')
    const [lon, lat] = body.features[0].geometry.coordinates
    expect(lon).toBeCloseTo(105.85, 1)
    expect(lat).toBeCloseTo(21.03, 1)
  })

  it('limits the results (default 5, at most 20)', async () => {
    expect((await get('/geocode?q=san')).json().features).toHaveLength(5)
    expect((await get('/geocode?q=san&limit=20')).json().features).toHaveLength(20)
    expect((await get('/geocode?q=san&limit=21')).statusCode).toBe(400)
  })

  it('answers the nearest city to a point, with its distance', async () => {
    const res = await get('/reverse?lat=16.8&lon=96.15')
    expect(res.statusCode).toBe(200)
    const [feature] = res.json().features
    expect(feature.properties.name).toBe('Yangon')
    expect(feature.properties.detail).toContain('Myanmar')
    expect(feature.properties.distance_m).toBeGreaterThan(0)
    expect(feature.properties.distance_m).toBeLessThan(5000)
  })

  it('draws directions as a labelled straight line with a distance and a 50 km/h duration', async () => {
    // Hanoi to Ho Chi Minh City: about 1,140 km as the crow flies.
    const res = await get('/route?from=105.85,21.03&to=106.70,10.78')
    expect(res.statusCode).toBe(200)
    const [route] = res.json().features
    expect(route.geometry.type).toBe('LineString')
    expect(route.geometry.coordinates[0]).toEqual([105.85, 21.03])
    expect(route.geometry.coordinates.at(-1)).toEqual([106.7, 10.78])
    expect(route.properties.method).toBe('straight_line')
    expect(route.properties.distance_m).toBeGreaterThan(1_100_000)
    expect(route.properties.distance_m).toBeLessThan(1_180_000)
    expect(route.properties.duration_s).toBe(Math.round(route.properties.distance_m / (50_000 / 3600)))
  })

  it('keeps a line over the antimeridian short', async () => {
    const [route] = (await get('/route?from=179,0&to=-179,0')).json().features
    const lons = route.geometry.coordinates.map(([lon]: number[]) => lon)
    expect(Math.max(...lons) - Math.min(...lons)).toBeLessThan(3)
    expect(route.properties.distance_m).toBeLessThan(250_000)
  })

  it('refuses bad input with 400 and a JSON error', async () => {
    for (const url of [
      '/geocode',
      '/geocode?q=',
      `/geocode?q=${'a'.repeat(201)}`,
      '/geocode?q=x&limit=0',
      '/geocode?q=x&limit=2.5',
      '/reverse?lat=91&lon=0',
      '/reverse?lat=0&lon=-181',
      '/reverse?lat=abc&lon=0',
      '/reverse?lat=&lon=0',
      '/reverse?lat=10',
      '/route?from=1,2',
      '/route?from=200,0&to=0,0',
      '/route?from=1;2&to=0,0',
    ]) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(400)
      expect(res.json().error, url).toEqual({ code: 'invalid_request', message: expect.any(String) })
    }
  })

  it('reports itself healthy', async () => {
    expect((await get('/healthz')).json()).toEqual({ ok: true })
  })
})
