import { sql } from 'drizzle-orm'
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { tstz } from './columns.ts'
import { keys } from './keys.ts'
import { users } from './users.ts'

/** The saved default view of a map. */
export interface MapViewColumn {
  longitude: number
  latitude: number
  zoom: number
  bearing: number
  pitch: number
}

/**
 * A user's custom map (docs/requirements.md §14.1). In use while `trashed_at` is null; in the recycle bin once set;
 * restoring clears it (and stamps `restored_at`); a permanent delete removes the row with its layers
 * and points.
 */
export const maps = pgTable(
  'maps',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keyId: text('key_id')
      .notNull()
      .references(() => keys.id),
    name: text('name').notNull(),
    description: text('description'),
    baseStyle: text('base_style', {
      enum: ['auto', 'normal', 'dark', 'satellite', 'navigation_day', 'navigation_night'],
    })
      .notNull()
      .default('auto'),
    isDefault: boolean('is_default').notNull().default(false),
    view: jsonb('view').$type<MapViewColumn>(),
    /** The public link's token while shared (`/m/{token}`); null when never shared or revoked. */
    shareToken: text('share_token'),
    trashedAt: tstz('trashed_at'),
    restoredAt: tstz('restored_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('maps_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('maps_share_token_key').on(t.shareToken),
    // One default map per user.
    uniqueIndex('maps_one_default_idx').on(t.userId).where(sql`${t.isDefault}`),
    check(
      'maps_base_style_check',
      sql`${t.baseStyle} in ('auto', 'normal', 'dark', 'satellite', 'navigation_day', 'navigation_night')`,
    ),
    check('maps_default_not_trashed_check', sql`not (${t.isDefault} and ${t.trashedAt} is not null)`),
  ],
)

export const mapLayers = pgTable(
  'map_layers',
  {
    id: text('id').primaryKey(),
    mapId: text('map_id')
      .notNull()
      .references(() => maps.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    visible: boolean('visible').notNull().default(true),
    position: integer('position').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('map_layers_map_idx').on(t.mapId, t.position)],
)

/** A point of a layer; `map_id` is kept beside `layer_id` so a map's count needs no join. */
export const mapPoints = pgTable(
  'map_points',
  {
    id: text('id').primaryKey(),
    mapId: text('map_id')
      .notNull()
      .references(() => maps.id, { onDelete: 'cascade' }),
    layerId: text('layer_id')
      .notNull()
      .references(() => mapLayers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('map_points_map_idx').on(t.mapId, t.createdAt),
    index('map_points_layer_idx').on(t.layerId),
    check('map_points_latitude_check', sql`${t.latitude} between -90 and 90`),
    check('map_points_longitude_check', sql`${t.longitude} between -180 and 180`),
  ],
)
