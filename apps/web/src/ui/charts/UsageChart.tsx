import type { UsageSeries } from '@app/contract'
import { Empty, Skeleton } from 'antd'
import { lazy, Suspense } from 'react'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { useServiceName } from '../service-name.ts'
import { type ChartKind, formatCount, serviceLines } from './chart-data.ts'
import { chartsMessages } from './charts.i18n.ts'

// Chart.js loads only when a chart is first drawn, in its own chunk.
const UsageChartCanvas = lazy(() => import('./UsageChartCanvas.tsx').then((m) => ({ default: m.UsageChartCanvas })))

export interface UsageChartProps {
  /** A statistics answer (hits-one-user, hits-all-user-statistic, …). */
  usage: UsageSeries
  kind: ChartKind
  /** Pixels; the chart fills its container's width. */
  height?: number
}

/**
 * Usage by service as a line chart (one line per service over the buckets) or a pie (each service's
 * share of the period), in the theme's colours, with an empty state when there are no hits.
 */
export function UsageChart({ usage, kind, height = 320 }: UsageChartProps) {
  const t = useT(chartsMessages)
  const lang = useLang()
  const lines = serviceLines(usage, useServiceName())
  if (lines.length === 0) {
    return (
      <div style={{ minHeight: height, display: 'grid', placeItems: 'center' }}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
      </div>
    )
  }
  const summary = lines.map((line) => `${line.fullLabel} ${formatCount(line.total, lang)}`).join('; ')
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height }} />}>
      <UsageChartCanvas
        usage={usage}
        kind={kind}
        height={height}
        ariaLabel={t(kind === 'line' ? 'summary.line' : 'summary.pie', { summary })}
      />
    </Suspense>
  )
}
