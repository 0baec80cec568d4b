import { formatMoney } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Card, Col, Row, Statistic, Typography } from 'antd'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { formatCount } from '../../ui/charts/chart-data.ts'
import { QueryState } from '../../ui/QueryState.tsx'
import type { MonthChoice } from './bill-filters.ts'
import { monthLabel } from './bill-format.ts'
import { billCountQuery } from './billing.api.ts'
import { billingMessages } from './billing.i18n.ts'

/** One month's bills at a glance (count-by-month): how many, how many paid and unpaid, and their amounts. */
export function BillSummary({ month }: { month: MonthChoice }) {
  const t = useT(billingMessages)
  const lang = useLang()
  const counts = useQuery(billCountQuery(month))
  return (
    <Card size="small" title={t('summary.title', { month: monthLabel(month, lang) })}>
      <QueryState query={counts}>
        {(data) => {
          const figures = [
            { key: 'count', title: t('summary.count'), count: data.count, amount: data.total },
            { key: 'paid', title: t('summary.paid'), count: data.paid, amount: data.paid_total },
            { key: 'unpaid', title: t('summary.unpaid'), count: data.unpaid, amount: data.unpaid_total },
          ]
          return (
            <Row gutter={[16, 16]}>
              {figures.map((figure) => (
                <Col key={figure.key} xs={24} sm={8}>
                  <Statistic
                    title={figure.title}
                    value={figure.count}
                    formatter={() => formatCount(figure.count, lang)}
                  />
                  <Typography.Text type="secondary">
                    {t('summary.amount', { amount: formatMoney(figure.amount, 'USD', lang) })}
                  </Typography.Text>
                </Col>
              ))}
            </Row>
          )
        }}
      </QueryState>
    </Card>
  )
}
