import { gazetteerGeocoder, gazetteerPlaces } from '../modules/maps/geocoder.ts'

// Geocoding and directions of the sample maps API, over the gazetteer the portal packages
// (`city-timezones`, ~7,300 cities). Forward search is the portal's own; reverse answers the nearest
// city with its distance; directions are a plain great-circle line, labelled as such.

const EARTH_RADIUS_M = 6_371_008.8
/** The speed the straight-line directions assume, since they know nothing of roads. */
const ROUTE_SPEED_KMH = 50

export interface LonLat {
  lon: number
  lat: number
}

const radians = (degrees: number) => (degrees * Math.PI) / 180

/** Great-circle (haversine) distance in metres. */
function distanceMetres(a: LonLat, b: LonLat): number {
  const dLat = radians(b.lat - a.lat)
  const dLon = radians(b.lon - a.lon)
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)))
}

function point(lon: number, lat: number, properties: Record<string, unknown>) {
  return { type: 'Feature' as const, geometry: { type: 'Point' as const, coordinates: [lon, lat] }, properties }
}

export async function forwardGeocode(text: string, limit: number) {
  const places = await gazetteerGeocoder.search(text, limit)
  return {
    type: 'FeatureCollection' as const,
    features: places.map((p) => point(p.longitude, p.latitude, { name: p.name, detail: p.detail })),
  }
}

/** The nearest place to a point, wherever it is (a point at sea answers the nearest coastal city). */
function nearestPlace(at: LonLat) {
  let best: { place: ReturnType<typeof gazetteerPlaces>[number]; distance: number } | undefined
  for (const place of gazetteerPlaces()) {
    const distance = distanceMetres(at, { lon: place.longitude, lat: place.latitude })
    if (!best || distance < best.distance) best = { place, distance }
  }
  if (!best) return null
  const { place, distance } = best
  // The same place, with the same "province, country", the forward search answers.
  return {
    name: place.name,
    detail: place.detail,
    lat: place.latitude,
    lon: place.longitude,
    distance_m: Math.round(distance),
  }
}

export function reverseGeocode(at: LonLat) {
  const place = nearestPlace(at)
  return {
    type: 'FeatureCollection' as const,
    features: place
      ? [point(place.lon, place.lat, { name: place.name, detail: place.detail, distance_m: place.distance_m })]
      : [],
  }
}

/** Points along the great circle from a to b, one about every 100 km (2 to 129 points). */
function greatCircle(a: LonLat, b: LonLat, distance: number): [number, number][] {
  const steps = Math.min(128, Math.max(1, Math.ceil(distance / 100_000)))
  const angle = distance / EARTH_RADIUS_M
  const [lat1, lon1, lat2, lon2] = [radians(a.lat), radians(a.lon), radians(b.lat), radians(b.lon)]
  const line: [number, number][] = []
  for (let i = 0; i <= steps; i++) {
    const f = i / steps
    let lon = a.lon + (b.lon - a.lon) * f
    let lat = a.lat + (b.lat - a.lat) * f
    if (angle > 1e-9) {
      const k1 = Math.sin((1 - f) * angle) / Math.sin(angle)
      const k2 = Math.sin(f * angle) / Math.sin(angle)
      const x = k1 * Math.cos(lat1) * Math.cos(lon1) + k2 * Math.cos(lat2) * Math.cos(lon2)
      const y = k1 * Math.cos(lat1) * Math.sin(lon1) + k2 * Math.cos(lat2) * Math.sin(lon2)
      const z = k1 * Math.sin(lat1) + k2 * Math.sin(lat2)
      lat = (Math.atan2(z, Math.hypot(x, y)) * 180) / Math.PI
      lon = (Math.atan2(y, x) * 180) / Math.PI
    }
    // Longitudes kept continuous (past ±180 if need be) so a line over the antimeridian is drawn short.
    const previous = line.at(-1)?.[0]
    if (previous !== undefined) lon += 360 * Math.round((previous - lon) / 360)
    line.push([Math.round(lon * 1e6) / 1e6, Math.round(lat * 1e6) / 1e6])
  }
  return line
}

/**
 * Directions without a road network: the great-circle line between the two points, its length, and
 * the time it would take at ROUTE_SPEED_KMH. `method` says so, so no client mistakes it for a route.
 */
export function straightLineRoute(from: LonLat, to: LonLat) {
  const distance = distanceMetres(from, to)
  return {
    type: 'FeatureCollection' as const,
    features: [
      {
        type: 'Feature' as const,
        geometry: { type: 'LineString' as const, coordinates: greatCircle(from, to, distance) },
        properties: {
          method: 'straight_line',
          distance_m: Math.round(distance),
          duration_s: Math.round(distance / ((ROUTE_SPEED_KMH * 1000) / 3600)),
          assumed_speed_kmh: ROUTE_SPEED_KMH,
          note: 'A straight great-circle line, not a road route: this sample API has no road network.',
        },
      },
    ],
  }
}
