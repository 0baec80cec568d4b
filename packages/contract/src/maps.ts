import { z } from 'zod'
import { Id, IdParams, IsoDateTime, pageQueryFields } from './common.ts'
import { endpoint } from './endpoint.ts'
import { pageOf } from './envelope.ts'
import { KeyStatus, KeyTypeSchema } from './keys.ts'
import { MAP_MAX_POINTS } from './limits.ts'
import {
  BASE_STYLES,
  checkLatitude,
  checkLayerName,
  checkLongitude,
  checkMapName,
  checkPointName,
  EDITOR_MAX_POINTS_PER_MESSAGE,
  IMPORT_MAX_BYTES,
  MAP_DESCRIPTION_MAX,
  MAX_ZOOM,
  MIN_ZOOM,
  POINT_DESCRIPTION_MAX,
  POINT_NAME_MAX,
  STYLE_NAMES,
} from './map-rules.ts'
import { refineWith } from './problem.ts'
import { ALL_ROLES } from './roles.ts'

// Custom maps (docs/requirements.md §14, docs/maps.md). Each user's maps are their own: every id of
// someone else's answers 404. The paths follow the style of the other calls under /v1/maps (§3.2).

const tag = 'Maps'

/** A layer's or point's id in a path: checked for length here, for existence (and owner) by the server. */
const SubId = z.string().min(1).max(40)
const MapParams = IdParams
const LayerParams = z.object({ id: Id, layerId: SubId })
const PointParams = z.object({ id: Id, pointId: SubId })

export const BaseStyleSchema = z.enum(BASE_STYLES)
export const MapStatus = z.enum(['active', 'trashed'])
export type MapStatus = z.infer<typeof MapStatus>

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: 'validation.text.tooLong' })
    .nullish()
    .transform((v) => (v ? v : null))

export const MapName = z
  .string()
  .superRefine(refineWith(checkMapName))
  .transform((v) => v.trim())
export const LayerName = z
  .string()
  .superRefine(refineWith(checkLayerName))
  .transform((v) => v.trim())
export const PointName = z
  .string()
  .superRefine(refineWith(checkPointName))
  .transform((v) => v.trim())
export const Latitude = z.number().superRefine(refineWith(checkLatitude))
export const Longitude = z.number().superRefine(refineWith(checkLongitude))

export const MapViewSchema = z.object({
  longitude: z.number().min(-180).max(180),
  latitude: z.number().min(-90).max(90),
  zoom: z.number().min(MIN_ZOOM).max(MAX_ZOOM),
  bearing: z.number().min(-360).max(360),
  pitch: z.number().min(0).max(85),
})

export const MapSummary = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  key_id: z.string(),
  key_name: z.string(),
  key_type: KeyTypeSchema,
  /** The key's state: a map whose key is deleted or suspended cannot be shown on its public page. */
  key_status: KeyStatus,
  base_style: BaseStyleSchema,
  is_default: z.boolean(),
  /** In use (`active`) or in the recycle bin (`trashed`); restored maps are active again (docs/requirements.md §14.4). */
  status: MapStatus,
  trashed_at: IsoDateTime.nullable(),
  restored_at: IsoDateTime.nullable(),
  /** The saved default view; null: fit the points. */
  view: MapViewSchema.nullable(),
  /** The public link's token while the map is shared. */
  share_token: z.string().nullable(),
  layer_count: z.number().int(),
  point_count: z.number().int(),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
})
export type MapSummary = z.infer<typeof MapSummary>

export const Layer = z.object({
  id: z.string(),
  map_id: z.string(),
  name: z.string(),
  visible: z.boolean(),
  position: z.number().int(),
  point_count: z.number().int(),
  created_at: IsoDateTime,
})
export type Layer = z.infer<typeof Layer>

export const Point = z.object({
  id: z.string(),
  map_id: z.string(),
  layer_id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
})
export type Point = z.infer<typeof Point>

export const MapDetail = MapSummary.extend({
  layers: z.array(Layer),
  points: z.array(Point),
  /** The secret a style URL's `{key}` stands for: the map's key when it is a live map-tiles key. */
  tile_key: z.string().nullable(),
})
export type MapDetail = z.infer<typeof MapDetail>

export const MapsConfig = z.object({
  /** Style URL per base style (a `{key}` is the map's key); null where no style is available. */
  styles: z.object(
    Object.fromEntries(STYLE_NAMES.map((s) => [s, z.string().nullable()])) as Record<
      (typeof STYLE_NAMES)[number],
      z.ZodNullable<z.ZodString>
    >,
  ),
  /** Whether a style is the built-in offline one (land, sea and borders, no labels). */
  offline: z.object(
    Object.fromEntries(STYLE_NAMES.map((s) => [s, z.boolean()])) as Record<(typeof STYLE_NAMES)[number], z.ZodBoolean>,
  ),
  /** Origins whose windows may send the map screens messages (docs/requirements.md §3.8). */
  editor_origins: z.array(z.string()),
  max_points: z.number().int(),
  max_layers: z.number().int(),
  import_max_bytes: z.number().int(),
})
export type MapsConfig = z.infer<typeof MapsConfig>

export const mapsConfig = endpoint({
  method: 'GET',
  path: '/v1/maps/config',
  roles: 'public',
  tag,
  summary: 'Base style URLs, the cross-window editor origins and the map limits (the maps part of the app config).',
  data: MapsConfig,
})

export const offlineStyle = endpoint({
  method: 'GET',
  path: '/v1/maps/styles/{name}',
  roles: 'public',
  duringMaintenance: true,
  tag,
  summary:
    "A built-in offline MapLibre style (land, sea, borders and place names; labels drawn with the browser's fonts).",
  params: z.object({ name: z.enum(STYLE_NAMES) }),
  raw: true,
  data: z.string(),
})

export const offlineData = endpoint({
  method: 'GET',
  path: '/v1/maps/offline/{layer}',
  roles: 'public',
  duringMaintenance: true,
  tag,
  summary:
    "GeoJSON of the offline style: `land` polygons, country `borders` (Natural Earth 1:50m) or `places` (the gazetteer's names, largest first).",
  params: z.object({ layer: z.enum(['land', 'borders', 'places']) }),
  raw: true,
  data: z.string(),
})

export const listMaps = endpoint({
  method: 'GET',
  path: '/v1/maps',
  roles: ALL_ROLES,
  tag,
  summary: 'Your maps (default first, then the newest), or the recycle bin with `status=trashed`.',
  query: z.strictObject({
    ...pageQueryFields,
    status: MapStatus.default('active'),
    keyword: z.string().trim().max(255).optional(),
  }),
  data: pageOf(MapSummary),
})

export const createMap = endpoint({
  method: 'POST',
  path: '/v1/maps',
  roles: ALL_ROLES,
  tag,
  summary: 'Create a map with one of your keys (name and key required); it starts with one layer.',
  body: z.strictObject({
    name: MapName,
    key_id: Id,
    description: optionalText(MAP_DESCRIPTION_MAX),
  }),
  data: MapDetail,
  successStatus: 201,
})

export const getMap = endpoint({
  method: 'GET',
  path: '/v1/maps/{id}',
  roles: ALL_ROLES,
  tag,
  summary: 'One of your maps with its layers and points.',
  params: MapParams,
  data: MapDetail,
})

export const updateMap = endpoint({
  method: 'PUT',
  path: '/v1/maps/{id}',
  roles: ALL_ROLES,
  tag,
  summary: 'Rename a map, change its description, key or base style.',
  params: MapParams,
  body: z.strictObject({
    name: MapName,
    description: optionalText(MAP_DESCRIPTION_MAX),
    key_id: Id,
    base_style: BaseStyleSchema,
  }),
  data: MapSummary,
})

export const saveMapView = endpoint({
  method: 'PUT',
  path: '/v1/maps/{id}/view',
  roles: ALL_ROLES,
  tag,
  summary: "Save the map's default view (centre, zoom, bearing, pitch), or clear it with null to fit the points.",
  params: MapParams,
  body: z.strictObject({ view: MapViewSchema.strict().nullable() }),
  data: MapSummary,
})

export const setDefaultMap = endpoint({
  method: 'PUT',
  path: '/v1/maps/{id}/default',
  roles: ALL_ROLES,
  tag,
  summary: 'Make this map your default map (listed first; the map link opens it).',
  params: MapParams,
  data: MapSummary,
})

export const copyMap = endpoint({
  method: 'POST',
  path: '/v1/maps/{id}/copy',
  roles: ALL_ROLES,
  tag,
  summary: 'Copy a map with its layers and points (not its share link or default flag).',
  params: MapParams,
  data: MapSummary,
  successStatus: 201,
})

export const trashMap = endpoint({
  method: 'PUT',
  path: '/v1/maps/{id}/trash',
  roles: ALL_ROLES,
  tag,
  summary: 'Move a map to the recycle bin (its public link stops working until it is restored).',
  params: MapParams,
  data: MapSummary,
})

export const restoreMap = endpoint({
  method: 'PUT',
  path: '/v1/maps/{id}/restore',
  roles: ALL_ROLES,
  tag,
  summary: 'Restore a map from the recycle bin.',
  params: MapParams,
  data: MapSummary,
})

export const deleteMap = endpoint({
  method: 'DELETE',
  path: '/v1/maps/{id}',
  roles: ALL_ROLES,
  tag,
  summary: 'Delete a map in the recycle bin permanently, with its layers and points.',
  params: MapParams,
  data: z.null(),
})

export const emptyTrash = endpoint({
  method: 'DELETE',
  path: '/v1/maps/trash',
  roles: ALL_ROLES,
  tag,
  summary: 'Empty the recycle bin: every map in it is deleted permanently.',
  data: z.object({ count: z.number().int() }),
})

export const shareMap = endpoint({
  method: 'POST',
  path: '/v1/maps/{id}/share',
  roles: ALL_ROLES,
  tag,
  summary: 'Share a map: its read-only public link and embed token (the same one until it is revoked).',
  params: MapParams,
  data: MapSummary,
})

export const revokeMapShare = endpoint({
  method: 'DELETE',
  path: '/v1/maps/{id}/share',
  roles: ALL_ROLES,
  tag,
  summary: 'Revoke the public link: the page and every embed of it stop working at once.',
  params: MapParams,
  data: MapSummary,
})

// ── Layers ──────────────────────────────────────────────────────────────────────────────────────────

export const createLayer = endpoint({
  method: 'POST',
  path: '/v1/maps/{id}/layers',
  roles: ALL_ROLES,
  tag,
  summary: 'Add a layer (at most 10 per map).',
  params: MapParams,
  body: z.strictObject({ name: LayerName }),
  data: Layer,
  successStatus: 201,
})

export const updateLayer = endpoint({
  method: 'PUT',
  path: '/v1/maps/{id}/layers/{layerId}',
  roles: ALL_ROLES,
  tag,
  summary: 'Rename a layer, or hide or show it.',
  params: LayerParams,
  body: z.strictObject({ name: LayerName, visible: z.boolean() }),
  data: Layer,
})

export const deleteLayer = endpoint({
  method: 'DELETE',
  path: '/v1/maps/{id}/layers/{layerId}',
  roles: ALL_ROLES,
  tag,
  summary: 'Delete a layer and its points (a map keeps at least one layer).',
  params: LayerParams,
  data: z.null(),
})

// ── Points ──────────────────────────────────────────────────────────────────────────────────────────

const PointFields = {
  layer_id: SubId,
  name: PointName,
  description: optionalText(POINT_DESCRIPTION_MAX),
  latitude: Latitude,
  longitude: Longitude,
}

export const createPoint = endpoint({
  method: 'POST',
  path: '/v1/maps/{id}/points',
  roles: ALL_ROLES,
  tag,
  summary: 'Add a point to a layer (at most 1,000 points per map).',
  params: MapParams,
  body: z.strictObject(PointFields),
  data: Point,
  successStatus: 201,
})

export const NewPoints = z
  .array(
    z.strictObject({
      name: PointName,
      description: optionalText(POINT_DESCRIPTION_MAX),
      latitude: Latitude,
      longitude: Longitude,
    }),
  )
  .min(1, { error: 'maps.import.nothingToImport' })
  .max(Math.max(MAP_MAX_POINTS, EDITOR_MAX_POINTS_PER_MESSAGE))

export const addPoints = endpoint({
  method: 'POST',
  path: '/v1/maps/{id}/points/bulk',
  roles: ALL_ROLES,
  tag,
  summary:
    'Add many points to one layer in one transaction (the import’s valid rows, an editor’s message): all or none.',
  params: MapParams,
  body: z.strictObject({ layer_id: SubId, points: NewPoints }),
  data: z.object({ count: z.number().int(), points: z.array(Point) }),
  successStatus: 201,
})

export const updatePoint = endpoint({
  method: 'PUT',
  path: '/v1/maps/{id}/points/{pointId}',
  roles: ALL_ROLES,
  tag,
  summary: "Edit a point's name, description, position or layer.",
  params: PointParams,
  body: z.strictObject(PointFields),
  data: Point,
})

export const deletePoint = endpoint({
  method: 'DELETE',
  path: '/v1/maps/{id}/points/{pointId}',
  roles: ALL_ROLES,
  tag,
  summary: 'Delete a point.',
  params: PointParams,
  data: z.null(),
})

export const movePoints = endpoint({
  method: 'POST',
  path: '/v1/maps/{id}/points/move',
  roles: ALL_ROLES,
  tag,
  summary: "Move points to another layer of the same map (the maps' “move”).",
  params: MapParams,
  body: z.strictObject({ point_ids: z.array(SubId).min(1).max(MAP_MAX_POINTS), layer_id: SubId }),
  data: z.object({ count: z.number().int() }),
})

// ── Search (the geocoder) ───────────────────────────────────────────────────────────────────────────

export const SearchResult = z.object({
  /** `point`: one of the map's own points; `place`: a place the geocoder knows. */
  source: z.enum(['point', 'place']),
  name: z.string(),
  detail: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  point_id: z.string().nullable(),
})
export type SearchResult = z.infer<typeof SearchResult>

export const searchPlaces = endpoint({
  method: 'GET',
  path: '/v1/maps/{id}/search',
  roles: ALL_ROLES,
  tag,
  summary: "Search a place: the map's own points first, then the geocoder (by default the packaged gazetteer).",
  params: MapParams,
  query: z.strictObject({ q: z.string().trim().max(200).default('') }),
  data: z.array(SearchResult),
})

// ── Import and export ───────────────────────────────────────────────────────────────────────────────

export const ImportRow = z.object({
  /** The row's number as a spreadsheet shows it (the header is row 1). */
  row: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** The coordinate cells as the file holds them, so a refused row shows what was wrong ("21,5", "abc"). */
  latitude_text: z.string().nullable(),
  longitude_text: z.string().nullable(),
  address: z.string().nullable(),
  valid: z.boolean(),
  /** "row 5: the latitude is missing", or how an address was located. */
  messages: z.array(z.string()),
})
export type ImportRow = z.infer<typeof ImportRow>

export const ImportPreview = z.object({
  format: z.enum(['csv', 'xlsx']),
  total_rows: z.number().int(),
  valid_count: z.number().int(),
  invalid_count: z.number().int(),
  /** How many more points the map takes. */
  capacity_left: z.number().int(),
  rows: z.array(ImportRow),
})
export type ImportPreview = z.infer<typeof ImportPreview>

export const previewImport = endpoint({
  method: 'POST',
  path: '/v1/maps/{id}/import/preview',
  roles: ALL_ROLES,
  tag,
  summary:
    'Read a .csv or .xlsx file and judge each row (nothing is saved): row-level messages, addresses located by the geocoder.',
  params: MapParams,
  upload: { maxBytes: IMPORT_MAX_BYTES },
  data: ImportPreview,
})

export const FileFormat = z.enum(['csv', 'xlsx'])

export const importSample = endpoint({
  method: 'GET',
  path: '/v1/maps/import/sample',
  roles: ALL_ROLES,
  tag,
  summary: 'A sample import file (CSV or XLSX) with the columns the import reads.',
  query: z.strictObject({ format: FileFormat.default('csv') }),
  raw: true,
  data: z.string(),
})

export const exportMap = endpoint({
  method: 'GET',
  path: '/v1/maps/{id}/export',
  roles: ALL_ROLES,
  tag,
  summary: "A map's points as GeoJSON, CSV or XLSX (cells that would run as formulas are neutralised).",
  params: MapParams,
  query: z.strictObject({ format: z.enum(['geojson', 'csv', 'xlsx']).default('geojson') }),
  raw: true,
  data: z.string(),
})

// ── The public page ─────────────────────────────────────────────────────────────────────────────────

export const PublicMap = z.object({
  name: z.string(),
  description: z.string().nullable(),
  base_style: BaseStyleSchema,
  view: MapViewSchema.nullable(),
  layers: z.array(z.object({ id: z.string(), name: z.string(), visible: z.boolean() })),
  points: z.array(
    Point.pick({ id: true, layer_id: true, name: true, description: true, latitude: true, longitude: true }),
  ),
  tile_key: z.string().nullable(),
})
export type PublicMap = z.infer<typeof PublicMap>

export const publicMap = endpoint({
  method: 'GET',
  path: '/v1/maps/public/{token}',
  roles: 'public',
  tag,
  summary:
    "A shared map, read-only, for /m/{token} (no sign-in; rate-limited). Each answer counts a LOAD_MAP on the map's key.",
  params: z.object({ token: z.string().min(1).max(64) }),
  data: PublicMap,
})

// ── Cross-window messages (docs/requirements.md §3.8) ─────────────────────────────────────────────────────────

const EditorPoint = z.strictObject({
  name: z
    .string()
    .min(1)
    .max(POINT_NAME_MAX)
    .refine((v) => v.trim() !== ''),
  description: z.string().max(POINT_DESCRIPTION_MAX).optional(),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
})
const RequestId = z.string().min(1).max(100).optional()

/**
 * The messages an editor window may send the map screens, as a schema (docs/maps.md). The browser
 * runs `parseEditorMessage` (map-rules.ts), a hand-written check that a contract test holds to this.
 */
export const EditorMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('maps-portal:set-view'),
    request_id: RequestId,
    longitude: z.number().min(-180).max(180),
    latitude: z.number().min(-90).max(90),
    zoom: z.number().min(MIN_ZOOM).max(MAX_ZOOM).optional(),
    bearing: z.number().min(-360).max(360).optional(),
    pitch: z.number().min(0).max(85).optional(),
  }),
  z.strictObject({
    type: z.literal('maps-portal:add-points'),
    request_id: RequestId,
    layer_id: z.string().min(1).max(40).optional(),
    points: z.array(EditorPoint).min(1).max(EDITOR_MAX_POINTS_PER_MESSAGE),
  }),
  z.strictObject({ type: z.literal('maps-portal:set-style'), request_id: RequestId, style: BaseStyleSchema }),
])
