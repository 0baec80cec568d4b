import { randomBytes } from 'node:crypto'
import * as contract from '@app/contract'
import { MAP_MAX_LAYERS, MAP_MAX_POINTS, translate } from '@app/contract'
import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec'
import { and, eq, sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import {
  type CallOptions,
  call,
  createUser,
  errorEnvelope,
  fieldsOf,
  freshIp,
  setUser,
  signIn,
  type TestApp,
  useTestApp,
} from '../../../test/helpers.ts'
import { keys, usageDailyLive } from '../../db/schema/index.ts'
import { insertKey } from '../keys/service.ts'

// The custom maps' calls through app.inject() on a real database: ownership on every id, the limits of
// docs/requirements.md §14.2 with their message, the recycle bin's states, sharing and its public page, import and export.

const t = await useTestApp()

async function customer(type: 'api_key' | 'maptiles_key' = 'maptiles_key') {
  const user = await createUser(t)
  const token = await signIn(t, user.email)
  const { row, secret } = await insertKey(t.ctx, t.ctx.db, {
    userId: user.id,
    name: 'Map key',
    type,
    description: null,
    restrictionList: [{ type: 'domain', value: 'https://shop.example.com/*' }],
    createdBy: user.id,
  })
  return { user, token, keyId: row.id, secret }
}

type Customer = Awaited<ReturnType<typeof customer>>

async function newMap(owner: Customer, name = 'Shops') {
  const res = await call(t, contract.createMap, { body: { name, key_id: owner.keyId } }, { token: owner.token })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.data
}

const point = (n: number) => ({
  name: `P${n}`,
  description: null,
  latitude: (n % 170) - 85,
  longitude: (n % 340) - 170,
})

/** A multipart upload to an endpoint with path parameters. */
async function uploadTo(
  app: TestApp,
  url: string,
  file: { data: Buffer; filename: string },
  options: CallOptions & { token: string },
) {
  const boundary = `----test${randomBytes(8).toString('hex')}`
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  )
  const response = await app.app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${options.token}`,
      ...(options.lang ? { 'accept-language': options.lang } : {}),
    },
    payload: Buffer.concat([head, file.data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  })
  return { status: response.statusCode, body: response.json() }
}

describe('maps', () => {
  it('creates a map with one of your keys, with a first layer', async () => {
    const owner = await customer()
    const map = await newMap(owner)
    expect(map).toMatchObject({
      name: 'Shops',
      key_id: owner.keyId,
      key_type: 'maptiles_key',
      key_status: 'active',
      status: 'active',
      base_style: 'auto',
      point_count: 0,
      layer_count: 1,
      share_token: null,
      view: null,
      tile_key: owner.secret,
    })
    expect(map.layers.map((l) => l.name)).toEqual(['Layer 1'])
  })

  it('never hands out an API key as the tile key', async () => {
    const owner = await customer('api_key')
    const map = await newMap(owner)
    expect(map.tile_key).toBeNull()
  })

  it('needs a name and one of your own live keys', async () => {
    const owner = await customer()
    const other = await customer()
    const noName = await call(
      t,
      contract.createMap,
      { body: { name: '  ', key_id: owner.keyId } },
      { token: owner.token },
    )
    expect(noName.status).toBe(400)
    expect(fieldsOf(errorEnvelope(noName.body)).name).toBe("Please enter the map's name")

    const foreignKey = await call(
      t,
      contract.createMap,
      { body: { name: 'X', key_id: other.keyId } },
      { token: owner.token, lang: 'vi' },
    )
    expect(foreignKey.status).toBe(400)
    expect(fieldsOf(errorEnvelope(foreignKey.body)).key_id).toBe(translate('vi', 'maps.keyNotYours'))

    await t.ctx.db.update(keys).set({ deletedAt: t.clock.now() }).where(eq(keys.id, owner.keyId))
    const deletedKey = await call(
      t,
      contract.createMap,
      { body: { name: 'X', key_id: owner.keyId } },
      { token: owner.token },
    )
    expect(deletedKey.status).toBe(400)
  })

  it("answers 404 for another customer's map, layer and point, and changes nothing", async () => {
    const owner = await customer()
    const intruder = await customer()
    const map = await newMap(owner)
    const layerId = map.layers[0]?.id ?? ''
    const added = await call(
      t,
      contract.createPoint,
      { params: { id: map.id }, body: { layer_id: layerId, ...point(1) } },
      { token: owner.token },
    )
    const pointId = added.body.data.id
    const as = { token: intruder.token }
    const answers = [
      await call(t, contract.getMap, { params: { id: map.id } }, as),
      await call(
        t,
        contract.updateMap,
        { params: { id: map.id }, body: { name: 'Mine', key_id: intruder.keyId, base_style: 'dark' } },
        as,
      ),
      await call(t, contract.trashMap, { params: { id: map.id } }, as),
      await call(t, contract.shareMap, { params: { id: map.id } }, as),
      await call(t, contract.copyMap, { params: { id: map.id } }, as),
      await call(t, contract.setDefaultMap, { params: { id: map.id } }, as),
      await call(t, contract.createLayer, { params: { id: map.id }, body: { name: 'L' } }, as),
      await call(t, contract.updateLayer, { params: { id: map.id, layerId }, body: { name: 'L', visible: false } }, as),
      await call(t, contract.deleteLayer, { params: { id: map.id, layerId } }, as),
      await call(
        t,
        contract.updatePoint,
        { params: { id: map.id, pointId }, body: { layer_id: layerId, ...point(2) } },
        as,
      ),
      await call(t, contract.deletePoint, { params: { id: map.id, pointId } }, as),
      await call(
        t,
        contract.movePoints,
        { params: { id: map.id }, body: { point_ids: [pointId], layer_id: layerId } },
        as,
      ),
      await call(t, contract.searchPlaces, { params: { id: map.id }, query: { q: 'P' } }, as),
    ]
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(404)

    // A layer or point of another map, even one's own, is not found either.
    const ownMap = await newMap(intruder)
    const crossed = await call(
      t,
      contract.createPoint,
      { params: { id: ownMap.id }, body: { layer_id: layerId, ...point(3) } },
      as,
    )
    expect(crossed.status).toBe(404)
    const after = await call(t, contract.getMap, { params: { id: map.id } }, { token: owner.token })
    expect(after.body.data).toMatchObject({ name: 'Shops', status: 'active', point_count: 1, layer_count: 1 })
  })

  it('refuses the 11th layer with the maximum and what is left, and keeps the last layer', async () => {
    const owner = await customer()
    const map = await newMap(owner)
    for (let n = 2; n <= MAP_MAX_LAYERS; n++) {
      const res = await call(
        t,
        contract.createLayer,
        { params: { id: map.id }, body: { name: `L${n}` } },
        { token: owner.token },
      )
      expect(res.status).toBe(201)
    }
    const eleventh = await call(
      t,
      contract.createLayer,
      { params: { id: map.id }, body: { name: 'L11' } },
      { token: owner.token },
    )
    expect(eleventh.status).toBe(422)
    expect(errorEnvelope(eleventh.body)).toMatchObject({
      error_code: 'MAP_LAYER_LIMIT',
      message: 'A map has at most 10 layers: you can add 0 more.',
    })

    const detail = await call(t, contract.getMap, { params: { id: map.id } }, { token: owner.token })
    const layers = detail.body.data.layers
    expect(layers).toHaveLength(MAP_MAX_LAYERS)
    const hidden = await call(
      t,
      contract.updateLayer,
      { params: { id: map.id, layerId: layers[1]?.id ?? '' }, body: { name: 'Renamed', visible: false } },
      { token: owner.token },
    )
    expect(hidden.body.data).toMatchObject({ name: 'Renamed', visible: false })
    for (const layer of layers.slice(1)) {
      const res = await call(
        t,
        contract.deleteLayer,
        { params: { id: map.id, layerId: layer.id } },
        { token: owner.token },
      )
      expect(res.status).toBe(200)
    }
    const last = await call(
      t,
      contract.deleteLayer,
      { params: { id: map.id, layerId: layers[0]?.id ?? '' } },
      { token: owner.token },
    )
    expect(errorEnvelope(last.body).error_code).toBe('MAP_LAST_LAYER')
  })

  it('refuses the 1,001st point, and an import that would pass 1,000, with what is left', async () => {
    const owner = await customer()
    const map = await newMap(owner)
    const layerId = map.layers[0]?.id ?? ''
    const bulk = await call(
      t,
      contract.addPoints,
      { params: { id: map.id }, body: { layer_id: layerId, points: Array.from({ length: 997 }, (_, n) => point(n)) } },
      { token: owner.token },
    )
    expect(bulk.status).toBe(201)
    expect(bulk.body.data.count).toBe(997)

    const tooMany = await call(
      t,
      contract.addPoints,
      { params: { id: map.id }, body: { layer_id: layerId, points: Array.from({ length: 4 }, (_, n) => point(n)) } },
      { token: owner.token, lang: 'my' },
    )
    expect(tooMany.status).toBe(422)
    expect(errorEnvelope(tooMany.body)).toMatchObject({
      error_code: 'MAP_POINT_LIMIT',
      message: translate('my', 'maps.tooManyPoints', { max: 1000, left: 3 }),
    })

    for (let n = 0; n < 3; n++) {
      const res = await call(
        t,
        contract.createPoint,
        { params: { id: map.id }, body: { layer_id: layerId, ...point(n) } },
        { token: owner.token },
      )
      expect(res.status).toBe(201)
    }
    const thousandFirst = await call(
      t,
      contract.createPoint,
      { params: { id: map.id }, body: { layer_id: layerId, ...point(1001) } },
      { token: owner.token },
    )
    expect(thousandFirst.status).toBe(422)
    expect(errorEnvelope(thousandFirst.body).message).toBe('A map holds at most 1000 points: you can add 0 more.')
    const detail = await call(t, contract.getMap, { params: { id: map.id } }, { token: owner.token })
    expect(detail.body.data.point_count).toBe(MAP_MAX_POINTS)
    expect(detail.body.data.points).toHaveLength(MAP_MAX_POINTS)
  })

  it('lets only one of two concurrent points take the last place', async () => {
    const owner = await customer()
    const map = await newMap(owner)
    const layerId = map.layers[0]?.id ?? ''
    await call(
      t,
      contract.addPoints,
      { params: { id: map.id }, body: { layer_id: layerId, points: Array.from({ length: 999 }, (_, n) => point(n)) } },
      { token: owner.token },
    )
    const answers = await Promise.all(
      [1, 2, 3].map((n) =>
        call(
          t,
          contract.createPoint,
          { params: { id: map.id }, body: { layer_id: layerId, ...point(n) } },
          { token: owner.token },
        ),
      ),
    )
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422])
  })

  it('validates points: name, latitude and longitude', async () => {
    const owner = await customer()
    const map = await newMap(owner)
    const res = await call(
      t,
      contract.createPoint,
      { params: { id: map.id }, body: { layer_id: map.layers[0]?.id ?? '', name: '', latitude: 91, longitude: -181 } },
      { token: owner.token },
    )
    expect(res.status).toBe(400)
    expect(fieldsOf(errorEnvelope(res.body))).toEqual({
      name: 'Please enter the point name',
      latitude: 'Latitude must be a number between -90 and 90',
      longitude: 'Longitude must be a number between -180 and 180',
    })
  })

  it('edits, moves between layers and deletes points', async () => {
    const owner = await customer()
    const map = await newMap(owner)
    const first = map.layers[0]?.id ?? ''
    const second = (
      await call(t, contract.createLayer, { params: { id: map.id }, body: { name: 'B' } }, { token: owner.token })
    ).body.data.id
    const added = await call(
      t,
      contract.addPoints,
      { params: { id: map.id }, body: { layer_id: first, points: [point(1), point(2)] } },
      { token: owner.token },
    )
    const [a, b] = added.body.data.points
    const edited = await call(
      t,
      contract.updatePoint,
      {
        params: { id: map.id, pointId: a?.id ?? '' },
        body: { layer_id: first, name: 'Cafe', description: 'Corner', latitude: 10.5, longitude: 106.7 },
      },
      { token: owner.token },
    )
    expect(edited.body.data).toMatchObject({ name: 'Cafe', description: 'Corner', latitude: 10.5, longitude: 106.7 })
    const moved = await call(
      t,
      contract.movePoints,
      { params: { id: map.id }, body: { point_ids: [a?.id ?? '', b?.id ?? ''], layer_id: second } },
      { token: owner.token },
    )
    expect(moved.body).toMatchObject({ data: { count: 2 }, message: '2 points moved' })
    const detail = (await call(t, contract.getMap, { params: { id: map.id } }, { token: owner.token })).body.data
    expect(detail.layers.map((l) => l.point_count)).toEqual([0, 2])
    const deleted = await call(
      t,
      contract.deletePoint,
      { params: { id: map.id, pointId: b?.id ?? '' } },
      { token: owner.token },
    )
    expect(deleted.status).toBe(200)
    const again = await call(
      t,
      contract.deletePoint,
      { params: { id: map.id, pointId: b?.id ?? '' } },
      { token: owner.token },
    )
    expect(again.status).toBe(404)
  })

  it('moves a map through the recycle bin: in use, in trash, restored, permanently deleted', async () => {
    const owner = await customer()
    const map = await newMap(owner)
    await call(t, contract.setDefaultMap, { params: { id: map.id } }, { token: owner.token })
    const trashed = await call(t, contract.trashMap, { params: { id: map.id } }, { token: owner.token })
    expect(trashed.body.data).toMatchObject({ status: 'trashed', is_default: false })

    const inUse = await call(t, contract.listMaps, { query: {} }, { token: owner.token })
    expect(inUse.body.data.items.map((m) => m.id)).not.toContain(map.id)
    const bin = await call(t, contract.listMaps, { query: { status: 'trashed' } }, { token: owner.token })
    expect(bin.body.data.items.map((m) => m.id)).toEqual([map.id])

    const change = await call(
      t,
      contract.createLayer,
      { params: { id: map.id }, body: { name: 'L' } },
      { token: owner.token },
    )
    expect(errorEnvelope(change.body).error_code).toBe('MAP_IN_TRASH')

    const restored = await call(t, contract.restoreMap, { params: { id: map.id } }, { token: owner.token })
    expect(restored.body.data).toMatchObject({ status: 'active', restored_at: t.clock.now().toISOString() })
    const notInTrash = await call(t, contract.deleteMap, { params: { id: map.id } }, { token: owner.token })
    expect(errorEnvelope(notInTrash.body).error_code).toBe('MAP_NOT_IN_TRASH')

    await call(t, contract.trashMap, { params: { id: map.id } }, { token: owner.token })
    const gone = await call(t, contract.deleteMap, { params: { id: map.id } }, { token: owner.token })
    expect(gone.status).toBe(200)
    expect((await call(t, contract.getMap, { params: { id: map.id } }, { token: owner.token })).status).toBe(404)
  })

  it("empties only the caller's recycle bin", async () => {
    const owner = await customer()
    const neighbour = await customer()
    const kept = await newMap(owner, 'Kept')
    for (const name of ['A', 'B']) {
      const map = await newMap(owner, name)
      await call(t, contract.trashMap, { params: { id: map.id } }, { token: owner.token })
    }
    const theirs = await newMap(neighbour)
    await call(t, contract.trashMap, { params: { id: theirs.id } }, { token: neighbour.token })

    const emptied = await call(t, contract.emptyTrash, {}, { token: owner.token })
    expect(emptied.body).toMatchObject({ data: { count: 2 }, message: '2 maps deleted permanently' })
    const mine = await call(t, contract.listMaps, { query: {} }, { token: owner.token })
    expect(mine.body.data.items.map((m) => m.id)).toEqual([kept.id])
    const binOfNeighbour = await call(
      t,
      contract.listMaps,
      { query: { status: 'trashed' } },
      { token: neighbour.token },
    )
    expect(binOfNeighbour.body.data.total).toBe(1)
  })

  it('keeps one default map, listed first', async () => {
    const owner = await customer()
    const a = await newMap(owner, 'A')
    const b = await newMap(owner, 'B')
    await call(t, contract.setDefaultMap, { params: { id: a.id } }, { token: owner.token })
    await call(t, contract.setDefaultMap, { params: { id: b.id } }, { token: owner.token })
    t.clock.advance(1000)
    await newMap(owner, 'C')
    const list = await call(t, contract.listMaps, { query: {} }, { token: owner.token })
    expect(list.body.data.items.map((m) => [m.name, m.is_default])).toEqual([
      ['B', true],
      ['C', false],
      ['A', false],
    ])
  })

  it('copies a map with its layers and points, renames and styles it, and saves its view', async () => {
    const owner = await customer()
    const map = await newMap(owner)
    await call(
      t,
      contract.addPoints,
      { params: { id: map.id }, body: { layer_id: map.layers[0]?.id ?? '', points: [point(1), point(2)] } },
      { token: owner.token },
    )
    const view = { longitude: 105.85, latitude: 21.03, zoom: 12, bearing: 10, pitch: 20 }
    const saved = await call(
      t,
      contract.saveMapView,
      { params: { id: map.id }, body: { view } },
      { token: owner.token },
    )
    expect(saved.body.data.view).toEqual(view)
    const renamed = await call(
      t,
      contract.updateMap,
      { params: { id: map.id }, body: { name: 'Renamed', description: 'D', key_id: owner.keyId, base_style: 'dark' } },
      { token: owner.token },
    )
    expect(renamed.body.data).toMatchObject({ name: 'Renamed', description: 'D', base_style: 'dark' })

    const copy = await call(t, contract.copyMap, { params: { id: map.id } }, { token: owner.token })
    expect(copy.status).toBe(201)
    expect(copy.body.data).toMatchObject({
      name: 'Renamed (copy)',
      point_count: 2,
      layer_count: 1,
      view,
      base_style: 'dark',
      share_token: null,
    })
    expect(copy.body.data.id).not.toBe(map.id)
  })

  it('finds places among the map’s own points and in the packaged gazetteer', async () => {
    const owner = await customer()
    const map = await newMap(owner)
    await call(
      t,
      contract.createPoint,
      {
        params: { id: map.id },
        body: { layer_id: map.layers[0]?.id ?? '', name: 'Mandalay office', latitude: 21.97, longitude: 96.08 },
      },
      { token: owner.token },
    )
    const res = await call(
      t,
      contract.searchPlaces,
      { params: { id: map.id }, query: { q: 'mandalay' } },
      { token: owner.token },
    )
    expect(res.body.data[0]).toMatchObject({ source: 'point', name: 'Mandalay office' })
    expect(res.body.data.find((r) => r.source === 'place')).toMatchObject({
      name: 'Mandalay',
      detail: expect.stringContaining('Myanmar'),
    })
    const yangon = await call(
      t,
      contract.searchPlaces,
      { params: { id: map.id }, query: { q: 'Yangon' } },
      { token: owner.token },
    )
    expect(yangon.body.data[0]).toMatchObject({ name: 'Yangon', detail: expect.stringContaining('Myanmar') })
    // The old name still finds it, under its name of today.
    const rangoon = await call(
      t,
      contract.searchPlaces,
      { params: { id: map.id }, query: { q: 'Rangoon' } },
      { token: owner.token },
    )
    expect(rangoon.body.data[0]).toMatchObject({ name: 'Yangon' })
    const accents = await call(
      t,
      contract.searchPlaces,
      { params: { id: map.id }, query: { q: 'Đà Nẵng' } },
      { token: owner.token },
    )
    expect(accents.body.data[0]).toMatchObject({ source: 'place', name: 'Da Nang' })
  })
})

describe('sharing and the public page', () => {
  async function sharedMap() {
    const owner = await customer()
    const map = await newMap(owner)
    await call(
      t,
      contract.addPoints,
      { params: { id: map.id }, body: { layer_id: map.layers[0]?.id ?? '', points: [point(1), point(2)] } },
      { token: owner.token },
    )
    const shared = await call(t, contract.shareMap, { params: { id: map.id } }, { token: owner.token })
    const token = shared.body.data.share_token ?? ''
    expect(token).toMatch(/^[\w-]{32}$/)
    return { owner, map, token }
  }

  const view = (token: string) => call(t, contract.publicMap, { params: { token } }, { ip: freshIp() })

  async function loadsOf(keyId: string) {
    const [row] = await t.ctx.db
      .select({ hits: sql<number>`coalesce(sum(${usageDailyLive.hits}), 0)::int` })
      .from(usageDailyLive)
      .where(and(eq(usageDailyLive.keyId, keyId), eq(usageDailyLive.service, 'LOAD_MAP')))
    return row?.hits ?? 0
  }

  it('shows a shared map without sign-in and counts each view as a map load of its key', async () => {
    const { owner, map, token } = await sharedMap()
    const again = await call(t, contract.shareMap, { params: { id: map.id } }, { token: owner.token })
    expect(again.body.data.share_token).toBe(token)

    const res = await view(token)
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ name: 'Shops', base_style: 'auto', tile_key: owner.secret })
    expect(res.body.data.points).toHaveLength(2)
    expect(Object.keys(res.body.data.points[0] ?? {}).sort()).toEqual(
      ['description', 'id', 'latitude', 'layer_id', 'longitude', 'name'].sort(),
    )
    expect(await loadsOf(owner.keyId)).toBe(1)
    await view(token)
    expect(await loadsOf(owner.keyId)).toBe(2)
  })

  it('stops answering when the link is revoked or the map is in the recycle bin', async () => {
    const { owner, map, token } = await sharedMap()
    await call(t, contract.revokeMapShare, { params: { id: map.id } }, { token: owner.token })
    const revoked = await view(token)
    expect(revoked.status).toBe(404)
    expect(errorEnvelope(revoked.body).message).toBe('This map link is not valid or has been revoked')

    const fresh =
      (await call(t, contract.shareMap, { params: { id: map.id } }, { token: owner.token })).body.data.share_token ?? ''
    expect(fresh).not.toBe(token)
    await call(t, contract.trashMap, { params: { id: map.id } }, { token: owner.token })
    expect((await view(fresh)).status).toBe(404)
    await call(t, contract.restoreMap, { params: { id: map.id } }, { token: owner.token })
    expect((await view(fresh)).status).toBe(200)
    expect(await loadsOf(owner.keyId)).toBe(1)
  })

  it('refuses when the key is suspended or deleted or the owner suspended, and counts nothing', async () => {
    const { owner, token } = await sharedMap()
    await t.ctx.db.update(keys).set({ status: 'suspended' }).where(eq(keys.id, owner.keyId))
    t.ctx.gateway.cache.evictKey(owner.keyId)
    const suspended = await view(token)
    expect(suspended.status).toBe(403)
    expect(errorEnvelope(suspended.body)).toMatchObject({ error_code: 'MAP_UNAVAILABLE' })

    await t.ctx.db.update(keys).set({ status: 'active' }).where(eq(keys.id, owner.keyId))
    t.ctx.gateway.cache.evictKey(owner.keyId)
    expect((await view(token)).status).toBe(200)

    await setUser(t, owner.user.id, { status: 'suspended' })
    t.ctx.gateway.cache.evictUser(owner.user.id)
    expect((await view(token)).status).toBe(403)
    await setUser(t, owner.user.id, { status: 'active' })
    t.ctx.gateway.cache.evictUser(owner.user.id)

    await t.ctx.db.update(keys).set({ deletedAt: t.clock.now() }).where(eq(keys.id, owner.keyId))
    t.ctx.gateway.cache.evictKey(owner.keyId)
    expect((await view(token)).status).toBe(403)
    expect(await loadsOf(owner.keyId)).toBe(1)
  })

  it('rate-limits views per client address', async () => {
    const { token } = await sharedMap()
    const ip = freshIp()
    const statuses: number[] = []
    for (let i = 0; i < 61; i++)
      statuses.push((await call(t, contract.publicMap, { params: { token } }, { ip })).status)
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true)
    expect(statuses[60]).toBe(429)
  })

  it('lets other sites frame /m/ pages only', async () => {
    const shared = await t.app.inject({ url: '/m/some-token' })
    expect(shared.headers['content-security-policy']).toContain('frame-ancestors *')
    expect(shared.headers['x-frame-options']).toBeUndefined()
    for (const url of ['/maps/map_1', '/dashboard', '/v1/maps/config']) {
      const res = await t.app.inject({ url })
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'")
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN')
    }
    expect((await t.app.inject({ url: '/dashboard' })).headers['cross-origin-opener-policy']).toBe('same-origin')
    expect((await t.app.inject({ url: '/maps/map_1' })).headers['cross-origin-opener-policy']).toBe('unsafe-none')
  })
})

describe('import and export', () => {
  const csv = (text: string) => Buffer.from(text)
  const preview = (owner: Customer, mapId: string, data: Buffer, filename: string, lang?: string) =>
    uploadTo(
      t,
      `/v1/maps/${mapId}/import/preview`,
      { data, filename },
      { token: owner.token, ...(lang ? { lang } : {}) },
    )

  it('previews a CSV with a message for each bad row, and saves nothing', async () => {
    const owner = await customer()
    const map = await newMap(owner)
    const res = await preview(
      owner,
      map.id,
      csv(
        'name,latitude,longitude,description\nA,21.03,105.85,first\nB,,105.8,\nC,16.8,96.15,\nD,91,200,\nE,"10,5",106.7,comma\n',
      ),
      'points.csv',
    )
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const data = res.body.data as contract.ImportPreview
    expect(data).toMatchObject({ format: 'csv', total_rows: 5, valid_count: 3, invalid_count: 2, capacity_left: 1000 })
    expect(data.rows.filter((r) => !r.valid).map((r) => r.messages)).toEqual([
      ['row 3: the latitude is missing'],
      [
        'row 5: the latitude must be a number between -90 and 90',
        'row 5: the longitude must be a number between -180 and 180',
      ],
    ])
    expect(data.rows.find((r) => r.name === 'E')).toMatchObject({ latitude: 10.5, valid: true })
    const detail = await call(t, contract.getMap, { params: { id: map.id } }, { token: owner.token })
    expect(detail.body.data.point_count).toBe(0)
  })

  it('reads an XLSX file, locates rows by address, and reports in the reader’s language', async () => {
    const owner = await customer()
    const map = await newMap(owner)
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('Sheet1')
    sheet.addRow(['Name', 'Lat', 'Lng', 'Address'])
    sheet.addRow(['Lake', 21.0287, 105.8523, null])
    sheet.addRow(['Office', null, null, 'Da Nang'])
    sheet.addRow(['Nowhere', null, null, 'Qwzx Vlorp'])
    const data = Buffer.from(await workbook.xlsx.writeBuffer())
    const res = await preview(owner, map.id, data, 'points.xlsx', 'vi')
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const body = res.body.data as contract.ImportPreview
    expect(body.rows.map((r) => [r.row, r.valid])).toEqual([
      [2, true],
      [3, true],
      [4, false],
    ])
    expect(body.rows[1]?.latitude).toBeCloseTo(16.06, 1)
    expect(body.rows[2]?.messages).toEqual([
      translate('vi', 'maps.import.rowAddressNotFound', { row: 4, address: 'Qwzx Vlorp' }),
    ])
  })

  it('rejects empty files, other types, files renamed to look like another type, and files without a header', async () => {
    const owner = await customer()
    const map = await newMap(owner)
    const empty = await preview(owner, map.id, Buffer.alloc(0), 'points.csv')
    expect(empty.status).toBe(400)
    expect(errorEnvelope(empty.body)).toMatchObject({ error_code: 'IMPORT_EMPTY', message: 'The file is empty' })
    const headerOnly = await preview(owner, map.id, csv('name,latitude,longitude\n\n'), 'points.csv')
    expect(errorEnvelope(headerOnly.body).error_code).toBe('IMPORT_EMPTY')
    const wrongType = await preview(owner, map.id, csv('x'), 'points.txt')
    expect(errorEnvelope(wrongType.body)).toMatchObject({
      error_code: 'IMPORT_INVALID_FILE',
      message: 'Choose a .csv or .xlsx file',
    })
    const renamed = await preview(owner, map.id, csv('name,lat,lng\nA,1,2\n'), 'points.xlsx')
    expect(errorEnvelope(renamed.body).message).toBe('The file could not be read as XLSX')
    const noColumns = await preview(owner, map.id, csv('foo,bar\n1,2\n'), 'points.csv')
    expect(errorEnvelope(noColumns.body).error_code).toBe('IMPORT_INVALID_FILE')
    const tooBig = await preview(owner, map.id, Buffer.alloc(contract.IMPORT_MAX_BYTES + 10, 'a'), 'points.csv')
    expect(tooBig.status).toBe(413)
    expect(errorEnvelope(tooBig.body).message).toBe('The file is larger than 2 MB')
    const intruder = await customer()
    expect((await preview(intruder, map.id, csv('name,lat,lng\nA,1,2\n'), 'points.csv')).status).toBe(404)
  })

  it('exports GeoJSON, CSV and XLSX with formulas neutralised', async () => {
    const owner = await customer()
    const map = await newMap(owner)
    await call(
      t,
      contract.addPoints,
      {
        params: { id: map.id },
        body: {
          layer_id: map.layers[0]?.id ?? '',
          points: [{ name: '=HYPERLINK("http://evil")', description: '+1', latitude: 21.5, longitude: 105.25 }],
        },
      },
      { token: owner.token },
    )
    const get = (format: string) =>
      t.app.inject({
        url: `/v1/maps/${map.id}/export?format=${format}`,
        headers: { authorization: `Bearer ${owner.token}` },
      })
    const geo = await get('geojson')
    expect(geo.headers['content-disposition']).toBe('attachment; filename="Shops.geojson"')
    expect(geo.json()).toMatchObject({
      type: 'FeatureCollection',
      features: [{ geometry: { type: 'Point', coordinates: [105.25, 21.5] }, properties: { layer: 'Layer 1' } }],
    })
    const text = (await get('csv')).body
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")",'+1,21.5,105.25,Layer 1`)
    const xlsx = new ExcelJS.Workbook()
    await xlsx.xlsx.load((await get('xlsx')).rawPayload as unknown as ArrayBuffer)
    // XLSX needs no prefix: a text cell is typed as text and never evaluated (issue 20).
    expect(xlsx.worksheets[0]?.getRow(2).getCell(1).value).toBe(`=HYPERLINK("http://evil")`)
    expect(xlsx.worksheets[0]?.getRow(2).getCell(1).type).toBe(ExcelJS.ValueType.String)
    expect(xlsx.worksheets[0]?.getRow(2).getCell(2).value).toBe('+1')
    const other = await customer()
    const foreign = await t.app.inject({
      url: `/v1/maps/${map.id}/export`,
      headers: { authorization: `Bearer ${other.token}` },
    })
    expect(foreign.statusCode).toBe(404)
  })

  it('offers a sample file that the import reads without a problem', async () => {
    const owner = await customer()
    const map = await newMap(owner)
    for (const format of ['csv', 'xlsx']) {
      const sample = await t.app.inject({
        url: `/v1/maps/import/sample?format=${format}`,
        headers: { authorization: `Bearer ${owner.token}` },
      })
      expect(sample.statusCode).toBe(200)
      const res = await preview(owner, map.id, sample.rawPayload, `sample.${format}`)
      expect(res.body.data, format).toMatchObject({ total_rows: 3, valid_count: 3, invalid_count: 0 })
    }
  })
})

describe('styles', () => {
  it('serves the offline styles and their data when no style URL is configured', async () => {
    const config = await call(t, contract.mapsConfig)
    expect(config.body.data).toMatchObject({
      styles: { normal: '/v1/maps/styles/normal', dark: '/v1/maps/styles/dark', satellite: null },
      offline: { normal: true, satellite: false },
      editor_origins: ['http://localhost:8888'],
      max_points: 1000,
      max_layers: 10,
    })
    const style = await t.app.inject({ url: '/v1/maps/styles/dark' })
    expect(style.json()).toMatchObject({ version: 8, sources: { land: { type: 'geojson' } } })
    // Every offline style is a valid MapLibre style with place names and no glyphs URL (MapLibre draws
    // the labels with the browser's fonts), and each has its own colours (issue 20).
    type StyleLayer = { type: string; layout: Record<string, unknown>; paint: Record<string, unknown> }
    const styles: { layers: StyleLayer[] }[] = []
    for (const name of ['normal', 'dark', 'navigation_day', 'navigation_night']) {
      const one = (await t.app.inject({ url: `/v1/maps/styles/${name}` })).json()
      expect(validateStyleMin(one), name).toEqual([])
      expect(one.glyphs, name).toBeUndefined()
      const labels = one.layers.filter((l: { type: string }) => l.type === 'symbol')
      expect(labels.length, name).toBe(4)
      expect(labels.map((l: { layout: Record<string, unknown> }) => l.layout['text-field'])).toEqual(
        Array(4).fill(['get', 'n']),
      )
      styles.push(one)
    }
    const colours = (property: string, type: string) =>
      new Set(styles.map((s) => JSON.stringify(s.layers.find((l) => l.type === type)?.paint[property])))
    expect(colours('background-color', 'background').size).toBe(4)
    expect(colours('fill-color', 'fill').size).toBe(4)
    expect(colours('text-color', 'symbol').size).toBe(4)
    const places = (await t.app.inject({ url: '/v1/maps/offline/places' })).json()
    expect(places.features.length).toBeGreaterThan(7000)
    const hanoi = places.features.find((f: { properties: { n: string } }) => f.properties.n === 'Hanoi')
    expect(hanoi).toMatchObject({ properties: { b: 0 }, geometry: { type: 'Point', coordinates: [105.85, 21.033] } })
    const land = await t.app.inject({ url: '/v1/maps/offline/land', headers: { 'accept-encoding': 'gzip' } })
    expect(land.headers['content-encoding']).toBe('gzip')
    expect(land.headers['cache-control']).toBe('public, max-age=86400')
    const borders = await t.app.inject({ url: '/v1/maps/offline/borders' })
    expect(borders.json()).toMatchObject({ type: 'Feature', geometry: { type: 'MultiLineString' } })
    expect((await t.app.inject({ url: '/v1/maps/styles/satellite' })).statusCode).toBe(404)
  })
})
