import { CHART_TENSION, type UsageSeries } from '@app/contract'
import { theme } from 'antd'
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartOptions,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PieController,
  PointElement,
  Tooltip,
} from 'chart.js'
import { useMemo } from 'react'
import { Bar, Line, Pie } from 'react-chartjs-2'
import { useLang } from '../../i18n/lang.ts'
import { useServiceName } from '../service-name.ts'
import type { BarChartProps } from './BarChart.tsx'
import {
  axisLabel,
  type ChartKind,
  formatCount,
  labelColourOn,
  percentText,
  serviceLines,
  shareOf,
} from './chart-data.ts'
import { pieLabels } from './pie-labels.ts'

// Only the Chart.js pieces these charts use, so the rest of the library stays out of the bundle.
// This module is loaded lazily by UsageChart.tsx and BarChart.tsx and never reaches the sign-in pages.
Chart.register(
  LineController,
  PieController,
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  PointElement,
  LineElement,
  ArcElement,
  Tooltip,
  Legend,
)

export interface UsageChartCanvasProps {
  usage: UsageSeries
  kind: ChartKind
  height: number
  /** The canvas's accessible name: the chart kind and each service's total. */
  ariaLabel: string
}

/** The drawn chart; UsageChart wraps it with the empty state and the lazy loading. */
export function UsageChartCanvas({ usage, kind, height, ariaLabel }: UsageChartCanvasProps) {
  const { token } = theme.useToken()
  const lang = useLang()
  const serviceName = useServiceName()
  // biome-ignore lint/correctness/useExhaustiveDependencies: the names change with the language only
  const lines = useMemo(() => serviceLines(usage, serviceName), [usage, lang])
  const labels = useMemo(() => usage.buckets.map((b) => axisLabel(b, usage.unit, lang)), [usage, lang])

  const legend = {
    position: 'bottom' as const,
    labels: { color: token.colorText, boxWidth: 12, boxHeight: 12, font: { family: token.fontFamily } },
  }

  const lineOptions: ChartOptions<'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    interaction: { mode: 'index', intersect: false },
    plugins: {
      legend,
      tooltip: {
        callbacks: {
          label: (item) =>
            `${lines[item.datasetIndex]?.fullLabel ?? item.dataset.label}: ${formatCount(Number(item.raw), lang)}`,
        },
      },
    },
    scales: {
      x: {
        ticks: { color: token.colorTextSecondary, maxRotation: 0, autoSkip: true, autoSkipPadding: 12 },
        grid: { color: token.colorBorderSecondary },
      },
      y: {
        // The curves' tension may dip below zero between buckets; hits never do.
        min: 0,
        ticks: { color: token.colorTextSecondary, precision: 0, callback: (v) => formatCount(Number(v), lang) },
        grid: { color: token.colorBorderSecondary },
      },
    },
  }

  const pieTotal = lines.reduce((a, l) => a + l.total, 0)
  const pieOptions: ChartOptions<'pie'> = {
    responsive: true,
    maintainAspectRatio: false,
    plugins: {
      legend,
      tooltip: {
        callbacks: {
          label: (item) => {
            const line = lines[item.dataIndex]
            const value = Number(item.raw)
            return `${line?.fullLabel ?? ''}: ${formatCount(value, lang)} (${percentText(shareOf(value, pieTotal), lang)})`
          },
        },
      },
    },
  }
  const labelPlugin = useMemo(
    () =>
      pieLabels({
        colour: (index) => labelColourOn(lines[index]?.colour ?? '#000000'),
        format: (share) => percentText(share, lang),
      }),
    [lang, lines],
  )

  const canvasProps = { role: 'img', 'aria-label': ariaLabel }
  return (
    <div style={{ position: 'relative', height, width: '100%' }}>
      {kind === 'line' ? (
        <Line
          {...canvasProps}
          options={lineOptions}
          data={{
            labels,
            datasets: lines.map((line) => ({
              label: line.label,
              data: line.hits,
              borderColor: line.colour,
              backgroundColor: line.colour,
              tension: CHART_TENSION,
              borderWidth: 2,
              pointRadius: labels.length > 40 ? 0 : 3,
              pointHoverRadius: 5,
            })),
          }}
        />
      ) : (
        <Pie
          {...canvasProps}
          options={pieOptions}
          plugins={[labelPlugin]}
          data={{
            labels: lines.map((line) => line.label),
            datasets: [
              {
                data: lines.map((line) => line.total),
                backgroundColor: lines.map((line) => line.colour),
                borderColor: token.colorBgContainer,
                borderWidth: 2,
              },
            ],
          }}
        />
      )}
    </div>
  )
}

/** The drawn bars; BarChart.tsx wraps them with the lazy loading. */
export function BarChartCanvas({ labels, series, format, ariaLabel, height = 260, integer }: BarChartProps) {
  const { token } = theme.useToken()
  const options: ChartOptions<'bar'> = {
    responsive: true,
    maintainAspectRatio: false,
    interaction: { mode: 'index', intersect: false },
    plugins: {
      legend: {
        display: series.length > 1,
        position: 'bottom',
        labels: { color: token.colorText, boxWidth: 12, boxHeight: 12, font: { family: token.fontFamily } },
      },
      tooltip: { callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${format(Number(item.raw))}` } },
    },
    scales: {
      x: {
        ticks: { color: token.colorTextSecondary, maxRotation: 0, autoSkip: true, autoSkipPadding: 12 },
        grid: { display: false },
      },
      y: {
        min: 0,
        ticks: {
          color: token.colorTextSecondary,
          precision: integer ? 0 : undefined,
          callback: (v) => format(Number(v)),
        },
        grid: { color: token.colorBorderSecondary },
      },
    },
  }
  return (
    <div style={{ position: 'relative', height, width: '100%' }}>
      <Bar
        role="img"
        aria-label={ariaLabel}
        options={options}
        data={{
          labels,
          datasets: series.map((s) => ({
            label: s.label,
            data: s.values,
            backgroundColor: s.colour,
            borderRadius: 2,
            maxBarThickness: 28,
          })),
        }}
      />
    </div>
  )
}
