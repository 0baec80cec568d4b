import { ApiOutlined, SendOutlined, SettingOutlined } from '@ant-design/icons'
import { formatMoney, type overview, type ResponseOf } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Card, Col, Empty, Flex, Row, Statistic, Table, Typography } from 'antd'
import { type ReactNode, useState } from 'react'
import { Link } from 'react-router'
import { paths } from '../../app/paths.ts'
import { useSession } from '../../app/session.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { BarChart } from '../../ui/charts/BarChart.tsx'
import { ChartKindToggle } from '../../ui/charts/ChartKindToggle.tsx'
import { axisLabel, CHART_PALETTE, type ChartKind, formatCount } from '../../ui/charts/chart-data.ts'
import { UsageChart } from '../../ui/charts/UsageChart.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { lastClosedMonth } from '../billing/bill-filters.ts'
import { monthLabel } from '../billing/bill-format.ts'
import { billCountQuery } from '../billing/billing.api.ts'
import { UsageFilters } from '../usage/UsageFilters.tsx'
import { useUserUsageColumns } from '../usage/UserUsageTable.tsx'
import { type DateRange, rangeSearch } from '../usage/usage-range.ts'
import { useUsageRange } from '../usage/use-usage-range.ts'
import { overviewQuery } from './overview.api.ts'
import { overviewMessages } from './overview.i18n.ts'

type Overview = ResponseOf<typeof overview>

/**
 * /administrator/overview: the back office's key figures over a period (this month by default):
 * customer accounts, new customers, active keys, requests, map loads, the month's revenue accruing and
 * the period's revenue billed (with the last month's bills, paid and unpaid), then revenue by month,
 * sign-ups per day, usage by service and the busiest users.
 */
export function OverviewPage() {
  const t = useT(overviewMessages)
  const session = useSession()
  useDocumentTitle(t('title'))
  const { range, setRange } = useUsageRange()
  const figures = useQuery(overviewQuery(range))

  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('welcome', { name: session?.full_name ?? '' })}
        </Typography.Title>
        <Typography.Text type="secondary">{t('intro')}</Typography.Text>
      </div>
      <UsageFilters range={range} onRange={setRange} />
      <QueryState query={figures}>
        {(data) => (
          <Flex vertical gap={16}>
            <KeyFigures data={data} />
            <Row gutter={[16, 16]}>
              <Col xs={24} xl={12}>
                <RevenueCard data={data} />
              </Col>
              <Col xs={24} xl={12}>
                <SignupsCard signups={data.signups} />
              </Col>
            </Row>
            <UsageCard data={data} search={rangeSearch(range)} />
            <TopUsersCard data={data} range={range} />
          </Flex>
        )}
      </QueryState>
      <Shortcuts />
    </Flex>
  )
}

function Figure(props: { title: string; value: string; note?: ReactNode }) {
  return (
    <Card size="small" style={{ height: '100%' }}>
      <Statistic title={props.title} value={props.value} formatter={() => props.value} />
      {props.note}
    </Card>
  )
}

function KeyFigures({ data }: { data: Overview }) {
  const t = useT(overviewMessages)
  const lang = useLang()
  const count = (value: number) => formatCount(value, lang)
  const figures: { key: string; title: string; value: string; note?: ReactNode }[] = [
    { key: 'users', title: t('kpi.usersTotal'), value: count(data.users_total) },
    { key: 'signups', title: t('kpi.usersNew'), value: count(data.users_new) },
    { key: 'keys', title: t('kpi.keysActive'), value: count(data.keys_active) },
    { key: 'api', title: t('kpi.apiRequests'), value: count(data.api_requests) },
    { key: 'map', title: t('kpi.mapLoads'), value: count(data.map_loads) },
    // The month's revenue accrues before its bills exist: its usage so far at bill prices.
    {
      key: 'accrued',
      title: t('kpi.accrued', {
        month: axisLabel(`${data.revenue_accrued.month}-01T00:00:00Z`, 'month', lang),
      }),
      value: formatMoney(data.revenue_accrued.amount, 'USD', lang),
      note: <Typography.Text type="secondary">{t('kpi.accruedNote')}</Typography.Text>,
    },
    // Revenue billed is what the period's bills came to; with no bill yet the server sends null, and
    // no number is made up.
    {
      key: 'revenue',
      title: t('kpi.revenue'),
      value: data.revenue === null ? '—' : formatMoney(data.revenue, 'USD', lang),
      note: (
        <Flex vertical gap={2}>
          {data.revenue === null ? <Typography.Text type="secondary">{t('kpi.revenueNone')}</Typography.Text> : null}
          <LastMonthBills />
        </Flex>
      ),
    },
  ]
  return (
    <Row gutter={[16, 16]}>
      {figures.map((figure) => (
        <Col key={figure.key} xs={24} sm={12} lg={6}>
          <Figure title={figure.title} value={figure.value} note={figure.note} />
        </Col>
      ))}
    </Row>
  )
}

/** The latest ended month's bills, paid and unpaid, opening them in the billing manager. */
function LastMonthBills() {
  const t = useT(overviewMessages)
  const lang = useLang()
  const month = lastClosedMonth(new Date())
  const counts = useQuery(billCountQuery(month))
  if (!counts.data) return null
  return (
    <Link to={`${paths.admin.billing}?month=${month.month}&year=${month.year}`}>
      {t('kpi.bills', {
        month: monthLabel(month, lang),
        paid: formatCount(counts.data.paid, lang),
        unpaid: formatCount(counts.data.unpaid, lang),
      })}
    </Link>
  )
}

/** Sign-ups per day as bars, with the period's total and its busiest day in words for screen readers. */
function SignupsCard({ signups }: { signups: Overview['signups'] }) {
  const t = useT(overviewMessages)
  const lang = useLang()
  const labels = signups.buckets.map((bucket) => axisLabel(bucket, 'day', lang))
  const total = signups.counts.reduce((sum, n) => sum + n, 0)
  const most = Math.max(0, ...signups.counts)
  const busiest = labels[signups.counts.indexOf(most)] ?? ''
  return (
    <Card title={t('signups.title')} style={{ height: '100%' }}>
      {total === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('signups.none')} />
      ) : (
        <BarChart
          labels={labels}
          series={[{ label: t('signups.count'), values: signups.counts, colour: CHART_PALETTE[0] }]}
          format={(value) => formatCount(value, lang)}
          integer
          ariaLabel={t('signups.chart', {
            total: formatCount(total, lang),
            day: busiest,
            count: formatCount(most, lang),
          })}
        />
      )}
    </Card>
  )
}

const monthStart = (month: string) => `${month}-01T00:00:00Z`

/**
 * Revenue by month: what each of the last twelve months billed and what of it is paid, and the current
 * month accruing (its usage so far at bill prices), as bars; the figures in words for screen readers.
 */
function RevenueCard({ data }: { data: Overview }) {
  const t = useT(overviewMessages)
  const lang = useLang()
  const months = [...data.revenue_by_month.map((m) => m.month), data.revenue_accrued.month]
  const labels = months.map((month) => axisLabel(monthStart(month), 'month', lang))
  const usd = (amount: string | number) =>
    formatMoney(typeof amount === 'number' ? amount.toFixed(2) : amount, 'USD', lang)
  const closed = data.revenue_by_month
  const none = closed.every((m) => Number(m.billed) === 0) && Number(data.revenue_accrued.amount) === 0
  const summary = [
    ...closed
      .filter((m) => Number(m.billed) > 0)
      .map((m) =>
        t('revenueTrend.monthSummary', {
          month: axisLabel(monthStart(m.month), 'month', lang),
          billed: usd(m.billed),
          paid: usd(m.paid),
        }),
      ),
    t('revenueTrend.accruedSummary', {
      month: axisLabel(monthStart(data.revenue_accrued.month), 'month', lang),
      amount: usd(data.revenue_accrued.amount),
    }),
  ].join('; ')
  return (
    <Card
      title={t('revenueTrend.title')}
      extra={<Link to={paths.admin.billing}>{t('revenueTrend.bills')}</Link>}
      style={{ height: '100%' }}
    >
      {none ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('revenueTrend.none')} />
      ) : (
        <BarChart
          labels={labels}
          series={[
            {
              label: t('revenueTrend.billed'),
              values: [...closed.map((m) => Number(m.billed)), null],
              colour: CHART_PALETTE[0],
            },
            {
              label: t('revenueTrend.paid'),
              values: [...closed.map((m) => Number(m.paid)), null],
              colour: CHART_PALETTE[2],
            },
            {
              label: t('revenueTrend.accrued'),
              values: [...closed.map(() => null), Number(data.revenue_accrued.amount)],
              colour: CHART_PALETTE[1],
            },
          ]}
          format={usd}
          ariaLabel={t('revenueTrend.chart', { summary })}
        />
      )}
    </Card>
  )
}

function UsageCard({ data, search }: { data: Overview; search: string }) {
  const t = useT(overviewMessages)
  const [kind, setKind] = useState<ChartKind>('line')
  return (
    <Card title={t('usage.title')} style={{ height: '100%' }} styles={{ body: { paddingInline: 12 } }}>
      <Flex vertical gap={12}>
        <Flex gap={12} align="center" justify="space-between" wrap>
          <ChartKindToggle value={kind} onChange={setKind} />
          <Link to={`${paths.admin.usage}?${search}`}>{t('usage.all')}</Link>
        </Flex>
        <UsageChart usage={data.usage} kind={kind} />
      </Flex>
    </Card>
  )
}

function TopUsersCard({ data, range }: { data: Overview; range: DateRange }) {
  const t = useT(overviewMessages)
  const columns = useUserUsageColumns(range)
  return (
    <Card
      title={t('topUsers.title')}
      extra={<Link to={`${paths.admin.usagePerUser}?${rangeSearch(range)}`}>{t('topUsers.all')}</Link>}
    >
      <Table
        rowKey="user_id"
        size="middle"
        pagination={false}
        columns={columns}
        dataSource={data.top_users}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  )
}

function Shortcuts() {
  const t = useT(overviewMessages)
  return (
    <Card title={t('shortcuts')}>
      <Flex vertical gap={12}>
        <Link to={paths.admin.outbox}>
          <SendOutlined /> {t('outbox')}
        </Link>
        <Link to={paths.admin.settings}>
          <SettingOutlined /> {t('settings')}
        </Link>
        <a href="/docs" target="_blank" rel="noreferrer">
          <ApiOutlined /> {t('apiDocs')}
        </a>
      </Flex>
    </Card>
  )
}
