import { type balanceSummary, formatMoney, type Lang, numberFormat, parseMoney, type ResponseOf } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Card, Flex, Statistic, Typography } from 'antd'
import { Link } from 'react-router'
import { paths } from '../../app/paths.ts'
import { type TFunction, useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { QueryState } from '../../ui/QueryState.tsx'
import { balanceSummaryQuery } from './balance.api.ts'
import { balanceMessages } from './balance.i18n.ts'

/** The dashboard's balance: the amount, about how long it lasts at this month's spend, and /payment. */
export function RunwayCard() {
  const t = useT(balanceMessages)
  const summary = useQuery(balanceSummaryQuery())
  return (
    <Card
      title={t('runway.title')}
      extra={<Link to={paths.payment}>{t('runway.manage')}</Link>}
      data-testid="runway-card"
      style={{ height: '100%' }}
    >
      <QueryState query={summary}>{(data) => <RunwayFigures summary={data} />}</QueryState>
    </Card>
  )
}

/** The balance in large figures, with its runway and this month's spend beneath. */
export function RunwayFigures({ summary, size = 'default' }: { summary: BalanceSummary; size?: 'default' | 'large' }) {
  const t = useT(balanceMessages)
  const lang = useLang()
  return (
    <Flex vertical gap={4}>
      <Statistic
        value={formatMoney(summary.balance, 'USD', lang)}
        styles={size === 'large' ? { content: { fontSize: 40 } } : undefined}
        aria-label={t('runway.title')}
      />
      <Typography.Text data-testid="runway">{runwayText(summary, lang, t)}</Typography.Text>
      {hasSpend(summary) ? (
        <Typography.Text type="secondary">
          {t('runway.monthSpend', { amount: formatMoney(summary.month_spend, 'USD', lang) })}
        </Typography.Text>
      ) : null}
    </Flex>
  )
}

type BalanceSummary = ResponseOf<typeof balanceSummary>
type Texts = NonNullable<(typeof balanceMessages)['shape']>

function hasSpend(summary: BalanceSummary) {
  return (parseMoney(summary.month_spend) ?? 0n) > 0n
}

/** "About N days left at this month's spend", or why there is no such number. */
function runwayText(summary: BalanceSummary, lang: Lang, t: TFunction<Texts>): string {
  if (!hasSpend(summary) || summary.runway_days === null) return t('runway.noSpend')
  if (summary.runway_days <= 0) return t('runway.none')
  if (summary.runway_days === 1) return t('runway.oneDay')
  return t('runway.days', { count: numberFormat(lang).format(summary.runway_days) })
}
