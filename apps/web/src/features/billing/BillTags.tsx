import { CheckCircleOutlined, ClockCircleOutlined, FileTextOutlined } from '@ant-design/icons'
import { Tag } from 'antd'
import { useT } from '../../i18n/define.ts'
import { billingMessages } from './billing.i18n.ts'

/** Paid or unpaid, in words and colour (antd's preset colours follow the theme). */
export function PaidTag({ isPaid }: { isPaid: boolean }) {
  const t = useT(billingMessages)
  return isPaid ? (
    <Tag color="green" icon={<CheckCircleOutlined />}>
      {t('status.paid')}
    </Tag>
  ) : (
    <Tag color="orange" icon={<ClockCircleOutlined />}>
      {t('status.unpaid')}
    </Tag>
  )
}

/** The mark of a bill with a VAT invoice request. */
export function VatTag() {
  const t = useT(billingMessages)
  return (
    <Tag color="blue" icon={<FileTextOutlined />}>
      {t('status.vatRequested')}
    </Tag>
  )
}
