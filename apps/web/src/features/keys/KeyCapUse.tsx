import { formatDate, formatMoney, type Key, type Lang } from '@app/contract'
import { Flex, Progress, Tag, Tooltip, Typography, theme } from 'antd'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { formatCount, percentText } from '../../ui/charts/chart-data.ts'
import { keyFormMessages } from './key-form.i18n.ts'

type CapFields = Pick<Key, 'request_cap' | 'spend_cap' | 'cap_use'>

/**
 * The day a reached cap lifts: the first of the month after `month` ('YYYY-MM', UTC), as a local
 * calendar date so that it reads as that day in every time zone.
 */
function liftDate(month: string, lang: Lang): string {
  const [year = 1970, monthNumber = 1] = month.split('-').map(Number)
  // Months count from 0 here, so the 1-based number of this month is the index of the next one.
  return formatDate(new Date(year, monthNumber, 1), lang)
}

/**
 * A key's use of its monthly caps (docs/gateway.md "Monthly caps"), as the key lists show it: a bar
 * (orange from 80 %, red at the cap), "8,000 / 10,000 calls · $40.00 / $50.00 this month", and once
 * the cap is reached, until when the gateway refuses the key.
 */
export function KeyCapUse({ keyItem, block = false }: { keyItem: CapFields; block?: boolean }) {
  const t = useT(keyFormMessages)
  const lang = useLang()
  const { token } = theme.useToken()
  const use = keyItem.cap_use
  const parts: string[] = []
  if (use && keyItem.request_cap !== null)
    parts.push(t('caps.calls', { used: formatCount(use.requests, lang), cap: formatCount(keyItem.request_cap, lang) }))
  if (use && keyItem.spend_cap !== null)
    parts.push(
      t('caps.money', { used: formatMoney(use.spend, 'USD', lang), cap: formatMoney(keyItem.spend_cap, 'USD', lang) }),
    )
  if (!use || parts.length === 0)
    return (
      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
        {t('caps.none')}
      </Typography.Text>
    )

  const isReached = use.state === 'reached'
  const used = t('caps.used', { percent: percentText(use.percent / 100, lang) })
  const date = liftDate(use.month, lang)
  return (
    <Flex
      vertical
      gap={2}
      data-testid="key-cap-use"
      style={block ? { width: '100%' } : { minWidth: 160, maxWidth: 260 }}
    >
      <Tooltip title={used}>
        <Progress
          percent={Math.min(100, Math.max(0, use.percent))}
          size="small"
          showInfo={false}
          status={isReached ? 'exception' : 'normal'}
          strokeColor={use.state === 'warn' ? token.colorWarning : undefined}
          aria-label={used}
          style={{ margin: 0 }}
        />
      </Tooltip>
      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM, overflowWrap: 'anywhere' }}>
        {t('caps.thisMonth', { use: parts.join(' · ') })}
      </Typography.Text>
      {isReached ? (
        <Tooltip title={t('caps.reachedHint', { date })}>
          <Tag
            color="error"
            tabIndex={0}
            style={{ marginInlineEnd: 0, alignSelf: 'flex-start', whiteSpace: 'normal', cursor: 'help' }}
          >
            {t('caps.reached', { date })}
          </Tag>
        </Tooltip>
      ) : null}
    </Flex>
  )
}
