import { describe, expect, it } from 'vitest'
import { ErrorCode, LOGOUT_ERROR_CODES } from './codes.ts'
import { errorCatalogue } from './error-catalogue.ts'

const codes = Object.values(ErrorCode)

describe('the error catalogue', () => {
  it('gives every code one name and one entry, and lists nothing else', () => {
    expect(new Set(codes).size).toBe(codes.length)
    expect(Object.keys(errorCatalogue).sort()).toEqual([...codes].sort())
  })

  it('spells codes in capitals and underscores, except the two sign-out codes and E401 the SPA knows', () => {
    const historic = new Set<string>([ErrorCode.TokenInvalid, ErrorCode.SessionEnded, ErrorCode.NoPhone])
    for (const code of codes) if (!historic.has(code)) expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/)
  })

  it('sends each code with error statuses only, each listed once, and says in one line what it means', () => {
    for (const [code, entry] of Object.entries(errorCatalogue)) {
      expect(entry.status.length, code).toBeGreaterThan(0)
      expect(new Set(entry.status).size, code).toBe(entry.status.length)
      for (const status of entry.status) expect(status >= 400 && status <= 599, `${code} ${status}`).toBe(true)
      expect(entry.meaning, code).toMatch(/^\S.*\.$/)
      expect(entry.meaning, code).not.toContain('\n')
    }
  })

  it('signs out on 401 and 403 only, both sent as HTTP 401; a refused role is FORBIDDEN (HTTP 403)', () => {
    expect([...LOGOUT_ERROR_CODES].sort()).toEqual([ErrorCode.TokenInvalid, ErrorCode.SessionEnded].sort())
    for (const code of LOGOUT_ERROR_CODES) expect(errorCatalogue[code].status).toEqual([401])
    expect(errorCatalogue[ErrorCode.Forbidden].status).toEqual([403])
  })

  it('keeps E401 for a missing or unverified phone number (docs/requirements.md 5.3)', () => {
    expect(ErrorCode.NoPhone).toBe('E401')
    expect(errorCatalogue.E401.status).toEqual([422])
  })
})
