import * as contract from '@app/contract'
import { IMPORT_MAX_BYTES, MAP_MAX_LAYERS, MAP_MAX_POINTS, STYLE_NAMES } from '@app/contract'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { AppError, notFound } from '../../http/errors.ts'
import { requestLang } from '../../http/lang.ts'
import { pageParams } from '../../http/paging.ts'
import { ok, routes } from '../../http/routes.ts'
import { readUploadBuffer } from '../files/files.ts'
import { fileNameOf, mapCsv, mapGeoJson, mapXlsx, sampleCsv, sampleXlsx } from './export.ts'
import { judgeTable, readTable } from './import.ts'
import { offlineGeoJson, offlineStyleJson, type Served } from './offline.ts'
import { publicMapView } from './public.ts'
import * as maps from './service.ts'

// The calls of custom maps (contract/maps.ts). Every call is about the caller's own maps.

/** Static data of the offline style: cached by browsers and proxies for a day, gzipped when accepted. */
function sendServed(req: FastifyRequest, reply: FastifyReply, served: Served, type: string) {
  reply
    .header('cache-control', 'public, max-age=86400')
    .header('etag', served.etag)
    .header('vary', 'accept-encoding')
    .type(type)
  if (req.headers['if-none-match'] === served.etag) return reply.code(304).send()
  if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
    return reply.header('content-encoding', 'gzip').send(served.gzip)
  }
  return reply.send(served.body)
}

function download(reply: FastifyReply, name: string, type: string, body: string | Buffer) {
  return reply
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('x-content-type-options', 'nosniff')
    .type(type)
    .send(body)
}

export const mapRoutes = routes((r) => {
  r.on(contract.mapsConfig, ({ ctx }) => {
    const { styles } = ctx.config.maps
    const offline = Object.fromEntries(
      STYLE_NAMES.map((name) => [name, !styles[name] && offlineStyleJson(name) !== null]),
    ) as Record<(typeof STYLE_NAMES)[number], boolean>
    return {
      styles: Object.fromEntries(
        STYLE_NAMES.map((name) => [name, styles[name] ?? (offline[name] ? `/v1/maps/styles/${name}` : null)]),
      ) as Record<(typeof STYLE_NAMES)[number], string | null>,
      offline,
      editor_origins: ctx.config.maps.editorOrigins,
      max_points: MAP_MAX_POINTS,
      max_layers: MAP_MAX_LAYERS,
      import_max_bytes: IMPORT_MAX_BYTES,
    }
  })

  r.on(contract.offlineStyle, ({ req, reply, params }) => {
    const served = offlineStyleJson(params.name)
    if (!served) throw notFound()
    return sendServed(req, reply, served, 'application/json')
  })

  r.on(contract.offlineData, ({ req, reply, params }) =>
    sendServed(req, reply, offlineGeoJson(params.layer), 'application/geo+json'),
  )

  r.on(contract.listMaps, async ({ ctx, user, query }) => {
    const paging = pageParams(query)
    const { items, total } = await maps.listMaps(
      ctx,
      user,
      { status: query.status, keyword: query.keyword },
      { limit: paging.pageSize, offset: paging.offset },
    )
    return { items, total, page: paging.page, page_size: paging.pageSize }
  })

  r.on(contract.createMap, async ({ ctx, req, user, body }) =>
    ok(await maps.createMap(ctx, user, body, requestLang(req)), 'maps.created'),
  )

  r.on(contract.getMap, ({ ctx, user, params }) => maps.mapDetail(ctx, user, params.id))

  r.on(contract.updateMap, async ({ ctx, user, params, body }) =>
    ok(await maps.updateMap(ctx, user, params.id, body), 'maps.updated'),
  )

  r.on(contract.saveMapView, async ({ ctx, user, params, body }) =>
    ok(await maps.saveView(ctx, user, params.id, body.view), 'maps.viewSaved'),
  )

  r.on(contract.setDefaultMap, async ({ ctx, user, params }) =>
    ok(await maps.setDefault(ctx, user, params.id), 'maps.defaultSet'),
  )

  r.on(contract.copyMap, async ({ ctx, req, user, params }) =>
    ok(await maps.copyMap(ctx, user, params.id, requestLang(req)), 'maps.copied'),
  )

  r.on(contract.trashMap, async ({ ctx, user, params }) =>
    ok(await maps.trashMap(ctx, user, params.id), 'maps.trashed'),
  )

  r.on(contract.restoreMap, async ({ ctx, user, params }) =>
    ok(await maps.restoreMap(ctx, user, params.id), 'maps.restored'),
  )

  r.on(contract.deleteMap, async ({ ctx, user, params }) => {
    await maps.deleteMap(ctx, user, params.id)
    return ok(null, 'maps.deletedForever')
  })

  r.on(contract.emptyTrash, async ({ ctx, user }) => {
    const count = await maps.emptyTrash(ctx, user)
    return ok({ count }, 'maps.trashEmptied', { count })
  })

  r.on(contract.shareMap, async ({ ctx, user, params }) => ok(await maps.shareMap(ctx, user, params.id), 'maps.shared'))

  r.on(contract.revokeMapShare, async ({ ctx, user, params }) =>
    ok(await maps.revokeShare(ctx, user, params.id), 'maps.shareRevoked'),
  )

  r.on(contract.createLayer, async ({ ctx, user, params, body }) =>
    ok(await maps.createLayer(ctx, user, params.id, body.name), 'maps.layerCreated'),
  )

  r.on(contract.updateLayer, async ({ ctx, user, params, body }) =>
    ok(await maps.updateLayer(ctx, user, params.id, params.layerId, body), 'maps.layerUpdated'),
  )

  r.on(contract.deleteLayer, async ({ ctx, user, params }) => {
    await maps.deleteLayer(ctx, user, params.id, params.layerId)
    return ok(null, 'maps.layerDeleted')
  })

  r.on(contract.createPoint, async ({ ctx, user, params, body }) => {
    const [point] = await maps.addPoints(ctx, user, params.id, body.layer_id, [body])
    if (!point) throw new Error('point insert returned nothing')
    return ok(point, 'maps.pointCreated')
  })

  r.on(contract.addPoints, async ({ ctx, user, params, body }) => {
    const points = await maps.addPoints(ctx, user, params.id, body.layer_id, body.points)
    return ok({ count: points.length, points }, 'maps.pointsCreated', { count: points.length })
  })

  r.on(contract.updatePoint, async ({ ctx, user, params, body }) =>
    ok(await maps.updatePoint(ctx, user, params.id, params.pointId, body), 'maps.pointUpdated'),
  )

  r.on(contract.deletePoint, async ({ ctx, user, params }) => {
    await maps.deletePoint(ctx, user, params.id, params.pointId)
    return ok(null, 'maps.pointDeleted')
  })

  r.on(contract.movePoints, async ({ ctx, user, params, body }) => {
    const count = await maps.movePoints(ctx, user, params.id, body.point_ids, body.layer_id)
    return ok({ count }, 'maps.pointsMoved', { count })
  })

  r.on(contract.searchPlaces, ({ ctx, user, params, query }) => maps.searchPlaces(ctx, user, params.id, query.q))

  r.on(contract.previewImport, async ({ ctx, req, user, params, file }) => {
    // The upload is read whole first: a request body left unread would stall the connection.
    const data = await readUploadBuffer(file, 'maps.import.tooLarge').catch((error: unknown) => {
      if (error instanceof AppError && error.httpStatus === 413) {
        throw new AppError(error.code, 413, 'maps.import.tooLarge', { max: IMPORT_MAX_BYTES / 1024 / 1024 })
      }
      throw error
    })
    await maps.mapOf(ctx.db, user, params.id)
    const table = await readTable(file.filename, data)
    return judgeTable(table, {
      lang: requestLang(req),
      capacityLeft: await maps.capacityLeft(ctx.db, params.id),
      geocoder: maps.geocoder,
    })
  })

  r.on(contract.importSample, async ({ reply, query }) =>
    query.format === 'xlsx'
      ? download(
          reply,
          'map-points-sample.xlsx',
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          await sampleXlsx(),
        )
      : download(reply, 'map-points-sample.csv', 'text/csv; charset=utf-8', sampleCsv()),
  )

  r.on(contract.exportMap, async ({ ctx, req, reply, user, params, query }) => {
    const { map } = await maps.mapOf(ctx.db, user, params.id)
    const [layers, points] = await Promise.all([maps.layerRows(ctx.db, map.id), maps.pointRows(ctx.db, map.id)])
    if (query.format === 'csv')
      return download(reply, fileNameOf(map, 'csv'), 'text/csv; charset=utf-8', mapCsv(layers, points))
    if (query.format === 'xlsx') {
      return download(
        reply,
        fileNameOf(map, 'xlsx'),
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        await mapXlsx(map, layers, points, requestLang(req)),
      )
    }
    return download(reply, fileNameOf(map, 'geojson'), 'application/geo+json', mapGeoJson(map, layers, points))
  })

  r.on(contract.publicMap, ({ ctx, meta, params }) => publicMapView(ctx, meta, params.token))
})
