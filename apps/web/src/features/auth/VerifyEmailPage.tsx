import { VERIFY_WINDOW_HOURS } from '@app/contract'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Result } from 'antd'
import { useEffect } from 'react'
import { Link, useSearchParams } from 'react-router'
import { paths } from '../../app/paths.ts'
import { useSession } from '../../app/session.ts'
import { useT } from '../../i18n/define.ts'
import { LinkButton } from '../../ui/LinkButton.tsx'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { AuthFooter } from './AuthText.tsx'
import { profileQuery, verifyEmailQuery } from './auth.api.ts'
import { authMessages } from './auth.i18n.ts'
import { Checking } from './Checking.tsx'

/** /user/verify?token=…: the link of the verification e-mail; confirms the address once. */
export function VerifyEmailPage() {
  const t = useT(authMessages)
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token')?.trim()
  if (!token) return <VerifyFailed title={t('verify.missingToken')} hint={t('verify.missingTokenHint')} />
  return <VerifyToken token={token} />
}

function VerifyToken({ token }: { token: string }) {
  const t = useT(authMessages)
  const verification = useQuery(verifyEmailQuery(token))
  const isSignedIn = useSession() !== null
  const queryClient = useQueryClient()
  const isVerified = verification.isSuccess

  useEffect(() => {
    // A signed-in user's stored session still says "unverified"; its banner should go at once.
    if (isVerified && isSignedIn) queryClient.fetchQuery({ ...profileQuery(), staleTime: 0 }).catch(() => null)
  }, [isVerified, isSignedIn, queryClient])

  if (verification.isPending) return <Checking title={t('verify.title')} text={t('verify.checking')} />
  if (verification.isError) {
    return (
      <VerifyFailed title={verification.error.message} hint={t('verify.failedHint', { hours: VERIFY_WINDOW_HOURS })} />
    )
  }
  const { data, message } = verification.data
  return <Verified message={message} email={data.email} isSignedIn={isSignedIn} />
}

function Verified({ message, email, isSignedIn }: { message: string; email: string; isSignedIn: boolean }) {
  const t = useT(authMessages)
  useDocumentTitle(t('verify.title'))
  return (
    <Result
      status="success"
      title={message}
      subTitle={t('verify.doneHint', { email })}
      style={{ padding: '8px 0' }}
      extra={
        isSignedIn ? (
          <LinkButton to={paths.home} type="primary" size="large">
            {t('verify.dashboard')}
          </LinkButton>
        ) : (
          <LinkButton to={paths.login} type="primary" size="large">
            {t('verify.signIn')}
          </LinkButton>
        )
      }
    />
  )
}

function VerifyFailed({ title, hint }: { title: string; hint: string }) {
  const t = useT(authMessages)
  const session = useSession()
  useDocumentTitle(t('verify.title'))
  const resend = session ? `${paths.sendVerify}?email=${encodeURIComponent(session.email)}` : paths.sendVerify
  return (
    <Result
      status="error"
      title={title}
      subTitle={hint}
      style={{ padding: '8px 0' }}
      extra={
        <>
          <LinkButton to={resend} type="primary" size="large">
            {t('verify.sendNew')}
          </LinkButton>
          {session ? null : (
            <AuthFooter style={{ marginTop: 20 }}>
              <Link to={paths.login}>{t('backToSignIn')}</Link>
            </AuthFooter>
          )}
        </>
      }
    />
  )
}
