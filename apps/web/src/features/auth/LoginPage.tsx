import { LockOutlined } from '@ant-design/icons'
import { ErrorCode, needsSecondFactor } from '@app/contract'
import { Form } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { ApiError } from '../../api/client.ts'
import { afterSignIn } from '../../app/guards.tsx'
import { paths } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { givenPasswordRule } from '../../ui/form-rules.ts'
import { PasswordInput } from '../../ui/inputs.ts'
import { useFadingErrors } from '../../ui/use-fading-errors.ts'
import { AccountEmailField, AuthForm } from './AuthForm.tsx'
import { AuthHeading } from './AuthHeading.tsx'
import { AuthFooter } from './AuthText.tsx'
import { useLogin } from './auth.api.ts'
import { authMessages } from './auth.i18n.ts'

// Both load after the page: the provider buttons (shown only when configured) and, with 2FA on, the
// keeping of the challenge for the second step. Neither adds to /login's first load.
const SocialSignIn = lazy(() => import('./SocialSignIn.tsx').then((m) => ({ default: m.SocialSignIn })))
// The passkey button and its WebAuthn library load after the page too (docs/auth.md "Passkeys").
const PasskeySignIn = lazy(() => import('./PasskeySignIn.tsx').then((m) => ({ default: m.PasskeySignIn })))
const keepChallenge = (challenge: Parameters<typeof import('./two-factor.api.ts').keepChallenge>[0]) =>
  import('./two-factor.api.ts').then((m) => m.keepChallenge(challenge))

interface LoginValues {
  email: string
  password: string
}

/** /login: e-mail and password; afterwards back to where the visitor was going (`?next=`). */
export function LoginPage() {
  const t = useT(authMessages)
  const [form] = Form.useForm<LoginValues>()
  const fading = useFadingErrors(form)
  const login = useLogin()
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  const [failure, setFailure] = useState<string | null>(null)

  const onFinish = ({ email, password }: LoginValues) => {
    setFailure(null)
    const address = email.trim()
    login.mutate(
      { email: address, password },
      {
        onSuccess: async ({ data }) => {
          const next = searchParams.get('next')
          if (needsSecondFactor(data)) {
            await keepChallenge(data)
            navigate(`${paths.loginTwoFactor}${next ? `?next=${encodeURIComponent(next)}` : ''}`)
            return
          }
          navigate(afterSignIn(data, next), { replace: true })
        },
        onError: (error) => {
          // The 24 hours to verify are over: the only way on is a new verification link.
          if (error instanceof ApiError && error.code === ErrorCode.VerifyExpired) {
            navigate(`${paths.sendVerify}?email=${encodeURIComponent(address)}`, { state: { notice: error.message } })
            return
          }
          if (!fading.showServerErrors(error)) setFailure(error.message)
        },
      },
    )
  }

  return (
    <>
      <AuthHeading title={t('login.title')} subtitle={t('login.subtitle')} />
      <AuthForm
        form={form}
        fading={fading}
        onFinish={onFinish}
        failure={failure}
        submitLabel={t('login.submit')}
        pending={login.isPending}
      >
        <AccountEmailField />
        <Form.Item name="password" label={t('fields.password')} rules={[givenPasswordRule]} style={{ marginBottom: 8 }}>
          <PasswordInput prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <div style={{ textAlign: 'end', marginBottom: 20 }}>
          <Link to={paths.forgotPassword}>{t('login.forgot')}</Link>
        </div>
      </AuthForm>
      <Suspense fallback={null}>
        <PasskeySignIn />
        <SocialSignIn />
      </Suspense>
      <AuthFooter>
        {t('login.noAccount')} <Link to={paths.register}>{t('login.register')}</Link>
      </AuthFooter>
    </>
  )
}
