import { LockOutlined } from '@ant-design/icons'
import { checkPassword, ErrorCode, PASSWORD_MIN } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Form, Result } from 'antd'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { ApiError } from '../../api/client.ts'
import { paths } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { confirmationRule, ruleFrom } from '../../ui/form-rules.ts'
import { PasswordInput } from '../../ui/inputs.ts'
import { LinkButton } from '../../ui/LinkButton.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { useFadingErrors } from '../../ui/use-fading-errors.ts'
import { AuthHeading } from './AuthHeading.tsx'
import { AuthFooter } from './AuthText.tsx'
import { resetTokenQuery, useResetPassword } from './auth.api.ts'
import { authMessages } from './auth.i18n.ts'
import { Checking } from './Checking.tsx'

interface ResetValues {
  password: string
  confirm_password: string
}

/** The server refused the link itself (unknown, used or expired), as opposed to not answering. */
const isRefusedLink = (error: unknown) =>
  error instanceof ApiError && error.httpStatus >= 400 && error.httpStatus < 500 && error.httpStatus !== 429

/** /reset-password?token=…: checks the link first, then takes the new password. */
export function ResetPasswordPage() {
  const t = useT(authMessages)
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token')?.trim()
  if (!token) return <UnusableLink title={t('reset.missingToken')} hint={t('reset.missingTokenHint')} />
  return <ResetWithToken token={token} />
}

function UnusableLink({ title, hint }: { title: string; hint: string }) {
  const t = useT(authMessages)
  useDocumentTitle(t('reset.title'))
  return (
    <Result
      status="warning"
      title={title}
      subTitle={hint}
      style={{ padding: '8px 0' }}
      extra={
        <>
          <LinkButton to={paths.forgotPassword} type="primary" size="large">
            {t('reset.requestNew')}
          </LinkButton>
          <AuthFooter style={{ marginTop: 20 }}>
            <Link to={paths.login}>{t('backToSignIn')}</Link>
          </AuthFooter>
        </>
      }
    />
  )
}

function ResetWithToken({ token }: { token: string }) {
  const t = useT(authMessages)
  const link = useQuery(resetTokenQuery(token))
  const reset = useResetPassword()

  if (reset.isSuccess) return <PasswordChanged message={reset.data.message} />
  if (link.isPending) return <Checking title={t('reset.title')} text={t('reset.checking')} />
  if (link.isError && isRefusedLink(link.error)) {
    return <UnusableLink title={link.error.message} hint={t('reset.invalidHint')} />
  }
  return (
    <QueryState query={link}>{(info) => <NewPasswordForm token={token} email={info.email} reset={reset} />}</QueryState>
  )
}

function NewPasswordForm({
  token,
  email,
  reset,
}: {
  token: string
  email: string
  reset: ReturnType<typeof useResetPassword>
}) {
  const t = useT(authMessages)
  const [form] = Form.useForm<ResetValues>()
  const fading = useFadingErrors(form)
  const [failure, setFailure] = useState<{ message: string; linkUnusable: boolean } | null>(null)

  const onFinish = (values: ResetValues) => {
    setFailure(null)
    reset.mutate(
      { token, password: values.password, confirm_password: values.confirm_password },
      {
        onError: (error) => {
          if (fading.showServerErrors(error)) return
          // The link was used meanwhile (another tab) or expired while the form was open.
          const linkUnusable =
            error instanceof ApiError && (error.code === ErrorCode.TokenUsed || error.code === ErrorCode.TokenExpired)
          setFailure({ message: error.message, linkUnusable })
        },
      },
    )
  }

  return (
    <>
      <AuthHeading title={t('reset.title')} subtitle={t('reset.forAccount', { email })} />
      <Form
        form={form}
        layout="vertical"
        size="large"
        requiredMark={false}
        validateTrigger="onBlur"
        onFieldsChange={fading.onFieldsChange}
        onFinish={onFinish}
      >
        {/* Lets password managers file the new password under the right account. */}
        <input type="hidden" name="username" autoComplete="username" value={email} readOnly />
        <Form.Item
          name="password"
          label={t('fields.newPassword')}
          rules={[ruleFrom(checkPassword)]}
          extra={t('fields.passwordHint', { min: PASSWORD_MIN })}
        >
          <PasswordInput prefix={<LockOutlined />} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm_password"
          label={t('fields.confirmNewPassword')}
          dependencies={['password']}
          rules={[confirmationRule('password')]}
        >
          <PasswordInput prefix={<LockOutlined />} autoComplete="new-password" />
        </Form.Item>
        {failure ? (
          <Alert
            type="error"
            showIcon
            title={failure.message}
            style={{ marginBottom: 16 }}
            action={
              failure.linkUnusable ? (
                <Link to={paths.forgotPassword} style={{ whiteSpace: 'nowrap' }}>
                  {t('reset.requestNew')}
                </Link>
              ) : undefined
            }
          />
        ) : null}
        <Button type="primary" htmlType="submit" block loading={reset.isPending}>
          {t('reset.submit')}
        </Button>
      </Form>
    </>
  )
}

function PasswordChanged({ message }: { message: string }) {
  const t = useT(authMessages)
  useDocumentTitle(t('reset.doneTitle'))
  return (
    <Result
      status="success"
      title={t('reset.doneTitle')}
      subTitle={message}
      style={{ padding: '8px 0' }}
      extra={
        <LinkButton to={paths.login} type="primary" size="large">
          {t('reset.signIn')}
        </LinkButton>
      }
    />
  )
}
