import { SafetyCertificateOutlined } from '@ant-design/icons'
import { formatDate, type TwoFactorSecret } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Alert, App, Button, Flex, Form, Modal, QRCode, Tag, Typography } from 'antd'
import { useState } from 'react'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { problemText } from '../../ui/form-rules.ts'
import { PasswordInput, TextInput } from '../../ui/inputs.ts'
import { QueryState } from '../../ui/QueryState.tsx'
import { FreshRecoveryCodes, RecoveryCodesCard } from './RecoveryCodes.tsx'
import {
  twoFactorInfoQuery,
  useDisableTwoFactor,
  useEnableTwoFactor,
  useGenerateTwoFactorSecret,
} from './two-factor.api.ts'
import { twoFactorMessages } from './two-factor.i18n.ts'

const codeRule = {
  validator: (_rule: unknown, value: string | undefined) =>
    /^\d{6}$/.test((value ?? '').replace(/\s+/g, ''))
      ? Promise.resolve()
      : Promise.reject(new Error(problemText({ key: 'twoFactor.codeFormat' }))),
}

const clean = (code: string) => code.replace(/\s+/g, '')

/** /settings/security, under the password form: turn TOTP two-factor authentication on or off. */
export function TwoFactorSection() {
  const t = useT(twoFactorMessages)
  const info = useQuery(twoFactorInfoQuery())
  // The recovery codes made with 2FA: shown once, over whichever state follows.
  const [freshCodes, setFreshCodes] = useState<string[] | null>(null)
  return (
    <section aria-labelledby="two-factor-heading" style={{ maxWidth: 520, marginTop: 40 }}>
      <Typography.Title id="two-factor-heading" level={2} style={{ fontSize: 18, marginTop: 0 }}>
        <SafetyCertificateOutlined /> {t('heading')}{' '}
        {info.data ? (
          <Tag color={info.data.enabled ? 'success' : 'default'} data-testid="two-factor-status">
            {info.data.enabled ? t('statusOn') : t('statusOff')}
          </Tag>
        ) : null}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <QueryState query={info}>
        {(data) =>
          data.enabled ? (
            <EnabledState since={data.enabled_at} hasPassword={data.has_password} />
          ) : (
            <Enrolment onCodes={setFreshCodes} />
          )
        }
      </QueryState>
      <FreshRecoveryCodes codes={freshCodes} onDone={() => setFreshCodes(null)} />
    </section>
  )
}

function Enrolment({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const t = useT(twoFactorMessages)
  const { message } = App.useApp()
  const generate = useGenerateTwoFactorSecret()
  const enable = useEnableTwoFactor()
  const [secret, setSecret] = useState<TwoFactorSecret | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [form] = Form.useForm<{ code: string }>()

  const start = () => {
    setFailure(null)
    generate.mutate(undefined, {
      onSuccess: ({ data }) => setSecret(data),
      onError: (error) => setFailure(error.message),
    })
  }

  if (!secret) {
    return (
      <>
        {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
        <Button type="primary" onClick={start} loading={generate.isPending}>
          {t('setUp')}
        </Button>
      </>
    )
  }

  const onFinish = ({ code }: { code: string }) => {
    setFailure(null)
    enable.mutate(
      { code: clean(code), secret_key: secret.secret_key },
      {
        onSuccess: ({ data, message: text }) => {
          message.success(text)
          setSecret(null)
          onCodes(data.recovery_codes)
        },
        onError: (error) => {
          form.setFieldValue('code', '')
          setFailure(error.message)
        },
      },
    )
  }

  return (
    <Form form={form} layout="vertical" validateTrigger="onBlur" onFinish={onFinish}>
      <Typography.Paragraph>{t('step1')}</Typography.Paragraph>
      <Flex gap={24} wrap align="center" style={{ marginBottom: 16 }}>
        {/* The QR code is drawn here from the otpauth address: the secret goes to no other site. */}
        <QRCode value={secret.otpauth_url} size={176} bgColor="#ffffff" color="#000000" aria-label={t('qrLabel')} />
        <div style={{ minWidth: 0, flex: '1 1 200px' }}>
          <Typography.Text type="secondary">{t('manual')}</Typography.Text>
          <Typography.Paragraph copyable={{ text: secret.secret_key }} style={{ marginTop: 4 }}>
            <code data-testid="two-factor-key" style={{ wordBreak: 'break-all' }}>
              {secret.secret_key.replace(/(.{4})/g, '$1 ').trim()}
            </code>
          </Typography.Paragraph>
        </div>
      </Flex>
      <Typography.Paragraph>{t('step2')}</Typography.Paragraph>
      <Form.Item name="code" label={t('code')} rules={[codeRule]} style={{ maxWidth: 240 }}>
        <TextInput autoComplete="one-time-code" inputMode="numeric" maxLength={7} placeholder="123456" />
      </Form.Item>
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      <Flex gap={8}>
        <Button type="primary" htmlType="submit" loading={enable.isPending}>
          {t('enable')}
        </Button>
        <Button onClick={() => setSecret(null)}>{t('cancel')}</Button>
      </Flex>
    </Form>
  )
}

function EnabledState({ since, hasPassword }: { since: string | null; hasPassword: boolean }) {
  const t = useT(twoFactorMessages)
  const lang = useLang()
  const { message } = App.useApp()
  const disable = useDisableTwoFactor()
  const [open, setOpen] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [form] = Form.useForm<{ password?: string; code: string }>()

  const close = () => {
    setOpen(false)
    setFailure(null)
    form.resetFields()
  }

  const onFinish = (values: { password?: string; code: string }) => {
    setFailure(null)
    disable.mutate(
      { code: clean(values.code), ...(hasPassword ? { password: values.password ?? '' } : {}) },
      {
        onSuccess: ({ message: text }) => {
          message.success(text)
          close()
        },
        onError: (error) => {
          form.setFieldValue('code', '')
          setFailure(error.message)
        },
      },
    )
  }

  return (
    <>
      {since ? <Typography.Paragraph>{t('onSince', { date: formatDate(since, lang) })}</Typography.Paragraph> : null}
      <Button danger onClick={() => setOpen(true)}>
        {t('turnOff')}
      </Button>
      <RecoveryCodesCard />
      <Modal
        open={open}
        title={t('confirmTitle')}
        onCancel={close}
        okText={t('confirmOff')}
        okButtonProps={{ danger: true, loading: disable.isPending }}
        cancelText={t('cancel')}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('confirmText')}</Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={onFinish} validateTrigger="onBlur">
          {hasPassword ? (
            <Form.Item
              name="password"
              label={t('password')}
              rules={[{ required: true, message: problemText({ key: 'twoFactor.passwordRequired' }) }]}
            >
              <PasswordInput autoComplete="current-password" />
            </Form.Item>
          ) : null}
          <Form.Item name="code" label={t('code')} rules={[codeRule]}>
            <TextInput autoComplete="one-time-code" inputMode="numeric" maxLength={7} placeholder="123456" />
          </Form.Item>
          {failure ? <Alert type="error" showIcon title={failure} /> : null}
        </Form>
      </Modal>
    </>
  )
}
