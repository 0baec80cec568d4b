import { ApiOutlined, SendOutlined, SettingOutlined } from '@ant-design/icons'
import { Card, Col, Empty, List, Row, Typography } from 'antd'
import { Link } from 'react-router'
import { paths } from '../../app/paths.ts'
import { useSession } from '../../app/session.ts'
import { useT } from '../../i18n/define.ts'
import { overviewMessages } from './overview.i18n.ts'

export function OverviewPage() {
  const t = useT(overviewMessages)
  const session = useSession()
  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('welcome', { name: session?.full_name ?? '' })}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <Card title={t('title')}>
            <Empty description={t('soon')} />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t('shortcuts')}>
            <List>
              <List.Item>
                <Link to={paths.admin.outbox}>
                  <SendOutlined /> {t('outbox')}
                </Link>
              </List.Item>
              <List.Item>
                <Link to={paths.admin.settings}>
                  <SettingOutlined /> {t('settings')}
                </Link>
              </List.Item>
              <List.Item>
                <a href="/docs" target="_blank" rel="noreferrer">
                  <ApiOutlined /> {t('apiDocs')}
                </a>
              </List.Item>
            </List>
          </Card>
        </Col>
      </Row>
    </>
  )
}
