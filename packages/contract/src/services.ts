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

/**
 * A key's service scope (docs/gateway.md "Service scopes"): null lets it call every service its type
 * serves; a list limits it to those (the gateway answers SERVICE_NOT_ALLOWED for the rest).
 */
export function scopeAllows(services: readonly ServiceType[] | null, service: ServiceType): boolean {
  return services === null || services.includes(service)
}

/** A scope's problem, as a message key: empty, repeated, or a service the key's type cannot call. */
export function checkKeyServices(type: KeyType, services: readonly ServiceType[]): string | null {
  if (services.length === 0) return 'keys.servicesEmpty'
  if (new Set(services).size !== services.length) return 'keys.servicesRepeated'
  if (services.some((service) => !keyServesService(type, service))) return 'keys.servicesNotForType'
  return null
}
