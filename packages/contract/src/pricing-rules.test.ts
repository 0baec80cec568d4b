import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  type BillInput,
  billCode,
  centsToVnd,
  checkRanges,
  estimateMonth,
  formatCents,
  formatRate,
  isDecimal,
  monthBounds,
  nanosToCents,
  POPUP_TIERS,
  type PriceRange,
  parseMoney,
  parseRate,
  paypalFeeCents,
  percentOf,
  popupRates,
  priceBill,
  RATE_SCALE,
  rateAt,
  ratePer1000,
  type ServicePrice,
  tieredCharge,
  UNLIMITED,
  vnpayFeeVnd,
} from './pricing-rules.ts'
import { SERVICE_TYPES } from './services.ts'

// The references below are written independently of pricing.ts: rates are generated as bigint counts
// of 10⁻⁸ USD and spelled out by hand, and the naive charge walks the requests one by one.

const UNIT = 100_000_000n

/** 283000n → "0.00283000" (padded) or "0.00283" (trimmed): both are valid rate spellings. */
function spellRate(nanos: bigint, trimmed: boolean): string {
  const padded = `${nanos / UNIT}.${(nanos % UNIT).toString().padStart(8, '0')}`
  return trimmed ? padded.replace(/0+$/, '').replace(/\.$/, '') : padded
}

/** A valid range set in ascending order, with each range's rate as a bigint alongside. */
interface RangeSet {
  ranges: PriceRange[]
  rates: bigint[]
  /** The start of the last range. */
  lastFrom: number
  /** The end of the last range as generated (before it may have been made -1). */
  lastBound: number
  unlimited: boolean
}

const rateNanos = fc.bigInt({ min: 1n, max: 2_000_000_000n })

function rangeSet(options: { maxWidth: number; minWidth?: number; maxRanges?: number }): fc.Arbitrary<RangeSet> {
  const maxRanges = options.maxRanges ?? 6
  return fc
    .record({
      widths: fc.array(fc.integer({ min: options.minWidth ?? 1, max: options.maxWidth }), {
        minLength: 1,
        maxLength: maxRanges,
      }),
      rates: fc.array(rateNanos, { minLength: maxRanges, maxLength: maxRanges }),
      trimmed: fc.array(fc.boolean(), { minLength: maxRanges, maxLength: maxRanges }),
      unlimited: fc.boolean(),
    })
    .map(({ widths, rates, trimmed, unlimited }) => {
      const ranges: PriceRange[] = []
      const used: bigint[] = []
      let from = 0
      for (const [i, width] of widths.entries()) {
        const nanos = rates[i] ?? 1n
        ranges.push({ request_from: from, request_to: from + width, rate: spellRate(nanos, trimmed[i] ?? false) })
        used.push(nanos)
        from += width
      }
      const last = ranges[ranges.length - 1] as PriceRange
      const lastFrom = last.request_from
      if (unlimited) last.request_to = UNLIMITED
      return { ranges, rates: used, lastFrom, lastBound: from, unlimited }
    })
}

/** The rate of the request numbered `n` (1-based), the slow and obvious way. */
function naiveRate(n: number, set: RangeSet): bigint {
  for (const [i, range] of set.ranges.entries()) {
    if (n > range.request_from && (range.request_to === UNLIMITED || n <= range.request_to)) {
      return set.rates[i] as bigint
    }
  }
  return set.rates[set.rates.length - 1] as bigint
}

function naiveCharge(count: number, set: RangeSet): bigint {
  let total = 0n
  for (let n = 1; n <= count; n++) total += naiveRate(n, set)
  return total
}

/** Deterministic shuffle driven by generated keys (ties keep the original order). */
function permute<T>(items: readonly T[], keys: readonly number[]): T[] {
  return items
    .map((item, i) => ({ item, key: keys[i] ?? 0, i }))
    .sort((a, b) => a.key - b.key || a.i - b.i)
    .map(({ item }) => item)
}
const shuffleKeys = fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 8, maxLength: 8 })

const FLAT = '0.005'

describe('tieredCharge and rateAt: properties', () => {
  it('(a) the tiers add up to the total, one tier per range in order, each requests × rate', () => {
    fc.assert(
      fc.property(
        rangeSet({ maxWidth: 100_000 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        shuffleKeys,
        (set, count, keys) => {
          const { tiers, nanos } = tieredCharge(count, permute(set.ranges, keys), FLAT)
          expect(tiers.map((t) => [t.request_from, t.request_to, t.rate])).toEqual(
            set.ranges.map((r) => [r.request_from, r.request_to, r.rate]),
          )
          expect(tiers.reduce((sum, t) => sum + t.nanos, 0n)).toBe(nanos)
          expect(tiers.reduce((sum, t) => sum + t.requests, 0)).toBe(count)
          for (const [i, tier] of tiers.entries()) {
            expect(tier.requests).toBeGreaterThanOrEqual(0)
            expect(tier.nanos).toBe(BigInt(tier.requests) * (set.rates[i] as bigint))
          }
        },
      ),
    )
  })

  it('(b) equals the naive per-request sum for small counts, ranges in any order', () => {
    fc.assert(
      fc.property(rangeSet({ maxWidth: 60 }), fc.integer({ min: 0, max: 500 }), shuffleKeys, (set, count, keys) => {
        expect(tieredCharge(count, permute(set.ranges, keys), FLAT).nanos).toBe(naiveCharge(count, set))
      }),
    )
  })

  it('(b) n + m requests cost the price of n plus the rateAt of each of the next m', () => {
    fc.assert(
      fc.property(
        rangeSet({ maxWidth: 50_000_000 }),
        fc.integer({ min: 0, max: 400_000_000 }),
        fc.integer({ min: 0, max: 200 }),
        shuffleKeys,
        (set, n, m, keys) => {
          const ranges = permute(set.ranges, keys)
          let marginal = 0n
          for (let i = n + 1; i <= n + m; i++) {
            const rate = rateAt(i, ranges, FLAT)
            expect(parseRate(rate)).toBe(naiveRate(i, set))
            marginal += parseRate(rate)
          }
          expect(tieredCharge(n + m, ranges, FLAT).nanos).toBe(tieredCharge(n, ranges, FLAT).nanos + marginal)
        },
      ),
    )
  })

  it('(c) more requests never cost less, and the difference is bounded by the cheapest and dearest rate', () => {
    fc.assert(
      fc.property(
        rangeSet({ maxWidth: 1_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (set, a, b) => {
          const [low, high] = a <= b ? [a, b] : [b, a]
          const cheap = tieredCharge(low, set.ranges, FLAT).nanos
          const dear = tieredCharge(high, set.ranges, FLAT).nanos
          expect(dear).toBeGreaterThanOrEqual(cheap)
          const minRate = set.rates.reduce((x, y) => (y < x ? y : x))
          const maxRate = set.rates.reduce((x, y) => (y > x ? y : x))
          expect(dear - cheap).toBeGreaterThanOrEqual(BigInt(high - low) * minRate)
          expect(dear - cheap).toBeLessThanOrEqual(BigInt(high - low) * maxRate)
          if (high > low) expect(dear).toBeGreaterThan(cheap)
        },
      ),
    )
  })

  it('(d) with an unlimited last range, every request past its start is charged at its rate', () => {
    fc.assert(
      fc.property(
        rangeSet({ maxWidth: 1_000_000 }).filter((s) => s.unlimited),
        fc.integer({ min: 0, max: 1_000_000_000 }),
        (set, extra) => {
          const count = set.lastFrom + extra
          const lastRate = set.rates[set.rates.length - 1] as bigint
          const { tiers, nanos } = tieredCharge(count, set.ranges, FLAT)
          const base = tieredCharge(set.lastFrom, set.ranges, FLAT).nanos
          expect(nanos - base).toBe(BigInt(extra) * lastRate)
          const last = tiers[tiers.length - 1]
          expect(last?.request_to).toBe(UNLIMITED)
          expect(last?.requests).toBe(extra)
          expect(rateAt(count + 1, set.ranges, FLAT)).toBe(set.ranges[set.ranges.length - 1]?.rate)
        },
      ),
    )
  })

  it('(d) without -1, requests past the last bound are charged at the last range’s rate', () => {
    fc.assert(
      fc.property(
        rangeSet({ maxWidth: 1_000_000 }).filter((s) => !s.unlimited),
        fc.integer({ min: 1, max: 1_000_000_000 }),
        (set, extra) => {
          const lastRate = set.rates[set.rates.length - 1] as bigint
          const beyond = tieredCharge(set.lastBound + extra, set.ranges, FLAT).nanos
          const atBound = tieredCharge(set.lastBound, set.ranges, FLAT).nanos
          expect(beyond - atBound).toBe(BigInt(extra) * lastRate)
        },
      ),
    )
  })

  it('floors fractional counts and charges nothing for zero or negative counts', () => {
    fc.assert(
      fc.property(rangeSet({ maxWidth: 100 }), fc.double({ min: -1000, max: 1000, noNaN: true }), (set, count) => {
        const expected = count <= 0 ? 0n : naiveCharge(Math.floor(count), set)
        expect(tieredCharge(count, set.ranges, FLAT).nanos).toBe(expected)
        expect(tieredCharge(count, set.ranges, FLAT).tiers.every((t) => t.requests >= 0)).toBe(true)
      }),
    )
  })
})

describe('tieredCharge and rateAt: examples', () => {
  const seeded: PriceRange[] = [
    { request_from: 0, request_to: 100_000, rate: '0.005' },
    { request_from: 100_000, request_to: 200_000, rate: '0.004' },
    { request_from: 200_000, request_to: 500_000, rate: '0.004' },
    { request_from: 500_000, request_to: UNLIMITED, rate: '0.003' },
  ]

  it('charges 600,000 requests tier by tier', () => {
    const { tiers, nanos } = tieredCharge(600_000, seeded, FLAT)
    expect(tiers.map((t) => t.requests)).toEqual([100_000, 100_000, 300_000, 100_000])
    expect(tiers.map((t) => formatRate(t.nanos))).toEqual(['500.0', '400.0', '1200.0', '300.0'])
    expect(nanos).toBe(2400n * UNIT)
  })

  it('puts request 100,000 in the first range and 100,001 in the second (from exclusive, to inclusive)', () => {
    expect(rateAt(100_000, seeded, FLAT)).toBe('0.005')
    expect(rateAt(100_001, seeded, FLAT)).toBe('0.004')
    expect(rateAt(1, seeded, FLAT)).toBe('0.005')
    expect(rateAt(500_001, seeded, FLAT)).toBe('0.003')
    expect(tieredCharge(100_001, seeded, FLAT).tiers.map((t) => t.requests)).toEqual([100_000, 1, 0, 0])
  })

  it('charges the flat rate with no ranges, as one unlimited tier', () => {
    expect(tieredCharge(1234, [], '0.00283')).toEqual({
      tiers: [{ request_from: 0, request_to: UNLIMITED, rate: '0.00283', requests: 1234, nanos: 349_222_000n }],
      nanos: 349_222_000n,
    })
    expect(rateAt(7, [], '0.00283')).toBe('0.00283')
  })
})

describe('checkRanges: properties', () => {
  it('(e) accepts every valid set in any order', () => {
    fc.assert(
      fc.property(rangeSet({ maxWidth: 1_000_000 }), shuffleKeys, (set, keys) => {
        expect(checkRanges(permute(set.ranges, keys))).toBeNull()
      }),
    )
  })

  const mutable = rangeSet({ maxWidth: 1_000_000, minWidth: 2 }).filter((s) => s.ranges.length >= 2)
  const copy = (ranges: readonly PriceRange[]) => ranges.map((r) => ({ ...r }))

  it('(e) finds an overlap at the range that starts too early, naming where it must start', () => {
    fc.assert(
      fc.property(mutable, fc.nat(), fc.nat(), shuffleKeys, (set, pick, shift, keys) => {
        const ranges = copy(set.ranges)
        const at = 1 + (pick % (ranges.length - 1))
        const previous = ranges[at - 1] as PriceRange
        const d = 1 + (shift % (previous.request_to - previous.request_from - 1))
        for (const r of ranges.slice(at)) {
          r.request_from -= d
          if (r.request_to !== UNLIMITED) r.request_to -= d
        }
        const target = ranges[at] as PriceRange
        const shuffled = permute(ranges, keys)
        expect(checkRanges(shuffled)).toEqual({
          key: 'pricing.rangeOverlap',
          index: shuffled.indexOf(target),
          from: previous.request_to,
        })
      }),
    )
  })

  it('(e) finds a gap at the range that starts too late, naming where it must start', () => {
    fc.assert(
      fc.property(mutable, fc.nat(), fc.integer({ min: 1, max: 1_000_000 }), shuffleKeys, (set, pick, d, keys) => {
        const ranges = copy(set.ranges)
        const at = 1 + (pick % (ranges.length - 1))
        for (const r of ranges.slice(at)) {
          r.request_from += d
          if (r.request_to !== UNLIMITED) r.request_to += d
        }
        const target = ranges[at] as PriceRange
        const shuffled = permute(ranges, keys)
        expect(checkRanges(shuffled)).toEqual({
          key: 'pricing.rangeGap',
          index: shuffled.indexOf(target),
          from: (ranges[at - 1] as PriceRange).request_to,
        })
      }),
    )
  })

  it('(e) refuses -1 as a start', () => {
    fc.assert(
      fc.property(rangeSet({ maxWidth: 1_000_000 }), fc.nat(), shuffleKeys, (set, pick, keys) => {
        const ranges = copy(set.ranges)
        const target = ranges[pick % ranges.length] as PriceRange
        target.request_from = UNLIMITED
        const shuffled = permute(ranges, keys)
        expect(checkRanges(shuffled)).toEqual({ key: 'pricing.rangeStartUnlimited', index: shuffled.indexOf(target) })
      }),
    )
  })

  it('(e) refuses a range after one that ends at -1', () => {
    fc.assert(
      fc.property(
        rangeSet({ maxWidth: 1_000_000 }).filter((s) => s.unlimited),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.oneof(fc.integer({ min: 1, max: 1_000_000 }), fc.constant(0)),
        shuffleKeys,
        (set, after, width, keys) => {
          const extra: PriceRange = {
            request_from: set.lastFrom + after,
            request_to: width === 0 ? UNLIMITED : set.lastFrom + after + width,
            rate: '0.001',
          }
          const shuffled = permute([...copy(set.ranges), extra], keys)
          expect(checkRanges(shuffled)).toEqual({ key: 'pricing.rangeAfterUnlimited', index: shuffled.indexOf(extra) })
        },
      ),
    )
  })

  it('(e) refuses request_to not above request_from', () => {
    fc.assert(
      fc.property(rangeSet({ maxWidth: 1_000_000 }), fc.nat(), fc.nat(), shuffleKeys, (set, pick, back, keys) => {
        const ranges = copy(set.ranges)
        const target = ranges[pick % ranges.length] as PriceRange
        target.request_to = target.request_from - (back % (target.request_from + 1))
        const shuffled = permute(ranges, keys)
        expect(checkRanges(shuffled)).toEqual({ key: 'pricing.rangeToNotAfterFrom', index: shuffled.indexOf(target) })
      }),
    )
  })

  it('(e) refuses a set whose first range does not start at 0', () => {
    fc.assert(
      fc.property(
        rangeSet({ maxWidth: 1_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.boolean(),
        shuffleKeys,
        (set, d, dropFirst, keys) => {
          let ranges = copy(set.ranges)
          if (dropFirst && ranges.length >= 2) ranges = ranges.slice(1)
          else
            for (const r of ranges) {
              r.request_from += d
              if (r.request_to !== UNLIMITED) r.request_to += d
            }
          const first = ranges[0] as PriceRange
          const shuffled = permute(ranges, keys)
          expect(checkRanges(shuffled)).toEqual({ key: 'pricing.rangeFirstStart', index: shuffled.indexOf(first) })
        },
      ),
    )
  })

  it('(e) refuses negative bounds other than an unlimited end, and rates that are not above 0', () => {
    fc.assert(
      fc.property(
        rangeSet({ maxWidth: 1_000_000 }),
        fc.nat(),
        fc.integer({ min: -1_000_000, max: -2 }),
        fc.constantFrom('from', 'to', 'rate'),
        fc.constantFrom('0', '0.0', '0.00000000', '-0.005', 'abc', '', '1e-3', '0.000000001'),
        shuffleKeys,
        (set, pick, negative, what, badRate, keys) => {
          const ranges = copy(set.ranges)
          const target = ranges[pick % ranges.length] as PriceRange
          if (what === 'from') target.request_from = negative
          else if (what === 'to') target.request_to = negative
          else target.rate = badRate
          const shuffled = permute(ranges, keys)
          expect(checkRanges(shuffled)).toEqual({
            key: what === 'rate' ? 'pricing.rateNotPositive' : 'pricing.rangeNegative',
            index: shuffled.indexOf(target),
          })
        },
      ),
    )
  })

  it('accepts the empty set and a single unlimited range', () => {
    expect(checkRanges([])).toBeNull()
    expect(checkRanges([{ request_from: 0, request_to: UNLIMITED, rate: '0.005' }])).toBeNull()
  })

  it('reports a duplicated start as an overlap', () => {
    expect(
      checkRanges([
        { request_from: 0, request_to: 10, rate: '1' },
        { request_from: 0, request_to: 20, rate: '1' },
      ]),
    ).toEqual({ key: 'pricing.rangeOverlap', index: 1, from: 10 })
  })
})

interface GenPrice {
  set: RangeSet
  useRanges: boolean
  flat: bigint
  free: number
  hits: number
}

const genPrice: fc.Arbitrary<GenPrice> = fc.record({
  set: rangeSet({ maxWidth: 2_000_000 }),
  useRanges: fc.boolean(),
  flat: rateNanos,
  free: fc.integer({ min: 0, max: 100_000 }),
  hits: fc.integer({ min: 0, max: 5_000_000 }),
})

const billArb = fc.record({
  prices: fc.array(genPrice, { maxLength: 5 }),
  /** Discount in hundredths of a percent, 0–100 %. */
  percent: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 10_000 })),
  credit: fc.oneof(fc.constant(0n), fc.bigInt({ min: 0n, max: 5_000_000n })),
})

function percentText(hundredths: number): string {
  return hundredths % 100 === 0
    ? String(hundredths / 100)
    : `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`
}

/** The exact line charge, by summing each range's share (no tieredCharge). */
function referenceNanos(price: GenPrice): bigint {
  const billable = Math.max(0, price.hits - price.free)
  if (!price.useRanges) return BigInt(billable) * price.flat
  let total = 0n
  for (const [i, range] of price.set.ranges.entries()) {
    const last = i === price.set.ranges.length - 1
    const top = last ? billable : Math.min(billable, range.request_to)
    total += BigInt(Math.max(0, top - range.request_from)) * (price.set.rates[i] as bigint)
  }
  return total
}

describe('priceBill: properties', () => {
  it('(f) lines round once, discount comes off the sum, the free credit after it, and the total is never below 0', () => {
    fc.assert(
      fc.property(billArb, ({ prices, percent, credit }) => {
        const input: BillInput = {
          hits: Object.fromEntries(prices.map((p, i) => [SERVICE_TYPES[i] as string, p.hits])),
          prices: prices.map(
            (p, i): ServicePrice => ({
              service: SERVICE_TYPES[i] as string,
              rate: spellRate(p.flat, true),
              free: p.free,
              ranges: p.useRanges ? p.set.ranges : [],
            }),
          ),
          discountPercent: percentText(percent),
          freeCreditCents: credit,
        }
        const bill = priceBill(input)
        expect(bill.lines).toHaveLength(prices.length)
        for (const [i, line] of bill.lines.entries()) {
          const p = prices[i] as GenPrice
          expect(line.service).toBe(SERVICE_TYPES[i])
          expect(line.hits).toBe(p.hits)
          expect(line.billable).toBe(Math.max(0, p.hits - p.free))
          expect(line.nanos).toBe(referenceNanos(p))
          expect(line.tiers.reduce((sum, t) => sum + t.nanos, 0n)).toBe(line.nanos)
          expect(line.subtotalCents).toBe(nanosToCents(line.nanos))
          // Half-up: subtotal − ½ cent ≤ exact < subtotal + ½ cent.
          const exact = line.nanos * 2n
          expect(exact).toBeGreaterThanOrEqual((2n * line.subtotalCents - 1n) * 1_000_000n)
          expect(exact).toBeLessThan((2n * line.subtotalCents + 1n) * 1_000_000n)
        }
        const before = bill.lines.reduce((sum, l) => sum + l.subtotalCents, 0n)
        expect(bill.amountBeforeDiscountCents).toBe(before)
        const discount = (before * BigInt(percent) + 5_000n) / 10_000n
        expect(bill.discountCents).toBe(discount)
        if (percent === 0) expect(bill.discountCents).toBe(0n)
        expect(bill.amountCents).toBe(before - discount)
        expect(bill.amountCents).toBeGreaterThanOrEqual(0n)
        const applied = credit < bill.amountCents ? credit : bill.amountCents
        expect(bill.freeCreditCents).toBe(applied)
        expect(bill.totalCents).toBe(bill.amountCents - bill.freeCreditCents)
        expect(bill.totalCents).toBeGreaterThanOrEqual(0n)
      }),
    )
  })
})

describe('priceBill: examples', () => {
  const prices: ServicePrice[] = [
    {
      service: 'GEOCODE',
      rate: '0.005',
      free: 40_000,
      ranges: [
        { request_from: 0, request_to: 100_000, rate: '0.005' },
        { request_from: 100_000, request_to: 200_000, rate: '0.004' },
        { request_from: 200_000, request_to: 500_000, rate: '0.004' },
        { request_from: 500_000, request_to: UNLIMITED, rate: '0.003' },
      ],
    },
    { service: 'AUTOCOMPLETE', rate: '0.00283', free: 70_000, ranges: [] },
  ]

  it('prices a month: 150,000 geocodes and 70,001 autocompletes, 10% off, $5 credit', () => {
    const bill = priceBill({
      hits: { GEOCODE: 150_000, AUTOCOMPLETE: 70_001 },
      prices,
      discountPercent: '10',
      freeCreditCents: 500n,
    })
    // 110,000 billable geocodes: 100,000 × 0.005 + 10,000 × 0.004 = 540.00; one autocomplete 0.00283 → 0.00.
    expect(bill.lines.map((l) => [l.service, l.billable, formatRate(l.nanos), formatCents(l.subtotalCents)])).toEqual([
      ['GEOCODE', 110_000, '540.0', '540.00'],
      ['AUTOCOMPLETE', 1, '0.00283', '0.00'],
    ])
    expect(bill.amountBeforeDiscountCents).toBe(54_000n)
    expect(bill.discountCents).toBe(5_400n)
    expect(bill.amountCents).toBe(48_600n)
    expect(bill.freeCreditCents).toBe(500n)
    expect(bill.totalCents).toBe(48_100n)
  })

  it('uses only part of the free credit when the bill is smaller, and ends at 0', () => {
    const bill = priceBill({ hits: { AUTOCOMPLETE: 71_000 }, prices, discountPercent: '0', freeCreditCents: 10_000n })
    // GEOCODE has no hits; 1,000 autocompletes = 2.83.
    expect(bill.lines.map((l) => l.subtotalCents)).toEqual([0n, 283n])
    expect(bill.amountCents).toBe(283n)
    expect(bill.freeCreditCents).toBe(283n)
    expect(bill.totalCents).toBe(0n)
  })

  it('rounds each line half-up once, not each tier', () => {
    // 3 tiers of 0.0025 USD each: 0.0075 → 0.01 for the line (each tier alone would round to 0.00).
    const bill = priceBill({
      hits: { TRIP: 3 },
      prices: [
        {
          service: 'TRIP',
          rate: '0.0025',
          free: 0,
          ranges: [
            { request_from: 0, request_to: 1, rate: '0.0025' },
            { request_from: 1, request_to: 2, rate: '0.0025' },
            { request_from: 2, request_to: UNLIMITED, rate: '0.0025' },
          ],
        },
      ],
      discountPercent: '0',
      freeCreditCents: 0n,
    })
    expect(bill.lines[0]?.nanos).toBe(750_000n)
    expect(bill.lines[0]?.subtotalCents).toBe(1n)
    expect(bill.totalCents).toBe(1n)
  })
})

describe('parseRate and formatRate', () => {
  it.each([
    ['0.00283', 283_000n, '0.00283'],
    ['0.005', 500_000n, '0.005'],
    ['1', 100_000_000n, '1.0'],
    ['12.5', 1_250_000_000n, '12.5'],
    ['0.00000001', 1n, '0.00000001'],
    ['0.12345678', 12_345_678n, '0.12345678'],
    ['0', 0n, '0.0'],
    ['0.00500000', 500_000n, '0.005'],
    ['9999999999.99999999', 999_999_999_999_999_999n, '9999999999.99999999'],
  ])('%s is %s (formatted %s)', (text, nanos, formatted) => {
    expect(parseRate(text)).toBe(nanos)
    expect(formatRate(nanos)).toBe(formatted)
    expect(isDecimal(text)).toBe(true)
  })

  it.each(['-1', '1e-3', '0.123456789', '', 'abc', ' 1', '1.', '.5', '12345678901', '1,5', '0x10', '+1'])(
    'refuses %j',
    (text) => {
      expect(isDecimal(text)).toBe(false)
      expect(() => parseRate(text)).toThrow('not a decimal rate')
    },
  )

  it('formats negatives with a sign', () => {
    expect(formatRate(-5n)).toBe('-0.00000005')
    expect(formatRate(-150_000_000n)).toBe('-1.5')
  })

  it('round-trips every amount with at most 10 integer digits', () => {
    expect(RATE_SCALE).toBe(8)
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 18n - 1n }), (nanos) => {
        const text = formatRate(nanos)
        expect(text).toMatch(/^\d+\.\d{1,8}$/)
        expect(parseRate(text)).toBe(nanos)
      }),
    )
  })

  it('reads any valid spelling to the same amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 18n - 1n }), fc.boolean(), (nanos, trimmed) => {
        expect(parseRate(spellRate(nanos, trimmed))).toBe(nanos)
      }),
    )
  })
})

describe('nanosToCents and formatCents', () => {
  it.each([
    [500_000n, 1n], // 0.005 USD
    [499_999n, 0n], // 0.00499999 USD
    [1_500_000n, 2n],
    [2_500_000n, 3n], // half-up, not half-even
    [1_499_999n, 1n],
    [0n, 0n],
    [100_000_000n, 100n],
    [-500_000n, -1n], // half away from zero
    [-499_999n, 0n],
    [-1_500_000n, -2n],
  ])('%s × 10⁻⁸ USD is %s cents', (nanos, cents) => {
    expect(nanosToCents(nanos)).toBe(cents)
  })

  it('is exact within half a cent for any amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), (nanos) => {
        const cents = nanosToCents(nanos)
        expect(2n * nanos).toBeGreaterThanOrEqual((2n * cents - 1n) * 1_000_000n)
        expect(2n * nanos).toBeLessThan((2n * cents + 1n) * 1_000_000n)
      }),
    )
  })

  it.each([
    [0n, '0.00'],
    [7n, '0.07'],
    [100n, '1.00'],
    [123_456n, '1234.56'],
    [-5n, '-0.05'],
    [-100n, '-1.00'],
    [-123_456n, '-1234.56'],
  ])('formats %s cents as %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text)
  })
})

describe('parseMoney', () => {
  it.each([
    ['12.5', 1250n],
    ['12.50', 1250n],
    [' 12.5 ', 1250n],
    ['0', 0n],
    ['100', 10_000n],
    ['0.07', 7n],
    [12.5, 1250n],
    [0.07, 7n],
    [1.1, 110n],
    [250, 25_000n],
  ] as const)('%j is %s cents', (value, cents) => {
    expect(parseMoney(value)).toBe(cents)
  })

  it.each(['12.505', '-1', '', 'abc', '12.', '.5', '1e3', '1,5', -1, 12.505, 0.1 + 0.2, 1e21, Number.NaN, Infinity])(
    'refuses %j',
    (value) => {
      expect(parseMoney(value)).toBeNull()
    },
  )
})

describe('ratePer1000', () => {
  it.each([
    ['0.007', '7.00'],
    ['0.00283', '2.83'],
    ['0.000005', '0.01'],
    ['0.0000049', '0.00'],
    ['0.0056', '5.60'],
    ['0.001698', '1.70'],
    ['0.002264', '2.26'],
    ['1', '1000.00'],
  ])('%s per request is %s per 1000', (rate, per1000) => {
    expect(ratePer1000(rate)).toBe(per1000)
    expect(ratePer1000(parseRate(rate))).toBe(per1000)
  })
})

describe('popupRates', () => {
  /** The migration's seed: full rate to 100,000, 80% to 500,000, 60% above (rounded to 8 places). */
  function seeded(base: string): PriceRange[] {
    const nanos = parseRate(base)
    const at = (percent: bigint) => formatRate((nanos * percent + 50n) / 100n)
    return [
      { request_from: 0, request_to: 100_000, rate: at(100n) },
      { request_from: 100_000, request_to: 200_000, rate: at(80n) },
      { request_from: 200_000, request_to: 500_000, rate: at(80n) },
      { request_from: 500_000, request_to: UNLIMITED, rate: at(60n) },
    ]
  }

  it('has the four tiers of the pricing popup', () => {
    expect(POPUP_TIERS).toEqual([
      [0, 100_000],
      [100_000, 200_000],
      [200_000, 500_000],
      [500_000, UNLIMITED],
    ])
  })

  it.each([
    ['0.007', ['7.00', '5.60', '5.60', '4.20']],
    ['0.00283', ['2.83', '2.26', '2.26', '1.70']],
    ['0.017', ['17.00', '13.60', '13.60', '10.20']],
    ['0.005', ['5.00', '4.00', '4.00', '3.00']],
  ])('shows the seeded ranges of a %s rate per 1000', (base, columns) => {
    expect(popupRates(seeded(base), base)).toEqual(columns)
  })

  it('shows the flat rate in every column when there are no ranges', () => {
    expect(popupRates([], '0.01')).toEqual(['10.00', '10.00', '10.00', '10.00'])
  })

  it('shows the last range’s rate in the columns past a set without -1', () => {
    expect(
      popupRates(
        [
          { request_from: 0, request_to: 150_000, rate: '0.004' },
          { request_from: 150_000, request_to: 300_000, rate: '0.002' },
        ],
        '0.009',
      ),
    ).toEqual(['4.00', '4.00', '2.00', '2.00'])
  })
})

describe('percentOf, centsToVnd and the gateway fees', () => {
  it.each([
    [1000n, '10', 100n],
    [999n, '7.5', 75n], // 74.925 → 75
    [1n, '50', 1n], // 0.5 → 1 (half-up)
    [3n, '50', 2n], // 1.5 → 2
    [12_345n, '0', 0n],
    [12_345n, '100', 12_345n],
    [10_001n, '12.25', 1_225n], // 1225.1225
    [0n, '100', 0n],
  ])('%s cents × %s percent = %s', (cents, percent, result) => {
    expect(percentOf(cents, percent)).toBe(result)
  })

  it.each([
    [1250n, '25000', 312_500n],
    [100n, '24000', 24_000n],
    [1n, '25450.5', 255n], // 254.505 → 255
    [1n, '25449.9', 254n], // 254.499 → 254
    [0n, '25000', 0n],
  ])('%s cents at %s VND/USD = %s VND', (cents, rate, vnd) => {
    expect(centsToVnd(cents, rate)).toBe(vnd)
  })

  it.each([
    [1_000_000n, 12_650n],
    [100_000n, 2_750n],
    [0n, 1_650n],
    [50n, 1_651n], // 0.55 → 1
    [45n, 1_650n], // 0.495 → 0
    [2_500_000n, 29_150n],
  ])('VNPay fee on %s VND is %s VND (1.1 percent + 1,650)', (amount, fee) => {
    expect(vnpayFeeVnd(amount)).toBe(fee)
  })

  it.each([
    [10_000n, false, 470n],
    [10_000n, true, 420n],
    [0n, false, 30n],
    [1_250n, false, 85n], // 55 + 30
    [1_250n, true, 79n], // 48.75 → 49, + 30
    [25n, false, 31n], // 1.1 → 1
  ])('PayPal fee on %s cents (domestic %s) is %s cents', (amount, domestic, fee) => {
    expect(paypalFeeCents(amount, domestic)).toBe(fee)
  })
})

describe('billCode and monthBounds', () => {
  it('pads the month and the serial', () => {
    expect(billCode(2026, 11, 123)).toBe('INV-202611-000123')
    expect(billCode(2026, 1, 1n)).toBe('INV-202601-000001')
    expect(billCode(2026, 12, 1_234_567)).toBe('INV-202612-1234567')
  })

  it.each([
    [2024, 2, '2024-02-01', '2024-02-29'],
    [2026, 2, '2026-02-01', '2026-02-28'],
    [2000, 2, '2000-02-01', '2000-02-29'],
    [2100, 2, '2100-02-01', '2100-02-28'],
    [2026, 12, '2026-12-01', '2026-12-31'],
    [2026, 1, '2026-01-01', '2026-01-31'],
    [2026, 4, '2026-04-01', '2026-04-30'],
    [2026, 11, '2026-11-01', '2026-11-30'],
  ])('%i-%i runs from %s to %s', (year, month, from, to) => {
    expect(monthBounds(year, month)).toEqual({ from, to })
  })
})

describe('estimateMonth', () => {
  const input: BillInput = {
    hits: { GEOCODE: 30_000 },
    prices: [{ service: 'GEOCODE', rate: '0.005', free: 10_000, ranges: [] }],
    discountPercent: '0',
    freeCreditCents: 0n,
  }

  it('doubles the hits half-way through the month', () => {
    const { soFar, projected } = estimateMonth(input, 0.5)
    expect(soFar).toEqual(priceBill(input))
    expect(soFar.totalCents).toBe(10_000n) // 20,000 × 0.005
    expect(projected.lines[0]?.hits).toBe(60_000)
    expect(projected.totalCents).toBe(25_000n) // 50,000 × 0.005
  })

  it('keeps the hits at the end of the month and caps the fraction at 1', () => {
    expect(estimateMonth(input, 1).projected.lines[0]?.hits).toBe(30_000)
    expect(estimateMonth(input, 3).projected.lines[0]?.hits).toBe(30_000)
  })

  it('projects from at least one hour of a 31-day month', () => {
    expect(estimateMonth(input, 0).projected.lines[0]?.hits).toBe(30_000 * 744)
    expect(estimateMonth(input, -1).projected.lines[0]?.hits).toBe(30_000 * 744)
  })

  it('rounds projected hits to whole requests', () => {
    const { projected } = estimateMonth({ ...input, hits: { GEOCODE: 10 } }, 0.3)
    expect(projected.lines[0]?.hits).toBe(33)
  })
})
