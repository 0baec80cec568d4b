import { describe, expect, it } from 'vitest'
import { savingPercent } from './compare.ts'

describe('savingPercent', () => {
  it('is how much cheaper ours is than the rival, in whole percent rounded half-up', () => {
    expect(savingPercent('3.00', '5.00')).toBe(40)
    expect(savingPercent('0.50', '7.00')).toBe(93) // 92.857…
    expect(savingPercent('2.00', '4.00')).toBe(50)
    expect(savingPercent('1.99', '2.00')).toBe(1) // 0.5 rounds up
    expect(savingPercent('0.00', '5.00')).toBe(100)
  })

  it('is null when the rival has no price, charges nothing, or is not dearer', () => {
    expect(savingPercent('3.00', null)).toBeNull()
    expect(savingPercent('3.00', undefined)).toBeNull()
    expect(savingPercent('3.00', '0.00')).toBeNull()
    expect(savingPercent('5.00', '5.00')).toBeNull()
    expect(savingPercent('6.00', '5.00')).toBeNull()
    expect(savingPercent('1.999', '5.00')).toBeNull() // not money
  })

  it('leaves out a saving that rounds to nothing', () => {
    expect(savingPercent('999.99', '1000.00')).toBeNull() // 0.001%
  })
})
