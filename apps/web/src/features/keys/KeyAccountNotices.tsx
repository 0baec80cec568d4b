import { SafetyCertificateOutlined } from '@ant-design/icons'
import { isStaff } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Alert, Flex } from 'antd'
import { paths } from '../../app/paths.ts'
import { useSession } from '../../app/session.ts'
import { useT } from '../../i18n/define.ts'
import { i18n } from '../../i18n/i18n.ts'
import { LinkButton } from '../../ui/LinkButton.tsx'
import { profileQuery } from '../auth/auth.api.ts'
import { keysMessages } from './keys.i18n.ts'

/**
 * What the signed-in account may do with keys (docs/requirements.md §4.3, §4.7, §5.3; the server enforces the same): a suspended
 * account changes nothing, an unverified one creates nothing, and without a verified phone number the
 * server answers E401. Staff acting in the portal are held to none of these.
 */
export function useKeyAbilities() {
  const session = useSession()
  const profile = useQuery(profileQuery())
  const staff = session ? isStaff(session.roles) : false
  const isSuspended = !staff && session?.status === 'suspended'
  const isEmailUnverified = !staff && session?.email_verified === false
  const isPhoneUnverified = !staff && profile.data?.phone_verified === false
  return {
    isSuspended,
    isEmailUnverified,
    isPhoneUnverified,
    canCreate: !isSuspended && !isEmailUnverified,
    canChange: !isSuspended,
  }
}

/**
 * Why keys cannot be created or changed right now, above the key screens. The suspension warning itself
 * is the shell's (AccountBanners), shown on every page.
 */
export function KeyAccountNotices({ creating }: { creating: boolean }) {
  const t = useT(keysMessages)
  const abilities = useKeyAbilities()
  const showUnverified = creating && abilities.isEmailUnverified && !abilities.isSuspended
  const showPhone = abilities.isPhoneUnverified && !abilities.isSuspended
  if (!showUnverified && !showPhone) return null
  return (
    <Flex vertical gap={8}>
      {showUnverified ? (
        <Alert
          type="warning"
          showIcon
          title={i18n.message('keys.unverified')}
          description={t('notices.unverifiedHint')}
        />
      ) : null}
      {showPhone ? (
        <Alert
          type="info"
          showIcon
          icon={<SafetyCertificateOutlined />}
          title={t('notices.phone')}
          description={t('notices.phoneHint')}
          action={
            <LinkButton size="small" to={paths.settings('profile')}>
              {t('notices.phoneAction')}
            </LinkButton>
          }
        />
      ) : null}
    </Flex>
  )
}
