import type { Lang, UsageSeries, UsageUnit } from '@app/contract'
import { CHART_PRIMARY, formatCalendar, numberFormat } from '@app/contract'

// The pure half of the usage charts: what the axes, legends and slices say, computed from a contract
// `UsageSeries`. No Chart.js here, so tables and tests use it without loading the chart library.

export type ChartKind = 'line' | 'pie'

/**
 * Colours after the primary blue, all of one luminance (about 0.2) so that each line reads at 3.9:1 or
 * better on the light theme's white cards and the dark theme's #1f1f1f ones alike; they differ in hue.
 */
export const CHART_PALETTE = [
  CHART_PRIMARY,
  '#AB701E',
  '#198F54',
  '#DE4545',
  '#9E5AE2',
  '#1C899E',
  '#DB33A3',
  '#6B8618',
  '#CA5B24',
  '#5C73E2',
  '#188B78',
  '#DD4068',
  '#7C7C7C',
] as const

/** The colour of the n-th series: the primary blue first, then the palette, round again if needed. */
function seriesColour(index: number): string {
  return CHART_PALETTE[index % CHART_PALETTE.length] ?? CHART_PRIMARY
}

const pad2 = (n: number) => String(n).padStart(2, '0')

function monthName(at: Date, lang: Lang): string {
  return formatCalendar(at, lang, 'monthShort', 'UTC')
}

/**
 * The x-axis label of a bucket, in UTC like the statistics themselves: hour "HH:00 d MMM", day
 * "d MMM", month "MMM yyyy", year "yyyy".
 */
export function axisLabel(bucket: string | Date, unit: UsageUnit, lang: Lang = 'en'): string {
  const at = new Date(bucket)
  const day = at.getUTCDate()
  const year = at.getUTCFullYear()
  switch (unit) {
    case 'hour':
      return `${pad2(at.getUTCHours())}:00 ${day} ${monthName(at, lang)}`
    case 'day':
      return `${day} ${monthName(at, lang)}`
    case 'month':
      return `${monthName(at, lang)} ${year}`
    case 'year':
      return String(year)
  }
}

/** docs/requirements.md §18.2: a legend shows at most this many characters of a service's name. */
const LEGEND_MAX = 10

export interface ServiceLine {
  service: string
  /** The service's name cut to LEGEND_MAX characters: what the legend shows. */
  label: string
  /** The whole name, for tooltips and the screen-reader summary. */
  fullLabel: string
  colour: string
  hits: number[]
  total: number
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0)

/**
 * The series worth drawing: services with at least one hit, in the order the server sent them, each
 * with its colour (the first drawn series takes the primary blue).
 */
export function serviceLines(usage: UsageSeries, name: (service: string, max?: number) => string): ServiceLine[] {
  return usage.series
    .map((s) => ({ service: s.service, hits: s.hits, total: sum(s.hits) }))
    .filter((s) => s.total > 0)
    .map((s, index) => ({
      ...s,
      label: name(s.service, LEGEND_MAX),
      fullLabel: name(s.service),
      colour: seriesColour(index),
    }))
}

/** Every hit in the series together; zero means the chart shows its empty state. */
export function totalHits(usage: UsageSeries): number {
  return sum(usage.series.map((s) => sum(s.hits)))
}

/** A slice's share of the whole (0–1); 0 when there is nothing. */
export function shareOf(value: number, total: number): number {
  return total > 0 ? value / total : 0
}

/** A share as a whole percentage for slice labels: 0.4231 → "42%". */
export function percentText(share: number, lang: Lang = 'en'): string {
  return numberFormat(lang, { style: 'percent', maximumFractionDigits: 0 }).format(share)
}

/** Whole numbers in the reader's locale (1234567 → "1,234,567"). */
export function formatCount(value: number, lang: Lang): string {
  return numberFormat(lang).format(value)
}

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255)
  const [r = 0, g = 0, b = 0] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** Near-black or white, whichever reads better on a slice of colour `hex` ("#RRGGBB"). */
export function labelColourOn(hex: string): string {
  const l = luminance(hex)
  // Contrast with white is 1.05 / (l + 0.05); with #141414 (luminance ≈ 0.007) it is (l + 0.05) / 0.057.
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.057 ? '#ffffff' : '#141414'
}
