import { needsSecondFactor } from '@app/contract'
import { Alert, Spin } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { afterSignIn, safeNext } from '../../app/guards.tsx'
import { paths } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { AuthHeading } from './AuthHeading.tsx'
import { AuthFooter } from './AuthText.tsx'
import { useLoginFacebook, useLoginGoogle } from './social.api.ts'
import { socialSignInMessages } from './social.i18n.ts'
import { type Provider, readProviderReturn } from './social.ts'

/** /login/google: Google sent the browser back with an ID token in the fragment. */
export function GoogleReturnPage() {
  return <SocialReturn provider="google" />
}

/** /login/facebook: Facebook sent the browser back with an access token in the fragment. */
export function FacebookReturnPage() {
  return <SocialReturn provider="facebook" />
}

function SocialReturn({ provider }: { provider: Provider }) {
  const t = useT(socialSignInMessages)
  const navigate = useNavigate()
  const { hash, pathname } = useLocation()
  const google = useLoginGoogle()
  const facebook = useLoginFacebook()
  const [failure, setFailure] = useState<string | null>(null)
  const started = useRef(false)
  const failedText = provider === 'google' ? t('googleFailed') : t('facebookFailed')

  useEffect(() => {
    // Once per visit (StrictMode mounts twice): the saved state is single-use.
    if (started.current) return
    started.current = true
    const answer = readProviderReturn(provider, hash)
    // The token leaves the address bar (and the history entry) at once. This page is not under the
    // signed-out guard (router.tsx): it sends the new session to `next` itself, below.
    navigate(`${pathname}?next=${encodeURIComponent(safeNext(answer.next))}`, { replace: true })
    if (!answer.token) {
      setFailure(failedText)
      return
    }
    const done = (data: Parameters<typeof needsSecondFactor>[0]) => {
      const next = safeNext(answer.next)
      if (needsSecondFactor(data)) {
        navigate(`${paths.loginTwoFactor}?next=${encodeURIComponent(next)}`, { replace: true })
      } else {
        navigate(afterSignIn(data, next), { replace: true })
      }
    }
    const fail = (error: Error) => setFailure(error.message || failedText)
    if (provider === 'google') {
      // No attempt in this tab (another tab started it, or it was used): the server would refuse anyway.
      if (!answer.attempt) {
        setFailure(failedText)
        return
      }
      google.mutate(
        { credential: answer.token, attempt: answer.attempt },
        { onSuccess: ({ data }) => done(data), onError: fail },
      )
    } else {
      facebook.mutate({ access_token: answer.token }, { onSuccess: ({ data }) => done(data), onError: fail })
    }
  }, [provider, hash, pathname, google, facebook, navigate, failedText])

  return (
    <>
      <AuthHeading title={provider === 'google' ? t('google') : t('facebook')} />
      {failure ? (
        <Alert type="error" showIcon title={failure} />
      ) : (
        <div style={{ textAlign: 'center', padding: 24 }}>
          <Spin />
          <div style={{ marginTop: 12 }}>{t('checking')}</div>
        </div>
      )}
      <AuthFooter>
        <Link to={paths.login}>{t('back')}</Link>
      </AuthFooter>
    </>
  )
}
