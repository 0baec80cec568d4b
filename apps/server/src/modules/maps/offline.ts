import { createRequire } from 'node:module'
import { gzipSync } from 'node:zlib'
import type { StyleName } from '@app/contract'
import { feature, mesh } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'

// The built-in offline base map (docs/maps.md): land, sea and country borders from Natural Earth
// 1:50m (npm `world-atlas`, TopoJSON turned into GeoJSON once, on first use) and one MapLibre style per
// base style, all served by this server, so maps render with no internet access. It has no labels, so
// it needs no glyphs: point names are shown by the map screens themselves.

export type OfflineLayer = 'land' | 'borders'

interface Palette {
  sea: string
  land: string
  border: string
  borderWidth: number
}

/** Satellite imagery cannot be drawn from vector data: it is only available when a URL is configured. */
const OFFLINE_STYLES: Partial<Record<StyleName, Palette>> = {
  normal: { sea: '#aad3df', land: '#f2efe9', border: '#9b8fa8', borderWidth: 0.8 },
  dark: { sea: '#1a2433', land: '#2c3440', border: '#6b7689', borderWidth: 0.8 },
  navigation_day: { sea: '#bfe0f5', land: '#fbfaf6', border: '#d9825b', borderWidth: 1.1 },
  navigation_night: { sea: '#0b1626', land: '#1e2a3a', border: '#c98a4b', borderWidth: 1.1 },
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
  if (layer === 'land') {
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
    ],
  }
  const result = served(JSON.stringify(style), `style-${name}`)
  cache.set(`style:${name}`, result)
  return result
}
