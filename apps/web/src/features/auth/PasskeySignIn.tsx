import { KeyOutlined } from '@ant-design/icons'
import { Alert, Button, Flex } from 'antd'
import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { ApiError } from '../../api/client.ts'
import { afterSignIn } from '../../app/guards.tsx'
import { useT } from '../../i18n/define.ts'
import { usePasskeySignIn } from './passkey-sign-in.api.ts'
import { passkeySignInMessages } from './passkey-sign-in.i18n.ts'

/**
 * "Continue with a passkey" under the sign-in form (docs/auth.md "Passkeys"): loaded lazily by /login,
 * shown only where the browser can use passkeys. The passkey did user verification, so no code follows.
 */
export function PasskeySignIn() {
  const t = useT(passkeySignInMessages)
  const signIn = usePasskeySignIn()
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  const [failure, setFailure] = useState<string | null>(null)
  if (typeof window === 'undefined' || !('PublicKeyCredential' in window)) return null

  const start = () => {
    setFailure(null)
    signIn.mutate(undefined, {
      onSuccess: ({ data }) => navigate(afterSignIn(data, searchParams.get('next')), { replace: true }),
      // A refusal from the server says why; the browser's own (closed dialog, time-out) gets one sentence.
      onError: (error) => setFailure(error instanceof ApiError ? error.message : t('cancelled')),
    })
  }

  return (
    <Flex vertical gap={12} style={{ marginTop: 12 }} data-testid="passkey-sign-in">
      {failure ? <Alert type="error" showIcon title={failure} role="alert" /> : null}
      <Button block size="large" icon={<KeyOutlined />} loading={signIn.isPending} onClick={start}>
        {t('signIn')}
      </Button>
    </Flex>
  )
}
