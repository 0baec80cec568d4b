import { DownOutlined, UpOutlined } from '@ant-design/icons'
import { type billEstimate, formatCalendar, formatMoney, parseMoney, type ResponseOf } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Button, Card, Flex, Statistic, Typography, theme } from 'antd'
import { type CSSProperties, useId, useState } from 'react'
import { Link } from 'react-router'
import { paths } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { formatCount } from '../../ui/charts/chart-data.ts'
import { QueryState } from '../../ui/QueryState.tsx'
import { useServiceName } from '../../ui/service-name.ts'
import { billEstimateQuery } from './dashboard.api.ts'
import { dashboardMessages } from './dashboard.i18n.ts'

type Estimate = ResponseOf<typeof billEstimate>

/**
 * This month's bill so far and at this pace by month end, as the server prices it (the same function
 * as the bills), with the services behind it on demand and a link to the bills.
 */
export function BillEstimateCard() {
  const t = useT(dashboardMessages)
  const estimate = useQuery(billEstimateQuery())
  return (
    <Card
      title={t('estimate.title')}
      extra={<Link to={paths.billing}>{t('estimate.bills')}</Link>}
      data-testid="bill-estimate"
      style={{ height: '100%' }}
    >
      <QueryState query={estimate}>{(data) => <EstimateFigures estimate={data} />}</QueryState>
    </Card>
  )
}

function EstimateFigures({ estimate }: { estimate: Estimate }) {
  const t = useT(dashboardMessages)
  const lang = useLang()
  const { token } = theme.useToken()
  const [isOpen, setOpen] = useState(false)
  const breakdownId = useId()
  const month = formatCalendar(new Date(Date.UTC(estimate.year, estimate.month - 1, 1)), lang, 'monthYear', 'UTC')
  const lines = estimate.lines.filter((line) => line.hits > 0 || (parseMoney(line.projected) ?? 0n) > 0n)
  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary">{month}</Typography.Text>
      <Flex gap={24} wrap>
        <Statistic title={t('estimate.soFar')} value={formatMoney(estimate.so_far, 'USD', lang)} />
        <Statistic title={t('estimate.projected')} value={formatMoney(estimate.projected, 'USD', lang)} />
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
        {t('estimate.note')}
      </Typography.Text>
      {lines.length === 0 ? (
        <Typography.Text type="secondary">{t('estimate.noUsage')}</Typography.Text>
      ) : (
        <>
          <Button
            type="link"
            size="small"
            aria-expanded={isOpen}
            aria-controls={breakdownId}
            icon={isOpen ? <UpOutlined aria-hidden /> : <DownOutlined aria-hidden />}
            iconPlacement="end"
            onClick={() => setOpen(!isOpen)}
            style={{ alignSelf: 'flex-start', paddingInline: 0 }}
          >
            {t(isOpen ? 'estimate.hideServices' : 'estimate.showServices')}
          </Button>
          {isOpen ? (
            <div id={breakdownId}>
              <EstimateLines lines={lines} />
            </div>
          ) : null}
        </>
      )}
    </Flex>
  )
}

function EstimateLines({ lines }: { lines: Estimate['lines'] }) {
  const t = useT(dashboardMessages)
  const lang = useLang()
  const serviceName = useServiceName()
  const { token } = theme.useToken()
  const cell: CSSProperties = {
    padding: `${token.paddingXXS}px ${token.paddingXS}px`,
    borderBottom: `1px solid ${token.colorBorderSecondary}`,
    fontSize: token.fontSizeSM,
  }
  const number: CSSProperties = {
    ...cell,
    textAlign: 'right',
    fontVariantNumeric: 'tabular-nums',
    whiteSpace: 'nowrap',
  }
  const head: CSSProperties = { color: token.colorTextSecondary, fontWeight: 'normal' }
  return (
    <div style={{ overflowX: 'auto' }}>
      <table
        aria-label={t('estimate.byService')}
        style={{ width: '100%', borderCollapse: 'collapse', color: token.colorText }}
      >
        <thead>
          <tr>
            <th scope="col" style={{ ...cell, ...head, textAlign: 'left' }}>
              {t('usage.service')}
            </th>
            <th scope="col" style={{ ...number, ...head }}>
              {t('estimate.requests')}
            </th>
            <th scope="col" style={{ ...number, ...head }}>
              {t('estimate.soFarColumn')}
            </th>
            <th scope="col" style={{ ...number, ...head }}>
              {t('estimate.projectedColumn')}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.service}>
              <td style={cell}>{serviceName(line.service)}</td>
              <td style={number}>{formatCount(line.hits, lang)}</td>
              <td style={number}>{formatMoney(line.so_far, 'USD', lang)}</td>
              <td style={number}>{formatMoney(line.projected, 'USD', lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
