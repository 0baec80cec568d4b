import {
  BarChartOutlined,
  CheckCircleOutlined,
  ExclamationCircleOutlined,
  SafetyOutlined,
  UserOutlined,
} from '@ant-design/icons'
import { formatDate, type Profile } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Card, Col, Row, Tag, Typography } from 'antd'
import { useMemo } from 'react'
import { Link } from 'react-router'
import { paths } from '../../app/paths.ts'
import { useSession } from '../../app/session.ts'
import { useT } from '../../i18n/define.ts'
import { currentLang } from '../../i18n/lang.ts'
import { UsageChart } from '../../ui/charts/UsageChart.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { profileQuery } from '../auth/auth.api.ts'
import { RunwayCard } from '../balance/RunwayCard.tsx'
import { PlanCard } from '../plans/PlanCard.tsx'
import { quickRange } from '../usage/range.ts'
import { monthSummaryQuery, usageQuery } from '../usage/usage.api.ts'
import { ActiveCampaignBanner } from './ActiveCampaignBanner.tsx'
import { BillEstimateCard } from './BillEstimateCard.tsx'
import { dashboardMessages } from './dashboard.i18n.ts'
import { ServiceUsageTable } from './ServiceUsageTable.tsx'
import { UsageSummaryCards } from './UsageSummaryCards.tsx'

/**
 * The account at a glance: balance and status, this month's bill so far, the plan with its limits and
 * offers, and this month's usage against last month. Every card asks for its own data as the page is
 * drawn, and the greeting takes the name the session holds until the profile answers: no card waits
 * for another's call (on a phone's network each wait is a round trip before anything shows).
 */
export function DashboardPage() {
  const t = useT(dashboardMessages)
  useDocumentTitle(t('title'))
  const profile = useQuery(profileQuery())
  const session = useSession()
  const name = profile.data?.full_name ?? session?.full_name ?? ''
  return (
    <>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {t('greeting', { name })}
      </Typography.Title>
      <ActiveCampaignBanner />
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12} xl={6} data-tour="dashboard-balance">
          <RunwayCard />
        </Col>
        <Col xs={24} md={12} xl={6} data-tour="dashboard-account">
          <Card title={t('account')} size="small" style={{ height: '100%' }}>
            <QueryState query={profile}>{(user) => <AccountStatus user={user} />}</QueryState>
          </Card>
        </Col>
        <Col xs={24} xl={12} data-tour="dashboard-bill">
          <BillEstimateCard />
        </Col>
        <Col xs={24} data-tour="dashboard-plan">
          <PlanCard />
        </Col>
        <MonthUsage />
        <Col xs={24} lg={8} data-tour="dashboard-next">
          <Card title={t('nextSteps')} style={{ height: '100%' }}>
            <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}>
              <li>
                <Link to={paths.usage}>
                  <BarChartOutlined /> {t('usage.allStatistics')}
                </Link>
              </li>
              <li>
                <Link to={paths.settings('profile')}>
                  <UserOutlined /> {t('completeProfile')}
                </Link>
              </li>
              <li>
                <Link to={paths.settings('security')}>
                  <SafetyOutlined /> {t('security')}
                </Link>
              </li>
            </ul>
          </Card>
        </Col>
      </Row>
    </>
  )
}

/** The account card's content: active or suspended, e-mail verified or not, and since when. */
function AccountStatus({ user }: { user: Profile }) {
  const t = useT(dashboardMessages)
  const lang = currentLang()
  return (
    <>
      <Tag color={user.status === 'active' ? 'green' : 'red'}>
        {t(user.status === 'active' ? 'active' : 'suspended')}
      </Tag>
      <Tag
        icon={user.email_verified ? <CheckCircleOutlined /> : <ExclamationCircleOutlined />}
        color={user.email_verified ? 'blue' : 'orange'}
      >
        {t(user.email_verified ? 'verified' : 'unverified')}
      </Tag>
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
        {t('memberSince', { date: formatDate(user.created_at, lang) })}
      </Typography.Paragraph>
    </>
  )
}

/**
 * This month's usage: the summary cards, the charts by service and the per-service table, as columns
 * of the page's grid (the next-steps card sits beside the table).
 */
function MonthUsage() {
  const t = useT(dashboardMessages)
  const summary = useQuery(monthSummaryQuery())
  // The month so far, a bucket a day; the day changes rarely enough for one range per render.
  const month = useMemo(() => quickRange('thisMonth', new Date()), [])
  const usage = useQuery(usageQuery(month, 'day'))
  const statisticsLink = <Link to={paths.usage}>{t('usage.allStatistics')}</Link>
  return (
    <>
      <Col xs={24} data-tour="dashboard-summary">
        <QueryState query={summary}>{(data) => <UsageSummaryCards summary={data} />}</QueryState>
      </Col>
      <Col xs={24} lg={16} data-tour="dashboard-chart">
        <Card title={t('usage.chartTitle')} extra={statisticsLink} style={{ height: '100%' }}>
          <QueryState query={usage}>{(data) => <UsageChart usage={data} kind="line" height={300} />}</QueryState>
        </Card>
      </Col>
      <Col xs={24} lg={8} data-tour="dashboard-pie">
        <Card title={t('usage.pieTitle')} style={{ height: '100%' }}>
          <QueryState query={usage}>{(data) => <UsageChart usage={data} kind="pie" height={300} />}</QueryState>
        </Card>
      </Col>
      <Col xs={24} lg={16} data-tour="dashboard-services">
        <Card title={t('usage.byService')} extra={statisticsLink} style={{ height: '100%' }}>
          <QueryState query={summary}>{(data) => <ServiceUsageTable summary={data} />}</QueryState>
        </Card>
      </Col>
    </>
  )
}
