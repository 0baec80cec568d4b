import { FacebookFilled, GoogleOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Divider, Flex } from 'antd'
import { useSearchParams } from 'react-router'
import { useT } from '../../i18n/define.ts'
import { signInConfigQuery, useStartGoogleSignIn } from './sign-in.api.ts'
import { signInMessages } from './sign-in.i18n.ts'
import { type Provider, providerUrl } from './social.ts'

/**
 * The Google and Facebook buttons under the sign-in form, shown only for configured providers. Loaded
 * lazily by /login; a click sends the browser to the provider (docs/sign-in.md).
 */
export function SocialSignIn() {
  const t = useT(signInMessages)
  const config = useQuery(signInConfigQuery())
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
    // Google's nonce comes from the server (docs/sign-in.md "Nonce") before the browser leaves.
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
        {t('social.or')}
      </Divider>
      <Flex vertical gap={12}>
        {startGoogle.isError ? <Alert type="error" showIcon title={t('social.googleFailed')} /> : null}
        {providers.google ? (
          <Button
            block
            size="large"
            icon={<GoogleOutlined />}
            loading={startGoogle.isPending || startGoogle.isSuccess}
            onClick={() => go('google')}
          >
            {t('social.google')}
          </Button>
        ) : null}
        {providers.facebook ? (
          <Button block size="large" icon={<FacebookFilled />} onClick={() => go('facebook')}>
            {t('social.facebook')}
          </Button>
        ) : null}
      </Flex>
    </div>
  )
}
