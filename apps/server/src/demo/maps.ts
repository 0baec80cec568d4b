import type { Ctx } from '../context.ts'
import { mapLayers, mapPoints, maps } from '../db/schema/index.ts'
import { newId, randomToken } from '../lib/ids.ts'

// `npm run demo`: a custom map for each demo key meant for public pages, with two layers of places in
// Ho Chi Minh City, its default view saved and a public link, so /maps and /m/{token} show something.

const stores: [string, number, number][] = [
  ['Ben Thanh Market store', 10.7725, 106.698],
  ['Nguyen Hue kiosk', 10.7743, 106.7038],
  ['Thao Dien store', 10.8031, 106.7345],
  ['Phu My Hung store', 10.7296, 106.7195],
  ['Tan Dinh store', 10.7895, 106.6908],
  ['Cho Lon store', 10.7503, 106.6601],
]
const depots: [string, number, number][] = [
  ['District 7 depot', 10.7375, 106.7215],
  ['Tan Binh depot', 10.8015, 106.6526],
  ['Thu Duc depot', 10.8494, 106.7537],
]

export async function seedDemoMap(ctx: Ctx, userId: string, keyId: string) {
  const now = ctx.clock.now()
  const id = newId('map', now.getTime())
  await ctx.db.transaction(async (tx) => {
    await tx.insert(maps).values({
      id,
      userId,
      keyId,
      name: 'Saigon stores and depots',
      description: 'Where riders pick up and drop off',
      isDefault: true,
      view: { longitude: 106.7, latitude: 10.78, zoom: 11.5, bearing: 0, pitch: 0 },
      shareToken: randomToken(24),
      createdAt: now,
      updatedAt: now,
    })
    const layers = [
      { id: newId('lyr', now.getTime()), name: 'Stores', places: stores },
      { id: newId('lyr', now.getTime()), name: 'Depots', places: depots },
    ]
    await tx
      .insert(mapLayers)
      .values(
        layers.map((layer, i) => ({ id: layer.id, mapId: id, name: layer.name, position: i + 1, createdAt: now })),
      )
    await tx.insert(mapPoints).values(
      layers.flatMap((layer) =>
        layer.places.map(([name, latitude, longitude]) => ({
          id: newId('pnt', now.getTime()),
          mapId: id,
          layerId: layer.id,
          name,
          description: null,
          latitude,
          longitude,
          createdAt: now,
          updatedAt: now,
        })),
      ),
    )
  })
}
