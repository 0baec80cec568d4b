import {
  CreditCardOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  EnvironmentOutlined,
  KeyOutlined,
  MoonOutlined,
  SettingOutlined,
  SunOutlined,
} from '@ant-design/icons'
import { hasAnyRole } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Menu, Segmented, Tooltip, Typography, theme } from 'antd'
import { Link, useLocation } from 'react-router'
import { appConfigQuery } from '../../api/app-config.ts'
import { paths } from '../../app/paths.ts'
import { themePref } from '../../app/prefs.ts'
import { useSession } from '../../app/session.ts'
import { commonMessages } from '../../i18n/common.i18n.ts'
import { useT } from '../../i18n/define.ts'
import { useStored } from '../../lib/store.ts'
import { UserAvatar } from '../../ui/UserAvatar.tsx'
import { shellMessages } from './shell.i18n.ts'

const sections = [
  {
    key: paths.dashboard,
    match: [paths.home, paths.dashboard, paths.usage],
    icon: <DashboardOutlined />,
    label: 'menu.dashboard',
  },
  {
    key: paths.keys,
    match: [paths.keys, paths.createKey, paths.editKey, paths.getStarted],
    icon: <KeyOutlined />,
    label: 'menu.keys',
  },
  { key: paths.billing, match: [paths.billing, paths.payment], icon: <CreditCardOutlined />, label: 'menu.billing' },
  {
    key: paths.supportRequests,
    match: [paths.supportRequests, paths.faqs],
    icon: <CustomerServiceOutlined />,
    label: 'menu.support',
  },
] as const

function activeSection(pathname: string) {
  return sections.find((s) =>
    s.match.some((m) => (m === '/' ? pathname === '/' : pathname === m || pathname.startsWith(`${m}/`))),
  )?.key
}

export function CustomerSidebar({ collapsed }: { collapsed: boolean }) {
  const t = useT(shellMessages)
  const common = useT(commonMessages)
  const session = useSession()
  const { pathname } = useLocation()
  const mode = useStored(themePref)
  const { token } = theme.useToken()
  const config = useQuery(appConfigQuery())
  const mapUrl = config.data?.map_url ?? paths.maps
  const isExternal = /^https?:\/\//.test(mapUrl)
  const name = session?.full_name ?? ''

  const items = [
    ...sections.map((s) => ({ key: s.key, icon: s.icon, label: <Link to={s.key}>{t(s.label)}</Link> })),
    {
      key: 'map',
      icon: <EnvironmentOutlined />,
      label: isExternal ? (
        <a href={mapUrl} target="_blank" rel="noreferrer">
          {t('menu.map')}
        </a>
      ) : (
        <Link to={mapUrl}>{t('menu.map')}</Link>
      ),
    },
    ...(session && hasAnyRole(session.roles, ['admin'])
      ? [
          {
            key: paths.admin.root,
            icon: <SettingOutlined />,
            label: <Link to={paths.admin.overview}>{t('menu.administrator')}</Link>,
          },
        ]
      : []),
  ]

  return (
    <nav aria-label="main" style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Link
        to={paths.home}
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 10,
          padding: collapsed ? '16px 9px' : '16px 20px',
          color: token.colorText,
        }}
      >
        {/* Collapsed, the logo alone is the link: its alternative text names it (axe-core's link-name). */}
        <img src="/favicon.svg" alt={collapsed ? 'Maps Portal' : ''} width={32} height={32} />
        {collapsed ? null : <strong style={{ fontSize: 18 }}>Maps Portal</strong>}
      </Link>
      <Link
        to={paths.settings('profile')}
        data-testid="sidebar-profile"
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 10,
          padding: collapsed ? '8px 9px' : '8px 20px',
          color: token.colorText,
        }}
      >
        <UserAvatar src={session?.avatar ?? null} name={name} />
        {collapsed ? null : (
          <Typography.Text ellipsis style={{ maxWidth: 170 }}>
            {name}
          </Typography.Text>
        )}
      </Link>
      <Menu
        mode="inline"
        selectedKeys={[activeSection(pathname) ?? (pathname.startsWith(paths.maps) ? 'map' : '')]}
        items={items}
        style={{ borderInlineEnd: 0, flex: 1 }}
      />
      <div style={{ padding: collapsed ? '12px 4px' : 16 }}>
        {collapsed ? (
          <Tooltip title={t('menu.theme')} placement="right">
            <button
              type="button"
              aria-label={t('menu.theme')}
              onClick={() => themePref.set(mode === 'dark' ? 'light' : 'dark')}
              style={{
                background: 'none',
                border: 0,
                cursor: 'pointer',
                color: token.colorText,
                width: '100%',
                fontSize: 18,
              }}
            >
              {mode === 'dark' ? <MoonOutlined /> : <SunOutlined />}
            </button>
          </Tooltip>
        ) : (
          <Segmented
            block
            aria-label={t('menu.theme')}
            value={mode}
            onChange={(value) => themePref.set(value as 'light' | 'dark')}
            options={[
              { value: 'light', icon: <SunOutlined />, label: common('theme.light') },
              { value: 'dark', icon: <MoonOutlined />, label: common('theme.dark') },
            ]}
          />
        )}
      </div>
    </nav>
  )
}
