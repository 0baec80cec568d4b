import { createHash } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import { STYLE_NAMES, type StyleName } from '@app/contract'
import geojsonvt from 'geojson-vt'
import { fromGeojsonVt } from 'vt-pbf'
import { type OfflineLayer, offlineGeoJson, offlineStyleJson, placeShownAt } from '../modules/maps/offline.ts'

// Vector tiles of the portal's offline base map (Natural Earth 1:50m land and borders, and the
// gazetteer's place names), cut on demand by geojson-vt and encoded by vt-pbf, plus the TileJSON and
// MapLibre styles that point at them.

const TILE_MIN_ZOOM = 0
/** 1:50m data holds no more detail past z10; MapLibre over-zooms the z10 tiles beyond that. */
export const TILE_MAX_ZOOM = 10
const LAYERS: OfflineLayer[] = ['land', 'borders', 'places']
const ATTRIBUTION = 'Natural Earth'
/** Encoded tiles kept in memory (a z0..10 tile is at most some tens of KiB). */
const TILE_CACHE_SIZE = 2000
/**
 * geojson-vt keeps every tile it has cut; past this many the index is dropped and rebuilt (about a
 * second), so a client walking every z10 tile cannot grow the process without end.
 */
const INDEX_MAX_TILES = 50_000

export interface EncodedTile {
  body: Buffer
  gzip: Buffer
  etag: string
}

type Index = Record<OfflineLayer, ReturnType<typeof geojsonvt>>
let index: Index | undefined

function tileIndex(): Index {
  if (index && LAYERS.every((layer) => (index?.[layer].tileCoords.length ?? 0) < INDEX_MAX_TILES)) return index
  const build = (layer: OfflineLayer) =>
    geojsonvt(JSON.parse(offlineGeoJson(layer).body.toString('utf8')), { maxZoom: TILE_MAX_ZOOM, indexMaxZoom: 5 })
  index = { land: build('land'), borders: build('borders'), places: build('places') }
  return index
}

/** Least recently used first: a Map iterates in insertion order, and a hit is moved to the end. */
const tileCache = new Map<string, EncodedTile | null>()

export function isTileInRange(z: number, x: number, y: number): boolean {
  return z >= TILE_MIN_ZOOM && z <= TILE_MAX_ZOOM && x >= 0 && y >= 0 && x < 2 ** z && y < 2 ** z
}

/** The tile encoded as a Mapbox Vector Tile, or null when it has nothing to draw (open sea). */
export function vectorTile(z: number, x: number, y: number): EncodedTile | null {
  const key = `${z}/${x}/${y}`
  const cached = tileCache.get(key)
  if (cached !== undefined) {
    tileCache.delete(key)
    tileCache.set(key, cached)
    return cached
  }
  const layers: Parameters<typeof fromGeojsonVt>[0] = {}
  const source = tileIndex()
  for (const layer of LAYERS) {
    let tile = source[layer].getTile(z, x, y)
    // A tile carries only the places its style can show from its zoom on (a z0 tile would otherwise
    // hold all 7,300 names).
    if (tile && layer === 'places') tile = { ...tile, features: tile.features.filter((f) => placeShownAt(f.tags, z)) }
    if (tile && tile.features.length > 0) layers[layer] = tile
  }
  let encoded: EncodedTile | null = null
  if (Object.keys(layers).length > 0) {
    const body = Buffer.from(fromGeojsonVt(layers, { version: 2 }))
    const hash = createHash('sha256').update(body).digest('base64url').slice(0, 16)
    encoded = { body, gzip: gzipSync(body), etag: `"${hash}"` }
  }
  tileCache.set(key, encoded)
  if (tileCache.size > TILE_CACHE_SIZE) {
    const oldest = tileCache.keys().next().value
    if (oldest !== undefined) tileCache.delete(oldest)
  }
  return encoded
}

/**
 * The tile URL template as a browser must use it: absolute (MapLibre requires it in a style), and
 * carrying the caller's `?key=` so a style loaded with a key loads its tiles with the same key.
 */
function tileUrl(baseUrl: string, key: string | undefined): string {
  return `${baseUrl}/tiles/{z}/{x}/{y}.pbf${key ? `?key=${encodeURIComponent(key)}` : ''}`
}

export function tileJson(baseUrl: string, key: string | undefined) {
  return {
    tilejson: '3.0.0',
    name: 'Natural Earth 1:50m base map',
    attribution: ATTRIBUTION,
    scheme: 'xyz',
    tiles: [tileUrl(baseUrl, key)],
    minzoom: TILE_MIN_ZOOM,
    maxzoom: TILE_MAX_ZOOM,
    bounds: [-180, -85.0511, 180, 85.0511],
    center: [0, 20, 2],
    vector_layers: [
      { id: 'land', description: 'Land polygons', fields: {}, minzoom: TILE_MIN_ZOOM, maxzoom: TILE_MAX_ZOOM },
      {
        id: 'borders',
        description: 'Land borders between countries',
        fields: {},
        minzoom: TILE_MIN_ZOOM,
        maxzoom: TILE_MAX_ZOOM,
      },
      {
        id: 'places',
        description: 'Place names of the gazetteer: n the name, b the size band (0 largest), s the rank',
        fields: { n: 'String', b: 'Number', s: 'Number' },
        minzoom: TILE_MIN_ZOOM,
        maxzoom: TILE_MAX_ZOOM,
      },
    ],
  }
}

interface StyleLayer {
  id: string
  source?: string
  [property: string]: unknown
}

/**
 * The portal's offline style for `name` (same palette and layers), with its GeoJSON sources replaced
 * by one vector source on this API's tiles; null for a style with no offline palette (satellite).
 */
export function vectorStyle(name: string, baseUrl: string, key: string | undefined) {
  // Checked against the list first: the name comes from the URL and indexes a plain object.
  if (!(STYLE_NAMES as readonly string[]).includes(name)) return null
  const offline = offlineStyleJson(name as StyleName)
  if (!offline) return null
  const style = JSON.parse(offline.body.toString('utf8')) as { layers: StyleLayer[]; [property: string]: unknown }
  return {
    ...style,
    name: `Sample maps API ${name}`,
    metadata: { 'maps-api:style': name },
    sources: {
      base: {
        type: 'vector',
        tiles: [tileUrl(baseUrl, key)],
        minzoom: TILE_MIN_ZOOM,
        maxzoom: TILE_MAX_ZOOM,
        attribution: ATTRIBUTION,
      },
    },
    // Each offline layer drew its own GeoJSON source; here the source's name is the tile layer's.
    layers: style.layers.map(({ source, ...layer }) =>
      source ? { ...layer, source: 'base', 'source-layer': source } : layer,
    ),
  }
}
