import { describe, expect, it } from 'vitest'
import { relativeTime } from './format.ts'
import { SERVICE_TYPES } from './services.ts'
import {
  bucketStart,
  bucketsBetween,
  chartUnit,
  isMapLoad,
  legendLabel,
  MAX_BUCKETS,
  monthForecast,
  nextBucket,
  UNCLASSIFIED,
  USAGE_SERVICES,
} from './usage-rules.ts'

const DAY = 86_400_000
const at = (iso: string) => new Date(iso)
const isoList = (dates: Date[]) => dates.map((d) => d.toISOString())

describe('chartUnit', () => {
  const start = at('2026-01-01T00:00:00.000Z')
  const after = (ms: number) => new Date(start.getTime() + ms)

  it.each([
    ['exactly one day', DAY, 'day'],
    ['31 days', 31 * DAY, 'day'],
    ['31 days and a millisecond', 31 * DAY + 1, 'month'],
    ['32 days', 32 * DAY, 'month'],
    ['365 days', 365 * DAY, 'month'],
    ['365 days and a millisecond', 365 * DAY + 1, 'year'],
    ['366 days', 366 * DAY, 'year'],
    ['ten years', 3653 * DAY, 'year'],
  ])('shows %s as %s', (_label, span, unit) => {
    expect(chartUnit(start, after(span))).toBe(unit)
  })

  it('shows days for a range under one day', () => {
    expect(chartUnit(start, after(DAY - 1))).toBe('day')
    expect(chartUnit(start, after(3_600_000))).toBe('day')
    expect(chartUnit(start, start)).toBe('day')
  })

  it('shows days for an inverted range, however long', () => {
    expect(chartUnit(after(400 * DAY), start)).toBe('day')
    expect(chartUnit(after(40 * DAY), start)).toBe('day')
  })

  it('shows days when a date is not a date', () => {
    expect(chartUnit(new Date(Number.NaN), start)).toBe('day')
    expect(chartUnit(start, new Date(Number.NaN))).toBe('day')
  })

  it('measures calendar spans: a leap year is over 365 days, a common year is not', () => {
    expect(chartUnit(at('2028-01-01T00:00:00Z'), at('2029-01-01T00:00:00Z'))).toBe('year')
    expect(chartUnit(at('2026-01-01T00:00:00Z'), at('2027-01-01T00:00:00Z'))).toBe('month')
    // October has 31 days; October and the first of November is 32.
    expect(chartUnit(at('2026-10-01T00:00:00Z'), at('2026-11-01T00:00:00Z'))).toBe('day')
    expect(chartUnit(at('2026-10-01T00:00:00Z'), at('2026-11-02T00:00:00Z'))).toBe('month')
  })
})

describe('legendLabel', () => {
  it.each([
    ['LOAD_MAP', 'Load Map'],
    ['GEOCODE', 'Geocode'],
    ['TRIP', 'Trip'],
    ['DIRECTION', 'Direction'],
    // Exactly ten characters: no ellipsis.
    ['STATIC_MAP', 'Static Map'],
    ['SESSION_AUTOCOMPLETE', 'Session Au…'],
    ['FIND_PLACE_FROM_TEXT', 'Find Place…'],
    ['REVERSE_GEOCODE', 'Reverse Ge…'],
    ['FORWARD_GEOCODE', 'Forward Ge…'],
    ['DISTANCE_MATRIX', 'Distance M…'],
    ['PLACE_DETAIL', 'Place Deta…'],
    ['AUTOCOMPLETE', 'Autocomple…'],
    ['UNCLASSIFIED', 'Unclassifi…'],
  ])('%s reads %s', (service, label) => {
    expect(legendLabel(service)).toBe(label)
  })

  it('title-cases whatever case it is given', () => {
    expect(legendLabel('load_map')).toBe('Load Map')
    expect(legendLabel('lOaD_mAp')).toBe('Load Map')
  })

  it('turns runs of underscores into one space and drops them at the ends', () => {
    expect(legendLabel('LOAD__MAP')).toBe('Load Map')
    expect(legendLabel('_LOAD_MAP_')).toBe('Load Map')
    expect(legendLabel('')).toBe('')
  })

  it('does not leave a space before the ellipsis', () => {
    // "Abcdefghi Xyz" cut at ten characters is "Abcdefghi ".
    expect(legendLabel('ABCDEFGHI_XYZ')).toBe('Abcdefghi…')
  })

  it('cuts at another length when asked', () => {
    expect(legendLabel('SESSION_AUTOCOMPLETE', 7)).toBe('Session…')
    expect(legendLabel('SESSION_AUTOCOMPLETE', 20)).toBe('Session Autocomplete')
    expect(legendLabel('SESSION_AUTOCOMPLETE', 19)).toBe('Session Autocomplet…')
  })

  it('labels every usage service in at most ten characters and an ellipsis', () => {
    for (const service of USAGE_SERVICES) {
      const label = legendLabel(service)
      expect(label.replace(/…$/, '').length, service).toBeLessThanOrEqual(10)
      expect(label, service).not.toContain('_')
    }
  })
})

describe('isMapLoad', () => {
  it('counts only LOAD_MAP as a map load', () => {
    const loads = USAGE_SERVICES.filter(isMapLoad)
    expect(loads).toEqual(['LOAD_MAP'])
  })

  it('counts static maps and unclassified usage as API requests', () => {
    expect(isMapLoad('STATIC_MAP')).toBe(false)
    expect(isMapLoad(UNCLASSIFIED)).toBe(false)
    expect(isMapLoad('load_map')).toBe(false)
    expect(isMapLoad('')).toBe(false)
  })

  it('knows every service type and UNCLASSIFIED as usage services', () => {
    expect(USAGE_SERVICES).toEqual([...SERVICE_TYPES, 'UNCLASSIFIED'])
  })
})

describe('bucketStart and nextBucket', () => {
  const moment = at('2028-02-29T13:45:12.345Z')

  it('floors a moment to its UTC hour, day, month and year', () => {
    expect(bucketStart(moment, 'hour').toISOString()).toBe('2028-02-29T13:00:00.000Z')
    expect(bucketStart(moment, 'day').toISOString()).toBe('2028-02-29T00:00:00.000Z')
    expect(bucketStart(moment, 'month').toISOString()).toBe('2028-02-01T00:00:00.000Z')
    expect(bucketStart(moment, 'year').toISOString()).toBe('2028-01-01T00:00:00.000Z')
  })

  it('steps to the next bucket across day, month and year ends', () => {
    expect(nextBucket(at('2026-12-31T23:00:00Z'), 'hour').toISOString()).toBe('2027-01-01T00:00:00.000Z')
    expect(nextBucket(at('2028-02-28T00:00:00Z'), 'day').toISOString()).toBe('2028-02-29T00:00:00.000Z')
    expect(nextBucket(at('2026-02-28T00:00:00Z'), 'day').toISOString()).toBe('2026-03-01T00:00:00.000Z')
    expect(nextBucket(at('2026-01-01T00:00:00Z'), 'month').toISOString()).toBe('2026-02-01T00:00:00.000Z')
    expect(nextBucket(at('2026-12-01T00:00:00Z'), 'month').toISOString()).toBe('2027-01-01T00:00:00.000Z')
    expect(nextBucket(at('2028-01-01T00:00:00Z'), 'year').toISOString()).toBe('2029-01-01T00:00:00.000Z')
  })

  it('does not change the date it is given', () => {
    const start = at('2026-11-01T00:00:00Z')
    nextBucket(start, 'month')
    expect(start.toISOString()).toBe('2026-11-01T00:00:00.000Z')
  })
})

describe('bucketsBetween', () => {
  it('lists hours across a year end, starting with the hour that holds the start', () => {
    expect(isoList(bucketsBetween(at('2026-12-31T22:30:00Z'), at('2027-01-01T01:00:00Z'), 'hour'))).toEqual([
      '2026-12-31T22:00:00.000Z',
      '2026-12-31T23:00:00.000Z',
      '2027-01-01T00:00:00.000Z',
    ])
  })

  it('includes a last bucket the end only reaches into', () => {
    expect(isoList(bucketsBetween(at('2026-11-02T05:00:00Z'), at('2026-11-02T07:00:00.001Z'), 'hour'))).toEqual([
      '2026-11-02T05:00:00.000Z',
      '2026-11-02T06:00:00.000Z',
      '2026-11-02T07:00:00.000Z',
    ])
  })

  it('lists days across a leap day', () => {
    expect(isoList(bucketsBetween(at('2028-02-27T00:00:00Z'), at('2028-03-02T00:00:00Z'), 'day'))).toEqual([
      '2028-02-27T00:00:00.000Z',
      '2028-02-28T00:00:00.000Z',
      '2028-02-29T00:00:00.000Z',
      '2028-03-01T00:00:00.000Z',
    ])
  })

  it('lists days across the end of February in a common year', () => {
    expect(isoList(bucketsBetween(at('2026-02-27T00:00:00Z'), at('2026-03-02T00:00:00Z'), 'day'))).toEqual([
      '2026-02-27T00:00:00.000Z',
      '2026-02-28T00:00:00.000Z',
      '2026-03-01T00:00:00.000Z',
    ])
  })

  it('counts 24 hours a day in February, 29 days in a leap year', () => {
    expect(bucketsBetween(at('2028-02-01T00:00:00Z'), at('2028-03-01T00:00:00Z'), 'hour')).toHaveLength(29 * 24)
    expect(bucketsBetween(at('2026-02-01T00:00:00Z'), at('2026-03-01T00:00:00Z'), 'hour')).toHaveLength(28 * 24)
    expect(bucketsBetween(at('2028-01-01T00:00:00Z'), at('2029-01-01T00:00:00Z'), 'day')).toHaveLength(366)
    expect(bucketsBetween(at('2026-01-01T00:00:00Z'), at('2027-01-01T00:00:00Z'), 'day')).toHaveLength(365)
  })

  it('lists months across a year end, from the month that holds a mid-month start', () => {
    expect(isoList(bucketsBetween(at('2026-11-15T10:00:00Z'), at('2027-02-01T00:00:00Z'), 'month'))).toEqual([
      '2026-11-01T00:00:00.000Z',
      '2026-12-01T00:00:00.000Z',
      '2027-01-01T00:00:00.000Z',
    ])
  })

  it('steps from January 31 to February, not to March', () => {
    expect(isoList(bucketsBetween(at('2026-01-31T12:00:00Z'), at('2026-03-31T00:00:00Z'), 'month'))).toEqual([
      '2026-01-01T00:00:00.000Z',
      '2026-02-01T00:00:00.000Z',
      '2026-03-01T00:00:00.000Z',
    ])
  })

  it('lists years, a leap year included', () => {
    expect(isoList(bucketsBetween(at('2026-06-01T00:00:00Z'), at('2029-01-01T00:00:00Z'), 'year'))).toEqual([
      '2026-01-01T00:00:00.000Z',
      '2027-01-01T00:00:00.000Z',
      '2028-01-01T00:00:00.000Z',
    ])
  })

  it('is empty when the range ends where it starts, on a bucket boundary', () => {
    const start = at('2026-01-01T00:00:00Z')
    for (const unit of ['hour', 'day', 'month', 'year'] as const) {
      expect(bucketsBetween(start, start, unit), unit).toEqual([])
    }
  })

  it('allows 62 days of hours at most', () => {
    expect(MAX_BUCKETS.hour).toBe(1488)
    expect(bucketsBetween(at('2026-09-01T00:00:00Z'), at('2026-11-02T00:00:00Z'), 'hour')).toHaveLength(
      MAX_BUCKETS.hour,
    )
  })
})

describe('monthForecast', () => {
  it('says nothing in the first hour of the month', () => {
    expect(monthForecast(100, at('2026-11-01T00:00:00.000Z'))).toBeNull()
    expect(monthForecast(100, at('2026-11-01T00:59:59.999Z'))).toBeNull()
    expect(monthForecast(0, at('2026-11-01T00:30:00.000Z'))).toBeNull()
  })

  it('keeps the month so far’s pace for the whole month', () => {
    // November has 720 hours.
    expect(monthForecast(10, at('2026-11-01T01:00:00.000Z'))).toBe(7200)
    // 32 hours in: 720 / 32 = 22.5 times the month so far.
    expect(monthForecast(100, at('2026-11-02T08:00:00.000Z'))).toBe(2250)
    expect(monthForecast(0, at('2026-11-02T08:00:00.000Z'))).toBe(0)
    // Half the month: twice as much.
    expect(monthForecast(1234, at('2026-11-16T00:00:00.000Z'))).toBe(2468)
  })

  it('rounds to the nearest whole request, halves up', () => {
    expect(monthForecast(1, at('2026-11-02T08:00:00.000Z'))).toBe(23) // 22.5
    expect(monthForecast(7, at('2026-11-02T08:00:00.000Z'))).toBe(158) // 157.5
    expect(monthForecast(3, at('2026-11-16T00:00:00.000Z'))).toBe(6)
  })

  it('knows how long each month is', () => {
    // December has 744 hours, a leap February 696, a common February 672; each 24 hours in.
    expect(monthForecast(10, at('2026-12-02T00:00:00.000Z'))).toBe(310)
    expect(monthForecast(10, at('2028-02-02T00:00:00.000Z'))).toBe(290)
    expect(monthForecast(10, at('2026-02-02T00:00:00.000Z'))).toBe(280)
  })

  it('forecasts the month so far at its last moment', () => {
    expect(monthForecast(5000, at('2026-11-30T23:59:59.999Z'))).toBe(5000)
  })
})

// format.test.ts checks every threshold of docs/requirements.md §7.2 to the second; these check them to the millisecond.
describe('relativeTime at millisecond edges', () => {
  const now = at('2026-11-02T08:00:00.000Z')
  const ago = (ms: number) => new Date(now.getTime() - ms)
  const MINUTE = 60_000
  const HOUR = 60 * MINUTE

  it.each([
    [MINUTE - 1, 'just now'],
    [HOUR - 1, 'about 59 minutes ago'],
    [DAY - 1, 'about 23 hours ago'],
    [7 * DAY - 1, 'about 6 days ago'],
    [30 * DAY - 1, 'about 4 weeks ago'],
  ])('%i ms ago reads "%s"', (ms, text) => {
    expect(relativeTime(ago(ms), now, 'en')).toBe(text)
  })
})
