import {
  checkRefuseReason,
  EMAIL_CHANGE_REFUSE_REASON_MAX,
  EMAIL_CHANGE_STATUSES,
  type EmailChangeRequest,
  formatDateTime,
} from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { App, Button, Flex, Form, Modal, Popconfirm, Segmented, Select, Space, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useState } from 'react'
import { failureText } from '../../api/errors.ts'
import { commonMessages } from '../../i18n/common.i18n.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { ruleFrom } from '../../ui/form-rules.ts'
import { SearchInput, TextArea } from '../../ui/inputs.ts'
import { ListFrame, ListTable, useListPaging } from '../../ui/ListFrame.tsx'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { useListParam } from '../../ui/use-list-params.ts'
import { Verbatim } from '../../ui/Verbatim.tsx'
import {
  EMAIL_CHANGE_PAGE_SIZE,
  type EmailChangeFilters,
  emailChangesQuery,
  type Status,
  useCompleteEmailChange,
  useRefuseEmailChange,
  type View,
} from './email-change.api.ts'
import { adminEmailChangeMessages } from './email-change.i18n.ts'

const STATUS_COLOR = { unaccomplished: 'orange', accomplished: 'green', refused: 'red' } as const
const isStatus = (value: string): value is Status => (EMAIL_CHANGE_STATUSES as readonly string[]).includes(value)

/**
 * /administrator/change-email (admin and support, docs/requirements.md §13.2): the requests by status (unaccomplished
 * first, the oldest on top), every request, or one account's (`?user_id=`), searched on the server;
 * complete after a confirmation, or refuse with a reason the customer sees. Filters, page and page size
 * live in the URL.
 */
export function EmailChangePage() {
  const t = useT(adminEmailChangeMessages)
  useDocumentTitle(t('title'))
  const paging = useListPaging(EMAIL_CHANGE_PAGE_SIZE)
  const [keyword, setKeyword] = useListParam('keyword')
  const [rawView, setView] = useListParam('view')
  const [rawStatus, setStatus] = useListParam('status')
  const [userId, setUserId] = useListParam('user_id')
  const view: View = rawView === 'all' ? 'all' : 'active'
  const status: Status = isStatus(rawStatus) ? rawStatus : 'unaccomplished'
  const filters: EmailChangeFilters = { view, status, keyword, userId, page: paging.page, pageSize: paging.pageSize }
  const list = useQuery(emailChangesQuery(filters))
  const [refusing, setRefusing] = useState<EmailChangeRequest | null>(null)
  const columns = useRequestColumns(setRefusing)

  // One account's requests replace the filters with who they belong to; otherwise the view, the status
  // (for the requests in progress) and the search, in that order.
  const filterBar = userId ? (
    <Space wrap>
      <Typography.Text strong>{t('byUser')}</Typography.Text>
      <Typography.Text code>{userId}</Typography.Text>
      <Button size="small" onClick={() => setUserId(null)}>
        {t('clearUser')}
      </Button>
    </Space>
  ) : (
    <>
      <Segmented<View>
        aria-label={t('title')}
        value={view}
        onChange={(next) => setView(next === 'active' ? null : next)}
        options={(['active', 'all'] as const).map((value) => ({ value, label: t(`views.${value}`) }))}
      />
      {view === 'active' ? (
        <Select<Status>
          aria-label={t('statusFilter')}
          value={status}
          onChange={(next) => setStatus(next === 'unaccomplished' ? null : next)}
          options={EMAIL_CHANGE_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
          style={{ minWidth: 180 }}
        />
      ) : null}
      <SearchInput
        key={keyword}
        defaultValue={keyword}
        allowClear
        enterButton
        placeholder={t('search')}
        aria-label={t('search')}
        onSearch={setKeyword}
        style={{ flex: '1 1 260px', maxWidth: 420 }}
      />
    </>
  )

  return (
    <ListFrame<EmailChangeRequest>
      title={t('title')}
      intro={t('intro')}
      filters={filterBar}
      query={list}
      paging={paging}
      columns={columns}
      rowKey="id"
      size="large"
      alwaysPaged
      table={{ scroll: { x: 1100 } }}
      empty={keyword ? t('noMatch') : t('empty')}
      total={(count) => t('total', { count })}
    >
      <RefuseModal request={refusing} onClose={() => setRefusing(null)} />
    </ListFrame>
  )
}

/** One account's requests as a tab of the customer page (EditUserPage.tsx): complete or refuse them there. */
export function UserEmailChanges({ userId }: { userId: string }) {
  const t = useT(adminEmailChangeMessages)
  const paging = useListPaging(EMAIL_CHANGE_PAGE_SIZE)
  const filters: EmailChangeFilters = {
    view: 'all',
    status: 'unaccomplished',
    keyword: '',
    userId,
    page: paging.page,
    pageSize: paging.pageSize,
  }
  const list = useQuery(emailChangesQuery(filters))
  const [refusing, setRefusing] = useState<EmailChangeRequest | null>(null)
  const columns = useRequestColumns(setRefusing).filter((column) => column.key !== 'account')
  return (
    <>
      <ListTable<EmailChangeRequest>
        query={list}
        paging={paging}
        columns={columns}
        rowKey="id"
        empty={t('empty')}
        total={(count) => t('total', { count })}
      />
      <RefuseModal request={refusing} onClose={() => setRefusing(null)} />
    </>
  )
}

function useRequestColumns(onRefuse: (request: EmailChangeRequest) => void): ColumnsType<EmailChangeRequest> {
  const t = useT(adminEmailChangeMessages)
  const lang = useLang()
  return [
    {
      key: 'created',
      title: t('columns.created'),
      render: (_, r) => formatDateTime(r.created_at, lang),
      width: 150,
    },
    {
      key: 'account',
      title: t('columns.account'),
      render: (_, r) => (
        <Flex vertical>
          <Typography.Text>
            <Verbatim>{r.user_name}</Verbatim>
          </Typography.Text>
          <Typography.Text type="secondary">{r.user_email}</Typography.Text>
        </Flex>
      ),
    },
    { key: 'old', title: t('columns.oldEmail'), dataIndex: 'old_email' },
    { key: 'new', title: t('columns.newEmail'), dataIndex: 'new_email' },
    {
      key: 'reason',
      title: t('columns.reason'),
      dataIndex: 'reason',
      render: (text: string) => <span style={{ whiteSpace: 'pre-wrap' }}>{text}</span>,
    },
    {
      key: 'status',
      title: t('columns.status'),
      render: (_, r) => <Tag color={STATUS_COLOR[r.status]}>{t(`status.${r.status}`)}</Tag>,
      width: 140,
    },
    {
      key: 'decision',
      title: t('columns.decision'),
      render: (_, r) =>
        r.handled_at ? (
          <Flex vertical>
            {r.refuse_reason ? <span style={{ whiteSpace: 'pre-wrap' }}>{r.refuse_reason}</span> : null}
            <Typography.Text type="secondary">
              {t('handledBy', { email: r.handled_by_email ?? '—', date: formatDateTime(r.handled_at, lang) })}
            </Typography.Text>
          </Flex>
        ) : (
          '—'
        ),
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      width: 200,
      render: (_, r) =>
        r.status === 'unaccomplished' ? (
          <Space>
            <CompleteButton request={r} />
            <Button danger onClick={() => onRefuse(r)}>
              {t('refuse.button')}
            </Button>
          </Space>
        ) : null,
    },
  ]
}

function CompleteButton({ request }: { request: EmailChangeRequest }) {
  const t = useT(adminEmailChangeMessages)
  const common = useT(commonMessages)
  const { message } = App.useApp()
  const complete = useCompleteEmailChange()
  const onConfirm = () =>
    complete
      .mutateAsync(request.id)
      .then(({ message: text }) => {
        message.success(text)
      })
      .catch((error: unknown) => {
        message.error(failureText(t('complete.failed'), error))
      })
  return (
    <Popconfirm
      title={t('complete.title', { name: request.user_name, email: request.new_email })}
      description={<div style={{ maxWidth: 300 }}>{t('complete.content')}</div>}
      okText={common('actions.confirm')}
      cancelText={common('actions.cancel')}
      onConfirm={onConfirm}
    >
      <Button type="primary" loading={complete.isPending}>
        {t('complete.button')}
      </Button>
    </Popconfirm>
  )
}

function RefuseModal({ request, onClose }: { request: EmailChangeRequest | null; onClose: () => void }) {
  const t = useT(adminEmailChangeMessages)
  const common = useT(commonMessages)
  const { message } = App.useApp()
  const [form] = Form.useForm<{ refuse_reason: string }>()
  const refuse = useRefuseEmailChange()
  const onFinish = ({ refuse_reason }: { refuse_reason: string }) => {
    if (!request) return
    refuse.mutate(
      { id: request.id, refuse_reason },
      {
        onSuccess: ({ message: text }) => {
          message.success(text)
          form.resetFields()
          onClose()
        },
        onError: (error) => {
          message.error(failureText(t('refuse.failed'), error))
        },
      },
    )
  }
  return (
    <Modal
      open={request !== null}
      title={request ? t('refuse.title', { name: request.user_name }) : ''}
      okText={t('refuse.submit')}
      okButtonProps={{ danger: true, loading: refuse.isPending }}
      cancelText={common('actions.cancel')}
      onOk={() => form.submit()}
      onCancel={() => {
        form.resetFields()
        onClose()
      }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={onFinish} preserve={false}>
        <Form.Item name="refuse_reason" label={t('refuse.reason')} required rules={[ruleFrom(checkRefuseReason)]}>
          <TextArea rows={4} maxLength={EMAIL_CHANGE_REFUSE_REASON_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  )
}
