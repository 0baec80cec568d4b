import type { KeyType, Matcher } from '@app/contract'

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
  clear(): void
  readonly size: number
  /**
   * Counts evictions. A loader compares it before and after reading the database: if anything was
   * evicted meanwhile, what it read may predate the change, so it answers with it but does not keep it.
   */
  readonly generation: number
}

/**
 * The gateway's cache: secret hash → facts, with indexes by key and by user so that a change
 * notification evicts exactly what it concerns. Entries also age out after `ttlMs`, a safety net for a
 * missed notification; "no such key" answers age out sooner. Past `maxEntries` the oldest half goes.
 */
export function createKeyCache(options: { ttlMs: number; negativeTtlMs: number; maxEntries: number }): KeyCache {
  const slots = new Map<string, Slot>()
  const byKey = new Map<string, Set<string>>()
  const byUser = new Map<string, Set<string>>()
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
    clear() {
      generation++
      slots.clear()
      byKey.clear()
      byUser.clear()
    },
    get size() {
      return slots.size
    },
    get generation() {
      return generation
    },
  }
}
