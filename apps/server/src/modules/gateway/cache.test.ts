import { compileRestrictions } from '@app/contract'
import { describe, expect, it } from 'vitest'
import { createKeyCache, type KeyFacts, planFacts } from './cache.ts'

const limited = (id: string) =>
  planFacts({ id, requestLimit: 10, requestDuration: 'day', loadLimit: null, loadDuration: 'month' })

const facts = (keyId: string, userId: string, planId: string | null = null): KeyFacts => ({
  keyId,
  userId,
  type: 'api_key',
  keyStatus: 'active',
  deleted: false,
  secretExpiresAt: null,
  userStatus: 'active',
  userVerified: true,
  checkBalance: false,
  balancePositive: true,
  matcher: compileRestrictions(null),
  services: null,
  capBlockedUntil: null,
  plan: planId ? limited(planId) : null,
})

describe('the gateway cache', () => {
  const options = { ttlMs: 1000, negativeTtlMs: 100, maxEntries: 4 }

  it('evicts every secret of a key, and only those', () => {
    const cache = createKeyCache(options)
    cache.set('old', facts('k1', 'u1'), 0)
    cache.set('new', facts('k1', 'u1'), 0)
    cache.set('other', facts('k2', 'u1'), 0)
    cache.evictKey('k1')
    expect([cache.get('old', 1), cache.get('new', 1)]).toEqual([undefined, undefined])
    expect(cache.get('other', 1)?.keyId).toBe('k2')
  })

  it('evicts every key of a user', () => {
    const cache = createKeyCache(options)
    cache.set('a', facts('k1', 'u1'), 0)
    cache.set('b', facts('k2', 'u1'), 0)
    cache.set('c', facts('k3', 'u2'), 0)
    cache.evictUser('u1')
    expect(cache.size).toBe(1)
    expect(cache.get('c', 1)?.userId).toBe('u2')
  })

  it('evicts every key whose owner is on a plan, and only those', () => {
    const cache = createKeyCache(options)
    cache.set('a', facts('k1', 'u1', 'pln_a'), 0)
    cache.set('b', facts('k2', 'u2', 'pln_a'), 0)
    cache.set('c', facts('k3', 'u3', 'pln_b'), 0)
    cache.set('d', facts('k4', 'u4'), 0)
    cache.evictPlan('pln_a')
    expect(['a', 'b', 'c', 'd'].map((h) => cache.get(h, 1)?.keyId ?? null)).toEqual([null, null, 'k3', 'k4'])
    // The index forgot evicted entries too: evicting again changes nothing else.
    cache.evictPlan('pln_a')
    expect(cache.size).toBe(2)
  })

  it('answers a plan with its wire form built once: durations only where a limit applies', () => {
    expect(limited('pln_x').answer).toEqual({
      request_limit: 10,
      load_limit: null,
      durations: { request: 'day', load: null },
    })
  })

  it('ages answers out, "no such key" sooner', () => {
    const cache = createKeyCache(options)
    cache.set('known', facts('k1', 'u1'), 0)
    cache.set('unknown', null, 0)
    expect(cache.get('unknown', 100)).toBeNull()
    expect(cache.get('unknown', 101)).toBeUndefined()
    expect(cache.get('known', 1000)?.keyId).toBe('k1')
    expect(cache.get('known', 1001)).toBeUndefined()
  })

  it('drops the oldest half when full', () => {
    const cache = createKeyCache(options)
    for (const hash of ['h1', 'h2', 'h3', 'h4']) cache.set(hash, facts(hash, 'u'), 0)
    cache.set('h5', facts('h5', 'u'), 0)
    expect(['h1', 'h2', 'h3', 'h4', 'h5'].map((h) => cache.get(h, 1) !== undefined)).toEqual([
      false,
      false,
      true,
      true,
      true,
    ])
  })

  it('counts evictions, so that a loader can tell its answer may be stale', () => {
    const cache = createKeyCache(options)
    const before = cache.generation
    cache.evictKey('nothing-cached')
    cache.evictUser('nobody')
    cache.clear()
    expect(cache.generation).toBe(before + 3)
    cache.evictPlan('none')
    expect(cache.generation).toBe(before + 4)
    cache.set('a', facts('k1', 'u1'), 0)
    expect(cache.generation).toBe(before + 4)
  })
})
