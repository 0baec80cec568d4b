import { SafetyCertificateOutlined } from '@ant-design/icons'
import { type Account, checkTwoFactorOffReason, formatDateTime, TWO_FACTOR_OFF_REASON_MAX } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Button, Card, Flex, Form, Modal, Tag, Typography } from 'antd'
import { useState } from 'react'
import { useAppMutation } from '../../api/use-app-mutation.ts'
import { useSession } from '../../app/session.ts'
import { commonMessages } from '../../i18n/common.i18n.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { ruleFrom } from '../../ui/form-rules.ts'
import { TextArea } from '../../ui/inputs.ts'
import { QueryState } from '../../ui/QueryState.tsx'
import { useFadingErrors } from '../../ui/use-fading-errors.ts'
import { accountTwoFactorQuery, turnOffTwoFactorCall } from './accounts.api.ts'
import { accountsMessages } from './accounts.i18n.ts'

/**
 * The account's two-factor status, and for a user who lost their authenticator, turning it off with a
 * reason (administrators; the server audits it and e-mails the user). One's own goes through the
 * security settings, which ask for a code.
 */
export function TwoFactorCard({ account }: { account: Account }) {
  const t = useT(accountsMessages)
  const lang = useLang()
  const session = useSession()
  const status = useQuery(accountTwoFactorQuery(account.id))
  const [isConfirming, setConfirming] = useState(false)
  const isOwn = session?.user_id === account.id
  return (
    <Card title={t('twoFactor.title')}>
      <QueryState query={status}>
        {(data) =>
          data.enabled ? (
            <Flex vertical gap={8} align="flex-start">
              <Tag color="success" icon={<SafetyCertificateOutlined />}>
                {t('twoFactor.on', { date: data.enabled_at ? formatDateTime(data.enabled_at, lang) : '' })}
              </Tag>
              {isOwn ? (
                <Typography.Text type="secondary">{t('twoFactor.ownHint')}</Typography.Text>
              ) : (
                <Button danger onClick={() => setConfirming(true)}>
                  {t('twoFactor.turnOff')}
                </Button>
              )}
            </Flex>
          ) : (
            <Flex vertical gap={4} align="flex-start">
              <Tag>{t('twoFactor.off')}</Tag>
              <Typography.Text type="secondary">{t('twoFactor.offHint')}</Typography.Text>
            </Flex>
          )
        }
      </QueryState>
      <Modal
        open={isConfirming}
        onCancel={() => setConfirming(false)}
        title={t('twoFactor.confirmTitle', { name: account.full_name || account.email })}
        footer={null}
        destroyOnHidden
      >
        <TurnOffForm account={account} onDone={() => setConfirming(false)} />
      </Modal>
    </Card>
  )
}

function TurnOffForm({ account, onDone }: { account: Account; onDone: () => void }) {
  const t = useT(accountsMessages)
  const common = useT(commonMessages)
  const [form] = Form.useForm<{ reason: string }>()
  const { onFieldsChange, showServerErrors } = useFadingErrors(form)
  const turnOff = useAppMutation({
    ...turnOffTwoFactorCall,
    success: ({ message }) => message,
    failure: t('twoFactor.failed'),
    onSuccess: onDone,
    onError: showServerErrors,
  })
  const onFinish = ({ reason }: { reason: string }) => turnOff.run({ id: account.id, reason: reason.trim() })
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ reason: '' }}
      onFinish={onFinish}
      onFieldsChange={onFieldsChange}
    >
      <Typography.Paragraph>{t('twoFactor.confirmText')}</Typography.Paragraph>
      <Form.Item
        name="reason"
        label={t('twoFactor.reason')}
        extra={t('twoFactor.reasonHelp')}
        required
        rules={[ruleFrom(checkTwoFactorOffReason)]}
      >
        <TextArea maxLength={TWO_FACTOR_OFF_REASON_MAX} autoSize={{ minRows: 2, maxRows: 5 }} autoFocus />
      </Form.Item>
      <Flex gap={8} justify="flex-end">
        <Button onClick={onDone}>{common('actions.cancel')}</Button>
        <Button danger type="primary" htmlType="submit" loading={turnOff.isPending}>
          {t('twoFactor.confirm')}
        </Button>
      </Flex>
    </Form>
  )
}
