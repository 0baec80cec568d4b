import { PlusOutlined, QuestionCircleOutlined } from '@ant-design/icons'
import type { TicketStatus, TicketSummary } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Empty, Flex, Segmented, Table, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { Link, useSearchParams } from 'react-router'
import { paths } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { relativeTimeText } from '../../lib/relative-time.ts'
import { LinkButton } from '../../ui/LinkButton.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { usePageParam } from '../../ui/use-page-param.ts'
import { ownTicketsQuery } from './support.api.ts'
import { supportMessages } from './support.i18n.ts'
import { supportSharedMessages } from './support-shared.i18n.ts'
import { TicketStatusTag } from './TicketStatusTag.tsx'

const STATUSES = ['open', 'closed'] as const

/** /support/request: the customer's tickets, most recent activity first, paged and filtered in the URL. */
export function SupportRequestsPage() {
  const t = useT(supportMessages)
  const shared = useT(supportSharedMessages)
  useDocumentTitle(t('list.title'))
  const [page, setPage] = usePageParam()
  const [searchParams, setSearchParams] = useSearchParams()
  const raw = searchParams.get('status')
  const status: TicketStatus | null = raw === 'open' || raw === 'closed' ? raw : null
  const list = useQuery(ownTicketsQuery(page, status))
  const now = new Date()

  const columns: ColumnsType<TicketSummary> = [
    {
      key: 'title',
      title: t('list.columns.title'),
      render: (_v, ticket) => (
        <Link to={paths.ticket(ticket.id)} style={{ overflowWrap: 'anywhere' }}>
          {ticket.title}
        </Link>
      ),
    },
    {
      key: 'status',
      title: t('list.columns.status'),
      render: (_v, ticket) => <TicketStatusTag status={ticket.status} />,
    },
    {
      key: 'last',
      title: t('list.columns.lastReply'),
      render: (_v, ticket) => {
        const time = relativeTimeText(ticket.last_reply_at, now)
        return (
          <Typography.Text
            type={ticket.last_reply_by === 'staff' ? undefined : 'secondary'}
            style={{ whiteSpace: 'nowrap' }}
          >
            {ticket.last_reply_by === 'staff' ? t('list.lastReplyStaff', { time }) : t('list.lastReplyYou', { time })}
          </Typography.Text>
        )
      },
    },
    { key: 'messages', title: t('list.columns.messages'), dataIndex: 'messages', align: 'right' },
  ]

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <div style={{ flex: '1 1 320px' }}>
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
            {t('list.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('list.intro')}</Typography.Text>
        </div>
        <Flex gap={8} wrap>
          <LinkButton to={paths.faqs} icon={<QuestionCircleOutlined />}>
            {t('list.faqs')}
          </LinkButton>
          <LinkButton to={paths.addQuestion} type="primary" icon={<PlusOutlined />}>
            {t('list.create')}
          </LinkButton>
        </Flex>
      </Flex>
      <Segmented
        aria-label={t('list.filter')}
        value={status ?? 'all'}
        onChange={(value) =>
          setSearchParams((params) => {
            const copy = new URLSearchParams(params)
            if (value === 'all') copy.delete('status')
            else copy.set('status', String(value))
            copy.delete('page')
            return copy
          })
        }
        options={[
          { value: 'all', label: t('list.all') },
          ...STATUSES.map((s) => ({ value: s, label: shared(`status.${s}`) })),
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      <QueryState query={list}>
        {(data) => (
          <Table<TicketSummary>
            rowKey="id"
            columns={columns}
            dataSource={data.items}
            loading={list.isFetching}
            scroll={{ x: 'max-content' }}
            locale={{
              emptyText: (
                <Empty description={t('list.empty')} style={{ margin: '24px 0' }}>
                  <Typography.Paragraph type="secondary">{t('list.emptyHint')}</Typography.Paragraph>
                </Empty>
              ),
            }}
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
