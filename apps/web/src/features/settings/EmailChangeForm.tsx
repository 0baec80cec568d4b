import {
  checkChangeReason,
  checkConfirmEmail,
  checkNewEmail,
  checkNewEmailUsed,
  EMAIL_CHANGE_REASON_MAX,
  type EmailChangeRequest,
  formatDate,
} from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Alert, App, Button, Flex, Form, Table, Tag, Typography } from 'antd'
import type { Rule } from 'antd/es/form'
import { useState } from 'react'
import { call } from '../../api/client.ts'
import { useSession } from '../../app/session.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { problemText, ruleFrom } from '../../ui/form-rules.ts'
import { TextArea, TextInput } from '../../ui/inputs.ts'
import { QueryState } from '../../ui/QueryState.tsx'
import { useFadingErrors } from '../../ui/use-fading-errors.ts'
import { SupportContactLine } from '../support-contact/SupportContactLine.tsx'
import { ownEmailChangeRequestsQuery, useRequestEmailChange } from './email-change.api.ts'
import { emailChangeMessages } from './email-change.i18n.ts'

interface Values {
  new_email: string
  confirm_new_email: string
  reason: string
}

const STATUS_COLOR = { unaccomplished: 'orange', accomplished: 'green', refused: 'red' } as const

/** check-new-email: an address already used is said under the field before sending. */
const notUsed: Rule = {
  validator: async (_rule, value: string | undefined) => {
    if (!value || checkNewEmail(value)) return
    const answer = await call(checkNewEmailUsed, { query: { new_email: value } }).catch(() => null)
    if (answer?.data.used) throw new Error(answer.message)
  },
}

const sameAsNew: Rule = ({ getFieldValue }) => ({
  validator: (_rule, value: string | undefined) => {
    const problem = checkConfirmEmail(String(getFieldValue('new_email') ?? ''), value ?? '')
    return problem ? Promise.reject(new Error(problemText(problem))) : Promise.resolve()
  },
})

/**
 * /settings/email (docs/requirements.md §13): ask for a new address with a reason, see what
 * became of earlier requests (with the refusal reason). A suspended account, or one whose request is
 * still waiting, sees why it cannot ask instead of the form.
 */
export function EmailChangeForm() {
  const t = useT(emailChangeMessages)
  const session = useSession()
  const requests = useQuery({ ...ownEmailChangeRequestsQuery(session?.user_id ?? ''), enabled: Boolean(session) })
  if (!session) return null
  return (
    <Flex vertical gap={24} style={{ maxWidth: 720 }}>
      <div>
        <Typography.Title level={2} style={{ fontSize: 18, marginTop: 0 }}>
          {t('heading')}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('intro')}
        </Typography.Paragraph>
      </div>
      <QueryState query={requests}>
        {(page) => (
          <>
            <RequestState
              items={page.items}
              isSuspended={session.status === 'suspended'}
              currentEmail={session.email}
            />
            <History items={page.items} />
          </>
        )}
      </QueryState>
      <SupportContactLine />
    </Flex>
  )
}

function RequestState(props: { items: EmailChangeRequest[]; isSuspended: boolean; currentEmail: string }) {
  const t = useT(emailChangeMessages)
  const lang = useLang()
  const [latest] = props.items
  const open = props.items.find((r) => r.status === 'unaccomplished')
  if (props.isSuspended) return <Alert type="warning" showIcon title={t('suspended')} />
  if (open)
    return (
      <Alert
        type="info"
        showIcon
        title={t('pendingTitle')}
        description={t('pendingText', { email: open.new_email, date: formatDate(open.created_at, lang) })}
      />
    )
  return (
    <Flex vertical gap={16}>
      {latest?.status === 'refused' ? (
        <Alert
          type="error"
          showIcon
          title={t('refusedTitle')}
          description={
            <span style={{ whiteSpace: 'pre-wrap' }}>{t('refusedText', { reason: latest.refuse_reason ?? '' })}</span>
          }
        />
      ) : null}
      <RequestForm currentEmail={props.currentEmail} />
    </Flex>
  )
}

function RequestForm({ currentEmail }: { currentEmail: string }) {
  const t = useT(emailChangeMessages)
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const fading = useFadingErrors(form)
  const send = useRequestEmailChange()
  const [failure, setFailure] = useState<string | null>(null)

  const onFinish = (values: Values) => {
    setFailure(null)
    send.mutate(values, {
      onSuccess: ({ message: text }) => {
        message.success(text)
        form.resetFields()
      },
      onError: (error) => {
        if (!fading.showServerErrors(error)) setFailure(error.message)
      },
    })
  }

  return (
    <Form
      form={form}
      layout="vertical"
      validateTrigger="onBlur"
      onFieldsChange={fading.onFieldsChange}
      onFinish={onFinish}
      style={{ maxWidth: 460 }}
    >
      <Form.Item label={t('current')}>
        <TextInput value={currentEmail} disabled aria-label={t('current')} />
      </Form.Item>
      <Form.Item name="new_email" label={t('newEmail')} required rules={[ruleFrom(checkNewEmail), notUsed]}>
        <TextInput type="email" autoComplete="email" />
      </Form.Item>
      <Form.Item
        name="confirm_new_email"
        label={t('confirmEmail')}
        required
        dependencies={['new_email']}
        rules={[sameAsNew]}
      >
        <TextInput type="email" autoComplete="off" onPaste={(event) => event.preventDefault()} />
      </Form.Item>
      <Form.Item name="reason" label={t('reason')} required rules={[ruleFrom(checkChangeReason)]}>
        <TextArea rows={3} maxLength={EMAIL_CHANGE_REASON_MAX} showCount placeholder={t('reasonPlaceholder')} />
      </Form.Item>
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      <Button type="primary" htmlType="submit" loading={send.isPending}>
        {t('submit')}
      </Button>
    </Form>
  )
}

function History({ items }: { items: EmailChangeRequest[] }) {
  const t = useT(emailChangeMessages)
  const lang = useLang()
  return (
    <div>
      <Typography.Title level={3} style={{ fontSize: 16 }}>
        {t('history')}
      </Typography.Title>
      <Table<EmailChangeRequest>
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ x: 640 }}
        dataSource={items}
        locale={{ emptyText: t('empty') }}
        columns={[
          { key: 'date', title: t('columns.date'), render: (_, r) => formatDate(r.created_at, lang), width: 120 },
          { key: 'new', title: t('columns.newEmail'), dataIndex: 'new_email' },
          { key: 'reason', title: t('columns.reason'), dataIndex: 'reason', ellipsis: true },
          {
            key: 'status',
            title: t('columns.status'),
            render: (_, r) => <Tag color={STATUS_COLOR[r.status]}>{t(`status.${r.status}`)}</Tag>,
          },
          { key: 'refusal', title: t('columns.refusal'), render: (_, r) => r.refuse_reason ?? '—' },
        ]}
      />
    </div>
  )
}
