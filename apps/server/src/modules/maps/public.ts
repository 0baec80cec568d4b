import type { PublicMap } from '@app/contract'
import { ErrorCode } from '@app/contract'
import { eq } from 'drizzle-orm'
import type { Ctx } from '../../context.ts'
import { keys } from '../../db/schema/index.ts'
import { AppError, notFound, tooManyRequests } from '../../http/errors.ts'
import { newId } from '../../lib/ids.ts'
import type { RequestMeta } from '../../lib/request-meta.ts'
import { hit } from '../../lib/throttle.ts'
import { openSecret } from '../keys/secrets.ts'
import { recordUsage } from '../usage/ingest.ts'
import { findMapByToken, layersOf, pointsOf } from './queries.ts'
import { tileKeyOf } from './service.ts'

// The public page of a shared map (`/m/{token}`, and every iframe that embeds it): read-only, no
// sign-in. The map's key decides whether it may be shown, by the gateway's own rules (deleted or
// suspended key, suspended or unverified owner, plan quota, balance), and each view is a map load on
// that key, recorded through the usage ingestion like the gateway's reports. The key's web-address and
// IP restrictions are not applied: they describe the customer's own sites, and this page is ours.

/** Per client address: generous for a page (one call per view), tight for a scraper. */
const PER_ADDRESS = { limit: 60, windowSeconds: 60 }

export async function publicMapView(ctx: Ctx, meta: RequestMeta, token: string): Promise<PublicMap> {
  const now = ctx.clock.now()
  const verdict = await hit(ctx.db, `map-public:ip:${meta.ip}`, PER_ADDRESS.limit, PER_ADDRESS.windowSeconds, now)
  if (!verdict.allowed) throw tooManyRequests(verdict.retryAfter)

  const map = await findMapByToken(ctx.db, token)
  if (!map || map.trashedAt) throw notFound('maps.linkInvalid')
  const [key] = await ctx.db.select().from(keys).where(eq(keys.id, map.keyId)).limit(1)
  if (!key) throw notFound('maps.linkInvalid')

  const check = await ctx.gateway.verify({
    key: openSecret(ctx.keys.keySecrets, key.id, key.secretCiphertext),
    service: 'LOAD_MAP',
    ip: meta.ip,
    ignoreRestrictions: true,
  })
  if (!check.allowed) throw new AppError(ErrorCode.MapUnavailable, 403, 'maps.unavailable')

  const [layers, points, tileKey] = await Promise.all([
    layersOf(ctx.db, map.id),
    pointsOf(ctx.db, map.id),
    tileKeyOf(ctx, map.keyId),
  ])
  await recordUsage(ctx, {
    batch_id: newId('mld', now.getTime()),
    events: [{ key_id: map.keyId, service: 'LOAD_MAP', at: now.getTime(), count: 1, status: 200, latency_ms: 0 }],
  })
  return {
    name: map.name,
    description: map.description,
    base_style: map.baseStyle,
    view: map.view ?? null,
    layers: layers.map((l) => ({ id: l.id, name: l.name, visible: l.visible })),
    points: points.map((p) => ({
      id: p.id,
      layer_id: p.layerId,
      name: p.name,
      description: p.description,
      latitude: p.latitude,
      longitude: p.longitude,
    })),
    tile_key: tileKey,
  }
}
