import { FileDoneOutlined } from '@ant-design/icons'
import { Badge, Tooltip, Typography } from 'antd'
import { useT } from '../../i18n/define.ts'
import { billingMessages } from './billing.i18n.ts'

// A coloured dot beside text in the normal text colour: coloured tag texts fall under 3:1 contrast.
export function PaidBadge({ paid }: { paid: boolean }) {
  const t = useT(billingMessages)
  return (
    <Badge
      status={paid ? 'success' : 'warning'}
      text={<span style={{ whiteSpace: 'nowrap' }}>{paid ? t('status.paid') : t('status.unpaid')}</span>}
    />
  )
}

/** Whether the customer asked for a VAT invoice: an icon with its meaning for the eye and the ear. */
export function VatMark({ requested }: { requested: boolean }) {
  const t = useT(billingMessages)
  if (!requested)
    return (
      <Typography.Text type="secondary" aria-label={t('vatNotRequested')} role="img">
        —
      </Typography.Text>
    )
  return (
    <Tooltip title={t('vatRequested')}>
      <Typography.Text type="success" aria-label={t('vatRequested')} role="img">
        <FileDoneOutlined />
      </Typography.Text>
    </Tooltip>
  )
}
