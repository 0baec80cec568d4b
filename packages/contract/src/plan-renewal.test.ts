import { describe, expect, it } from 'vitest'
import { addMonths, nextRenewal, PLAN_GRACE_DAYS, type RenewalFacts, renewalStep } from './plan-renewal.ts'

const at = (iso: string) => new Date(iso)
const DAY = 86_400_000

describe('calendar months', () => {
  it('keeps the day and time, or takes the last day of a shorter month', () => {
    expect(addMonths(at('2026-01-15T09:30:00Z'), 1).toISOString()).toBe('2026-02-15T09:30:00.000Z')
    expect(addMonths(at('2026-01-31T23:00:00Z'), 1).toISOString()).toBe('2026-02-28T23:00:00.000Z')
    expect(addMonths(at('2028-01-31T00:00:00Z'), 1).toISOString()).toBe('2028-02-29T00:00:00.000Z')
    expect(addMonths(at('2026-12-31T00:00:00Z'), 2).toISOString()).toBe('2027-02-28T00:00:00.000Z')
    expect(addMonths(at('2026-11-30T00:00:00Z'), 1).toISOString()).toBe('2026-12-30T00:00:00.000Z')
  })

  it('counts renewals from the start, so a plan bought on the 31st comes back to the 31st', () => {
    const start = at('2026-01-31T10:00:00Z')
    const feb = nextRenewal(start, start)
    expect(feb.toISOString()).toBe('2026-02-28T10:00:00.000Z')
    expect(nextRenewal(start, feb).toISOString()).toBe('2026-03-31T10:00:00.000Z')
    // Long after the start, the first renewal after that moment.
    expect(nextRenewal(start, at('2027-06-01T00:00:00Z')).toISOString()).toBe('2027-06-30T10:00:00.000Z')
    expect(nextRenewal(start, at('2026-03-31T10:00:00Z')).toISOString()).toBe('2026-04-30T10:00:00.000Z')
  })
})

describe('the renewal step', () => {
  const renewsAt = at('2026-12-10T08:00:00Z')
  const facts = (over: Partial<RenewalFacts> = {}): RenewalFacts => ({
    renewsAt,
    graceUntil: null,
    remindedFor: null,
    priceCents: 4_900n,
    balanceCents: 10_000n,
    ...over,
  })

  it('does nothing for a plan that does not renew, and stops a plan that became free', () => {
    expect(renewalStep(facts({ renewsAt: null }), renewsAt)).toEqual({ kind: 'wait' })
    expect(renewalStep(facts({ priceCents: 0n }), renewsAt)).toEqual({ kind: 'stop' })
  })

  it('reminds once, three days before, saying whether the balance is short', () => {
    expect(renewalStep(facts(), new Date(renewsAt.getTime() - 4 * DAY))).toEqual({ kind: 'wait' })
    const soon = new Date(renewsAt.getTime() - 3 * DAY)
    expect(renewalStep(facts(), soon)).toEqual({ kind: 'remind', isShort: false })
    expect(renewalStep(facts({ balanceCents: 4_899n }), soon)).toEqual({ kind: 'remind', isShort: true })
    expect(renewalStep(facts({ remindedFor: renewsAt }), soon)).toEqual({ kind: 'wait' })
    // A reminder for the previous renewal does not count for this one.
    expect(renewalStep(facts({ remindedFor: at('2026-11-10T08:00:00Z') }), soon)).toEqual({
      kind: 'remind',
      isShort: false,
    })
  })

  it('charges on the day when the balance covers the price, to the cent', () => {
    expect(renewalStep(facts({ balanceCents: 4_900n }), renewsAt)).toEqual({ kind: 'charge' })
    // In grace, a top-up makes the next run charge.
    expect(renewalStep(facts({ graceUntil: at('2026-12-17T08:00:00Z') }), at('2026-12-12T00:00:00Z'))).toEqual({
      kind: 'charge',
    })
  })

  it('starts a grace period when short, then moves the account to the default plan when it ends', () => {
    const short = facts({ balanceCents: 4_899n })
    const until = new Date(renewsAt.getTime() + PLAN_GRACE_DAYS * DAY)
    expect(renewalStep(short, renewsAt)).toEqual({ kind: 'startGrace', until })
    const inGrace = facts({ balanceCents: 0n, graceUntil: until })
    expect(renewalStep(inGrace, new Date(until.getTime() - 1))).toEqual({ kind: 'wait' })
    expect(renewalStep(inGrace, until)).toEqual({ kind: 'lapse' })
  })

  it('gives the whole grace period from now when the job first sees the renewal after it would have ended', () => {
    const late = new Date(renewsAt.getTime() + 10 * DAY)
    expect(renewalStep(facts({ balanceCents: 0n }), late)).toEqual({
      kind: 'startGrace',
      until: new Date(late.getTime() + PLAN_GRACE_DAYS * DAY),
    })
  })
})
