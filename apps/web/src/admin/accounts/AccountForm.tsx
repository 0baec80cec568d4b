import {
  checkEmail,
  checkMaxLength,
  checkNamePart,
  checkPassword,
  checkPhone,
  JOB_TITLE_MAX,
  ORGANIZATION_MAX,
} from '@app/contract'
import { Alert, Button, Col, Form, Row } from 'antd'
import { type ReactNode, useState } from 'react'
import { useT } from '../../i18n/define.ts'
import { confirmationRule, optionalRuleFrom, ruleFrom } from '../../ui/form-rules.ts'
import { PasswordInput, TextInput } from '../../ui/inputs.ts'
import { useFadingErrors } from '../../ui/use-fading-errors.ts'
import { accountsMessages } from './accounts.i18n.ts'

/** The profile fields every account form has, as the form holds them (blank text, never null). */
export interface AccountProfileValues {
  first_name: string
  last_name: string
  phone_number: string
  organization: string
  job_title: string
}

/** A form's instance, its fading inline errors and the failure shown above its button. */
export function useAccountForm<V extends AccountProfileValues>() {
  const [form] = Form.useForm<V>()
  const fading = useFadingErrors(form)
  const [failure, setFailure] = useState<string | null>(null)
  return {
    form,
    fading,
    failure,
    clearFailure: () => setFailure(null),
    /** A failed call: its field messages on the fields, or else `prefix: message` above the button. */
    fail: (prefix: string, error: Error) => {
      if (!fading.showServerErrors(error)) setFailure(`${prefix}: ${error.message}`)
    },
  }
}

/**
 * The one account form, for creating an account and for editing one's profile
 * (docs/requirements.md §4.8). Creating asks for the e-mail, a phone number and a password, checked by
 * the contract's rules as the server checks them; editing shows the e-mail without changing it (an
 * address changes through an e-mail change request) and lets the phone number be cleared. `children`
 * come after the profile fields (the role and flags of a new account).
 */
export function AccountForm<V extends AccountProfileValues>(props: {
  state: ReturnType<typeof useAccountForm<V>>
  mode: 'create' | { email: string }
  initialValues: Partial<V>
  disabled?: boolean
  pending: boolean
  submitLabel: string
  onFinish: (values: V) => void
  children?: ReactNode
}) {
  const t = useT(accountsMessages)
  const { form, fading, failure } = props.state
  const creating = props.mode === 'create'
  const half = { xs: 24, sm: 12 }
  return (
    <Form<V>
      form={form}
      layout="vertical"
      validateTrigger="onBlur"
      initialValues={props.initialValues}
      disabled={props.disabled}
      onFieldsChange={fading.onFieldsChange}
      onFinish={props.onFinish}
    >
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item name="first_name" label={t('form.firstName')} required rules={[ruleFrom(checkNamePart)]}>
            <TextInput autoComplete="off" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="last_name" label={t('form.lastName')} required rules={[ruleFrom(checkNamePart)]}>
            <TextInput autoComplete="off" />
          </Form.Item>
        </Col>
        <Col {...half}>
          {props.mode === 'create' ? (
            <Form.Item name="email" label={t('form.email')} required rules={[ruleFrom(checkEmail)]}>
              <TextInput type="email" autoComplete="off" />
            </Form.Item>
          ) : (
            <Form.Item label={t('form.email')} htmlFor="account-email">
              <TextInput id="account-email" value={props.mode.email} readOnly variant="filled" />
            </Form.Item>
          )}
        </Col>
        <Col {...half}>
          <Form.Item
            name="phone_number"
            label={t('form.phone')}
            required={creating}
            rules={[creating ? ruleFrom(checkPhone) : optionalRuleFrom(checkPhone)]}
          >
            <TextInput type="tel" inputMode="tel" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="organization"
            label={t('form.organization')}
            rules={[optionalRuleFrom(checkMaxLength(ORGANIZATION_MAX))]}
          >
            <TextInput autoComplete="off" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="job_title"
            label={t('form.jobTitle')}
            rules={[optionalRuleFrom(checkMaxLength(JOB_TITLE_MAX))]}
          >
            <TextInput autoComplete="off" />
          </Form.Item>
        </Col>
        {creating ? (
          <>
            <Col {...half}>
              <Form.Item name="password" label={t('form.password')} required rules={[ruleFrom(checkPassword)]}>
                <PasswordInput autoComplete="new-password" />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item
                name="confirm_password"
                label={t('form.confirmPassword')}
                required
                dependencies={['password']}
                rules={[confirmationRule('password')]}
              >
                <PasswordInput autoComplete="new-password" />
              </Form.Item>
            </Col>
          </>
        ) : null}
      </Row>
      {props.children}
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      <Button type="primary" htmlType="submit" loading={props.pending}>
        {props.submitLabel}
      </Button>
    </Form>
  )
}
