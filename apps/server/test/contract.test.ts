import { allEndpoints, toColonPath } from '@app/contract'
import { describe, expect, it } from 'vitest'
import { allRoutes } from '../src/app.ts'
import { useTestApp } from './helpers.ts'

const name = (e: { method: string; path: string }) => `${e.method} ${e.path}`

describe('the contract and the app', async () => {
  const t = await useTestApp()

  it('registers every declared endpoint', () => {
    // The customer's call list writes some list paths with a trailing slash (`/v1/coupons/`); with ignoreTrailingSlash the
    // route is registered and answers both, but hasRoute only finds it without the slash.
    const missing = allEndpoints.filter(
      (e) => !t.app.hasRoute({ method: e.method, url: toColonPath(e.path).replace(/(.)\/$/, '$1') }),
    )
    expect(missing.map(name)).toEqual([])
  })

  it('has one handler per declared endpoint and none for undeclared ones', () => {
    const handled = allRoutes.map((r) => name(r.endpoint)).sort()
    expect(handled).toEqual(allEndpoints.map(name).sort())
    expect(new Set(handled).size).toBe(handled.length)
  })

  it('lists every declared endpoint in /openapi.json with {name} path parameters', async () => {
    const res = await t.app.inject({ url: '/openapi.json' })
    expect(res.statusCode).toBe(200)
    const doc = res.json() as {
      openapi: string
      paths: Record<string, Record<string, { tags?: string[]; summary?: string; security?: unknown }>>
    }
    expect(doc.openapi).toMatch(/^3\./)
    const unlisted = allEndpoints.filter((e) => !doc.paths[e.path]?.[e.method.toLowerCase()])
    expect(unlisted.map(name)).toEqual([])
    for (const e of allEndpoints) {
      const operation = doc.paths[e.path]?.[e.method.toLowerCase()]
      expect(operation?.summary, name(e)).toBe(e.summary)
      expect(operation?.tags, name(e)).toEqual([e.tag])
      // Signed-in endpoints say they need the bearer token; public ones do not.
      expect(operation?.security !== undefined, name(e)).toBe(e.roles !== 'public')
    }
    expect(Object.keys(doc.paths).filter((p) => p.includes(':'))).toEqual([])
  })

  it('serves a readable reference page at /docs', async () => {
    const res = await t.app.inject({ url: '/docs' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.body).toMatch(/swagger/i)
  })
})
