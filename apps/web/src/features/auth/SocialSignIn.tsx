import { FacebookFilled, GoogleOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Divider, Flex } from 'antd'
import { useSearchParams } from 'react-router'
import { appConfigQuery } from '../../api/app-config.ts'
import { useT } from '../../i18n/define.ts'
import { useStartGoogleSignIn } from './social.api.ts'
import { socialSignInMessages } from './social.i18n.ts'
import { type Provider, providerUrl } from './social.ts'

/**
 * The Google and Facebook buttons under the sign-in form, shown only for configured providers. Loaded
 * lazily by /login; a click sends the browser to the provider (docs/auth.md).
 */
export function SocialSignIn() {
  const t = useT(socialSignInMessages)
  const config = useQuery(appConfigQuery())
  const [searchParams] = useSearchParams()
  const startGoogle = useStartGoogleSignIn()
  const providers = config.data?.sign_in
  if (!providers || (!providers.google && !providers.facebook)) return null

  const go = (provider: Provider) => {
    const next = searchParams.get('next')
    if (provider === 'facebook') {
      const url = providerUrl(provider, providers, next)
      if (url) window.location.assign(url)
      return
    }
    // Google's nonce comes from the server (docs/auth.md "Nonce") before the browser leaves.
    startGoogle.mutate(undefined, {
      onSuccess: (attempt) => {
        const url = providerUrl('google', providers, next, attempt)
        if (url) window.location.assign(url)
      },
    })
  }

  return (
    <div data-testid="social-sign-in">
      <Divider plain style={{ margin: '20px 0 16px' }}>
        {t('or')}
      </Divider>
      <Flex vertical gap={12}>
        {startGoogle.isError ? <Alert type="error" showIcon title={t('googleFailed')} /> : null}
        {providers.google ? (
          <Button
            block
            size="large"
            icon={<GoogleOutlined />}
            loading={startGoogle.isPending || startGoogle.isSuccess}
            onClick={() => go('google')}
          >
            {t('google')}
          </Button>
        ) : null}
        {providers.facebook ? (
          <Button block size="large" icon={<FacebookFilled />} onClick={() => go('facebook')}>
            {t('facebook')}
          </Button>
        ) : null}
      </Flex>
    </div>
  )
}
