import { CheckCircleOutlined, ExclamationCircleOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons'
import { formatDate, formatMoney } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Card, Col, Empty, Row, Statistic, Tag, Typography } from 'antd'
import { Link } from 'react-router'
import { paths } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { currentLang } from '../../i18n/lang.ts'
import { QueryState } from '../../ui/QueryState.tsx'
import { profileQuery } from '../auth/auth.api.ts'
import { dashboardMessages } from './dashboard.i18n.ts'

/** The dashboard as far as the foundation goes: the account's real state; usage charts come with metering. */
export function DashboardPage() {
  const t = useT(dashboardMessages)
  const profile = useQuery(profileQuery())
  const lang = currentLang()
  return (
    <QueryState query={profile}>
      {(user) => (
        <>
          <Typography.Title level={2} style={{ marginTop: 0 }}>
            {t('greeting', { name: user.full_name })}
          </Typography.Title>
          <Row gutter={[16, 16]}>
            <Col xs={24} md={8}>
              <Card>
                <Statistic title={t('balance')} value={formatMoney(user.balance, 'USD', lang)} />
              </Card>
            </Col>
            <Col xs={24} md={8}>
              <Card>
                <Statistic title={t('plan')} value={user.name_of_user_plan_id ?? t('noPlan')} />
              </Card>
            </Col>
            <Col xs={24} md={8}>
              <Card title={t('account')} size="small">
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
              </Card>
            </Col>
            <Col xs={24} lg={16}>
              <Card title={t('usageTitle')}>
                <Empty description={t('usageSoon')} />
              </Card>
            </Col>
            <Col xs={24} lg={8}>
              <Card title={t('nextSteps')}>
                <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}>
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
      )}
    </QueryState>
  )
}
