import { Alert, Form } from 'antd'
import { useState } from 'react'
import { Link, useLocation, useSearchParams } from 'react-router'
import { paths } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { useFadingErrors } from '../../ui/use-fading-errors.ts'
import { AccountEmailField, AuthForm } from './AuthForm.tsx'
import { AuthHeading } from './AuthHeading.tsx'
import { AuthFooter } from './AuthText.tsx'
import { useSendVerifyEmail } from './auth.api.ts'
import { authMessages } from './auth.i18n.ts'
import { MailSent } from './MailSent.tsx'

/** Why the visitor was sent here, e.g. by sign-in when the 24 hours to verify have passed. */
function noticeOf(state: unknown): string | null {
  const notice = (state as { notice?: unknown } | null)?.notice
  return typeof notice === 'string' && notice ? notice : null
}

/** /send-verify: a new verification link for an address (`?email=` fills it in). */
export function SendVerifyPage() {
  const t = useT(authMessages)
  const [searchParams] = useSearchParams()
  const location = useLocation()
  const notice = noticeOf(location.state)
  const [form] = Form.useForm<{ email: string }>()
  const fading = useFadingErrors(form)
  const send = useSendVerifyEmail({ silent: true })
  const [failure, setFailure] = useState<string | null>(null)

  if (send.isSuccess) return <MailSent title={t('sendVerify.doneTitle')} message={send.data.message} />

  const onFinish = ({ email }: { email: string }) => {
    setFailure(null)
    send.mutate(email.trim(), {
      onError: (error) => {
        if (!fading.showServerErrors(error)) setFailure(error.message)
      },
    })
  }

  return (
    <>
      <AuthHeading title={t('sendVerify.title')} subtitle={t('sendVerify.subtitle')} />
      {notice ? <Alert type="warning" showIcon title={notice} style={{ marginBottom: 20 }} /> : null}
      <AuthForm
        form={form}
        fading={fading}
        onFinish={onFinish}
        failure={failure}
        submitLabel={t('sendVerify.submit')}
        pending={send.isPending}
        initialValues={{ email: searchParams.get('email') ?? '' }}
      >
        <AccountEmailField />
      </AuthForm>
      <AuthFooter>
        <Link to={paths.login}>{t('backToSignIn')}</Link>
      </AuthFooter>
    </>
  )
}
