import type { Layer, MapStatus, MapSummary, Point } from '@app/contract'
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { keys, mapLayers, mapPoints, maps } from '../../db/schema/index.ts'
import { escapeLike } from '../../lib/like.ts'

// The maps' queries. `toMapSummary`, `toLayer` and `toPoint` are the only places a row becomes an API
// answer. Every lookup of a map takes its owner: another user's map is simply not found.

export type MapRow = typeof maps.$inferSelect
export type LayerRow = typeof mapLayers.$inferSelect
export type PointRow = typeof mapPoints.$inferSelect

export interface MapWithKey {
  map: MapRow
  keyName: string
  keyType: 'api_key' | 'maptiles_key'
  keyStatus: 'active' | 'suspended' | 'deleted'
  layerCount: number
  pointCount: number
}

// Spelled out: inside a sub-select drizzle would leave `maps.id` unqualified.
const layersOfMap = sql<number>`(select count(*)::int from ${mapLayers} l where l.map_id = ${maps}.id)`
const pointsOfMap = sql<number>`(select count(*)::int from ${mapPoints} p where p.map_id = ${maps}.id)`

const summaryColumns = {
  map: maps,
  keyName: keys.name,
  keyType: keys.type,
  keyStatusRaw: keys.status,
  keyDeletedAt: keys.deletedAt,
  layerCount: layersOfMap,
  pointCount: pointsOfMap,
}

type SummaryRow = {
  map: MapRow
  keyName: string
  keyType: 'api_key' | 'maptiles_key'
  keyStatusRaw: 'active' | 'suspended'
  keyDeletedAt: Date | null
  layerCount: number
  pointCount: number
}

function withKey(row: SummaryRow): MapWithKey {
  return {
    map: row.map,
    keyName: row.keyName,
    keyType: row.keyType,
    keyStatus: row.keyDeletedAt ? 'deleted' : row.keyStatusRaw,
    layerCount: row.layerCount,
    pointCount: row.pointCount,
  }
}

export function toMapSummary(row: MapWithKey): MapSummary {
  const { map } = row
  return {
    id: map.id,
    name: map.name,
    description: map.description,
    key_id: map.keyId,
    key_name: row.keyName,
    key_type: row.keyType,
    key_status: row.keyStatus,
    base_style: map.baseStyle,
    is_default: map.isDefault,
    status: map.trashedAt ? 'trashed' : 'active',
    trashed_at: map.trashedAt?.toISOString() ?? null,
    restored_at: map.restoredAt?.toISOString() ?? null,
    view: map.view ?? null,
    share_token: map.shareToken,
    layer_count: row.layerCount,
    point_count: row.pointCount,
    created_at: map.createdAt.toISOString(),
    updated_at: map.updatedAt.toISOString(),
  }
}

export function toLayer(row: LayerRow, pointCount: number): Layer {
  return {
    id: row.id,
    map_id: row.mapId,
    name: row.name,
    visible: row.visible,
    position: row.position,
    point_count: pointCount,
    created_at: row.createdAt.toISOString(),
  }
}

export function toPoint(row: PointRow): Point {
  return {
    id: row.id,
    map_id: row.mapId,
    layer_id: row.layerId,
    name: row.name,
    description: row.description,
    latitude: row.latitude,
    longitude: row.longitude,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

/** A map of this owner with its key's facts and counts, or null. */
export async function findOwnMap(db: Db, ownerId: string, id: string): Promise<MapWithKey | null> {
  const [row] = await db
    .select(summaryColumns)
    .from(maps)
    .innerJoin(keys, eq(keys.id, maps.keyId))
    .where(and(eq(maps.id, id), eq(maps.userId, ownerId)))
    .limit(1)
  return row ? withKey(row) : null
}

/** The map row of this owner, locked until the transaction ends: its layers and points change one writer at a time. */
export async function lockOwnMap(db: Db, ownerId: string, id: string): Promise<MapRow | null> {
  const [row] = await db
    .select()
    .from(maps)
    .where(and(eq(maps.id, id), eq(maps.userId, ownerId)))
    .limit(1)
    .for('update')
  return row ?? null
}

export async function findMapByToken(db: Db, token: string): Promise<MapRow | null> {
  const [row] = await db.select().from(maps).where(eq(maps.shareToken, token)).limit(1)
  return row ?? null
}

export async function listOwnMaps(
  db: Db,
  ownerId: string,
  filter: { status: MapStatus; keyword?: string | undefined },
  page: { limit: number; offset: number },
) {
  const conditions: SQL[] = [
    eq(maps.userId, ownerId),
    filter.status === 'trashed' ? isNotNull(maps.trashedAt) : isNull(maps.trashedAt),
  ]
  const text = filter.keyword?.trim()
  if (text) {
    const like = `%${escapeLike(text)}%`
    const match = or(ilike(maps.name, like), ilike(maps.description, like))
    if (match) conditions.push(match)
  }
  const where = and(...conditions)
  const order =
    filter.status === 'trashed'
      ? [desc(maps.trashedAt), desc(maps.id)]
      : [desc(maps.isDefault), desc(maps.createdAt), desc(maps.id)]
  const [rows, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(maps)
      .innerJoin(keys, eq(keys.id, maps.keyId))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(maps).where(where),
  ])
  return { items: rows.map((row) => toMapSummary(withKey(row))), total: total?.value ?? 0 }
}

export async function layersOf(db: Db, mapId: string): Promise<Layer[]> {
  const rows = await db
    .select({
      layer: mapLayers,
      points: sql<number>`(select count(*)::int from ${mapPoints} p where p.layer_id = ${mapLayers}.id)`,
    })
    .from(mapLayers)
    .where(eq(mapLayers.mapId, mapId))
    .orderBy(asc(mapLayers.position), asc(mapLayers.id))
  return rows.map((r) => toLayer(r.layer, r.points))
}

export async function pointsOf(db: Db, mapId: string): Promise<PointRow[]> {
  return db
    .select()
    .from(mapPoints)
    .where(eq(mapPoints.mapId, mapId))
    .orderBy(asc(mapPoints.createdAt), asc(mapPoints.id))
}

export async function countPoints(db: Db, mapId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(mapPoints).where(eq(mapPoints.mapId, mapId))
  return row?.value ?? 0
}

export async function countLayers(db: Db, mapId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(mapLayers).where(eq(mapLayers.mapId, mapId))
  return row?.value ?? 0
}

export async function findLayer(db: Db, mapId: string, layerId: string): Promise<LayerRow | null> {
  const [row] = await db
    .select()
    .from(mapLayers)
    .where(and(eq(mapLayers.id, layerId), eq(mapLayers.mapId, mapId)))
    .limit(1)
  return row ?? null
}

export async function findPoint(db: Db, mapId: string, pointId: string): Promise<PointRow | null> {
  const [row] = await db
    .select()
    .from(mapPoints)
    .where(and(eq(mapPoints.id, pointId), eq(mapPoints.mapId, mapId)))
    .limit(1)
  return row ?? null
}

/** The map's own points whose name or description contains the text. */
export async function searchPoints(db: Db, mapId: string, text: string, limit: number): Promise<PointRow[]> {
  const like = `%${escapeLike(text)}%`
  return db
    .select()
    .from(mapPoints)
    .where(and(eq(mapPoints.mapId, mapId), or(ilike(mapPoints.name, like), ilike(mapPoints.description, like))))
    .orderBy(asc(mapPoints.name))
    .limit(limit)
}
