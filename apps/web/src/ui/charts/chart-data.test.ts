import { CHART_PRIMARY, type UsageSeries } from '@app/contract'
import { describe, expect, it } from 'vitest'
import { cutName } from '../service-name.ts'
import { axisLabel, CHART_PALETTE, labelColourOn, percentText, serviceLines, totalHits } from './chart-data.ts'

const usage: UsageSeries = {
  unit: 'day',
  buckets: ['2026-11-01T00:00:00.000Z', '2026-11-02T00:00:00.000Z'],
  series: [
    { service: 'GEOCODE', hits: [0, 0] },
    { service: 'LOAD_MAP', hits: [3, 4] },
    { service: 'SESSION_AUTOCOMPLETE', hits: [1, 0] },
  ],
  totals: { api_requests: 1, map_loads: 7, by_service: [] },
}

describe('axis labels', () => {
  it('formats each unit in UTC, whatever the reader’s time zone', () => {
    // 23:00 UTC on 30 Nov is already 1 Dec east of UTC; the label stays with UTC.
    const at = '2026-11-30T23:00:00.000Z'
    expect(axisLabel(at, 'hour')).toBe('23:00 30 Nov')
    expect(axisLabel('2026-11-03T07:00:00.000Z', 'hour')).toBe('07:00 3 Nov')
    expect(axisLabel(at, 'day')).toBe('30 Nov')
    expect(axisLabel('2026-01-01T00:00:00.000Z', 'month')).toBe('Jan 2026')
    expect(axisLabel('2025-01-01T00:00:00.000Z', 'year')).toBe('2025')
  })
})

describe('service lines', () => {
  it('drops services without hits and gives the first drawn one the primary blue', () => {
    const names: Record<string, string> = { LOAD_MAP: 'Map loads', SESSION_AUTOCOMPLETE: 'Autocomplete (per session)' }
    const lines = serviceLines(usage, (service, max = Number.POSITIVE_INFINITY) =>
      cutName(names[service] ?? service, max),
    )
    expect(lines.map((l) => [l.service, l.total])).toEqual([
      ['LOAD_MAP', 7],
      ['SESSION_AUTOCOMPLETE', 1],
    ])
    expect(lines[0]?.colour).toBe(CHART_PRIMARY)
    expect(lines[1]?.colour).not.toBe(CHART_PRIMARY)
    // Legend labels are cut (docs/requirements.md §18.2); tooltips keep the whole name.
    expect(lines[1]?.label).toBe('Autocomple…')
    expect(lines[1]?.fullLabel).toBe('Autocomplete (per session)')
  })

  it('cuts a name at a character a reader sees, never inside a Burmese syllable', () => {
    expect(cutName('Map loads', 10)).toBe('Map loads')
    // "မြေပုံ ဖွင့်ခြင်း": each of the first characters carries marks that a cut by code units would strip.
    expect(cutName('မြေပုံ ဖွင့်ခြင်း', 3)).toBe('မြေပုံ…')
  })

  it('counts every hit for the empty state', () => {
    expect(totalHits(usage)).toBe(8)
    expect(totalHits({ ...usage, series: [{ service: 'GEOCODE', hits: [0, 0] }] })).toBe(0)
  })

  it('writes shares as whole percentages', () => {
    expect(percentText(0.4231)).toBe('42%')
    expect(percentText(1)).toBe('100%')
  })
})

const lum = (hex: string) => {
  const [r = 0, g = 0, b = 0] = [1, 3, 5]
    .map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}
const contrast = (one: string, other: string) => {
  const [a = 0, b = 0] = [lum(one), lum(other)].sort((x, y) => y - x)
  return (a + 0.05) / (b + 0.05)
}

describe('chart colours', () => {
  it('read at 3:1 or better on the cards of both themes', () => {
    for (const colour of CHART_PALETTE) {
      expect(contrast(colour, '#ffffff'), colour).toBeGreaterThanOrEqual(3)
      expect(contrast(colour, '#1f1f1f'), colour).toBeGreaterThanOrEqual(3)
    }
  })
})

describe('pie slice labels', () => {
  it('are white on dark slices and near-black on light ones', () => {
    expect(labelColourOn('#000000')).toBe('#ffffff')
    expect(labelColourOn('#ffffff')).toBe('#141414')
    expect(labelColourOn('#FFD666')).toBe('#141414')
    expect(labelColourOn('#1668dc')).toBe('#ffffff')
  })

  it('read at 3:1 or better on every palette colour', () => {
    for (const colour of CHART_PALETTE)
      expect(contrast(colour, labelColourOn(colour)), colour).toBeGreaterThanOrEqual(3)
  })
})
