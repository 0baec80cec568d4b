import { formatMoney, type Lang, type Payment, type PaymentStatus } from '@app/contract'
import { Tag } from 'antd'
import { useT } from '../../i18n/define.ts'
import { paymentsMessages } from './payments.i18n.ts'

/** What the customer pays (amount + fee) in the charged currency, e.g. "₫2,569,590" or "$104.70". */
export function paidText(payment: Pick<Payment, 'total' | 'currency'>, lang: Lang) {
  return formatMoney(payment.total, payment.currency, lang)
}

export function inCurrency(amount: string, currency: 'VND' | 'USD', lang: Lang) {
  return formatMoney(amount, currency, lang)
}

const COLORS: Record<PaymentStatus, string> = {
  pending: 'processing',
  succeeded: 'green',
  failed: 'red',
  cancelled: 'default',
  review: 'orange',
}

export function PaymentStatusTag({ status }: { status: PaymentStatus }) {
  const t = useT(paymentsMessages)
  return <Tag color={COLORS[status]}>{t(`history.statuses.${status}`)}</Tag>
}
