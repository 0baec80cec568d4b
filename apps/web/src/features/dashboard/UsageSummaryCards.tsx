import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons'
import type { MonthSummary } from '@app/contract'
import { Card, Col, Flex, Row, Statistic, Typography } from 'antd'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { formatCount } from '../../ui/charts/chart-data.ts'
import { dashboardMessages } from './dashboard.i18n.ts'
import { formatChange, percentChange } from './usage-change.ts'

type Figure = MonthSummary['api_requests']

/** API requests and map loads: this month, the change against last month, and the month-end pace. */
export function UsageSummaryCards({ summary }: { summary: MonthSummary }) {
  const t = useT(dashboardMessages)
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={12}>
        <FigureCard title={t('usage.apiRequests')} figure={summary.api_requests} testId="api-requests" />
      </Col>
      <Col xs={24} md={12}>
        <FigureCard title={t('usage.mapLoads')} figure={summary.map_loads} testId="map-loads" />
      </Col>
    </Row>
  )
}

function FigureCard({ title, figure, testId }: { title: string; figure: Figure; testId: string }) {
  const t = useT(dashboardMessages)
  const lang = useLang()
  const change = percentChange(figure.this_month, figure.last_month)
  return (
    <Card data-testid={testId} style={{ height: '100%' }}>
      <Statistic title={title} value={formatCount(figure.this_month, lang)} />
      <Flex vertical gap={4} style={{ marginTop: 8 }}>
        <Typography.Text type="secondary">
          {change === null ? (
            t('usage.noBase')
          ) : (
            <>
              {change > 0 ? <ArrowUpOutlined /> : change < 0 ? <ArrowDownOutlined /> : null}{' '}
              <Typography.Text strong>{formatChange(change, lang)}</Typography.Text> {t('usage.vsLastMonth')}
            </>
          )}
        </Typography.Text>
        <Typography.Text type="secondary">
          {t('usage.lastMonth', { count: formatCount(figure.last_month, lang) })}
        </Typography.Text>
        <Typography.Text>
          {figure.forecast === null
            ? t('usage.noForecast')
            : t('usage.forecast', { count: formatCount(figure.forecast, lang) })}
        </Typography.Text>
      </Flex>
    </Card>
  )
}
