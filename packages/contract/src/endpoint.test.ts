import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { buildPath, endpoint, toColonPath } from './endpoint.ts'

describe('buildPath', () => {
  it('fills each placeholder', () => {
    expect(buildPath('/v1/users/profile/{id}', { id: 'usr_1' })).toBe('/v1/users/profile/usr_1')
    expect(buildPath('/v1/settings-weight/{id}/range-request/{rangeId}', { id: 7, rangeId: 'r2' })).toBe(
      '/v1/settings-weight/7/range-request/r2',
    )
  })

  it('URI-encodes values so they stay in one path segment', () => {
    expect(buildPath('/v1/verify-token-user/{token}', { token: 'a/b?c=d e#f' })).toBe(
      '/v1/verify-token-user/a%2Fb%3Fc%3Dd%20e%23f',
    )
    expect(buildPath('/x/{v}', { v: '../admin' })).toBe('/x/..%2Fadmin')
  })

  it('leaves a path without placeholders as it is', () => {
    expect(buildPath('/v1/login')).toBe('/v1/login')
  })

  it('throws when a parameter is missing', () => {
    expect(() => buildPath('/v1/users/profile/{id}')).toThrow('Missing path parameter "id" for /v1/users/profile/{id}')
    expect(() => buildPath('/a/{id}/b/{other}', { id: 1 })).toThrow(/"other"/)
  })

  it('fills zero and empty strings as given', () => {
    expect(buildPath('/a/{n}', { n: 0 })).toBe('/a/0')
  })
})

describe('toColonPath', () => {
  it('turns {name} placeholders into :name', () => {
    expect(toColonPath('/v1/users/profile/{id}')).toBe('/v1/users/profile/:id')
    expect(toColonPath('/v1/a/{id}/b/{rangeId}')).toBe('/v1/a/:id/b/:rangeId')
    expect(toColonPath('/v1/login')).toBe('/v1/login')
  })
})

describe('endpoint', () => {
  it('returns the declaration unchanged', () => {
    const spec = { method: 'GET', path: '/v1/x', roles: 'public', tag: 'X', summary: 's', data: z.null() } as const
    expect(endpoint(spec)).toBe(spec)
  })
})
