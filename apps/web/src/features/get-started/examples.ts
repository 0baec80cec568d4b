import { type KeyType, keyServesService, type ServiceType } from '@app/contract'

// The Get started page's examples: for each service of the maps API (docs/gateway.md), one request
// written as curl, as JavaScript fetch and, for map tiles, as a MapLibre GL JS page. Try it sends the
// same request, so what the page shows is what it runs. Pure: the base address and the key are arguments.

/** The services the page shows, in its order. */
const EXAMPLE_SERVICES = [
  'LOAD_MAP',
  'GEOCODE',
  'REVERSE_GEOCODE',
  'DIRECTION',
] as const satisfies readonly ServiceType[]
export type ExampleService = (typeof EXAMPLE_SERVICES)[number]

export type ExampleLanguage = 'curl' | 'fetch' | 'maplibre'

/** What stands for the key in the examples until its secret is shown. */
export const KEY_PLACEHOLDER = 'YOUR_KEY'

/** Yangon and Mandalay: the customers' first places. */
const YANGON = { lon: 96.1735, lat: 16.8409 }
const MANDALAY = { lon: 96.0891, lat: 21.9588 }
/** The z4 tile over Myanmar. */
const TILE = { z: 4, x: 12, y: 7 }

export interface ExampleRequest {
  path: string
  query: Record<string, string>
  /** Tiles and styles take the key in the address (a map library cannot add headers to every tile). */
  keyIn: 'query' | 'header'
  /** What the answer is: JSON, or a binary vector tile. */
  answer: 'json' | 'tile'
}

const REQUESTS: Record<ExampleService, ExampleRequest> = {
  LOAD_MAP: { path: `/tiles/${TILE.z}/${TILE.x}/${TILE.y}.pbf`, query: {}, keyIn: 'query', answer: 'tile' },
  GEOCODE: { path: '/geocode', query: { q: 'Yangon', limit: '5' }, keyIn: 'header', answer: 'json' },
  REVERSE_GEOCODE: {
    path: '/reverse',
    query: { lat: String(YANGON.lat), lon: String(YANGON.lon) },
    keyIn: 'header',
    answer: 'json',
  },
  DIRECTION: {
    path: '/route',
    query: { from: `${YANGON.lon},${YANGON.lat}`, to: `${MANDALAY.lon},${MANDALAY.lat}` },
    keyIn: 'header',
    answer: 'json',
  },
}

export function exampleRequest(service: ExampleService): ExampleRequest {
  return REQUESTS[service]
}

/** The services a key may be shown: a map-tiles key loads maps only. */
export function servicesFor(type: KeyType | undefined): ExampleService[] {
  return EXAMPLE_SERVICES.filter((service) => type === undefined || keyServesService(type, service))
}

export function languagesFor(service: ExampleService): ExampleLanguage[] {
  return service === 'LOAD_MAP' ? ['curl', 'fetch', 'maplibre'] : ['curl', 'fetch']
}

/** The full address of a request; the key is in it only when the request carries it there. */
export function requestUrl(base: string, request: ExampleRequest, key: string): string {
  const query = { ...request.query, ...(request.keyIn === 'query' ? { key } : {}) }
  // Commas stay as they are ("lon,lat" reads better than "lon%2Clat"; a query string allows them).
  const text = Object.entries(query)
    .map(([name, value]) => `${name}=${encodeURIComponent(value).replaceAll('%2C', ',')}`)
    .join('&')
  return `${base}${request.path}${text ? `?${text}` : ''}`
}

/** The MapLibre style of the sample maps API, loaded with the key (its tiles then carry it too). */
export function styleUrl(base: string, key: string, theme: 'light' | 'dark'): string {
  return `${base}/styles/${theme === 'dark' ? 'dark' : 'normal'}.json?key=${encodeURIComponent(key)}`
}

const shell = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`
const js = (text: string) => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`

export function exampleCode(service: ExampleService, language: ExampleLanguage, base: string, key: string): string {
  const request = REQUESTS[service]
  const url = requestUrl(base, request, key)
  if (language === 'maplibre') return mapLibrePage(styleUrl(base, key, 'light'))
  if (language === 'curl') {
    if (request.answer === 'tile') {
      return [`curl ${shell(styleUrl(base, key, 'light'))}`, '', `curl -o tile.pbf ${shell(url)}`].join('\n')
    }
    return `curl -H ${shell(`X-Api-Key: ${key}`)} ${shell(url)}`
  }
  if (request.answer === 'tile') {
    return [
      `const response = await fetch(${js(url)})`,
      'const tile = await response.arrayBuffer()',
      'console.log(response.status, tile.byteLength)',
    ].join('\n')
  }
  return [
    `const response = await fetch(${js(url)}, {`,
    `  headers: { 'X-Api-Key': ${js(key)} },`,
    '})',
    'const answer = await response.json()',
    'console.log(response.status, answer)',
  ].join('\n')
}

function mapLibrePage(style: string): string {
  return [
    '<!doctype html>',
    '<link rel="stylesheet" href="https://unpkg.com/maplibre-gl@6/dist/maplibre-gl.css" />',
    '<div id="map" style="height: 400px"></div>',
    '<script type="module">',
    "  import * as maplibregl from 'https://unpkg.com/maplibre-gl@6/dist/maplibre-gl.mjs'",
    '',
    '  new maplibregl.Map({',
    "    container: 'map',",
    `    style: ${js(style)},`,
    `    center: [${YANGON.lon}, ${YANGON.lat}],`,
    '    zoom: 4,',
    '  })',
    '</script>',
  ].join('\n')
}

/** Where the live map of the page starts: Myanmar. */
export const LIVE_MAP_VIEW = { longitude: YANGON.lon, latitude: 19, zoom: 3.5, bearing: 0, pitch: 0 }
