import { Skeleton } from 'antd'
import { lazy, Suspense } from 'react'

// Chart.js loads only when a chart is first drawn, in the usage charts' chunk (UsageChart.tsx).
const BarChartCanvas = lazy(() => import('./UsageChartCanvas.tsx').then((m) => ({ default: m.BarChartCanvas })))

interface BarSeries {
  label: string
  /** One per label; null draws no bar there. */
  values: (number | null)[]
  colour: string
}

export interface BarChartProps {
  /** One label per bar group (a day, a month), already in the reader's language. */
  labels: string[]
  series: BarSeries[]
  /** How a value reads on the axis and in the tooltip (a count, an amount of money). */
  format: (value: number) => string
  /** The canvas's accessible name: what the chart shows, with its figures. */
  ariaLabel: string
  /** Pixels; the chart fills its container's width. */
  height?: number
  /** Whole numbers only on the value axis (counts). */
  integer?: boolean
}

/** Bars over a few groups in the theme's colours: sign-ups per day, revenue per month. */
export function BarChart({ height = 260, ...props }: BarChartProps) {
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height }} />}>
      <BarChartCanvas {...props} height={height} />
    </Suspense>
  )
}
