import { KeyOutlined } from '@ant-design/icons'
import { ErrorCode, normaliseRecoveryCode, RECOVERY_CODE_LENGTH } from '@app/contract'
import { Button, Flex, Form } from 'antd'
import { useState } from 'react'
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router'
import { ApiError } from '../../api/client.ts'
import { afterSignIn } from '../../app/guards.tsx'
import { paths } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { problemText } from '../../ui/form-rules.ts'
import { TextInput } from '../../ui/inputs.ts'
import { useFadingErrors } from '../../ui/use-fading-errors.ts'
import { AuthForm } from './AuthForm.tsx'
import { AuthHeading } from './AuthHeading.tsx'
import { AuthFooter, Muted } from './AuthText.tsx'
import { usePasskeySecondFactor, useVerifyRecoveryCode } from './passkey-sign-in.api.ts'
import { passkeySignInMessages } from './passkey-sign-in.i18n.ts'
import { forgetChallenge, readChallenge, useVerifyTwoFactor } from './two-factor.api.ts'
import { twoFactorSignInMessages } from './two-factor.i18n.ts'

interface CodeValues {
  code: string
}

const appCodeRule = {
  validator: (_rule: unknown, value: string | undefined) =>
    /^\d{6}$/.test((value ?? '').replace(/\s+/g, ''))
      ? Promise.resolve()
      : Promise.reject(new Error(problemText({ key: 'twoFactor.codeFormat' }))),
}

const recoveryCodeRule = {
  validator: (_rule: unknown, value: string | undefined) =>
    new RegExp(`^[a-z2-7]{${RECOVERY_CODE_LENGTH}}$`).test(normaliseRecoveryCode(value ?? ''))
      ? Promise.resolve()
      : Promise.reject(new Error(problemText({ key: 'recoveryCodes.format' }))),
}

/**
 * /login/two-factor: the second step of a sign-in with 2FA on (docs/requirements.md §4.5). The first step (password,
 * Google or Facebook) left its challenge in this tab; the code from the authenticator app finishes it,
 * or one of the account's passkeys, or a recovery code (docs/auth.md).
 */
export function TwoFactorPage() {
  const t = useT(twoFactorSignInMessages)
  const tp = useT(passkeySignInMessages)
  const [form] = Form.useForm<CodeValues>()
  const fading = useFadingErrors(form)
  const verify = useVerifyTwoFactor()
  const recover = useVerifyRecoveryCode()
  const passkey = usePasskeySecondFactor()
  const [mode, setMode] = useState<'app' | 'recovery'>('app')
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  const [challenge] = useState(readChallenge)
  const [failure, setFailure] = useState<string | null>(null)
  const [expired, setExpired] = useState(false)

  if (!challenge) return <Navigate to={paths.login} replace />

  const isLate = () => {
    if (new Date(challenge.expires_at).getTime() > Date.now()) return false
    forgetChallenge()
    setExpired(true)
    return true
  }
  const handlers = {
    onSuccess: ({ data }: { data: { must_change_password: boolean } }) =>
      navigate(afterSignIn(data, searchParams.get('next')), { replace: true }),
    onError: (error: Error) => {
      if (error instanceof ApiError && error.code === ErrorCode.TokenExpired) {
        forgetChallenge()
        setExpired(true)
        return
      }
      form.setFieldValue('code', '')
      if (!fading.showServerErrors(error)) setFailure(error.message)
    },
  }

  const onFinish = ({ code }: CodeValues) => {
    setFailure(null)
    if (isLate()) return
    if (mode === 'recovery') recover.mutate({ token: challenge.token, code: normaliseRecoveryCode(code) }, handlers)
    else verify.mutate({ token: challenge.token, code: code.replace(/\s+/g, '') }, handlers)
  }

  const signInWithPasskey = () => {
    setFailure(null)
    if (isLate()) return
    passkey.mutate(challenge.token, {
      onSuccess: handlers.onSuccess,
      onError: (error) => setFailure(error instanceof ApiError ? error.message : tp('cancelled')),
    })
  }

  const switchMode = () => {
    setFailure(null)
    form.resetFields()
    setMode(mode === 'app' ? 'recovery' : 'app')
  }

  return (
    <>
      {mode === 'app' ? (
        <AuthHeading title={t('title')} subtitle={t('subtitle')} />
      ) : (
        <AuthHeading title={tp('recoveryTitle')} subtitle={tp('recoverySubtitle')} />
      )}
      <AuthForm
        form={form}
        fading={fading}
        onFinish={onFinish}
        failure={expired ? t('expired') : failure}
        submitLabel={t('submit')}
        pending={verify.isPending || recover.isPending}
      >
        {mode === 'app' ? (
          <Form.Item name="code" label={t('code')} rules={[appCodeRule]}>
            <TextInput
              autoFocus
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={7}
              placeholder="123456"
              style={{ letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' }}
            />
          </Form.Item>
        ) : (
          <Form.Item name="code" label={tp('recoveryCode')} rules={[recoveryCodeRule]}>
            <TextInput
              autoFocus
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={64}
              placeholder="abcd-efgh-ijkl-mnop-qrst-uvwx"
              style={{ fontFamily: 'monospace' }}
            />
          </Form.Item>
        )}
      </AuthForm>
      <Flex vertical gap={8} style={{ marginTop: 12 }}>
        {typeof window !== 'undefined' && 'PublicKeyCredential' in window ? (
          <Button block icon={<KeyOutlined />} loading={passkey.isPending} onClick={signInWithPasskey}>
            {tp('usePasskey')}
          </Button>
        ) : null}
        <Button block type="link" onClick={switchMode}>
          {mode === 'app' ? tp('useRecoveryCode') : tp('useAppCode')}
        </Button>
      </Flex>
      <Muted style={{ marginTop: 16 }}>{t('lost')}</Muted>
      <AuthFooter>
        <Link to={paths.login} onClick={forgetChallenge}>
          {t('back')}
        </Link>
      </AuthFooter>
    </>
  )
}
