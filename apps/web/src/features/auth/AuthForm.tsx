import { MailOutlined } from '@ant-design/icons'
import { Alert, Button, Form, type FormInstance, type FormProps } from 'antd'
import type { ReactNode } from 'react'
import { useT } from '../../i18n/define.ts'
import { givenEmailRules } from '../../ui/form-rules.ts'
import { TextInput } from '../../ui/inputs.ts'
import type { useFadingErrors } from '../../ui/use-fading-errors.ts'
import { authMessages } from './auth.i18n.ts'

/**
 * The frame every sign-in page's form shares: fields validated on leaving them, errors that fade
 * (docs/requirements.md §4.2), a failure the fields cannot show as an alert above the one full-width submit button.
 */
export function AuthForm<Values>(props: {
  form: FormInstance<Values>
  fading: ReturnType<typeof useFadingErrors>
  onFinish: (values: Values) => void
  failure: ReactNode
  submitLabel: string
  pending: boolean
  size?: FormProps['size']
  initialValues?: Partial<Values>
  children: ReactNode
}) {
  return (
    <Form<Values>
      form={props.form}
      layout="vertical"
      size={props.size ?? 'large'}
      requiredMark={false}
      validateTrigger="onBlur"
      initialValues={props.initialValues}
      onFieldsChange={props.fading.onFieldsChange}
      onFinish={props.onFinish}
    >
      {props.children}
      {props.failure ? <Alert type="error" showIcon title={props.failure} style={{ marginBottom: 16 }} /> : null}
      <Button type="primary" size="large" htmlType="submit" block loading={props.pending}>
        {props.submitLabel}
      </Button>
    </Form>
  )
}

/** The e-mail address that names an existing account (sign-in, reset, resend). */
export function AccountEmailField() {
  const t = useT(authMessages)
  return (
    <Form.Item name="email" label={t('fields.email')} rules={givenEmailRules}>
      <TextInput
        prefix={<MailOutlined />}
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        placeholder={t('fields.emailPlaceholder')}
      />
    </Form.Item>
  )
}
