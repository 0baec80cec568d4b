import { ApiOutlined, SendOutlined, SettingOutlined } from '@ant-design/icons'
import { formatMoney, type overview, type ResponseOf } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Card, Col, Empty, Flex, Row, Statistic, Table, Typography, theme } from 'antd'
import { type ReactNode, useState } from 'react'
import { Link } from 'react-router'
import { paths } from '../../app/paths.ts'
import { useSession } from '../../app/session.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { ChartKindToggle } from '../../ui/charts/ChartKindToggle.tsx'
import { axisLabel, type ChartKind, formatCount } from '../../ui/charts/chart-data.ts'
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
 * accounts, sign-ups, active keys, requests, map loads and revenue (with the last month's bills, paid
 * and unpaid), then sign-ups per day, usage by service and the busiest users.
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
              <Col xs={24} xl={9}>
                <SignupsCard signups={data.signups} />
              </Col>
              <Col xs={24} xl={15}>
                <UsageCard data={data} search={rangeSearch(range)} />
              </Col>
            </Row>
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
    // Revenue is what the period's bills came to; with no bill yet the server sends null, and no
    // number is made up.
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
        <Col key={figure.key} xs={24} sm={12} lg={8} xxl={4}>
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

interface SignupDay {
  bucket: string
  count: number
}

/** Sign-ups per day as a short table with a bar in each row: one number per day needs no chart. */
function SignupsCard({ signups }: { signups: Overview['signups'] }) {
  const t = useT(overviewMessages)
  const lang = useLang()
  const { token } = theme.useToken()
  const rows: SignupDay[] = signups.buckets.map((bucket, index) => ({ bucket, count: signups.counts[index] ?? 0 }))
  const most = Math.max(1, ...rows.map((row) => row.count))
  return (
    <Card title={t('signups.title')} style={{ height: '100%' }}>
      {rows.every((row) => row.count === 0) ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('signups.none')} />
      ) : (
        // A region of its own that scrolls and takes the keyboard's focus, so the days below the fold
        // are reachable without a mouse (axe-core: scrollable-region-focusable).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to be scrolled by keyboard.
        <section aria-label={t('signups.title')} tabIndex={0} style={{ maxHeight: 340, overflowY: 'auto' }}>
          <Table<SignupDay>
            rowKey="bucket"
            size="small"
            pagination={false}
            dataSource={rows}
            columns={[
              {
                key: 'day',
                title: t('signups.day'),
                dataIndex: 'bucket',
                width: 110,
                render: (bucket: string) => axisLabel(bucket, 'day', lang),
              },
              {
                key: 'count',
                title: t('signups.count'),
                dataIndex: 'count',
                render: (value: number) => (
                  <Flex align="center" gap={8}>
                    <span
                      aria-hidden
                      style={{
                        display: 'inline-block',
                        height: 10,
                        width: `${(value / most) * 70}%`,
                        minWidth: value > 0 ? 3 : 0,
                        borderRadius: 2,
                        background: token.colorPrimary,
                      }}
                    />
                    <span>{formatCount(value, lang)}</span>
                  </Flex>
                ),
              },
            ]}
          />
        </section>
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
