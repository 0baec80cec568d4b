import { describe, expect, it } from 'vitest'
import { MAP_MAX_LAYERS, MAP_MAX_POINTS } from './limits.ts'
import {
  checkImportHeader,
  checkImportRow,
  checkLayerCapacity,
  checkPointCapacity,
  embedSnippet,
  isEditorOrigin,
  mapImportHeader,
  parseCoordinate,
  parseEditorMessage,
  resolveBaseStyle,
  styleUrlWithKey,
} from './map-rules.ts'
import { EditorMessageSchema } from './maps.ts'
import { translate } from './messages/index.ts'

describe('import rows', () => {
  it('accepts a row with a name and coordinates, rounded to 7 decimals', () => {
    expect(checkImportRow({ name: ' Cafe ', latitude: '21.02871234567', longitude: 105.8523 }, 2)).toEqual({
      ok: true,
      needsGeocoding: false,
      point: { name: 'Cafe', description: null, latitude: 21.0287123, longitude: 105.8523 },
    })
  })

  it('reads a comma as the decimal mark', () => {
    expect(parseCoordinate('16,7984')).toBe(16.7984)
    expect(parseCoordinate('1e3')).toBeNull()
    expect(parseCoordinate('12abc')).toBeNull()
  })

  it.each([
    [{ name: 'A', latitude: '', longitude: '105' }, 'row 4: the latitude is missing'],
    [{ name: 'A', latitude: '91', longitude: '105' }, 'row 4: the latitude must be a number between -90 and 90'],
    [{ name: 'A', latitude: 'north', longitude: '105' }, 'row 4: the latitude must be a number between -90 and 90'],
    [{ name: 'A', latitude: '21', longitude: undefined }, 'row 4: the longitude is missing'],
    [{ name: 'A', latitude: '21', longitude: '-180.5' }, 'row 4: the longitude must be a number between -180 and 180'],
    [{ name: '  ', latitude: '21', longitude: '105' }, 'row 4: the name is missing'],
  ])('names the row of a bad row: %j', (cells, text) => {
    const verdict = checkImportRow(cells, 4)
    expect(verdict.ok).toBe(false)
    if (verdict.ok) return
    expect(verdict.problems.map((p) => translate('en', p.key, p.params))).toContain(text)
  })

  it('gives every problem of a row, not only the first', () => {
    const verdict = checkImportRow({ name: '', latitude: 'x', longitude: '' }, 7)
    expect(verdict.ok ? [] : verdict.problems.map((p) => p.key)).toEqual([
      'maps.import.rowNameMissing',
      'maps.import.rowLatitudeInvalid',
      'maps.import.rowLongitudeMissing',
    ])
  })

  it('leaves a row without coordinates but with an address to the geocoder', () => {
    expect(checkImportRow({ name: 'Office', address: 'Da Nang' }, 3)).toEqual({
      ok: true,
      needsGeocoding: true,
      name: 'Office',
      description: null,
      address: 'Da Nang',
    })
  })

  it('finds the columns by their names, in any order and case', () => {
    const columns = mapImportHeader(['Lon', 'LAT', 'Point name', 'Notes'])
    expect(columns).toEqual({ name: 2, description: 3, latitude: 1, longitude: 0, address: -1 })
    expect(checkImportHeader(columns)).toBeNull()
    expect(checkImportHeader(mapImportHeader(['name', 'lat']))?.key).toBe('maps.import.noLocationColumns')
    expect(checkImportHeader(mapImportHeader(['lat', 'lng']))?.key).toBe('maps.import.noNameColumn')
    expect(checkImportHeader(mapImportHeader(['name', 'address']))).toBeNull()
  })
})

describe('limits', () => {
  it('refuses the 1,001st point with the maximum and what is left', () => {
    expect(checkPointCapacity(MAP_MAX_POINTS - 1, 1)).toBeNull()
    const problem = checkPointCapacity(MAP_MAX_POINTS, 1)
    expect(problem && translate('en', problem.key, problem.params)).toBe(
      'A map holds at most 1000 points: you can add 0 more.',
    )
    const partly = checkPointCapacity(997, 4)
    expect(partly && translate('en', partly.key, partly.params)).toBe(
      'A map holds at most 1000 points: you can add 3 more.',
    )
  })

  it('refuses the 11th layer', () => {
    expect(checkLayerCapacity(MAP_MAX_LAYERS - 1)).toBeNull()
    const problem = checkLayerCapacity(MAP_MAX_LAYERS)
    expect(problem && translate('en', problem.key, problem.params)).toBe(
      'A map has at most 10 layers: you can add 0 more.',
    )
  })
})

describe('styles and embedding', () => {
  it('follows the theme when the style is auto', () => {
    expect(resolveBaseStyle('auto', 'dark')).toBe('dark')
    expect(resolveBaseStyle('auto', 'light')).toBe('normal')
    expect(resolveBaseStyle('satellite', 'dark')).toBe('satellite')
  })

  it('puts the key into a style URL, encoded', () => {
    expect(styleUrlWithKey('https://tiles.example/s.json?key={key}', 'mt_a/b')).toBe(
      'https://tiles.example/s.json?key=mt_a%2Fb',
    )
    expect(styleUrlWithKey('/v1/maps/styles/normal', null)).toBe('/v1/maps/styles/normal')
  })

  it('writes an iframe snippet with safe sizes and an escaped title', () => {
    const snippet = embedSnippet('https://portal.example/', 'tok', '100%', '450', 'Shops "north" <b>')
    expect(snippet).toContain('src="https://portal.example/m/tok?embed=1"')
    expect(snippet).toContain('width="100%" height="450"')
    expect(snippet).toContain('title="Shops &quot;north&quot; &lt;b>"')
    expect(embedSnippet('https://p', 'tok', '"><script>', '1', 't')).toContain('width="600"')
  })
})

describe('cross-window messages', () => {
  const good = [
    { type: 'maps-portal:set-view', longitude: 105.85, latitude: 21.03, zoom: 12 },
    { type: 'maps-portal:set-view', request_id: 'r1', longitude: 0, latitude: 0, bearing: 30, pitch: 40 },
    { type: 'maps-portal:add-points', points: [{ name: 'A', latitude: 1, longitude: 2 }] },
    {
      type: 'maps-portal:add-points',
      request_id: 'r2',
      layer_id: 'lyr_x',
      points: [{ name: 'B', description: 'd', latitude: -90, longitude: 180 }],
    },
    { type: 'maps-portal:set-style', style: 'dark' },
  ]
  const bad = [
    null,
    'maps-portal:set-view',
    [],
    { type: 'maps-portal:set-view', longitude: 200, latitude: 0 },
    { type: 'maps-portal:set-view', longitude: '1', latitude: 0 },
    { type: 'maps-portal:set-view', longitude: 1, latitude: 0, zoom: 30 },
    { type: 'maps-portal:set-view', longitude: 1, latitude: 0, extra: true },
    { type: 'maps-portal:add-points', points: [] },
    { type: 'maps-portal:add-points', points: [{ name: '', latitude: 1, longitude: 2 }] },
    { type: 'maps-portal:add-points', points: [{ name: 'A', latitude: 91, longitude: 2 }] },
    { type: 'maps-portal:add-points', points: [{ name: 'A', latitude: 1, longitude: 2, admin: 1 }] },
    { type: 'maps-portal:set-style', style: 'sepia' },
    { type: 'maps-portal:delete-map' },
    { type: 'maps-portal:set-view', request_id: 'x'.repeat(101), longitude: 1, latitude: 0 },
  ]

  it.each(good)('accepts %j, as the schema does', (message) => {
    expect(parseEditorMessage(message)).toEqual(message)
    expect(EditorMessageSchema.safeParse(message).success).toBe(true)
  })

  it.each(bad)('refuses %j, as the schema does', (message) => {
    expect(parseEditorMessage(message)).toBeNull()
    expect(EditorMessageSchema.safeParse(message).success).toBe(false)
  })

  it('takes messages only from the listed origins', () => {
    const allowed = ['https://editor.example', 'http://localhost:8888']
    expect(isEditorOrigin('http://localhost:8888', allowed)).toBe(true)
    expect(isEditorOrigin('http://localhost:8889', allowed)).toBe(false)
    expect(isEditorOrigin('https://editor.example.evil', allowed)).toBe(false)
    expect(isEditorOrigin('null', [...allowed, 'null'])).toBe(false)
  })
})
