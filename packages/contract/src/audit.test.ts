import { describe, expect, it } from 'vitest'
import { AUDIT_ACTIONS } from './audit.ts'

describe('audit actions', () => {
  it('are named once each, as feature.verb', () => {
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length)
    for (const action of AUDIT_ACTIONS) expect(action).toMatch(/^[a-z][a-zA-Z]*(\.[a-zA-Z_]+)+$/)
  })
})
