import { type KeyType, keyServesService, type ServiceType } from '@app/contract'
import type { Ctx } from '../context.ts'
import { recordUsage } from '../modules/usage/ingest.ts'

// A year of usage for the demo customers' keys, recorded through the same ingestion the gateway's
// reports go through (recordUsage), so the dashboard, the charts and the CSV export show real numbers.
// To stay quick, the last four weeks come as one event per key, service, hour and answer class, and
// the eleven months before as one event per key, service, day and answer class: about 60,000 events,
// recorded in a few seconds. A fixed random seed makes every demo look the same.

type UsageEvent = Parameters<typeof recordUsage>[1]['events'][number]

interface Profile {
  /** Calls on an average weekday at today's level. */
  dailyCalls: number
  /** Service weights; services the key's type may not call are left out. */
  mix: Partial<Record<ServiceType, number>>
  /** The customers' clock, minutes east of UTC: their daytime is the busy part of the day. */
  utcOffsetMinutes: number
  /** Days ago the traffic started (the key's app launched); a year when absent. */
  startedDaysAgo?: number
  /** Share of the calls on a path no rate setting classifies (counted as UNCLASSIFIED). */
  unknownPathShare?: number
}

/** The demo keys by name (apps/server/src/demo/seed.ts); any other key gets the first profile. */
const PROFILES: Record<string, Profile> = {
  'Delivery app (web)': {
    dailyCalls: 6_000,
    mix: {
      LOAD_MAP: 38,
      AUTOCOMPLETE: 22,
      GEOCODE: 14,
      PLACE_DETAIL: 8,
      REVERSE_GEOCODE: 7,
      SESSION_AUTOCOMPLETE: 5,
      FIND_PLACE_FROM_TEXT: 3,
      FORWARD_GEOCODE: 3,
    },
    utcOffsetMinutes: 7 * 60,
    unknownPathShare: 0.004,
  },
  'Routing backend': {
    dailyCalls: 1_500,
    mix: { DIRECTION: 55, DISTANCE_MATRIX: 25, TRIP: 12, REVERSE_GEOCODE: 8 },
    utcOffsetMinutes: 7 * 60,
  },
  'Public map tiles': {
    dailyCalls: 8_000,
    mix: { LOAD_MAP: 92, STATIC_MAP: 8 },
    utcOffsetMinutes: 7 * 60,
  },
  'Rider app': {
    dailyCalls: 4_000,
    mix: {
      LOAD_MAP: 35,
      GEOCODE: 15,
      AUTOCOMPLETE: 15,
      DIRECTION: 10,
      REVERSE_GEOCODE: 8,
      PLACE_DETAIL: 6,
      DISTANCE_MATRIX: 4,
      SESSION_AUTOCOMPLETE: 4,
      TRIP: 3,
    },
    utcOffsetMinutes: 6 * 60 + 30,
    startedDaysAgo: 150,
    unknownPathShare: 0.002,
  },
}

/** A typical answer time per service (ms), and the path a gateway would report it under. */
const CALLS: Record<ServiceType, { latencyMs: number; path: string }> = {
  LOAD_MAP: { latencyMs: 18, path: '/map/v1/tiles/14/13044/7700.pbf' },
  STATIC_MAP: { latencyMs: 90, path: '/map/v1/static' },
  GEOCODE: { latencyMs: 55, path: '/api/v1/geocode' },
  FORWARD_GEOCODE: { latencyMs: 60, path: '/api/v1/geocode/forward' },
  REVERSE_GEOCODE: { latencyMs: 35, path: '/api/v1/geocode/reverse' },
  DIRECTION: { latencyMs: 140, path: '/api/v1/directions' },
  DISTANCE_MATRIX: { latencyMs: 260, path: '/api/v1/distancematrix' },
  PLACE_DETAIL: { latencyMs: 45, path: '/api/v1/place/detail' },
  AUTOCOMPLETE: { latencyMs: 30, path: '/api/v1/place/autocomplete' },
  SESSION_AUTOCOMPLETE: { latencyMs: 32, path: '/api/v1/place/autocomplete/session' },
  FIND_PLACE_FROM_TEXT: { latencyMs: 70, path: '/api/v1/place/findplacefromtext' },
  TRIP: { latencyMs: 420, path: '/api/v1/trip' },
}

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS
const YEAR_DAYS = 365
const HOURLY_DAYS = 28
const BATCH = 10_000
const CLIENT_ERROR_SHARE = 0.025
const SERVER_ERROR_SHARE = 0.004
/** Events reported by path rather than by service, as part of a real gateway's reports would be. */
const PATH_SHARE = 0.2

/** mulberry32: a small seeded generator, so that the demo data is the same on every machine. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/** Relative traffic at a local hour and weekday: quiet nights, a working-day plateau, lighter weekends. */
function diurnal(hour: number, weekday: number): number {
  const day = hour >= 6 && hour <= 23 ? Math.sin((Math.PI * (hour - 6)) / 18) ** 1.4 : 0
  const weekend = weekday === 0 || weekday === 6 ? 0.7 : 1
  return (0.08 + day * (hour === 12 ? 0.85 : 1)) * weekend
}

const HOURS_PER_DAY_WEIGHT = Array.from({ length: 24 }, (_, h) => diurnal(h, 1)).reduce((a, b) => a + b, 0)

export interface UsageKey {
  id: string
  name: string
  type: KeyType
}

function generate(key: UsageKey, profile: Profile, now: number, random: () => number): UsageEvent[] {
  const events: UsageEvent[] = []
  const mix = Object.entries(profile.mix).filter(([service]) => keyServesService(key.type, service as ServiceType)) as [
    ServiceType,
    number,
  ][]
  const mixTotal = mix.reduce((sum, [, weight]) => sum + weight, 0)
  const yearStart = now - YEAR_DAYS * DAY_MS
  const started = now - (profile.startedDaysAgo ?? YEAR_DAYS) * DAY_MS
  const hourlyFrom = Math.floor((now - HOURLY_DAYS * DAY_MS) / DAY_MS) * DAY_MS
  // Traffic grows over the year: a third of today's level a year ago (or at launch), with a little noise.
  const level = (at: number) =>
    0.35 + 0.65 * ((at - Math.max(yearStart, started)) / (now - Math.max(yearStart, started)))
  const localOf = (at: number) => new Date(at + profile.utcOffsetMinutes * 60_000)

  const emit = (service: ServiceType | null, at: number, calls: number) => {
    const server = roundRandomly(calls * SERVER_ERROR_SHARE * (0.5 + random()), random)
    const client = roundRandomly(calls * CLIENT_ERROR_SHARE * (0.5 + random()), random)
    const parts: [number, number][] = [
      [200, calls - server - client],
      [random() < 0.5 ? 404 : 400, client],
      [random() < 0.7 ? 503 : 504, server],
    ]
    for (const [status, count] of parts) {
      if (count <= 0) continue
      const typical = service ? CALLS[service].latencyMs : 80
      const latency = Math.round(typical * (0.8 + 0.5 * random()) * (status >= 500 ? 6 : status >= 400 ? 0.3 : 1))
      const what =
        service === null
          ? { path: '/api/v1/isochrone' }
          : random() < PATH_SHARE
            ? { path: CALLS[service].path }
            : { service }
      events.push({ key_id: key.id, ...what, at, count, status, latency_ms: Math.max(1, latency) })
    }
  }

  const spread = (from: number, span: number, expected: number) => {
    for (const [service, weight] of mix)
      emit(service, from + Math.floor(random() * span), roundRandomly((expected * weight) / mixTotal, random))
    if (profile.unknownPathShare)
      emit(null, from + Math.floor(random() * span), roundRandomly(expected * profile.unknownPathShare, random))
  }

  // Older months: one event per service and answer class per day, inside that day's busy hours.
  for (let day = Math.floor(Math.max(yearStart, started) / DAY_MS) * DAY_MS; day < hourlyFrom; day += DAY_MS) {
    if (day < started) continue
    const weekday = localOf(day + 12 * HOUR_MS).getUTCDay()
    const weekdayFactor = weekday === 0 || weekday === 6 ? 0.7 : 1
    const expected = profile.dailyCalls * level(day) * weekdayFactor * (0.85 + 0.3 * random())
    const busyStart = day + ((9 * 60 - profile.utcOffsetMinutes + 24 * 60) % (24 * 60)) * 60_000
    spread(Math.min(busyStart, now - 1), 8 * HOUR_MS, expected)
  }
  // The last four weeks: hour by hour, so the hourly charts have a shape.
  for (let hour = Math.max(hourlyFrom, started); hour < now; hour += HOUR_MS) {
    const local = localOf(hour)
    const pace = diurnal(local.getUTCHours(), local.getUTCDay()) / HOURS_PER_DAY_WEIGHT
    const expected = profile.dailyCalls * level(hour) * pace * (0.85 + 0.3 * random())
    spread(hour, Math.min(HOUR_MS, now - hour), expected)
  }
  return events
}

function roundRandomly(expected: number, random: () => number): number {
  const whole = Math.floor(expected)
  return whole + (random() < expected - whole ? 1 : 0)
}

/** Records a year of usage for the given demo keys; returns a line for the start-up summary. */
export async function seedDemoUsage(ctx: Ctx, keys: readonly UsageKey[]): Promise<string> {
  if (keys.length === 0) return ''
  const started = performance.now()
  const now = ctx.clock.now().getTime()
  const random = seededRandom(20_261_122)
  const fallback = Object.values(PROFILES)[0] as Profile
  const events = keys.flatMap((key) => generate(key, PROFILES[key.name] ?? fallback, now, random))
  // Oldest first, so that the recent-requests log keeps the newest.
  events.sort((a, b) => Number(a.at) - Number(b.at))
  let calls = 0
  for (let i = 0; i < events.length; i += BATCH) {
    const batch = events.slice(i, i + BATCH)
    const result = await recordUsage(ctx, { batch_id: `demo-${keys[0]?.id}-${i / BATCH}`, events: batch })
    calls += batch.reduce((sum, event) => sum + event.count, 0)
    if (result.accepted !== batch.length) {
      ctx.log.warn({ result }, 'demo usage: some events were not recorded')
    }
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  return `  Demo usage: a year for ${keys.length} key(s), ${calls.toLocaleString('en')} calls as ${events.length.toLocaleString('en')} events (${seconds} s).\n`
}
