import { ErrorCode } from '@app/contract'
import { Form, Input } from 'antd'
import { useState } from 'react'
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router'
import { ApiError } from '../../api/client.ts'
import { afterSignIn } from '../../app/guards.tsx'
import { paths } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { problemText } from '../../ui/form-rules.ts'
import { useFadingErrors } from '../../ui/use-fading-errors.ts'
import { AuthForm } from './AuthForm.tsx'
import { AuthHeading } from './AuthHeading.tsx'
import { AuthFooter, Muted } from './AuthText.tsx'
import { forgetChallenge, readChallenge, useVerifyTwoFactor } from './sign-in.api.ts'
import { signInMessages } from './sign-in.i18n.ts'

interface CodeValues {
  code: string
}

/**
 * /login/two-factor: the second step of a sign-in with 2FA on (DESIGN §4). The first step (password,
 * Google or Facebook) left its challenge in this tab; the code from the authenticator app finishes it.
 */
export function TwoFactorPage() {
  const t = useT(signInMessages)
  const [form] = Form.useForm<CodeValues>()
  const fading = useFadingErrors(form)
  const verify = useVerifyTwoFactor()
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  const [challenge] = useState(readChallenge)
  const [failure, setFailure] = useState<string | null>(null)
  const [expired, setExpired] = useState(false)

  if (!challenge) return <Navigate to={paths.login} replace />

  const onFinish = ({ code }: CodeValues) => {
    setFailure(null)
    if (new Date(challenge.expires_at).getTime() <= Date.now()) {
      forgetChallenge()
      setExpired(true)
      return
    }
    verify.mutate(
      { token: challenge.token, code: code.replace(/\s+/g, '') },
      {
        onSuccess: ({ data }) => navigate(afterSignIn(data, searchParams.get('next')), { replace: true }),
        onError: (error) => {
          if (error instanceof ApiError && error.code === ErrorCode.TokenExpired) {
            forgetChallenge()
            setExpired(true)
            return
          }
          form.setFieldValue('code', '')
          if (!fading.showServerErrors(error)) setFailure(error.message)
        },
      },
    )
  }

  return (
    <>
      <AuthHeading title={t('twoFactor.title')} subtitle={t('twoFactor.subtitle')} />
      <AuthForm
        form={form}
        fading={fading}
        onFinish={onFinish}
        failure={expired ? t('twoFactor.expired') : failure}
        submitLabel={t('twoFactor.submit')}
        pending={verify.isPending}
      >
        <Form.Item
          name="code"
          label={t('twoFactor.code')}
          rules={[
            {
              validator: (_rule, value: string | undefined) =>
                /^\d{6}$/.test((value ?? '').replace(/\s+/g, ''))
                  ? Promise.resolve()
                  : Promise.reject(new Error(problemText({ key: 'twoFactor.codeFormat' }))),
            },
          ]}
        >
          <Input
            autoFocus
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={7}
            placeholder="123456"
            style={{ letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' }}
          />
        </Form.Item>
      </AuthForm>
      <Muted style={{ marginTop: 16 }}>{t('twoFactor.lost')}</Muted>
      <AuthFooter>
        <Link to={paths.login} onClick={forgetChallenge}>
          {t('twoFactor.back')}
        </Link>
      </AuthFooter>
    </>
  )
}
