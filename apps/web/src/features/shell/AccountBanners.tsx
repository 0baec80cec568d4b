import { formatDateTime } from '@app/contract'
import { Alert, Button, Space } from 'antd'
import { useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { paths } from '../../app/paths.ts'
import { useSession } from '../../app/session.ts'
import { useT } from '../../i18n/define.ts'
import { currentLang } from '../../i18n/lang.ts'
import { useSendVerifyEmail } from '../auth/auth.api.ts'
import { shellMessages } from './shell.i18n.ts'

/**
 * Warnings about the account itself, shown above every page: suspended (docs/requirements.md §4.7), not yet verified
 * (with the 24-hour deadline and a resend button), and a one-time password that must be replaced.
 */
export function AccountBanners() {
  const t = useT(shellMessages)
  const session = useSession()
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const resend = useSendVerifyEmail()
  const mustChange = session?.must_change_password === true
  const securityPage = paths.settings('security')

  useEffect(() => {
    if (mustChange && pathname !== securityPage) navigate(securityPage, { replace: true })
  }, [mustChange, pathname, navigate, securityPage])

  if (!session) return null
  return (
    <Space orientation="vertical" style={{ width: '100%', marginBottom: 16 }} size={8}>
      {session.status === 'suspended' ? <Alert type="error" showIcon title={t('banners.suspended')} /> : null}
      {mustChange ? <Alert type="warning" showIcon title={t('banners.mustChangePassword')} /> : null}
      {!session.email_verified && session.verify_deadline ? (
        <Alert
          type="info"
          showIcon
          title={t('banners.unverified', { deadline: formatDateTime(session.verify_deadline, currentLang()) })}
          action={
            <Button
              size="small"
              loading={resend.isPending}
              disabled={resend.isSuccess}
              onClick={() => resend.mutate(session.email)}
            >
              {t('banners.resend')}
            </Button>
          }
        />
      ) : null}
    </Space>
  )
}
