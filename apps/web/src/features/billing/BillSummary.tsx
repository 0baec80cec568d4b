import { CopyOutlined } from '@ant-design/icons'
import type { BillDetail } from '@app/contract'
import { App, Button, Card, Divider, Flex, Tooltip, Typography, theme } from 'antd'
import type { ReactNode } from 'react'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { copyText } from '../../lib/clipboard.ts'
import { formatDecimal, formatPercent, isZero } from './bill-format.ts'
import { billingMessages } from './billing.i18n.ts'

/** From the sum of the services to the total: discount, free monthly credit, USD and VND. */
export function BillSummary({ bill }: { bill: BillDetail }) {
  const t = useT(billingMessages)
  const lang = useLang()
  const usd = (amount: string) => t('money.usd', { amount: formatDecimal(amount, lang) })
  const hasDiscount = !isZero(bill.discount) || !isZero(bill.discount_percent)
  return (
    <Card title={t('summary.title')}>
      <dl style={{ margin: 0, display: 'grid', gap: 8 }}>
        <Row term={t('summary.amountBeforeDiscount')} value={usd(bill.amount_before_discount)} />
        {hasDiscount ? (
          <Row
            term={t('summary.discount', {
              percent: t('money.percent', { value: formatPercent(bill.discount_percent, lang) }),
            })}
            value={`− ${usd(bill.discount)}`}
          />
        ) : null}
        {isZero(bill.free_credit) ? null : <Row term={t('summary.freeCredit')} value={`− ${usd(bill.free_credit)}`} />}
        {/* A rule above the total, drawn by the row: a <dl> holds only its terms (axe-core's definition-list). */}
        <Row term={<strong>{t('summary.total')}</strong>} value={usd(bill.total)} isTotal />
        <Row
          term={t('summary.totalVnd')}
          value={t('money.vnd', { amount: formatDecimal(bill.total_vnd, lang, 0) })}
          note={t('summary.exchangeRate', { rate: formatDecimal(bill.exchange_rate, lang, 0) })}
        />
      </dl>
      <Divider style={{ margin: '16px 0' }} />
      <TransferContent text={bill.transfer_content} />
    </Card>
  )
}

function Row({ term, value, note, isTotal }: { term: ReactNode; value: string; note?: string; isTotal?: boolean }) {
  const { token } = theme.useToken()
  return (
    <div
      style={{
        display: 'flex',
        justifyContent: 'space-between',
        gap: 12,
        alignItems: 'baseline',
        ...(isTotal ? { borderTop: `1px solid ${token.colorSplit}`, paddingTop: 12, marginTop: 4 } : {}),
      }}
    >
      <dt style={{ color: isTotal ? token.colorText : token.colorTextSecondary }}>
        {term}
        {note ? <div style={{ fontSize: token.fontSizeSM }}>{note}</div> : null}
      </dt>
      <dd
        style={{
          margin: 0,
          textAlign: 'right',
          whiteSpace: 'nowrap',
          fontVariantNumeric: 'tabular-nums',
          fontWeight: isTotal ? 700 : 500,
          fontSize: isTotal ? token.fontSizeHeading4 : undefined,
        }}
      >
        {value}
      </dd>
    </div>
  )
}

/** The bill's transfer content, to write in a bank transfer's description, with a copy button. */
function TransferContent({ text }: { text: string }) {
  const t = useT(billingMessages)
  const { message } = App.useApp()
  const onCopy = async () => {
    try {
      await copyText(text)
      message.success(t('transfer.copied'))
    } catch {
      message.error(t('transfer.failed'))
    }
  }
  return (
    <Flex vertical gap={4}>
      <Typography.Text strong>{t('transfer.label')}</Typography.Text>
      <Flex gap={8} align="center" wrap>
        <Typography.Text code style={{ fontSize: 15 }} data-testid="transfer-content">
          {text}
        </Typography.Text>
        <Tooltip title={t('transfer.copy')}>
          <Button icon={<CopyOutlined />} aria-label={t('transfer.copy')} onClick={() => void onCopy()} />
        </Tooltip>
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        {t('transfer.hint')}
      </Typography.Text>
    </Flex>
  )
}
