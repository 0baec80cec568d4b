import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { accessMatrix, accessOf, listedEndpoints, OWNED_RECORDS, PAGES, SUBJECTS } from './access.ts'
import { allEndpoints } from './index.ts'

const name = (e: { method: string; path: string } | undefined) =>
  e ? `${e.method} ${e.path}` : 'undefined (a misspelt import in access.ts)'

// Who may call what is one table (access.ts, docs/requirements.md §2.5); these hold every endpoint to it,
// so a new endpoint cannot drift.
describe('the access table', () => {
  it('lists every endpoint of the contract on some page', () => {
    const listed = new Set(listedEndpoints())
    const missing = allEndpoints.filter((e) => !listed.has(e)).map(name)
    expect(missing, 'add these to a page of packages/contract/src/access.ts').toEqual([])
  })

  it('lists only endpoints of the contract', () => {
    const known = new Set(allEndpoints)
    expect(
      listedEndpoints()
        .filter((e) => !known.has(e))
        .map(name),
    ).toEqual([])
  })

  it.each(allEndpoints.map((e) => [name(e), e] as const))('%s declares the roles its pages give it', (_, endpoint) => {
    const access = accessOf(endpoint)
    const declared = typeof endpoint.roles === 'string' ? endpoint.roles : [...endpoint.roles].sort()
    const derived = typeof access.roles === 'string' ? access.roles : [...access.roles].sort()
    expect(declared, `pages: ${access.pages.join(' | ')}`).toEqual(derived)
  })

  it('gives "for another user" only to roles that may call the endpoint at all', () => {
    for (const endpoint of listedEndpoints()) {
      const access = accessOf(endpoint)
      if (typeof access.roles === 'string') continue
      for (const role of access.forOthers) expect(access.roles, name(endpoint)).toContain(role)
    }
  })

  it('keeps the gateway and public callers apart from signed-in pages', () => {
    for (const page of PAGES) if (page.roles === 'gateway') expect(page.usesForOthers ?? []).toEqual([])
    for (const endpoint of allEndpoints) {
      const pages = PAGES.filter((p) => p.uses.includes(endpoint) || p.usesForOthers?.includes(endpoint))
      if (pages.some((p) => p.roles === 'gateway')) expect(pages.length, name(endpoint)).toBe(1)
    }
  })

  it('knows where every non-admin endpoint that takes a user_id finds its user', () => {
    const fieldsOf = (schema: unknown): string[] => {
      const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape
      if (shape) return Object.keys(shape)
      const inner = (schema as { unwrap?: () => unknown } | undefined)?.unwrap?.()
      return inner ? fieldsOf(inner) : []
    }
    const unchecked = allEndpoints.filter((e) => {
      const access = listedEndpoints().includes(e) ? accessOf(e) : null
      // An endpoint every caller of which may act for others (an admin's) needs no check.
      if (
        !access ||
        typeof access.roles === 'string' ||
        access.roles.every((r) => r === 'admin' || access.forOthers.includes(r))
      )
        return false
      const named = [...fieldsOf(e.query), ...fieldsOf(e.body)].includes('user_id')
      return named && !SUBJECTS.has(e)
    })
    expect(unchecked.map(name), 'add them to SUBJECTS in access.ts').toEqual([])
  })

  it('acts for another user only where the server can tell whose data it is', () => {
    for (const page of PAGES) {
      for (const endpoint of page.usesForOthers ?? []) {
        const access = accessOf(endpoint)
        // Admin-only endpoints need no owner check: every caller may act for others.
        if (typeof access.roles !== 'string' && access.roles.every((r) => access.forOthers.includes(r))) continue
        expect(SUBJECTS.has(endpoint) || OWNED_RECORDS.has(endpoint), `${name(endpoint)} on ${page.page}`).toBe(true)
      }
    }
  })

  it('gives every call about one key the same rule (the server checks a key once for all of them)', () => {
    const keyCalls = [...OWNED_RECORDS].filter((e) => e.tag === 'Keys')
    expect(keyCalls.length).toBeGreaterThan(5)
    for (const endpoint of keyCalls) expect(accessOf(endpoint).forOthers, name(endpoint)).toEqual(['admin'])
  })

  it('makes the admin-only pages admin-only for another user', () => {
    const adminOnlyForOthers = [
      'GET /v1/bills',
      'GET /v1/bills/{id}',
      'GET /v1/bills/{id}/files',
      'GET /v1/bills/{id}/filesPDF',
      'GET /v1/bills/estimate',
      'GET /v1/user_keys-unDelete',
      'GET /v1/balance-logs/{id}',
      'GET /v1/coupon-logs/user/{id}',
      'GET /v1/settings-weight-price/price-of-one-user',
    ]
    for (const wanted of adminOnlyForOthers) {
      const endpoint = allEndpoints.find((e) => name(e) === wanted)
      if (!endpoint) throw new Error(`${wanted} is not in the contract`)
      expect(accessOf(endpoint).forOthers, wanted).toEqual(['admin'])
    }
    const allKeys = allEndpoints.find((e) => name(e) === 'GET /v1/keys-unDelete')
    if (!allKeys) throw new Error('GET /v1/keys-unDelete is not in the contract')
    expect(accessOf(allKeys).roles).toEqual(['admin'])
  })

  it('is what docs/access.md prints (npx tsx scripts/access-matrix.ts > docs/access.md)', () => {
    const doc = readFileSync(new URL('../../../docs/access.md', import.meta.url), 'utf8')
    expect(doc).toBe(accessMatrix(allEndpoints))
  })
})
