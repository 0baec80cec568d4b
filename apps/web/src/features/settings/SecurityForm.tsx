import { checkPassword, ErrorCode, PASSWORD_MIN } from '@app/contract'
import { Alert, App, Button, Form, Typography } from 'antd'
import type { Rule } from 'antd/es/form'
import { useState } from 'react'
import { ApiError } from '../../api/client.ts'
import { useSession } from '../../app/session.ts'
import { useT } from '../../i18n/define.ts'
import { confirmationRule, givenPasswordRule, problemText, ruleFrom } from '../../ui/form-rules.ts'
import { PasswordInput } from '../../ui/inputs.ts'
import { useFadingErrors } from '../../ui/use-fading-errors.ts'
import { useChangePassword } from '../auth/auth.api.ts'
import { settingsMessages } from './settings.i18n.ts'

interface PasswordValues {
  current_password: string
  new_password: string
  confirm_password: string
}

// The server refuses a new password equal to the current one; saying so on blur saves a round trip.
const differsFromCurrent: Rule = ({ getFieldValue }) => ({
  validator: (_rule, value: string | undefined) =>
    value && value === getFieldValue('current_password')
      ? Promise.reject(new Error(problemText({ key: 'auth.samePassword' })))
      : Promise.resolve(),
})

/**
 * /settings/security: change the password. After a sign-in with a one-time password this is where the
 * user is kept; the refreshed profile then lifts that.
 */
export function SecurityForm() {
  const t = useT(settingsMessages)
  const { message } = App.useApp()
  const session = useSession()
  const [form] = Form.useForm<PasswordValues>()
  const fading = useFadingErrors(form)
  const change = useChangePassword()
  const [failure, setFailure] = useState<string | null>(null)

  const onFinish = (values: PasswordValues) => {
    setFailure(null)
    change.mutate(values, {
      onSuccess: ({ message: text }) => {
        message.success(text)
        form.resetFields()
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === ErrorCode.WrongPassword) {
          fading.showFieldError('current_password', error.message)
        } else if (!fading.showServerErrors(error)) setFailure(error.message)
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
      style={{ maxWidth: 420 }}
    >
      <Typography.Title level={2} style={{ fontSize: 18, marginTop: 0 }}>
        {t('security.heading')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('security.intro', { min: PASSWORD_MIN })}</Typography.Paragraph>
      {/* Lets password managers file the new password under the right account. */}
      <input type="hidden" name="username" autoComplete="username" value={session?.email ?? ''} readOnly />
      <Form.Item name="current_password" label={t('security.current')} required rules={[givenPasswordRule]}>
        <PasswordInput autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="new_password"
        label={t('security.new')}
        required
        dependencies={['current_password']}
        rules={[ruleFrom(checkPassword), differsFromCurrent]}
      >
        <PasswordInput autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm_password"
        label={t('security.confirm')}
        required
        dependencies={['new_password']}
        rules={[confirmationRule('new_password')]}
      >
        <PasswordInput autoComplete="new-password" />
      </Form.Item>
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      <Button type="primary" htmlType="submit" loading={change.isPending}>
        {t('security.submit')}
      </Button>
    </Form>
  )
}
