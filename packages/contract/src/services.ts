// Metered usage types (docs/requirements.md §1.4), as the gateway and the usage reports name them.

export const SERVICE_TYPES = [
  'LOAD_MAP',
  'STATIC_MAP',
  'GEOCODE',
  'FORWARD_GEOCODE',
  'REVERSE_GEOCODE',
  'DIRECTION',
  'DISTANCE_MATRIX',
  'PLACE_DETAIL',
  'AUTOCOMPLETE',
  'SESSION_AUTOCOMPLETE',
  'FIND_PLACE_FROM_TEXT',
  'TRIP',
] as const
export type ServiceType = (typeof SERVICE_TYPES)[number]

/** Services that draw map imagery: a map-tiles key may serve only these. */
export const MAP_SERVICES: readonly ServiceType[] = ['LOAD_MAP', 'STATIC_MAP']

export const KEY_TYPES = ['api_key', 'maptiles_key'] as const
export type KeyType = (typeof KEY_TYPES)[number]

/**
 * Which key may call which service. An API key serves every service, map loads included, so a simple
 * app needs one key; a map-tiles key serves only map imagery (it is meant to sit in public web pages).
 */
export function keyServesService(type: KeyType, service: ServiceType): boolean {
  return type === 'api_key' || MAP_SERVICES.includes(service)
}
