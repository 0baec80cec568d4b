import { useQuery } from '@tanstack/react-query'
import { Card, Col, Flex, Row, Typography } from 'antd'
import { Suspense } from 'react'
import { useT } from '../../i18n/define.ts'
import { lazyComponent, usePreloaded } from '../../lib/lazy-component.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { TopUpCard } from '../payments/TopUpCard.tsx'
import { BalanceAlertForm } from './BalanceAlertForm.tsx'
import { balanceSummaryQuery } from './balance.api.ts'
import { balanceMessages } from './balance.i18n.ts'
import { CouponRedeem } from './CouponRedeem.tsx'
import { RunwayFigures } from './RunwayCard.tsx'

// The history under the forms (payments, coupons redeemed, the balance's movements: three tables with
// their pagers and filters) and the saved cards come apart from the page, fetched once it is drawn
// (bench/README.md, issue 20).
const BalanceHistory = lazyComponent(
  () => import('./BalanceHistory.tsx'),
  (m) => m.BalanceHistory,
)

/**
 * /payment: the balance and how long it lasts, the top-up (VNPay, PayPal, bank transfer) and coupons,
 * the customer's payments, the coupons redeemed, every movement of the balance, the low-balance alert
 * and the saved cards.
 */
export function BalancePage() {
  const t = useT(balanceMessages)
  useDocumentTitle(t('title'))
  const summary = useQuery(balanceSummaryQuery())
  usePreloaded(BalanceHistory)

  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('intro')}</Typography.Text>
      </div>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card title={t('runway.title')} style={{ height: '100%' }} data-testid="balance-card">
            <QueryState query={summary}>{(data) => <RunwayFigures summary={data} size="large" />}</QueryState>
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <TopUpCard />
        </Col>
        <Col xs={24} lg={12}>
          <CouponRedeem />
        </Col>
        <Col xs={24} lg={12}>
          <QueryState query={summary}>
            {(data) => <BalanceAlertForm key={data.alert_threshold ?? 'off'} threshold={data.alert_threshold} />}
          </QueryState>
        </Col>
        <Suspense fallback={null}>
          <BalanceHistory.Component />
        </Suspense>
      </Row>
    </Flex>
  )
}
