import { describe, expect, it } from 'vitest'
import { capMonthOf, capPercent, capState, checkRequestCap, keySpendCents, nextMonthStart } from './key-caps.ts'

// Per-key monthly caps as pure rules (docs/gateway.md "Monthly caps").

describe('key caps', () => {
  const requests = { requestCap: 1_000, spendCapCents: null }
  const spend = { requestCap: null, spendCapCents: 5_000n }

  it('warns from 80 % and refuses at 100 % of either cap, exactly', () => {
    expect(capState({ requests: 799, spendCents: 0n }, requests)).toBe('ok')
    expect(capState({ requests: 800, spendCents: 0n }, requests)).toBe('warn')
    expect(capState({ requests: 999, spendCents: 0n }, requests)).toBe('warn')
    expect(capState({ requests: 1_000, spendCents: 0n }, requests)).toBe('reached')
    expect(capState({ requests: 10 ** 9, spendCents: 3_999n }, spend)).toBe('ok')
    expect(capState({ requests: 0, spendCents: 4_000n }, spend)).toBe('warn')
    expect(capState({ requests: 0, spendCents: 5_000n }, spend)).toBe('reached')
    // Both caps: the nearer one decides.
    const both = { requestCap: 1_000, spendCapCents: 5_000n }
    expect(capState({ requests: 10, spendCents: 5_001n }, both)).toBe('reached')
    expect(capState({ requests: 850, spendCents: 1n }, both)).toBe('warn')
    // A cap of 3 calls warns at 3 (80 % of 3 is 2.4: 2 calls are under it).
    expect(capState({ requests: 2, spendCents: 0n }, { requestCap: 3, spendCapCents: null })).toBe('ok')
  })

  it('shows the larger share used, past 100 % too', () => {
    expect(capPercent({ requests: 250, spendCents: 4_000n }, { requestCap: 1_000, spendCapCents: 5_000n })).toBe(80)
    expect(capPercent({ requests: 1_500, spendCents: 0n }, requests)).toBe(150)
    expect(capPercent({ requests: 1_500, spendCents: 0n }, { requestCap: null, spendCapCents: null })).toBe(0)
  })

  it('splits each service’s charge by the key’s share of its calls, then takes the discount off', () => {
    const lines = [
      // 80,000 calls charged 200.00 USD exactly (in 10⁻⁸ USD).
      { service: 'GEOCODE', hits: 80_000, nanos: 20_000_000_000n },
      { service: 'LOAD_MAP', hits: 3, nanos: 100_000_000n },
      { service: 'ROUTE', hits: 0, nanos: 0n },
    ]
    expect(keySpendCents(lines, { GEOCODE: 60_000 }, '0')).toBe(15_000n)
    // One of three map loads of 1.00 USD: 0.333… rounds to 0.33.
    expect(keySpendCents(lines, { GEOCODE: 60_000, LOAD_MAP: 1 }, '0')).toBe(15_033n)
    expect(keySpendCents(lines, { GEOCODE: 60_000 }, '10')).toBe(13_500n)
    expect(keySpendCents(lines, { ROUTE: 5, OTHER: 9 }, '0')).toBe(0n)
  })

  it('takes a request cap only as a whole number of calls from 1 to 10¹²', () => {
    for (const good of [1, 10_000, 1_000_000_000_000]) expect(checkRequestCap(good)).toBeNull()
    for (const bad of [0, -1, 1.5, 1_000_000_000_001, Number.NaN, Number.POSITIVE_INFINITY])
      expect(checkRequestCap(bad)?.key).toBe('keys.requestCapInvalid')
  })

  it('counts UTC months and lifts a reached cap at the next one’s start', () => {
    expect(capMonthOf(Date.parse('2026-11-30T23:59:59.999Z'))).toBe('2026-11')
    expect(new Date(nextMonthStart(Date.parse('2026-11-02T08:00:00Z'))).toISOString()).toBe('2026-12-01T00:00:00.000Z')
    expect(new Date(nextMonthStart(Date.parse('2026-12-31T23:00:00Z'))).toISOString()).toBe('2027-01-01T00:00:00.000Z')
  })
})
