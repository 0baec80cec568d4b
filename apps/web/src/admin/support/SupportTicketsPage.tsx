import type { TicketStatus, TicketSummary } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Flex, Input, Segmented, Table, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { Link } from 'react-router'
import { paths } from '../../app/paths.ts'
import { allTicketsQuery } from '../../features/support/support.api.ts'
import { supportSharedMessages } from '../../features/support/support-shared.i18n.ts'
import { TicketStatusTag } from '../../features/support/TicketStatusTag.tsx'
import { useT } from '../../i18n/define.ts'
import { relativeTimeText } from '../../lib/relative-time.ts'
import { QueryState } from '../../ui/QueryState.tsx'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { usePageParam } from '../../ui/use-page-param.ts'
import { useLastPage, useListParam } from '../coupons/use-list-params.ts'
import { adminSupportMessages } from './admin-support.i18n.ts'

/** /administrator/support: every customer's tickets, filtered by status and searched (all in the URL). */
export function SupportTicketsPage() {
  const t = useT(adminSupportMessages)
  const shared = useT(supportSharedMessages)
  useDocumentTitle(t('list.title'))
  const [page, setPage] = usePageParam()
  const [keyword, setKeyword] = useListParam('keyword')
  const [rawStatus, setStatus] = useListParam('status')
  const status: TicketStatus | null = rawStatus === 'open' || rawStatus === 'closed' ? rawStatus : null
  const list = useQuery(allTicketsQuery(page, status, keyword))
  useLastPage(list.data, page, setPage)
  const now = new Date()

  const columns: ColumnsType<TicketSummary> = [
    {
      key: 'title',
      title: t('list.columns.title'),
      render: (_v, ticket) => (
        <Link to={paths.admin.supportTicket(ticket.id)} style={{ overflowWrap: 'anywhere' }}>
          {ticket.title}
        </Link>
      ),
    },
    {
      key: 'customer',
      title: t('list.columns.customer'),
      render: (_v, ticket) => (
        <div style={{ minWidth: 160 }}>
          <div>{ticket.user.full_name}</div>
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

  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('list.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('list.intro')}</Typography.Text>
      </div>
      <Flex gap={12} wrap align="center">
        <Input.Search
          key={keyword}
          defaultValue={keyword}
          allowClear
          enterButton
          placeholder={t('list.search')}
          aria-label={t('list.search')}
          onSearch={setKeyword}
          style={{ maxWidth: 420, flex: '1 1 260px' }}
        />
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
      </Flex>
      <QueryState query={list}>
        {(data) => (
          <Table<TicketSummary>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={data.items}
            loading={list.isFetching}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: keyword || status ? t('list.noMatch') : t('list.empty') }}
            pagination={{
              current: data.page,
              pageSize: data.page_size,
              total: data.total,
              showSizeChanger: false,
              hideOnSinglePage: true,
              showTotal: (total) => t('list.total', { count: total }),
              onChange: setPage,
            }}
          />
        )}
      </QueryState>
    </Flex>
  )
}
