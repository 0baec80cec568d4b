import { Form } from 'antd'
import { useState } from 'react'
import { Link } from 'react-router'
import { paths } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { useFadingErrors } from '../../ui/use-fading-errors.ts'
import { AccountEmailField, AuthForm } from './AuthForm.tsx'
import { AuthHeading } from './AuthHeading.tsx'
import { AuthFooter } from './AuthText.tsx'
import { useForgotPassword } from './auth.api.ts'
import { authMessages } from './auth.i18n.ts'
import { MailSent } from './MailSent.tsx'

/** /forgot-password: asks for a reset link by e-mail. */
export function ForgotPasswordPage() {
  const t = useT(authMessages)
  const [form] = Form.useForm<{ email: string }>()
  const fading = useFadingErrors(form)
  const forgot = useForgotPassword()
  const [failure, setFailure] = useState<string | null>(null)

  if (forgot.isSuccess) return <MailSent title={t('forgot.doneTitle')} message={forgot.data.message} />

  const onFinish = ({ email }: { email: string }) => {
    setFailure(null)
    forgot.mutate(email.trim(), {
      onError: (error) => {
        if (!fading.showServerErrors(error)) setFailure(error.message)
      },
    })
  }

  return (
    <>
      <AuthHeading title={t('forgot.title')} subtitle={t('forgot.subtitle')} />
      <AuthForm
        form={form}
        fading={fading}
        onFinish={onFinish}
        failure={failure}
        submitLabel={t('forgot.submit')}
        pending={forgot.isPending}
      >
        <AccountEmailField />
      </AuthForm>
      <AuthFooter>
        {t('forgot.remembered')} <Link to={paths.login}>{t('backToSignIn')}</Link>
      </AuthFooter>
    </>
  )
}
