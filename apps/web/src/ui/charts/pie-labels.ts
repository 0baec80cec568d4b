import { PIE_LABEL_MIN_SHARE } from '@app/contract'
import type { ArcElement, Chart, Plugin } from 'chart.js'

export interface PieLabelOptions {
  /** The text on a slice, given its share of the whole (0–1). */
  format: (share: number) => string
  /** The text's colour on the slice of the given index. */
  colour: (index: number) => string
}

/**
 * Writes each slice's share on the slice, only for slices above PIE_LABEL_MIN_SHARE (docs/requirements.md §18.2): smaller
 * slices have no room, and their share is in the tooltip. A few lines instead of a labels package.
 */
export function pieLabels(options: PieLabelOptions): Plugin<'pie'> {
  return {
    id: 'usagePieLabels',
    afterDatasetsDraw(chart: Chart<'pie'>) {
      const meta = chart.getDatasetMeta(0)
      const values = (chart.data.datasets[0]?.data ?? []) as number[]
      // Shares of what is shown: a slice hidden from the legend leaves the others to add up to 100%.
      const total = values.reduce((sum, value, index) => (chart.getDataVisibility(index) ? sum + value : sum), 0)
      if (total <= 0) return
      const { ctx } = chart
      ctx.save()
      ctx.textAlign = 'center'
      ctx.textBaseline = 'middle'
      ctx.font = '600 13px system-ui, sans-serif'
      meta.data.forEach((element, index) => {
        const share = (values[index] ?? 0) / total
        if (share <= PIE_LABEL_MIN_SHARE || !chart.getDataVisibility(index)) return
        const { x, y } = (element as ArcElement).tooltipPosition(false)
        ctx.fillStyle = options.colour(index)
        ctx.fillText(options.format(share), x, y)
      })
      ctx.restore()
    },
  }
}
