import { DeleteOutlined, UnorderedListOutlined } from '@ant-design/icons'
import { formatDateTime, type Notification, type NotificationRecipient } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Button, Drawer, Flex, Progress, Space, Table, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useState } from 'react'
import { useConfirmedChange } from '../../api/use-confirmed-change.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { ListFrame, useListPaging } from '../../ui/ListFrame.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { EditDeleteButtons, useEditDialog } from '../../ui/RowActions.tsx'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { useListParam } from '../../ui/use-list-params.ts'
import { verbatimCell } from '../../ui/Verbatim.tsx'
import { NotificationFormModal } from './NotificationFormModal.tsx'
import {
  NOTIFICATIONS_PAGE_SIZE,
  notificationsQuery,
  recipientsQuery,
  useDeleteNotification,
} from './notifications.api.ts'
import { notificationsMessages } from './notifications.i18n.ts'

// Preset palettes (darker text than the status colours), legible at 3:1 and more in both themes.
const statusColor = { pending: 'default', sending: 'blue', sent: 'green', deleted: 'red' } as const
const recipientColor = { pending: 'default', sending: 'blue', sent: 'green', failed: 'red' } as const

/**
 * /administrator/notifications: e-mail notifications with their live progress (the list polls while one
 * is pending or sending), composed, edited and deleted while pending, deleted once sent (kept, marked
 * deleted, with its counts: docs/requirements.md §16.2), and each recipient's result.
 */
export function NotificationsPage() {
  const t = useT(notificationsMessages)
  useDocumentTitle(t('title'))
  const lang = useLang()
  const confirm = useConfirmedChange()
  const paging = useListPaging(NOTIFICATIONS_PAGE_SIZE)
  const [keyword, setKeyword] = useListParam('keyword')
  const list = useQuery(notificationsQuery(paging.page, paging.pageSize, keyword))
  const remove = useDeleteNotification()
  const dialog = useEditDialog<Notification>()
  const [results, setResults] = useState<Notification | null>(null)

  const confirmDelete = (n: Notification) =>
    confirm({
      title: t('delete.title', { name: n.name }),
      content: t(n.status === 'sent' ? 'delete.contentSent' : 'delete.content'),
      okText: t('delete.button'),
      run: () => remove.mutateAsync(n.id),
      done: t('delete.done'),
      failed: t('delete.failed'),
    })

  const columns: ColumnsType<Notification> = [
    { key: 'name', title: t('columns.name'), dataIndex: 'name', onCell: verbatimCell },
    { key: 'subject', title: t('columns.subject'), dataIndex: 'subject', onCell: verbatimCell },
    {
      key: 'sendAt',
      title: t('columns.sendAt'),
      render: (_v, n) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(n.send_at, lang)}</span>,
    },
    {
      key: 'progress',
      title: t('columns.progress'),
      render: (_v, n) => (
        <Flex vertical gap={2} style={{ minWidth: 180 }} data-testid={`progress-${n.id}`}>
          <Space size={4}>
            <Tag color={statusColor[n.status]}>
              {t('progress', { status: t(`status.${n.status}`), success: n.success, total: n.total })}
            </Tag>
            {n.failed > 0 ? (
              <Typography.Text type="danger">{t('failedCount', { count: n.failed })}</Typography.Text>
            ) : null}
          </Space>
          <Progress
            aria-label={t('progress', { status: t(`status.${n.status}`), success: n.success, total: n.total })}
            percent={n.total ? Math.round(((n.success + n.failed) / n.total) * 100) : 0}
            success={{ percent: n.total ? Math.round((n.success / n.total) * 100) : 0 }}
            size="small"
            showInfo={false}
            status={n.status === 'sending' ? 'active' : 'normal'}
          />
        </Flex>
      ),
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      render: (_v, n) => (
        <Space>
          {n.status === 'pending' ? (
            <EditDeleteButtons
              edit={{ label: t('edit'), aria: t('editOf', { name: n.name }), onClick: () => dialog.edit(n) }}
              remove={{
                label: t('delete.button'),
                aria: t('delete.of', { name: n.name }),
                onClick: () => confirmDelete(n),
              }}
            />
          ) : (
            <>
              <Button
                size="small"
                icon={<UnorderedListOutlined />}
                aria-label={t('resultsOf', { name: n.name })}
                onClick={() => setResults(n)}
              >
                {t('results')}
              </Button>
              {n.status === 'sent' ? (
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('delete.of', { name: n.name })}
                  onClick={() => confirmDelete(n)}
                >
                  {t('delete.button')}
                </Button>
              ) : null}
            </>
          )}
        </Space>
      ),
    },
  ]

  return (
    <ListFrame<Notification>
      title={t('title')}
      intro={t('intro')}
      create={{ label: t('create'), onClick: dialog.create }}
      search={{ value: keyword, placeholder: t('search'), onSearch: setKeyword }}
      query={list}
      paging={paging}
      columns={columns}
      rowKey="id"
      empty={keyword ? t('noMatch', { keyword }) : t('empty')}
      total={(total) => t('total', { count: total })}
      fetching={false}
    >
      <NotificationFormModal open={dialog.isOpen} notification={dialog.editing} onClose={dialog.close} />
      <Drawer
        open={results !== null}
        onClose={() => setResults(null)}
        title={results ? t('recipientsTitle', { name: results.name }) : ''}
        size="large"
        destroyOnHidden
      >
        {results ? <RecipientResults notification={results} /> : null}
      </Drawer>
    </ListFrame>
  )
}

function RecipientResults({ notification }: { notification: Notification }) {
  const t = useT(notificationsMessages)
  const lang = useLang()
  const [page, setPage] = useState(1)
  const recipients = useQuery(recipientsQuery(notification.id, page))
  const columns: ColumnsType<NotificationRecipient> = [
    { key: 'email', title: t('recipientColumns.email'), dataIndex: 'email' },
    {
      key: 'status',
      title: t('recipientColumns.status'),
      render: (_v, r) => <Tag color={recipientColor[r.status]}>{t(`recipientStatus.${r.status}`)}</Tag>,
    },
    { key: 'attempts', title: t('recipientColumns.attempts'), dataIndex: 'attempts' },
    {
      key: 'error',
      title: t('recipientColumns.error'),
      render: (_v, r) => (r.error ? <Typography.Text type="danger">{r.error}</Typography.Text> : '—'),
    },
    {
      key: 'sentAt',
      title: t('recipientColumns.sentAt'),
      render: (_v, r) => (r.sent_at ? formatDateTime(r.sent_at, lang) : '—'),
    },
  ]
  return (
    <QueryState query={recipients}>
      {(data) => (
        <Table<NotificationRecipient>
          rowKey="email"
          size="small"
          columns={columns}
          dataSource={data.items}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: data.page,
            pageSize: data.page_size,
            total: data.total,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: setPage,
          }}
        />
      )}
    </QueryState>
  )
}
