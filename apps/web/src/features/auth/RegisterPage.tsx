import { MailOutlined } from '@ant-design/icons'
import {
  checkEmail,
  checkFullName,
  checkMaxLength,
  checkPassword,
  checkPhone,
  ErrorCode,
  JOB_TITLE_MAX,
  normalizeEmail,
  ORGANIZATION_MAX,
  PASSWORD_MIN,
  VERIFY_WINDOW_HOURS,
} from '@app/contract'
import { useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Form, Result } from 'antd'
import type { Rule } from 'antd/es/form'
import { useState } from 'react'
import { Link } from 'react-router'
import { ApiError } from '../../api/client.ts'
import { paths } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { confirmationRule, optionalRuleFrom, problemText, ruleFrom } from '../../ui/form-rules.ts'
import { PasswordInput, TextInput } from '../../ui/inputs.ts'
import { LinkButton } from '../../ui/LinkButton.tsx'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { useFadingErrors } from '../../ui/use-fading-errors.ts'
import { AuthHeading } from './AuthHeading.tsx'
import { AuthFooter, Muted } from './AuthText.tsx'
import { emailExistedQuery, useRegister } from './auth.api.ts'
import { authMessages } from './auth.i18n.ts'

interface RegisterValues {
  full_name: string
  email: string
  phone_number: string
  password: string
  confirm_password: string
  organization?: string
  job_title?: string
}

const sendVerifyLink = (email: string) => `${paths.sendVerify}?email=${encodeURIComponent(email)}`

/** /register: a new customer account; then a "check your email" page instead of the form. */
export function RegisterPage() {
  const [registered, setRegistered] = useState<string | null>(null)
  return registered ? <CheckYourEmail email={registered} /> : <RegisterForm onRegistered={setRegistered} />
}

function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const t = useT(authMessages)
  const [form] = Form.useForm<RegisterValues>()
  const fading = useFadingErrors(form)
  const register = useRegister()
  const queryClient = useQueryClient()
  const [failure, setFailure] = useState<string | null>(null)

  // Runs when the address leaves the field (and again, from the cache, on submit).
  const emailFree: Rule = {
    validator: async (_rule, value: string | undefined) => {
      const email = normalizeEmail(value ?? '')
      if (checkEmail(email)) return
      let existed = false
      try {
        existed = (await queryClient.fetchQuery(emailExistedQuery(email))).existed
      } catch {
        // The look-up failed (offline, throttled): registering will tell if the address is taken.
        return
      }
      if (existed) throw new Error(problemText({ key: 'auth.emailUsed' }))
    },
  }

  const onFinish = (values: RegisterValues) => {
    setFailure(null)
    register.mutate(
      {
        full_name: values.full_name,
        email: values.email,
        phone_number: values.phone_number,
        password: values.password,
        confirm_password: values.confirm_password,
        ...(values.organization?.trim() ? { organization: values.organization } : {}),
        ...(values.job_title?.trim() ? { job_title: values.job_title } : {}),
      },
      {
        onSuccess: ({ data }) => onRegistered(data.email),
        onError: (error) => {
          if (error instanceof ApiError && error.code === ErrorCode.EmailUsed)
            fading.showFieldError('email', error.message)
          else if (!fading.showServerErrors(error)) setFailure(error.message)
        },
      },
    )
  }

  return (
    <>
      <AuthHeading title={t('register.title')} subtitle={t('register.subtitle')} />
      <Form
        form={form}
        layout="vertical"
        validateTrigger="onBlur"
        onFieldsChange={fading.onFieldsChange}
        onFinish={onFinish}
      >
        <Form.Item name="full_name" label={t('fields.fullName')} required rules={[ruleFrom(checkFullName)]}>
          <TextInput autoComplete="name" placeholder={t('fields.fullNamePlaceholder')} />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('fields.email')}
          required
          validateFirst
          rules={[ruleFrom(checkEmail), emailFree]}
        >
          <TextInput
            prefix={<MailOutlined />}
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            placeholder={t('fields.emailPlaceholder')}
          />
        </Form.Item>
        <Form.Item
          name="phone_number"
          label={t('fields.phone')}
          required
          rules={[ruleFrom(checkPhone)]}
          extra={t('fields.phoneHint')}
        >
          <TextInput type="tel" autoComplete="tel" inputMode="tel" placeholder={t('fields.phonePlaceholder')} />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('fields.password')}
          required
          rules={[ruleFrom(checkPassword)]}
          extra={t('fields.passwordHint', { min: PASSWORD_MIN })}
        >
          <PasswordInput autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm_password"
          label={t('fields.confirmPassword')}
          required
          dependencies={['password']}
          rules={[confirmationRule('password')]}
        >
          <PasswordInput autoComplete="new-password" />
        </Form.Item>
        {/* One field a row: side by side, a label that wraps (Burmese) set the two inputs at different heights. */}
        <Form.Item
          name="organization"
          label={t('fields.organization')}
          rules={[optionalRuleFrom(checkMaxLength(ORGANIZATION_MAX))]}
        >
          <TextInput autoComplete="organization" />
        </Form.Item>
        <Form.Item
          name="job_title"
          label={t('fields.jobTitle')}
          rules={[optionalRuleFrom(checkMaxLength(JOB_TITLE_MAX))]}
        >
          <TextInput autoComplete="organization-title" />
        </Form.Item>
        {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
        <Button type="primary" size="large" htmlType="submit" block loading={register.isPending}>
          {t('register.submit')}
        </Button>
      </Form>
      <AuthFooter>
        {t('register.haveAccount')} <Link to={paths.login}>{t('register.signIn')}</Link>
      </AuthFooter>
    </>
  )
}

function CheckYourEmail({ email }: { email: string }) {
  const t = useT(authMessages)
  useDocumentTitle(t('register.doneTitle'))
  return (
    <Result
      status="success"
      icon={<MailOutlined />}
      title={t('register.doneTitle')}
      style={{ padding: '8px 0' }}
      subTitle={
        <>
          <Muted style={{ marginBottom: 12 }}>
            {t('register.doneText')} <strong style={{ overflowWrap: 'anywhere' }}>{email}</strong>
          </Muted>
          <Muted>{t('register.doneHint', { hours: VERIFY_WINDOW_HOURS })}</Muted>
        </>
      }
      extra={
        <>
          <LinkButton to={paths.login} type="primary" size="large" block>
            {t('register.goToSignIn')}
          </LinkButton>
          <Muted style={{ marginTop: 20 }}>
            {t('register.notReceived')} <Link to={sendVerifyLink(email)}>{t('register.resend')}</Link>
          </Muted>
        </>
      }
    />
  )
}
