import type { MonthSummary } from '@app/contract'
import { Empty, theme } from 'antd'
import type { CSSProperties } from 'react'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { formatCount } from '../../ui/charts/chart-data.ts'
import { useServiceName } from '../../ui/service-name.ts'
import { dashboardMessages } from './dashboard.i18n.ts'
import { formatChange, percentChange } from './usage-change.ts'

/**
 * Each service this month, last month and at the month-end pace; services used in neither month are
 * left out. A plain table in the theme's colours: antd's Table (sorting, selection, paging) would add
 * some 80 kB to the dashboard's first load for five read-only columns.
 */
export function ServiceUsageTable({ summary }: { summary: MonthSummary }) {
  const t = useT(dashboardMessages)
  const serviceName = useServiceName()
  const lang = useLang()
  const { token } = theme.useToken()
  const rows = summary.by_service.filter((row) => row.this_month > 0 || row.last_month > 0)
  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('usage.noUsage')} />

  const count = (value: number | null) => (value === null ? '—' : formatCount(value, lang))
  const cell: CSSProperties = {
    padding: `${token.paddingXS}px ${token.paddingSM}px`,
    borderBottom: `1px solid ${token.colorBorderSecondary}`,
    whiteSpace: 'nowrap',
  }
  const number: CSSProperties = { ...cell, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }
  const head: CSSProperties = {
    color: token.colorTextHeading,
    fontWeight: token.fontWeightStrong,
    background: token.colorFillAlter,
  }
  return (
    <div style={{ overflowX: 'auto' }}>
      <table style={{ width: '100%', borderCollapse: 'collapse', color: token.colorText }}>
        <thead>
          <tr>
            <th scope="col" style={{ ...cell, ...head, textAlign: 'left' }}>
              {t('usage.service')}
            </th>
            <th scope="col" style={{ ...number, ...head }}>
              {t('usage.thisMonth')}
            </th>
            <th scope="col" style={{ ...number, ...head }}>
              {t('usage.lastMonthColumn')}
            </th>
            <th scope="col" style={{ ...number, ...head }}>
              {t('usage.change')}
            </th>
            <th scope="col" style={{ ...number, ...head }}>
              {t('usage.forecastColumn')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const change = percentChange(row.this_month, row.last_month)
            return (
              <tr key={row.service}>
                <td style={cell}>{serviceName(row.service)}</td>
                <td style={number}>{count(row.this_month)}</td>
                <td style={number}>{count(row.last_month)}</td>
                <td style={number}>{change === null ? '—' : formatChange(change, lang)}</td>
                <td style={number}>{count(row.forecast)}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
