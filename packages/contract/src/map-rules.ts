import { MAP_MAX_LAYERS, MAP_MAX_POINTS } from './limits.ts'
import type { Check, Problem } from './problem.ts'

// Custom maps' rules (docs/requirements.md §14) as pure functions: the
// forms and the import preview run them in the browser, the server runs them before it writes, and
// zod schemas in maps.ts are built from them. No zod here: the browser bundle imports this module.

export const MAP_NAME_MAX = 180
export const MAP_DESCRIPTION_MAX = 1000
export const LAYER_NAME_MAX = 100
export const POINT_NAME_MAX = 255
export const POINT_DESCRIPTION_MAX = 2000
export const ADDRESS_MAX = 500

/** An import file: .csv or .xlsx, at most 2 MiB, 5,000 data rows and 50 columns (docs/requirements.md §14.3, docs/maps.md). */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024
export const IMPORT_MAX_ROWS = 5000
export const IMPORT_MAX_COLUMNS = 50
export const IMPORT_EXTENSIONS = ['.csv', '.xlsx'] as const
/**
 * What an .xlsx (a ZIP) may really inflate to, all its parts together, counted while inflating
 * (docs/security.md "Upload limits"): 5,000 rows of 50 cells are a few MiB of sheet XML, so 20 MiB
 * leaves room for styles and shared strings while a zip bomb is stopped long before it costs memory.
 */
export const IMPORT_MAX_INFLATED_BYTES = 20 * 1024 * 1024
/** Parts of an .xlsx: a workbook has a dozen or so; a ZIP of thousands of tiny entries is refused. */
export const IMPORT_MAX_ZIP_ENTRIES = 2000

/**
 * Base map styles (docs/requirements.md §14.5). `auto` follows the portal's theme: the normal style in the
 * light theme, the dark style in the dark theme.
 */
export const BASE_STYLES = ['auto', 'normal', 'dark', 'satellite', 'navigation_day', 'navigation_night'] as const
export type BaseStyle = (typeof BASE_STYLES)[number]
/** The styles a URL can be configured for (`auto` picks one of them). */
export const STYLE_NAMES = ['normal', 'dark', 'satellite', 'navigation_day', 'navigation_night'] as const
export type StyleName = (typeof STYLE_NAMES)[number]

export function resolveBaseStyle(style: BaseStyle, theme: 'light' | 'dark'): StyleName {
  if (style === 'auto') return theme === 'dark' ? 'dark' : 'normal'
  return style
}

/** A style URL may name the map's key as `{key}` (a provider that takes it in the URL). */
export function styleUrlWithKey(template: string, key: string | null): string {
  return template.replaceAll('{key}', encodeURIComponent(key ?? ''))
}

export const MIN_ZOOM = 0
export const MAX_ZOOM = 22

export interface MapView {
  longitude: number
  latitude: number
  zoom: number
  bearing: number
  pitch: number
}

export const checkMapName: Check<string> = (raw) => {
  const value = raw.trim()
  if (!value) return { key: 'maps.nameRequired' }
  if (value.length > MAP_NAME_MAX) return { key: 'validation.text.tooLong', params: { max: MAP_NAME_MAX } }
  return null
}

export const checkLayerName: Check<string> = (raw) => {
  const value = raw.trim()
  if (!value) return { key: 'maps.layerNameRequired' }
  if (value.length > LAYER_NAME_MAX) return { key: 'validation.text.tooLong', params: { max: LAYER_NAME_MAX } }
  return null
}

export const checkPointName: Check<string> = (raw) => {
  const value = raw.trim()
  if (!value) return { key: 'maps.pointNameRequired' }
  if (value.length > POINT_NAME_MAX) return { key: 'validation.text.tooLong', params: { max: POINT_NAME_MAX } }
  return null
}

/** A coordinate as typed or read from a file: a decimal number (a comma is read as the decimal mark). */
export function parseCoordinate(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null
  if (typeof raw !== 'string') return null
  const text = raw.trim().replace(',', '.')
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text)) return null
  const value = Number(text)
  return Number.isFinite(value) ? value : null
}

export function checkLatitude(raw: unknown): Problem | null {
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
    return { key: 'maps.latitudeRequired' }
  }
  const value = parseCoordinate(raw)
  if (value === null || value < -90 || value > 90) return { key: 'maps.latitudeInvalid' }
  return null
}

export function checkLongitude(raw: unknown): Problem | null {
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
    return { key: 'maps.longitudeRequired' }
  }
  const value = parseCoordinate(raw)
  if (value === null || value < -180 || value > 180) return { key: 'maps.longitudeInvalid' }
  return null
}

/** Coordinates are kept to 7 decimals (about a centimetre). */
export function roundCoordinate(value: number): number {
  return Math.round(value * 1e7) / 1e7
}

// ── Limits ──────────────────────────────────────────────────────────────────────────────────────────

/**
 * docs/requirements.md §14.2: at most 1,000 points per map, with a message giving the maximum and how many more can be
 * added; null when `adding` more fit.
 */
export function checkPointCapacity(existing: number, adding: number): Problem | null {
  if (existing + adding <= MAP_MAX_POINTS) return null
  return {
    key: 'maps.tooManyPoints',
    params: { max: MAP_MAX_POINTS, left: Math.max(0, MAP_MAX_POINTS - existing), adding },
  }
}

export function checkLayerCapacity(existing: number): Problem | null {
  if (existing < MAP_MAX_LAYERS) return null
  return { key: 'maps.tooManyLayers', params: { max: MAP_MAX_LAYERS, left: Math.max(0, MAP_MAX_LAYERS - existing) } }
}

// ── Import rows ─────────────────────────────────────────────────────────────────────────────────────

export const IMPORT_COLUMNS = ['name', 'description', 'latitude', 'longitude', 'address'] as const
export type ImportColumn = (typeof IMPORT_COLUMNS)[number]

/** Header names each column is recognised by (case, spaces and underscores do not matter). */
const COLUMN_ALIASES: Record<ImportColumn, readonly string[]> = {
  name: ['name', 'title', 'point', 'pointname', 'ten', 'အမည်'],
  description: ['description', 'desc', 'note', 'notes', 'mota', 'ဖော်ပြချက်'],
  latitude: ['latitude', 'lat', 'y', 'vido', 'လတ္တီတွဒ်'],
  longitude: ['longitude', 'lng', 'lon', 'long', 'x', 'kinhdo', 'လောင်ဂျီတွဒ်'],
  address: ['address', 'location', 'place', 'diachi', 'လိပ်စာ'],
}

function headerKey(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_\-.]/g, '')
}

/** Which column of the header row holds each field (-1 when absent). */
export function mapImportHeader(header: readonly string[]): Record<ImportColumn, number> {
  const keys = header.map((cell) => headerKey(cell ?? ''))
  const found = {} as Record<ImportColumn, number>
  for (const column of IMPORT_COLUMNS) {
    const aliases = COLUMN_ALIASES[column]
    found[column] = keys.findIndex((key) => aliases.includes(key))
  }
  return found
}

/** The header must name latitude and longitude, or an address to find them by. */
export function checkImportHeader(columns: Record<ImportColumn, number>): Problem | null {
  if (columns.name < 0) return { key: 'maps.import.noNameColumn' }
  const hasCoordinates = columns.latitude >= 0 && columns.longitude >= 0
  if (!hasCoordinates && columns.address < 0) return { key: 'maps.import.noLocationColumns' }
  return null
}

export interface ImportCells {
  name?: string | undefined
  description?: string | undefined
  latitude?: string | number | undefined
  longitude?: string | number | undefined
  address?: string | undefined
}

export interface ImportedPoint {
  name: string
  description: string | null
  latitude: number
  longitude: number
}

export type RowVerdict =
  | { ok: true; point: ImportedPoint; needsGeocoding: false }
  | { ok: true; needsGeocoding: true; name: string; description: string | null; address: string }
  | { ok: false; problems: Problem[] }

const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === ''

/**
 * One data row of an import file (`row` is its number as a spreadsheet shows it, header = row 1).
 * A row with no latitude and longitude but an address is located by the geocoder afterwards. Every
 * problem names the row: "row 5: the latitude is missing".
 */
export function checkImportRow(cells: ImportCells, row: number): RowVerdict {
  const problems: Problem[] = []
  const at = (problem: Problem): Problem => ({ key: problem.key, params: { ...problem.params, row } })
  const name = String(cells.name ?? '').trim()
  const description = String(cells.description ?? '').trim()
  const address = String(cells.address ?? '').trim()
  const nameProblem = checkPointName(name)
  if (nameProblem)
    problems.push(
      at({
        key: nameProblem.key === 'maps.pointNameRequired' ? 'maps.import.rowNameMissing' : 'maps.import.rowTooLong',
        params: { max: POINT_NAME_MAX },
      }),
    )
  if (description.length > POINT_DESCRIPTION_MAX) {
    problems.push(at({ key: 'maps.import.rowTooLong', params: { max: POINT_DESCRIPTION_MAX } }))
  }
  const noCoordinates = blank(cells.latitude) && blank(cells.longitude)
  if (noCoordinates && address) {
    if (address.length > ADDRESS_MAX) problems.push(at({ key: 'maps.import.rowTooLong', params: { max: ADDRESS_MAX } }))
    if (problems.length > 0) return { ok: false, problems }
    return { ok: true, needsGeocoding: true, name, description: description || null, address }
  }
  const lat = checkLatitude(cells.latitude)
  if (lat)
    problems.push(
      at({
        key: lat.key === 'maps.latitudeRequired' ? 'maps.import.rowLatitudeMissing' : 'maps.import.rowLatitudeInvalid',
      }),
    )
  const lng = checkLongitude(cells.longitude)
  if (lng)
    problems.push(
      at({
        key:
          lng.key === 'maps.longitudeRequired' ? 'maps.import.rowLongitudeMissing' : 'maps.import.rowLongitudeInvalid',
      }),
    )
  if (problems.length > 0) return { ok: false, problems }
  return {
    ok: true,
    needsGeocoding: false,
    point: {
      name,
      description: description || null,
      latitude: roundCoordinate(parseCoordinate(cells.latitude) ?? 0),
      longitude: roundCoordinate(parseCoordinate(cells.longitude) ?? 0),
    },
  }
}

/** The sample file's rows (header first): what the "download a sample" button gives. */
export const IMPORT_SAMPLE_ROWS: readonly (readonly string[])[] = [
  ['name', 'description', 'latitude', 'longitude', 'address'],
  ['Hoan Kiem Lake', 'Lake in the centre of Hanoi', '21.0287', '105.8523', ''],
  ['Shwedagon Pagoda', 'Yangon landmark', '16.7984', '96.1496', ''],
  ['Office', 'Located by its address', '', '', 'Da Nang'],
]

// ── Share and embed ─────────────────────────────────────────────────────────────────────────────────

export const EMBED_MIN_SIZE = 200
export const EMBED_MAX_SIZE = 4000

/** The public page of a shared map. */
export function publicMapUrl(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}/m/${encodeURIComponent(token)}`
}

/** The iframe snippet of a map's embed (docs/requirements.md §14.5) with the chosen width and height (pixels, or a percentage). */
export function embedSnippet(origin: string, token: string, width: string, height: string, title: string): string {
  const size = (value: string) => (/^\d{1,4}%?$/.test(value) ? value : '600')
  const escapedTitle = title.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
  return `<iframe src="${publicMapUrl(origin, token)}?embed=1" width="${size(width)}" height="${size(height)}" style="border:0" loading="lazy" title="${escapedTitle}" allowfullscreen></iframe>`
}

// ── Cross-window messages (docs/requirements.md §3.8) ─────────────────────────────────────────────────────────

/**
 * What an editor window may ask a map screen, when it is one of the configured editor origins (docs/
 * maps.md "Cross-window messages"). Anything else, or anything from another origin, is ignored.
 */
export type EditorMessage =
  | {
      type: 'maps-portal:set-view'
      request_id?: string
      longitude: number
      latitude: number
      zoom?: number
      bearing?: number
      pitch?: number
    }
  | {
      type: 'maps-portal:add-points'
      request_id?: string
      layer_id?: string
      points: { name: string; description?: string; latitude: number; longitude: number }[]
    }
  | { type: 'maps-portal:set-style'; request_id?: string; style: BaseStyle }

export const EDITOR_MESSAGE_TYPES = ['maps-portal:set-view', 'maps-portal:add-points', 'maps-portal:set-style'] as const
/** The map screen's answers: `ready` once it listens, `result` for each accepted request. */
export const EDITOR_READY = 'maps-portal:ready'
export const EDITOR_RESULT = 'maps-portal:result'
export const EDITOR_MAX_POINTS_PER_MESSAGE = MAP_MAX_POINTS

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const isNumberIn = (v: unknown, min: number, max: number) =>
  typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max
const isText = (v: unknown, max: number, min = 0) => typeof v === 'string' && v.length >= min && v.length <= max
const onlyKeys = (v: Record<string, unknown>, keys: readonly string[]) => Object.keys(v).every((k) => keys.includes(k))
const optional = (v: unknown, test: (x: unknown) => boolean) => v === undefined || test(v)
const isRequestId = (v: unknown) => optional(v, (x) => isText(x, 100, 1))

function isEditorPoint(v: unknown): boolean {
  return (
    isObject(v) &&
    onlyKeys(v, ['name', 'description', 'latitude', 'longitude']) &&
    isText(v.name, POINT_NAME_MAX, 1) &&
    String(v.name).trim() !== '' &&
    optional(v.description, (x) => isText(x, POINT_DESCRIPTION_MAX)) &&
    isNumberIn(v.latitude, -90, 90) &&
    isNumberIn(v.longitude, -180, 180)
  )
}

/**
 * The shape check of an editor's message: the message itself when it is one the map screens accept,
 * null otherwise. A contract test holds it to the zod schema `EditorMessageSchema` (maps.ts).
 */
export function parseEditorMessage(data: unknown): EditorMessage | null {
  if (!isObject(data) || typeof data.type !== 'string') return null
  switch (data.type) {
    case 'maps-portal:set-view':
      return onlyKeys(data, ['type', 'request_id', 'longitude', 'latitude', 'zoom', 'bearing', 'pitch']) &&
        isRequestId(data.request_id) &&
        isNumberIn(data.longitude, -180, 180) &&
        isNumberIn(data.latitude, -90, 90) &&
        optional(data.zoom, (x) => isNumberIn(x, MIN_ZOOM, MAX_ZOOM)) &&
        optional(data.bearing, (x) => isNumberIn(x, -360, 360)) &&
        optional(data.pitch, (x) => isNumberIn(x, 0, 85))
        ? (data as EditorMessage)
        : null
    case 'maps-portal:add-points':
      return onlyKeys(data, ['type', 'request_id', 'layer_id', 'points']) &&
        isRequestId(data.request_id) &&
        optional(data.layer_id, (x) => isText(x, 40, 1)) &&
        Array.isArray(data.points) &&
        data.points.length >= 1 &&
        data.points.length <= EDITOR_MAX_POINTS_PER_MESSAGE &&
        data.points.every(isEditorPoint)
        ? (data as EditorMessage)
        : null
    case 'maps-portal:set-style':
      return onlyKeys(data, ['type', 'request_id', 'style']) &&
        isRequestId(data.request_id) &&
        (BASE_STYLES as readonly unknown[]).includes(data.style)
        ? (data as EditorMessage)
        : null
    default:
      return null
  }
}

/** Whether a message's origin is one of the configured editor origins (exact match, as browsers give it). */
export function isEditorOrigin(origin: string, allowed: readonly string[]): boolean {
  return origin !== '' && origin !== 'null' && allowed.includes(origin)
}
