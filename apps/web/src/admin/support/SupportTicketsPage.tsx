import type { TicketStatus, TicketSummary } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Flex, Segmented, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { Link } from 'react-router'
import { paths } from '../../app/paths.ts'
import { allTicketsQuery, TICKETS_PAGE_SIZE } from '../../features/support/support.api.ts'
import { supportSharedMessages } from '../../features/support/support-shared.i18n.ts'
import { TicketStatusTag } from '../../features/support/TicketStatusTag.tsx'
import { useT } from '../../i18n/define.ts'
import { relativeTimeText } from '../../lib/relative-time.ts'
import { ListFrame, ListTable, useListPaging } from '../../ui/ListFrame.tsx'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { useListParam } from '../../ui/use-list-params.ts'
import { Verbatim } from '../../ui/Verbatim.tsx'
import { adminSupportMessages } from './admin-support.i18n.ts'

/** /administrator/support: every customer's tickets, filtered by status and searched (all in the URL). */
export function SupportTicketsPage() {
  const t = useT(adminSupportMessages)
  const shared = useT(supportSharedMessages)
  useDocumentTitle(t('list.title'))
  const paging = useListPaging(TICKETS_PAGE_SIZE)
  const [keyword, setKeyword] = useListParam('keyword')
  const [rawStatus, setStatus] = useListParam('status')
  const status: TicketStatus | null = rawStatus === 'open' || rawStatus === 'closed' ? rawStatus : null
  const list = useQuery(allTicketsQuery(paging.page, paging.pageSize, status, keyword))
  const columns = useTicketColumns()
  return (
    <ListFrame<TicketSummary>
      title={t('list.title')}
      intro={t('list.intro')}
      search={{ value: keyword, placeholder: t('list.search'), onSearch: setKeyword }}
      filters={
        <Segmented
          aria-label={t('list.status')}
          value={status ?? 'all'}
          onChange={(value) => setStatus(value === 'all' ? null : String(value))}
          options={[
            { value: 'all', label: t('list.all') },
            { value: 'open', label: shared('status.open') },
            { value: 'closed', label: shared('status.closed') },
          ]}
        />
      }
      query={list}
      paging={paging}
      columns={columns}
      rowKey="id"
      empty={keyword || status ? t('list.noMatch') : t('list.empty')}
      total={(total) => t('list.total', { count: total })}
    />
  )
}

/** The customer page's tickets tab (issue 21): one customer's tickets, newest reply first. */
export function UserTickets({ userId }: { userId: string }) {
  const t = useT(adminSupportMessages)
  const paging = useListPaging(TICKETS_PAGE_SIZE)
  const list = useQuery(allTicketsQuery(paging.page, paging.pageSize, null, '', userId))
  const columns = useTicketColumns().filter((column) => column.key !== 'customer')
  return (
    <ListTable<TicketSummary>
      query={list}
      paging={paging}
      columns={columns}
      rowKey="id"
      empty={t('list.empty')}
      total={(total) => t('list.total', { count: total })}
    />
  )
}

function useTicketColumns(): ColumnsType<TicketSummary> {
  const t = useT(adminSupportMessages)
  const now = new Date()
  return [
    {
      key: 'title',
      title: t('list.columns.title'),
      render: (_v, ticket) => (
        <Link to={paths.admin.supportTicket(ticket.id)} style={{ overflowWrap: 'anywhere' }}>
          <Verbatim>{ticket.title}</Verbatim>
        </Link>
      ),
    },
    {
      key: 'customer',
      title: t('list.columns.customer'),
      render: (_v, ticket) => (
        <div style={{ minWidth: 160 }}>
          <Verbatim>
            <div>{ticket.user.full_name}</div>
          </Verbatim>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {ticket.user.email}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'status',
      title: t('list.columns.status'),
      render: (_v, ticket) => (
        <Flex gap={4} wrap>
          <TicketStatusTag status={ticket.status} />
          {ticket.status === 'open' ? (
            ticket.last_reply_by === 'customer' ? (
              <Tag color="orange">{t('list.waiting')}</Tag>
            ) : (
              <Tag color="blue">{t('list.answered')}</Tag>
            )
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'last',
      title: t('list.columns.lastReply'),
      render: (_v, ticket) => (
        <span style={{ whiteSpace: 'nowrap' }}>{relativeTimeText(ticket.last_reply_at, now)}</span>
      ),
    },
    { key: 'messages', title: t('list.columns.messages'), dataIndex: 'messages', align: 'right' },
  ]
}
