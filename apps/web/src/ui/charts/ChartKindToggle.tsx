import { LineChartOutlined, PieChartOutlined } from '@ant-design/icons'
import { Segmented } from 'antd'
import { useT } from '../../i18n/define.ts'
import type { ChartKind } from './chart-data.ts'
import { chartsMessages } from './charts.i18n.ts'

/** Line or pie: the segmented control above a UsageChart. */
export function ChartKindToggle(props: { value: ChartKind; onChange: (kind: ChartKind) => void }) {
  const t = useT(chartsMessages)
  return (
    <Segmented<ChartKind>
      aria-label={t('kind.label')}
      value={props.value}
      onChange={props.onChange}
      options={[
        { value: 'line', label: t('kind.line'), icon: <LineChartOutlined /> },
        { value: 'pie', label: t('kind.pie'), icon: <PieChartOutlined /> },
      ]}
    />
  )
}
