import { Card, Tabs, Typography } from 'antd'
import { Navigate, useNavigate, useParams } from 'react-router'
import { paths, SETTINGS_PAGES, type SettingsPage as SettingsTab } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { EmailChangeForm } from './EmailChangeForm.tsx'
import { PasskeysSection } from './PasskeysSection.tsx'
import { ProfileForm } from './ProfileForm.tsx'
import { SecurityForm } from './SecurityForm.tsx'
import { settingsMessages } from './settings.i18n.ts'
import { TwoFactorSection } from './TwoFactorSection.tsx'

const isSettingsTab = (value: string | undefined): value is SettingsTab =>
  (SETTINGS_PAGES as readonly string[]).includes(value ?? '')

/** /settings/:page: the account's profile and security, one tab each; the tab is the URL. */
export function SettingsPage() {
  const { page } = useParams()
  if (!isSettingsTab(page)) return <Navigate to={paths.settings('profile')} replace />
  return <SettingsTabs tab={page} />
}

function SettingsTabs({ tab }: { tab: SettingsTab }) {
  const t = useT(settingsMessages)
  const navigate = useNavigate()
  useDocumentTitle(`${t(`tabs.${tab}`)} · ${t('title')}`)
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
        {t('title')}
      </Typography.Title>
      <Card styles={{ body: { padding: 'clamp(16px, 4vw, 24px)' } }}>
        <Tabs
          activeKey={tab}
          onChange={(key) => navigate(paths.settings(key as SettingsTab))}
          destroyOnHidden
          items={[
            { key: 'profile', label: t('tabs.profile'), children: <ProfileForm /> },
            {
              key: 'security',
              label: t('tabs.security'),
              children: (
                <>
                  <SecurityForm />
                  <TwoFactorSection />
                  <PasskeysSection />
                </>
              ),
            },
            { key: 'email', label: t('tabs.email'), children: <EmailChangeForm /> },
          ]}
        />
      </Card>
    </>
  )
}
