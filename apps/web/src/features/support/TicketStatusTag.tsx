import type { TicketStatus } from '@app/contract'
import { Tag } from 'antd'
import { useT } from '../../i18n/define.ts'
import { supportSharedMessages } from './support-shared.i18n.ts'

export function TicketStatusTag({ status }: { status: TicketStatus }) {
  const t = useT(supportSharedMessages)
  return (
    <Tag color={status === 'open' ? 'green' : 'default'} data-testid="ticket-status">
      {t(`status.${status}`)}
    </Tag>
  )
}
