import { describe, expect, it } from 'vitest'
import { ADMIN_ONLY, ALL_ROLES, hasAnyRole, isStaff, STAFF_ROLES } from './roles.ts'
import { RoleSchema } from './schemas.ts'

describe('hasAnyRole', () => {
  it('allows everyone when no role filter is given', () => {
    expect(hasAnyRole([], undefined)).toBe(true)
    expect(hasAnyRole(['customer'], [])).toBe(true)
  })

  it('allows a user holding any of the listed roles', () => {
    expect(hasAnyRole(['customer'], ALL_ROLES)).toBe(true)
    expect(hasAnyRole(['customer', 'support'], STAFF_ROLES)).toBe(true)
    expect(hasAnyRole(['admin'], ADMIN_ONLY)).toBe(true)
  })

  it('refuses a user holding none of them', () => {
    expect(hasAnyRole(['customer'], STAFF_ROLES)).toBe(false)
    expect(hasAnyRole(['support'], ADMIN_ONLY)).toBe(false)
    expect(hasAnyRole([], ADMIN_ONLY)).toBe(false)
  })

  it('compares the user’s roles lower-cased', () => {
    expect(hasAnyRole(['ADMIN'], ADMIN_ONLY)).toBe(true)
    expect(hasAnyRole(['Support'], STAFF_ROLES)).toBe(true)
    expect(hasAnyRole(['Customer'], ADMIN_ONLY)).toBe(false)
  })
})

describe('role sets', () => {
  it('name the three roles', () => {
    expect(RoleSchema.options).toEqual(['admin', 'support', 'customer'])
    expect([...ALL_ROLES]).toEqual(['admin', 'support', 'customer'])
    expect([...STAFF_ROLES]).toEqual(['admin', 'support'])
    expect([...ADMIN_ONLY]).toEqual(['admin'])
  })

  it('count admin and support as staff, customers not', () => {
    expect(isStaff(['admin'])).toBe(true)
    expect(isStaff(['support'])).toBe(true)
    expect(isStaff(['SUPPORT'])).toBe(true)
    expect(isStaff(['customer'])).toBe(false)
    expect(isStaff([])).toBe(false)
  })

  it('refuses unknown roles in the schema', () => {
    expect(RoleSchema.safeParse('root').success).toBe(false)
    expect(RoleSchema.safeParse('admin').success).toBe(true)
  })
})
