import { formatDateTime, type OutboxMessage } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Button, Flex, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { useT } from '../../i18n/define.ts'
import { currentLang } from '../../i18n/lang.ts'
import { SearchInput } from '../../ui/inputs.ts'
import { ListTable, useListPaging } from '../../ui/ListFrame.tsx'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { Verbatim } from '../../ui/Verbatim.tsx'
import { OutboxMessageDrawer } from './OutboxMessageDrawer.tsx'
import { OutboxStatusTag } from './OutboxStatusTag.tsx'
import { OUTBOX_PAGE_SIZE, outboxQuery } from './outbox.api.ts'
import { outboxMessages } from './outbox.i18n.ts'

/** /administrator/outbox: the e-mails the portal sent or stored, searchable, page number in the URL. */
export function OutboxPage() {
  const t = useT(outboxMessages)
  const [searchParams, setSearchParams] = useSearchParams()
  const paging = useListPaging(OUTBOX_PAGE_SIZE)
  const keyword = searchParams.get('keyword') ?? ''
  const list = useQuery(outboxQuery(paging.page, paging.pageSize, keyword))
  const [openId, setOpenId] = useState<string | null>(null)
  const lang = currentLang()
  useDocumentTitle(t('title'))

  const onSearch = (value: string) => {
    const next = new URLSearchParams(searchParams)
    if (value.trim()) next.set('keyword', value.trim())
    else next.delete('keyword')
    next.delete('page')
    setSearchParams(next)
  }

  const subjectLink = (row: OutboxMessage) => (
    <Button
      type="link"
      aria-label={t('open', { subject: row.subject })}
      style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }}
      onClick={(event) => {
        event.stopPropagation()
        setOpenId(row.id)
      }}
    >
      <Verbatim>{row.subject}</Verbatim>
    </Button>
  )

  // Phones get one column that stacks what matters; wider screens get the full table.
  const columns: ColumnsType<OutboxMessage> = [
    {
      key: 'message',
      title: t('columns.message'),
      responsive: ['xs'],
      render: (_value, row) => (
        <Flex vertical gap={4} align="flex-start">
          {subjectLink(row)}
          <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }}>
            {row.to}
          </Typography.Text>
          <Flex gap={8} align="center" wrap>
            <OutboxStatusTag status={row.status} />
            <Typography.Text type="secondary">{formatDateTime(row.created_at, lang)}</Typography.Text>
          </Flex>
        </Flex>
      ),
    },
    { key: 'to', title: t('columns.to'), dataIndex: 'to', ellipsis: true, responsive: ['sm'] },
    {
      key: 'subject',
      title: t('columns.subject'),
      dataIndex: 'subject',
      responsive: ['sm'],
      render: (_subject: string, row) => subjectLink(row),
    },
    { key: 'template', title: t('columns.template'), dataIndex: 'template', responsive: ['lg'] },
    {
      key: 'status',
      title: t('columns.status'),
      dataIndex: 'status',
      responsive: ['sm'],
      render: (status: OutboxMessage['status']) => <OutboxStatusTag status={status} />,
    },
    { key: 'attempts', title: t('columns.attempts'), dataIndex: 'attempts', align: 'end', responsive: ['lg'] },
    {
      key: 'created',
      title: t('columns.created'),
      dataIndex: 'created_at',
      responsive: ['md'],
      render: (value: string) => formatDateTime(value, lang),
    },
    {
      key: 'sent',
      title: t('columns.sent'),
      dataIndex: 'sent_at',
      responsive: ['xl'],
      render: (value: string | null) =>
        value ? formatDateTime(value, lang) : <Typography.Text type="secondary">{t('notSent')}</Typography.Text>,
    },
  ]

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Typography.Paragraph type="secondary" style={{ margin: 0, flex: '1 1 320px' }}>
          {t('intro')}
        </Typography.Paragraph>
        <SearchInput
          key={keyword}
          defaultValue={keyword}
          allowClear
          enterButton
          placeholder={t('search')}
          aria-label={t('search')}
          onSearch={onSearch}
          style={{ flex: '0 1 340px' }}
        />
      </Flex>
      <ListTable<OutboxMessage>
        query={list}
        paging={paging}
        columns={columns}
        rowKey="id"
        empty={keyword ? t('noMatch', { keyword }) : t('empty')}
        total={(total) => t('total', { count: total })}
        alwaysPaged
        table={{
          scroll: undefined,
          onRow: (row) => ({ onClick: () => setOpenId(row.id), style: { cursor: 'pointer' } }),
        }}
      />
      <OutboxMessageDrawer id={openId} onClose={() => setOpenId(null)} />
    </Flex>
  )
}
