import type { OutboxMessage } from '@app/contract'
import { Badge, type BadgeProps } from 'antd'
import { useT } from '../../i18n/define.ts'
import { outboxMessages } from './outbox.i18n.ts'

// A coloured dot beside text in the normal text colour: coloured tag texts fall under 3:1 contrast.
const tones: Record<OutboxMessage['status'], BadgeProps['status']> = {
  pending: 'warning',
  sent: 'success',
  failed: 'error',
  stored: 'processing',
}

export function OutboxStatusTag({ status }: { status: OutboxMessage['status'] }) {
  const t = useT(outboxMessages)
  return <Badge status={tones[status]} text={t(`status.${status}`)} />
}
