import type { KeyType, LimitDuration, Matcher, ServiceType, VerifyResult } from '@app/contract'

/** The owner's plan as the key check needs it (docs/requirements.md §12.1): its limits per kind of call. */
export interface PlanFacts {
  id: string
  /** API requests per `requestDuration`; null: unlimited. */
  requestLimit: number | null
  requestDuration: LimitDuration
  /** Map loads per `loadDuration`; null: unlimited. */
  loadLimit: number | null
  loadDuration: LimitDuration
  /** The verify answer's `plan`, built once per load rather than per call. */
  answer: NonNullable<VerifyResult['plan']>
}

/** Plan facts from a plan row's columns (the default plan's when the user has none). */
export function planFacts(row: {
  id: string
  requestLimit: number | null
  requestDuration: LimitDuration
  loadLimit: number | null
  loadDuration: LimitDuration
}): PlanFacts {
  return {
    ...row,
    answer: {
      request_limit: row.requestLimit,
      load_limit: row.loadLimit,
      durations: {
        request: row.requestLimit === null ? null : row.requestDuration,
        load: row.loadLimit === null ? null : row.loadDuration,
      },
    },
  }
}

/** What the key check needs to know about one secret, loaded once and kept in memory. */
export interface KeyFacts {
  keyId: string
  userId: string
  type: KeyType
  keyStatus: 'active' | 'suspended'
  deleted: boolean
  /** When a rolled-over secret stops working; null for the current secret. */
  secretExpiresAt: number | null
  userStatus: 'active' | 'suspended'
  userVerified: boolean
  checkBalance: boolean
  balancePositive: boolean
  matcher: Matcher
  /** The services the key may call; null: every service its type serves. */
  services: readonly ServiceType[] | null
  /** The key's monthly cap is reached: refused (KEY_CAP_REACHED) until then (ms); null: not capped out. */
  capBlockedUntil: number | null
  /** The owner's plan (their own, else the default one); null only if no plan is the default. */
  plan: PlanFacts | null
}

/** `null` remembers that no key has this secret. */
export type CacheValue = KeyFacts | null

interface Slot {
  value: CacheValue
  storedAt: number
}

export interface KeyCache {
  get(hash: string, now: number): CacheValue | undefined
  set(hash: string, value: CacheValue, now: number): void
  /** Forgets every secret of a key (edited, suspended, deleted, rolled). */
  evictKey(keyId: string): void
  /** Forgets every key of a user (suspended, verified, balance or plan changed). */
  evictUser(userId: string): void
  /** Forgets every key whose owner is on this plan (the plan's limits changed, or it stopped being the default). */
  evictPlan(planId: string): void
  clear(): void
  readonly size: number
  /**
   * Counts evictions. A loader compares it before and after reading the database: if anything was
   * evicted meanwhile, what it read may predate the change, so it answers with it but does not keep it.
   */
  readonly generation: number
}

/**
 * The gateway's cache: secret hash → facts, with indexes by key, by user and by plan so that a change
 * notification evicts exactly what it concerns. Entries also age out after `ttlMs`, a safety net for a
 * missed notification; "no such key" answers age out sooner. Past `maxEntries` the oldest half goes.
 */
export function createKeyCache(options: { ttlMs: number; negativeTtlMs: number; maxEntries: number }): KeyCache {
  const slots = new Map<string, Slot>()
  const byKey = new Map<string, Set<string>>()
  const byUser = new Map<string, Set<string>>()
  const byPlan = new Map<string, Set<string>>()
  let generation = 0

  const index = (map: Map<string, Set<string>>, id: string, hash: string) => {
    let set = map.get(id)
    if (!set) {
      set = new Set()
      map.set(id, set)
    }
    set.add(hash)
  }
  const unindex = (map: Map<string, Set<string>>, id: string, hash: string) => {
    const set = map.get(id)
    if (!set) return
    set.delete(hash)
    if (set.size === 0) map.delete(id)
  }
  const remove = (hash: string) => {
    const slot = slots.get(hash)
    if (!slot) return
    slots.delete(hash)
    if (slot.value) {
      unindex(byKey, slot.value.keyId, hash)
      unindex(byUser, slot.value.userId, hash)
      if (slot.value.plan) unindex(byPlan, slot.value.plan.id, hash)
    }
  }
  const evictAll = (map: Map<string, Set<string>>, id: string) => {
    const hashes = map.get(id)
    if (!hashes) return
    for (const hash of [...hashes]) remove(hash)
  }

  return {
    get(hash, now) {
      const slot = slots.get(hash)
      if (!slot) return undefined
      const ttl = slot.value ? options.ttlMs : options.negativeTtlMs
      if (now - slot.storedAt > ttl) {
        remove(hash)
        return undefined
      }
      return slot.value
    },
    set(hash, value, now) {
      remove(hash)
      if (slots.size >= options.maxEntries) {
        // Maps iterate in insertion order: the first half is the oldest.
        let drop = Math.ceil(slots.size / 2)
        for (const oldest of slots.keys()) {
          if (drop-- <= 0) break
          remove(oldest)
        }
      }
      slots.set(hash, { value, storedAt: now })
      if (value) {
        index(byKey, value.keyId, hash)
        index(byUser, value.userId, hash)
        if (value.plan) index(byPlan, value.plan.id, hash)
      }
    },
    evictKey(keyId) {
      generation++
      evictAll(byKey, keyId)
    },
    evictUser(userId) {
      generation++
      evictAll(byUser, userId)
    },
    evictPlan(planId) {
      generation++
      evictAll(byPlan, planId)
    },
    clear() {
      generation++
      slots.clear()
      byKey.clear()
      byUser.clear()
      byPlan.clear()
    },
    get size() {
      return slots.size
    },
    get generation() {
      return generation
    },
  }
}
