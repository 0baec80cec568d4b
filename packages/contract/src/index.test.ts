import { describe, expect, it } from 'vitest'
import * as contract from './index.ts'
import { allEndpoints, ROLES } from './index.ts'

describe('allEndpoints', () => {
  it('finds every endpoint the feature modules export', () => {
    const declared = Object.values(contract).filter(
      (value) => typeof value === 'object' && value !== null && 'method' in value && 'roles' in value,
    )
    expect(allEndpoints.length).toBeGreaterThan(0)
    expect(new Set(allEndpoints)).toEqual(new Set(declared))
  })

  it('has one endpoint per method and path', () => {
    const keys = allEndpoints.map((e) => `${e.method} ${e.path}`)
    const duplicates = keys.filter((key, index) => keys.indexOf(key) !== index)
    expect(duplicates).toEqual([])
  })

  it('gives every endpoint its roles: public, gateway or a non-empty list of known roles', () => {
    for (const e of allEndpoints) {
      if (e.roles === 'public' || e.roles === 'gateway') continue
      expect(Array.isArray(e.roles), `${e.method} ${e.path}`).toBe(true)
      expect(e.roles.length, `${e.method} ${e.path}`).toBeGreaterThan(0)
      for (const role of e.roles) expect(ROLES, `${e.method} ${e.path}`).toContain(role)
    }
  })

  it('declares a tag, a summary and a response schema for each endpoint', () => {
    for (const e of allEndpoints) {
      expect(e.tag, e.path).toBeTruthy()
      expect(e.summary, e.path).toBeTruthy()
      expect(e.data, e.path).toBeDefined()
    }
  })

  it('writes paths with {name} placeholders that the params schema names', () => {
    for (const e of allEndpoints) {
      expect(e.path, e.path).toMatch(/^\/[\w\-/{}]*$/)
      expect(e.path, e.path).not.toContain(':')
      const names = [...e.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1])
      if (names.length === 0) continue
      expect(e.params, `${e.path} declares params`).toBeDefined()
      const shape = (e.params as unknown as { shape: Record<string, unknown> }).shape
      expect(Object.keys(shape).sort(), e.path).toEqual([...names].sort())
    }
  })

  it('never lets a body ride on a GET', () => {
    const gets = allEndpoints.filter((e) => e.method === 'GET' && e.body)
    expect(gets.map((e) => e.path)).toEqual([])
  })
})
