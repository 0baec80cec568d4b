import { isMapLoad, type LimitDuration, type ServiceType, USAGE_SERVICES } from '@app/contract'
import { and, gte, inArray, lte, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.ts'
import { usageDailyLive } from '../../db/schema/index.ts'
import type { PlanFacts } from './cache.ts'

// Plan quotas at the key check (docs/requirements.md §12.1, docs/pricing.md "Quotas"). The check must stay
// synchronous and cheap, so calls are counted in memory, per instance and per user, in the current
// UTC minute, day and month, apart for API requests and map loads (`isMapLoad`):
//
// - day and month = a baseline read from the usage rollups (`usage_daily_live`, what the gateway reported
//   for the user today and this month) + the calls this instance answered OK since that baseline was
//   read. The baseline is read on a user's first sight (while their key's facts load, which is async
//   anyway) and again at most every REFRESH_MS, in the background, batched for all users due: the
//   hot path never waits for it, and a baseline some seconds old is fine. Installing a fresh baseline
//   drops the local calls it now includes (those counted before its query started).
// - minute = this instance's own count only: the rollups have no minutes, and a round trip per call
//   is what this design avoids. With N instances, a per-minute limit is therefore enforced per
//   instance (up to N × the limit in total) unless the load balancer keeps a key on one instance.
//
// Only users whose plan has a limit are counted; the default plan is unlimited, so most calls skip all
// of this after one null check.

export const QUOTA_REFRESH_MS = 30_000
/** A user not seen for this long is forgotten (their next call reads a fresh baseline). */
const IDLE_MS = 10 * 60_000
const SWEEP_MS = 60_000
const DAY_MS = 86_400_000
const MINUTE_MS = 60_000
/** Users per baseline query. */
const BATCH = 1000

const REQUEST = 0
const LOAD = 1
type Kind = typeof REQUEST | typeof LOAD

interface KindUse {
  minute: number
  day: number
  month: number
}
interface QuotaUse {
  requests: KindUse
  loads: KindUse
}

interface Tracker {
  /** UTC day number (days since 1970-01-01) the day counts belong to. */
  day: number
  /** First day number of the next month: the month counts end there. */
  monthEnd: number
  /** Minute number (minutes since the epoch) the minute counts belong to. */
  minute: number
  baseDay: [number, number]
  baseMonth: [number, number]
  localDay: [number, number]
  localMonth: [number, number]
  localMinute: [number, number]
  /** When the baseline was last asked for (clock ms); -Infinity: never. */
  baselineAt: number
  refreshing: boolean
  lastSeen: number
  /** The first baseline read (first sight), which a first call waits for. */
  seeded: Promise<void> | null
}

function monthEndOf(dayNumber: number): number {
  const date = new Date(dayNumber * DAY_MS)
  return Math.floor(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / DAY_MS)
}

function isoDay(dayNumber: number): string {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10)
}

function monthStartDay(dayNumber: number): number {
  const date = new Date(dayNumber * DAY_MS)
  return Math.floor(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / DAY_MS)
}

function newTracker(now: number): Tracker {
  const day = Math.floor(now / DAY_MS)
  return {
    day,
    monthEnd: monthEndOf(day),
    minute: Math.floor(now / MINUTE_MS),
    baseDay: [0, 0],
    baseMonth: [0, 0],
    localDay: [0, 0],
    localMonth: [0, 0],
    localMinute: [0, 0],
    baselineAt: Number.NEGATIVE_INFINITY,
    refreshing: false,
    lastSeen: now,
    seeded: null,
  }
}

/** Moves a tracker's windows to `now`: a new minute, day or month starts from zero. */
function roll(tracker: Tracker, now: number) {
  const minute = Math.floor(now / MINUTE_MS)
  if (minute !== tracker.minute) {
    tracker.minute = minute
    tracker.localMinute = [0, 0]
  }
  const day = Math.floor(now / DAY_MS)
  if (day !== tracker.day) {
    if (day >= tracker.monthEnd || day < tracker.day) {
      tracker.monthEnd = monthEndOf(day)
      tracker.baseMonth = [0, 0]
      tracker.localMonth = [0, 0]
    }
    tracker.day = day
    tracker.baseDay = [0, 0]
    tracker.localDay = [0, 0]
    // What the rollups hold for the new day or month is worth reading soon.
    tracker.baselineAt = Number.NEGATIVE_INFINITY
  }
}

function used(tracker: Tracker, kind: Kind, duration: LimitDuration): number {
  if (duration === 'minute') return tracker.localMinute[kind]
  if (duration === 'day') return tracker.baseDay[kind] + tracker.localDay[kind]
  return tracker.baseMonth[kind] + tracker.localMonth[kind]
}

function useOf(tracker: Tracker, kind: Kind): KindUse {
  return { minute: used(tracker, kind, 'minute'), day: used(tracker, kind, 'day'), month: used(tracker, kind, 'month') }
}

/** The limit and window that apply to a call of `service` under `plan`; null when unlimited. */
export function limitFor(plan: PlanFacts, service: ServiceType): { limit: number; duration: LimitDuration } | null {
  if (isMapLoad(service)) return plan.loadLimit === null ? null : { limit: plan.loadLimit, duration: plan.loadDuration }
  return plan.requestLimit === null ? null : { limit: plan.requestLimit, duration: plan.requestDuration }
}

/** The services the rollups count as map loads (the same rule as the hot path's `isMapLoad`). */
const MAP_LOADS: string[] = USAGE_SERVICES.filter(isMapLoad)

interface BaselineRow {
  userId: string
  dayRequests: number
  dayLoads: number
  monthRequests: number
  monthLoads: number
}

/** Hits per user today and this month (to `day`, included), apart for map loads and requests. */
async function readBaselines(db: Db, userIds: readonly string[], day: number): Promise<BaselineRow[]> {
  const today = isoDay(day)
  const load = inArray(usageDailyLive.service, MAP_LOADS)
  const isToday = sql`${usageDailyLive.day} = ${today}`
  return db
    .select({
      userId: usageDailyLive.userId,
      dayRequests: sql<number>`coalesce(sum(${usageDailyLive.hits}) filter (where ${isToday} and not (${load})), 0)::float8`,
      dayLoads: sql<number>`coalesce(sum(${usageDailyLive.hits}) filter (where ${isToday} and ${load}), 0)::float8`,
      monthRequests: sql<number>`coalesce(sum(${usageDailyLive.hits}) filter (where not (${load})), 0)::float8`,
      monthLoads: sql<number>`coalesce(sum(${usageDailyLive.hits}) filter (where ${load}), 0)::float8`,
    })
    .from(usageDailyLive)
    .where(
      and(
        inArray(usageDailyLive.userId, [...userIds]),
        gte(usageDailyLive.day, isoDay(monthStartDay(day))),
        lte(usageDailyLive.day, today),
      ),
    )
    .groupBy(usageDailyLive.userId)
}

export interface QuotaCounter {
  /**
   * Synchronous: the calls of this kind used in the window `limit` counts, after rolling windows over;
   * schedules a background baseline refresh when the user's is due.
   */
  used(userId: string, service: ServiceType, duration: LimitDuration, now: number): number
  /** Counts one call answered OK. */
  count(userId: string, service: ServiceType, now: number): void
  /** Makes sure the user is counted from a baseline read now (first sight); resolves once it is read. */
  seed(userId: string, now: number): Promise<void>
  /** Everything counted for a user (dashboard); reads the rollups when the user is not counted here. */
  usage(userId: string, now: number): Promise<QuotaUse>
  /** Forgets every user (tests; an instance that stops). */
  clear(): void
  readonly size: number
}

export function createQuotaCounter(options: { db: Db; log: FastifyBaseLogger }): QuotaCounter {
  const { db, log } = options
  const trackers = new Map<string, Tracker>()
  let pending = new Set<string>()
  let pendingBatch: { promise: Promise<void>; resolve: () => void } | null = null
  let lastSweep = 0

  function sweep(now: number) {
    if (now - lastSweep < SWEEP_MS) return
    lastSweep = now
    for (const [userId, tracker] of trackers) {
      if (now - tracker.lastSeen > IDLE_MS && !tracker.refreshing) trackers.delete(userId)
    }
  }

  async function refresh(userIds: string[], now: number) {
    const day = Math.floor(now / DAY_MS)
    const monthEnd = monthEndOf(day)
    // What was counted locally before the query started is in the rollups the query reads (or lost
    // with a report still on its way: the count is eventually right, never blocking).
    const snapshots = new Map<string, { day: [number, number]; month: [number, number] }>()
    for (const userId of userIds) {
      const tracker = trackers.get(userId)
      if (tracker) snapshots.set(userId, { day: [...tracker.localDay], month: [...tracker.localMonth] })
    }
    try {
      const rows = new Map<string, BaselineRow>()
      for (let i = 0; i < userIds.length; i += BATCH) {
        for (const row of await readBaselines(db, userIds.slice(i, i + BATCH), day)) rows.set(row.userId, row)
      }
      for (const userId of userIds) {
        const tracker = trackers.get(userId)
        const snapshot = snapshots.get(userId)
        if (!tracker || !snapshot) continue
        const row = rows.get(userId)
        if (tracker.monthEnd === monthEnd) {
          tracker.baseMonth = [Number(row?.monthRequests ?? 0), Number(row?.monthLoads ?? 0)]
          tracker.localMonth = [
            Math.max(0, tracker.localMonth[REQUEST] - snapshot.month[REQUEST]),
            Math.max(0, tracker.localMonth[LOAD] - snapshot.month[LOAD]),
          ]
        }
        if (tracker.day === day) {
          tracker.baseDay = [Number(row?.dayRequests ?? 0), Number(row?.dayLoads ?? 0)]
          tracker.localDay = [
            Math.max(0, tracker.localDay[REQUEST] - snapshot.day[REQUEST]),
            Math.max(0, tracker.localDay[LOAD] - snapshot.day[LOAD]),
          ]
        }
      }
    } catch (error) {
      // Keep counting on the old baseline and try again after the usual interval.
      log.warn({ err: error }, 'gateway quota: could not read usage baselines')
    } finally {
      for (const userId of userIds) {
        const tracker = trackers.get(userId)
        if (tracker) tracker.refreshing = false
      }
    }
  }

  /** Queues a user's baseline read; users queued in the same tick share one query. */
  function schedule(userId: string, tracker: Tracker, now: number): Promise<void> {
    if (!tracker.refreshing) {
      tracker.refreshing = true
      tracker.baselineAt = now
      pending.add(userId)
    }
    if (!pendingBatch) {
      let resolve: () => void = () => {}
      const promise = new Promise<void>((done) => {
        resolve = done
      })
      pendingBatch = { promise, resolve }
      setImmediate(() => {
        const batch = pendingBatch
        const ids = [...pending]
        pending = new Set()
        pendingBatch = null
        void refresh(ids, now).finally(() => batch?.resolve())
      })
    }
    return pendingBatch.promise
  }

  function trackerOf(userId: string, now: number): Tracker {
    let tracker = trackers.get(userId)
    if (!tracker) {
      sweep(now)
      tracker = newTracker(now)
      trackers.set(userId, tracker)
    }
    tracker.lastSeen = now
    roll(tracker, now)
    if (!tracker.refreshing && now - tracker.baselineAt >= QUOTA_REFRESH_MS) void schedule(userId, tracker, now)
    return tracker
  }

  return {
    used(userId, service, duration, now) {
      return used(trackerOf(userId, now), isMapLoad(service) ? LOAD : REQUEST, duration)
    },
    count(userId, service, now) {
      const tracker = trackerOf(userId, now)
      const kind = isMapLoad(service) ? LOAD : REQUEST
      tracker.localMinute[kind]++
      tracker.localDay[kind]++
      tracker.localMonth[kind]++
    },
    seed(userId, now) {
      const known = trackers.get(userId)
      if (known) return known.seeded ?? Promise.resolve()
      sweep(now)
      const tracker = newTracker(now)
      trackers.set(userId, tracker)
      tracker.seeded = schedule(userId, tracker, now)
      return tracker.seeded
    },
    async usage(userId, now) {
      const tracker = trackers.get(userId)
      if (tracker) {
        roll(tracker, now)
        return { requests: useOf(tracker, REQUEST), loads: useOf(tracker, LOAD) }
      }
      const day = Math.floor(now / DAY_MS)
      const [row] = await readBaselines(db, [userId], day)
      return {
        requests: { minute: 0, day: Number(row?.dayRequests ?? 0), month: Number(row?.monthRequests ?? 0) },
        loads: { minute: 0, day: Number(row?.dayLoads ?? 0), month: Number(row?.monthLoads ?? 0) },
      }
    },
    clear() {
      trackers.clear()
    },
    get size() {
      return trackers.size
    },
  }
}
