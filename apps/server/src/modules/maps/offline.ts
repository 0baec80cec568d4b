import { createRequire } from 'node:module'
import { gzipSync } from 'node:zlib'
import type { StyleName } from '@app/contract'
import { feature, mesh } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'
import { gazetteerPlaces } from './geocoder.ts'

// The built-in offline base map (docs/maps.md): land, sea and country borders from Natural Earth
// 1:50m (npm `world-atlas`, TopoJSON turned into GeoJSON once, on first use), place names from the
// packaged gazetteer (the geocoder's), and one MapLibre style per base style, all served by this
// server, so maps render with no internet access. The styles name no `glyphs` URL: MapLibre GL JS then
// draws the labels' glyphs itself from the browser's fonts (its local-font rendering), so no glyph
// files need producing or serving.

export type OfflineLayer = 'land' | 'borders' | 'places'

interface Palette {
  sea: string
  land: string
  border: string
  borderWidth: number
  /** Place names and the halo that keeps them readable over land, sea and borders. */
  label: string
  halo: string
}

/** Satellite imagery cannot be drawn from vector data: it is only available when a URL is configured. */
const OFFLINE_STYLES: Partial<Record<StyleName, Palette>> = {
  normal: { sea: '#aad3df', land: '#f2efe9', border: '#9b8fa8', borderWidth: 0.8, label: '#3d3d3d', halo: '#ffffff' },
  dark: { sea: '#1a2433', land: '#2c3440', border: '#6b7689', borderWidth: 0.8, label: '#c9d1dc', halo: '#1a2433' },
  navigation_day: {
    sea: '#bfe0f5',
    land: '#fbfaf6',
    border: '#d9825b',
    borderWidth: 1.1,
    label: '#1f3b5c',
    halo: '#ffffff',
  },
  navigation_night: {
    sea: '#0b1626',
    land: '#1e2a3a',
    border: '#c98a4b',
    borderWidth: 1.1,
    label: '#ecd9b8',
    halo: '#0b1626',
  },
}

/**
 * Places by size (the gazetteer is largest first): the largest are named from the world view, the
 * next as one zooms in. Each band is one symbol layer; within a layer larger places win collisions.
 */
const PLACE_BANDS = [
  { upTo: 150, minzoom: 1.5, size: 13 },
  { upTo: 1000, minzoom: 4, size: 12 },
  { upTo: 3000, minzoom: 5.5, size: 11.5 },
  { upTo: Number.POSITIVE_INFINITY, minzoom: 7, size: 11 },
] as const

/** Whether a place of the `places` layer (its properties) is drawn at zoom `z` or the next one. */
export function placeShownAt(properties: Record<string, unknown> | null | undefined, z: number): boolean {
  const band = PLACE_BANDS[Number(properties?.b)]
  return band !== undefined && band.minzoom <= z + 1
}

export interface Served {
  body: Buffer
  gzip: Buffer
  etag: string
}

function served(json: string, version: string): Served {
  const body = Buffer.from(json)
  return { body, gzip: gzipSync(body, { level: 9 }), etag: `"${version}-${body.length}"` }
}

const cache = new Map<string, Served>()

/** 1:50m data is accurate to about a kilometre: three decimals (about 100 m) lose nothing and halve the size. */
const rounded = (_key: string, value: unknown) => (typeof value === 'number' ? Math.round(value * 1000) / 1000 : value)

function topology(name: 'land-50m' | 'countries-50m'): Topology {
  return createRequire(import.meta.url)(`world-atlas/${name}.json`) as Topology
}

export function offlineGeoJson(layer: OfflineLayer): Served {
  const cached = cache.get(layer)
  if (cached) return cached
  let json: string
  if (layer === 'places') {
    const features = gazetteerPlaces().map((place, index) => ({
      type: 'Feature',
      // n: the name; b: the band (PLACE_BANDS); s: the rank within it, for collisions.
      properties: { n: place.name, b: PLACE_BANDS.findIndex((band) => index < band.upTo), s: index },
      geometry: { type: 'Point', coordinates: [place.longitude, place.latitude] },
    }))
    json = JSON.stringify({ type: 'FeatureCollection', features }, rounded)
  } else if (layer === 'land') {
    const land = topology('land-50m')
    json = JSON.stringify(feature(land, land.objects.land as GeometryCollection), rounded)
  } else {
    const countries = topology('countries-50m')
    // Shared arcs only: borders between two countries, not coastlines.
    const borders = mesh(countries, countries.objects.countries as GeometryCollection, (a, b) => a !== b)
    json = JSON.stringify({ type: 'Feature', properties: {}, geometry: borders }, rounded)
  }
  const result = served(json, `ne50m-${layer}`)
  cache.set(layer, result)
  return result
}

export function offlineStyleJson(name: StyleName): Served | null {
  const palette = OFFLINE_STYLES[name]
  if (!palette) return null
  const cached = cache.get(`style:${name}`)
  if (cached) return cached
  const style = {
    version: 8,
    name: `Maps Portal offline ${name}`,
    metadata: { 'maps-portal:offline': true },
    sources: {
      land: { type: 'geojson', data: '/v1/maps/offline/land', attribution: 'Natural Earth' },
      borders: { type: 'geojson', data: '/v1/maps/offline/borders' },
      places: { type: 'geojson', data: '/v1/maps/offline/places', attribution: 'Natural Earth' },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': palette.sea } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': palette.land, 'fill-antialias': true } },
      {
        id: 'borders',
        type: 'line',
        source: 'borders',
        layout: { 'line-join': 'round' },
        paint: { 'line-color': palette.border, 'line-width': palette.borderWidth, 'line-dasharray': [3, 2] },
      },
      ...PLACE_BANDS.map((band, index) => ({
        id: `places-${index}`,
        type: 'symbol',
        source: 'places',
        minzoom: band.minzoom,
        filter: ['==', ['get', 'b'], index],
        layout: {
          'text-field': ['get', 'n'],
          'text-font': ['Noto Sans'],
          'text-size': band.size,
          'text-max-width': 8,
          'symbol-sort-key': ['get', 's'],
        },
        paint: { 'text-color': palette.label, 'text-halo-color': palette.halo, 'text-halo-width': 1.2 },
      })),
    ],
  }
  const result = served(JSON.stringify(style), `style-${name}`)
  cache.set(`style:${name}`, result)
  return result
}
