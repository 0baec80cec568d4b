import {
  type BodyOf,
  checkLayerCapacity,
  checkPointCapacity,
  type createMap as createMapEndpoint,
  ErrorCode,
  type Lang,
  type Layer,
  MAP_MAX_POINTS,
  MAP_NAME_MAX,
  type MapDetail,
  type MapSummary,
  type MapView,
  nameOfCopy,
  type Point,
  type SearchResult,
  translate,
  type updateMap as updateMapEndpoint,
} from '@app/contract'
import { and, asc, eq, inArray, isNotNull, isNull, max } from 'drizzle-orm'
import type { Ctx } from '../../context.ts'
import type { Db, Tx } from '../../db/client.ts'
import { keys, mapLayers, mapPoints, maps } from '../../db/schema/index.ts'
import { invalidField, notFound, refused } from '../../http/errors.ts'
import type { AuthUser } from '../../lib/auth-user.ts'
import { newId, randomToken } from '../../lib/ids.ts'
import { openSecret } from '../keys/secrets.ts'
import { gazetteerGeocoder } from './geocoder.ts'
import {
  countLayers,
  countPoints,
  findLayer,
  findOwnMap,
  findPoint,
  layersOf,
  listOwnMaps,
  lockOwnMap,
  type MapRow,
  type MapWithKey,
  pointsOf,
  searchPoints,
  toLayer,
  toMapSummary,
  toPoint,
} from './queries.ts'

// Custom maps (docs/requirements.md §14, docs/maps.md). A map belongs to one user, and only that user reaches it:
// another user's map, layer or point is "not found". Layers and points change under a lock on their
// map's row, so the limits (10 layers, 1,000 points) hold under concurrent requests: the count and the
// insert are one step. Maps in the recycle bin can be read, restored or deleted, not changed.

export const geocoder = gazetteerGeocoder

// ── Lookups ─────────────────────────────────────────────────────────────────────────────────────────

export async function mapOf(db: Db, user: AuthUser, id: string): Promise<MapWithKey> {
  const found = await findOwnMap(db, user.id, id)
  if (!found) throw notFound('maps.notFound')
  return found
}

/** The map row locked for a change; it must be in use (not in the recycle bin). */
async function lockForChange(tx: Db, user: AuthUser, id: string): Promise<MapRow> {
  const row = await lockOwnMap(tx, user.id, id)
  if (!row) throw notFound('maps.notFound')
  if (row.trashedAt) throw refused(ErrorCode.MapInTrash, 'maps.inTrash')
  return row
}

async function touch(tx: Db, mapId: string, now: Date) {
  await tx.update(maps).set({ updatedAt: now }).where(eq(maps.id, mapId))
}

/** One of the user's keys that is not deleted; otherwise the key field is refused. */
async function ownLiveKey(db: Db, userId: string, keyId: string) {
  const [row] = await db
    .select()
    .from(keys)
    .where(and(eq(keys.id, keyId), eq(keys.userId, userId), isNull(keys.deletedAt)))
    .limit(1)
  if (!row) throw invalidField('key_id', 'maps.keyNotYours')
  return row
}

/**
 * The secret a style URL's `{key}` stands for: the map's key, when it is a live map-tiles key. An API
 * key's secret is never handed to a page (map-tiles keys are the ones meant for public pages).
 */
export async function tileKeyOf(ctx: Ctx, keyId: string): Promise<string | null> {
  const [row] = await ctx.db.select().from(keys).where(eq(keys.id, keyId)).limit(1)
  if (!row || row.deletedAt || row.status !== 'active' || row.type !== 'maptiles_key') return null
  return openSecret(ctx.keys.keySecrets, row.id, row.secretCiphertext)
}

async function summary(db: Db, user: AuthUser, id: string): Promise<MapSummary> {
  return toMapSummary(await mapOf(db, user, id))
}

export async function mapDetail(ctx: Ctx, user: AuthUser, id: string, db: Db = ctx.db): Promise<MapDetail> {
  const found = await mapOf(db, user, id)
  const [layers, points, tileKey] = await Promise.all([
    layersOf(db, id),
    pointsOf(db, id),
    tileKeyOf(ctx, found.map.keyId),
  ])
  return { ...toMapSummary(found), layers, points: points.map(toPoint), tile_key: tileKey }
}

export function listMaps(
  ctx: Ctx,
  user: AuthUser,
  filter: Parameters<typeof listOwnMaps>[2],
  page: Parameters<typeof listOwnMaps>[3],
) {
  return listOwnMaps(ctx.db, user.id, filter, page)
}

// ── Maps ────────────────────────────────────────────────────────────────────────────────────────────

export async function createMap(
  ctx: Ctx,
  user: AuthUser,
  body: BodyOf<typeof createMapEndpoint>,
  lang: Lang,
): Promise<MapDetail> {
  const now = ctx.clock.now()
  const id = newId('map', now.getTime())
  await ctx.db.transaction(async (tx) => {
    await ownLiveKey(tx, user.id, body.key_id)
    await tx.insert(maps).values({
      id,
      userId: user.id,
      keyId: body.key_id,
      name: body.name,
      description: body.description,
      createdAt: now,
      updatedAt: now,
    })
    await tx.insert(mapLayers).values({
      id: newId('lyr', now.getTime()),
      mapId: id,
      name: translate(lang, 'maps.defaultLayerName'),
      position: 1,
      createdAt: now,
    })
  })
  return mapDetail(ctx, user, id)
}

export async function updateMap(
  ctx: Ctx,
  user: AuthUser,
  id: string,
  body: BodyOf<typeof updateMapEndpoint>,
): Promise<MapSummary> {
  const now = ctx.clock.now()
  return ctx.db.transaction(async (tx) => {
    await lockForChange(tx, user, id)
    await ownLiveKey(tx, user.id, body.key_id)
    await tx
      .update(maps)
      .set({
        name: body.name,
        description: body.description,
        keyId: body.key_id,
        baseStyle: body.base_style,
        updatedAt: now,
      })
      .where(eq(maps.id, id))
    return summary(tx, user, id)
  })
}

export async function saveView(ctx: Ctx, user: AuthUser, id: string, view: MapView | null): Promise<MapSummary> {
  return ctx.db.transaction(async (tx) => {
    await lockForChange(tx, user, id)
    await tx.update(maps).set({ view, updatedAt: ctx.clock.now() }).where(eq(maps.id, id))
    return summary(tx, user, id)
  })
}

export async function setDefault(ctx: Ctx, user: AuthUser, id: string): Promise<MapSummary> {
  return ctx.db.transaction(async (tx) => {
    await lockForChange(tx, user, id)
    // The previous default first: a partial unique index allows one per user.
    await tx
      .update(maps)
      .set({ isDefault: false })
      .where(and(eq(maps.userId, user.id), eq(maps.isDefault, true)))
    await tx.update(maps).set({ isDefault: true }).where(eq(maps.id, id))
    return summary(tx, user, id)
  })
}

export async function copyMap(ctx: Ctx, user: AuthUser, id: string, lang: Lang): Promise<MapSummary> {
  const now = ctx.clock.now()
  const copyId = newId('map', now.getTime())
  await ctx.db.transaction(async (tx) => {
    const source = await lockForChange(tx, user, id)
    await tx.insert(maps).values({
      id: copyId,
      userId: user.id,
      keyId: source.keyId,
      name: nameOfCopy(lang, source.name, MAP_NAME_MAX),
      description: source.description,
      baseStyle: source.baseStyle,
      view: source.view,
      createdAt: now,
      updatedAt: now,
    })
    const layers = await tx.select().from(mapLayers).where(eq(mapLayers.mapId, id))
    const layerIds = new Map<string, string>()
    for (const layer of layers) layerIds.set(layer.id, newId('lyr', now.getTime()))
    if (layers.length > 0) {
      await tx.insert(mapLayers).values(
        layers.map((l) => ({
          id: layerIds.get(l.id) ?? '',
          mapId: copyId,
          name: l.name,
          visible: l.visible,
          position: l.position,
          createdAt: now,
        })),
      )
    }
    const points = await pointsOf(tx, id)
    if (points.length > 0) {
      await tx.insert(mapPoints).values(
        points.map((p) => ({
          id: newId('pnt', now.getTime()),
          mapId: copyId,
          layerId: layerIds.get(p.layerId) ?? '',
          name: p.name,
          description: p.description,
          latitude: p.latitude,
          longitude: p.longitude,
          createdAt: now,
          updatedAt: now,
        })),
      )
    }
  })
  return summary(ctx.db, user, copyId)
}

/** In use → in the recycle bin. The public link stops answering; a default map stops being one. */
export async function trashMap(ctx: Ctx, user: AuthUser, id: string): Promise<MapSummary> {
  return ctx.db.transaction(async (tx) => {
    await lockForChange(tx, user, id)
    await tx
      .update(maps)
      .set({ trashedAt: ctx.clock.now(), isDefault: false, updatedAt: ctx.clock.now() })
      .where(eq(maps.id, id))
    return summary(tx, user, id)
  })
}

/** In the recycle bin → restored (in use again). Restoring a map in use changes nothing. */
export async function restoreMap(ctx: Ctx, user: AuthUser, id: string): Promise<MapSummary> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockOwnMap(tx, user.id, id)
    if (!row) throw notFound('maps.notFound')
    if (row.trashedAt) {
      const now = ctx.clock.now()
      await tx.update(maps).set({ trashedAt: null, restoredAt: now, updatedAt: now }).where(eq(maps.id, id))
    }
    return summary(tx, user, id)
  })
}

/** Permanently deleted: only from the recycle bin, with its layers and points. */
export async function deleteMap(ctx: Ctx, user: AuthUser, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockOwnMap(tx, user.id, id)
    if (!row) throw notFound('maps.notFound')
    if (!row.trashedAt) throw refused(ErrorCode.MapNotInTrash, 'maps.notInTrash')
    await tx.delete(maps).where(eq(maps.id, id))
  })
}

export async function emptyTrash(ctx: Ctx, user: AuthUser): Promise<number> {
  const deleted = await ctx.db
    .delete(maps)
    .where(and(eq(maps.userId, user.id), isNotNull(maps.trashedAt)))
    .returning({ id: maps.id })
  return deleted.length
}

export async function shareMap(ctx: Ctx, user: AuthUser, id: string): Promise<MapSummary> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockForChange(tx, user, id)
    // 192 random bits: a link that cannot be guessed.
    if (!row.shareToken)
      await tx
        .update(maps)
        .set({ shareToken: randomToken(24) })
        .where(eq(maps.id, id))
    return summary(tx, user, id)
  })
}

export async function revokeShare(ctx: Ctx, user: AuthUser, id: string): Promise<MapSummary> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockOwnMap(tx, user.id, id)
    if (!row) throw notFound('maps.notFound')
    await tx.update(maps).set({ shareToken: null }).where(eq(maps.id, id))
    return summary(tx, user, id)
  })
}

// ── Layers ──────────────────────────────────────────────────────────────────────────────────────────

async function layerOf(tx: Db, mapId: string, layerId: string) {
  const layer = await findLayer(tx, mapId, layerId)
  if (!layer) throw notFound('maps.layerNotFound')
  return layer
}

async function layerAnswer(tx: Db, mapId: string, layerId: string): Promise<Layer> {
  const layer = (await layersOf(tx, mapId)).find((l) => l.id === layerId)
  if (!layer) throw notFound('maps.layerNotFound')
  return layer
}

export async function createLayer(ctx: Ctx, user: AuthUser, mapId: string, name: string): Promise<Layer> {
  const now = ctx.clock.now()
  return ctx.db.transaction(async (tx) => {
    await lockForChange(tx, user, mapId)
    const problem = checkLayerCapacity(await countLayers(tx, mapId))
    if (problem) throw refused(ErrorCode.MapLayerLimit, problem.key, problem.params as Record<string, number>)
    const [last] = await tx
      .select({ value: max(mapLayers.position) })
      .from(mapLayers)
      .where(eq(mapLayers.mapId, mapId))
    const [row] = await tx
      .insert(mapLayers)
      .values({ id: newId('lyr', now.getTime()), mapId, name, position: (last?.value ?? 0) + 1, createdAt: now })
      .returning()
    if (!row) throw new Error('layer insert returned nothing')
    await touch(tx, mapId, now)
    return toLayer(row, 0)
  })
}

export async function updateLayer(
  ctx: Ctx,
  user: AuthUser,
  mapId: string,
  layerId: string,
  change: { name: string; visible: boolean },
): Promise<Layer> {
  return ctx.db.transaction(async (tx) => {
    await lockForChange(tx, user, mapId)
    await layerOf(tx, mapId, layerId)
    await tx.update(mapLayers).set(change).where(eq(mapLayers.id, layerId))
    await touch(tx, mapId, ctx.clock.now())
    return layerAnswer(tx, mapId, layerId)
  })
}

export async function deleteLayer(ctx: Ctx, user: AuthUser, mapId: string, layerId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockForChange(tx, user, mapId)
    await layerOf(tx, mapId, layerId)
    if ((await countLayers(tx, mapId)) <= 1) throw refused(ErrorCode.MapLastLayer, 'maps.lastLayer')
    await tx.delete(mapLayers).where(eq(mapLayers.id, layerId))
    await touch(tx, mapId, ctx.clock.now())
  })
}

// ── Points ──────────────────────────────────────────────────────────────────────────────────────────

export interface NewPoint {
  name: string
  description: string | null
  latitude: number
  longitude: number
}

async function assertRoomFor(tx: Db, mapId: string, adding: number) {
  const problem = checkPointCapacity(await countPoints(tx, mapId), adding)
  if (problem) throw refused(ErrorCode.MapPointLimit, problem.key, problem.params as Record<string, number>)
}

/** Adds points to one layer of a map: all of them, or none when they do not fit (one transaction). */
export async function addPoints(
  ctx: Ctx,
  user: AuthUser,
  mapId: string,
  layerId: string,
  points: readonly NewPoint[],
): Promise<Point[]> {
  const now = ctx.clock.now()
  return ctx.db.transaction(async (tx) => {
    await lockForChange(tx, user, mapId)
    await layerOf(tx, mapId, layerId)
    await assertRoomFor(tx, mapId, points.length)
    const rows = await tx
      .insert(mapPoints)
      .values(
        points.map((p) => ({
          id: newId('pnt', now.getTime()),
          mapId,
          layerId,
          name: p.name,
          description: p.description,
          latitude: p.latitude,
          longitude: p.longitude,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning()
    await touch(tx, mapId, now)
    return rows.map(toPoint)
  })
}

export async function updatePoint(
  ctx: Ctx,
  user: AuthUser,
  mapId: string,
  pointId: string,
  change: NewPoint & { layer_id: string },
): Promise<Point> {
  const now = ctx.clock.now()
  return ctx.db.transaction(async (tx) => {
    await lockForChange(tx, user, mapId)
    if (!(await findPoint(tx, mapId, pointId))) throw notFound('maps.pointNotFound')
    await layerOf(tx, mapId, change.layer_id)
    const [row] = await tx
      .update(mapPoints)
      .set({
        layerId: change.layer_id,
        name: change.name,
        description: change.description,
        latitude: change.latitude,
        longitude: change.longitude,
        updatedAt: now,
      })
      .where(eq(mapPoints.id, pointId))
      .returning()
    if (!row) throw notFound('maps.pointNotFound')
    await touch(tx, mapId, now)
    return toPoint(row)
  })
}

export async function deletePoint(ctx: Ctx, user: AuthUser, mapId: string, pointId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockForChange(tx, user, mapId)
    const deleted = await tx
      .delete(mapPoints)
      .where(and(eq(mapPoints.id, pointId), eq(mapPoints.mapId, mapId)))
      .returning({ id: mapPoints.id })
    if (deleted.length === 0) throw notFound('maps.pointNotFound')
    await touch(tx, mapId, ctx.clock.now())
  })
}

/** The maps' "move": points to another layer of the same map. Every id must be a point of this map. */
export async function movePoints(
  ctx: Ctx,
  user: AuthUser,
  mapId: string,
  pointIds: readonly string[],
  layerId: string,
): Promise<number> {
  const ids = [...new Set(pointIds)]
  return ctx.db.transaction(async (tx: Tx) => {
    await lockForChange(tx, user, mapId)
    await layerOf(tx, mapId, layerId)
    const moved = await tx
      .update(mapPoints)
      .set({ layerId, updatedAt: ctx.clock.now() })
      .where(and(eq(mapPoints.mapId, mapId), inArray(mapPoints.id, ids)))
      .returning({ id: mapPoints.id })
    if (moved.length !== ids.length) throw notFound('maps.pointNotFound')
    await touch(tx, mapId, ctx.clock.now())
    return moved.length
  })
}

// ── Search ──────────────────────────────────────────────────────────────────────────────────────────

const SEARCH_LIMIT = 10

/** The map's own points first, then places from the geocoder. */
export async function searchPlaces(ctx: Ctx, user: AuthUser, mapId: string, text: string): Promise<SearchResult[]> {
  await mapOf(ctx.db, user, mapId)
  if (!text) return []
  const own = await searchPoints(ctx.db, mapId, text, SEARCH_LIMIT)
  const places = await geocoder.search(text, SEARCH_LIMIT - Math.min(own.length, SEARCH_LIMIT / 2))
  return [
    ...own.slice(0, SEARCH_LIMIT / 2).map((p) => ({
      source: 'point' as const,
      name: p.name,
      detail: p.description,
      latitude: p.latitude,
      longitude: p.longitude,
      point_id: p.id,
    })),
    ...places.map((p) => ({ source: 'place' as const, ...p, point_id: null })),
  ].slice(0, SEARCH_LIMIT)
}

export const pointRows = pointsOf

export function layerRows(db: Db, mapId: string) {
  return db.select().from(mapLayers).where(eq(mapLayers.mapId, mapId)).orderBy(asc(mapLayers.position))
}

/** How many more points the map takes. */
export async function capacityLeft(db: Db, mapId: string): Promise<number> {
  return MAP_MAX_POINTS - (await countPoints(db, mapId))
}
