import { Card, Skeleton, Tabs, Typography } from 'antd'
import { type ReactNode, Suspense } from 'react'
import { Navigate, useNavigate, useParams } from 'react-router'
import { paths, SETTINGS_PAGES, type SettingsPage as SettingsTab } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { lazyComponent, usePreloaded } from '../../lib/lazy-component.tsx'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { ProfileForm } from './ProfileForm.tsx'
import { settingsMessages } from './settings.i18n.ts'

// The profile tab comes with the page; the security tab (passwords, two-factor, passkeys and the
// browser's passkey API) and the e-mail tab load apart, after the page is drawn (bench/README.md, issue 20).
const SecurityTab = lazyComponent(
  () => import('./SecurityTab.tsx'),
  (m) => m.SecurityTab,
)
const EmailTab = lazyComponent(
  () => import('./EmailChangeForm.tsx'),
  (m) => m.EmailChangeForm,
)

const later = (tab: ReactNode) => <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>{tab}</Suspense>

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
  // The other tabs' code, fetched once this one is on screen, so that switching shows them at once.
  usePreloaded(SecurityTab, EmailTab)
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
              children: later(<SecurityTab.Component />),
            },
            { key: 'email', label: t('tabs.email'), children: later(<EmailTab.Component />) },
          ]}
        />
      </Card>
    </>
  )
}
