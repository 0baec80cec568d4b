import type { Chart } from 'chart.js'
import { describe, expect, it } from 'vitest'
import { percentText } from './chart-data.ts'
import { pieLabels } from './pie-labels.ts'

/** Just enough of a drawn pie for the plugin: its values, slices, visibility and a recording canvas. */
function drawnPie(values: number[], hidden: number[] = []) {
  const written: string[] = []
  const ctx = {
    save() {},
    restore() {},
    fillText: (text: string) => written.push(text),
    fillStyle: '',
    textAlign: '',
    textBaseline: '',
    font: '',
  }
  const chart = {
    ctx,
    data: { datasets: [{ data: values }] },
    getDatasetMeta: () => ({ data: values.map(() => ({ tooltipPosition: () => ({ x: 0, y: 0 }) })) }),
    getDataVisibility: (index: number) => !hidden.includes(index),
  } as unknown as Chart<'pie'>
  const plugin = pieLabels({ colour: () => '#ffffff', format: (share) => percentText(share) })
  const draw = plugin.afterDatasetsDraw as unknown as (chart: Chart<'pie'>) => void
  draw(chart)
  return written
}

describe('pie slice labels', () => {
  it('label only slices above 10% of the whole', () => {
    expect(drawnPie([50, 40, 10])).toEqual(['50%', '40%'])
    expect(drawnPie([89, 11])).toEqual(['89%', '11%'])
    expect(drawnPie([0, 0])).toEqual([])
  })

  it('count only the slices shown when some are hidden from the legend', () => {
    expect(drawnPie([60, 30, 10], [0])).toEqual(['75%', '25%'])
  })
})
