import {
  GlobalOutlined,
  HomeOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  MoonOutlined,
  SunOutlined,
} from '@ant-design/icons'
import { BREAKPOINT_ADMIN_COLLAPSE, hasAnyRole } from '@app/contract'
import { Button, Layout, Menu, type MenuProps, Space, Switch, Tooltip, Typography, theme } from 'antd'
import type { ReactNode } from 'react'
import { Link, useLocation } from 'react-router'
import { paths } from '../../app/paths.ts'
import { adminLangPref, themePref } from '../../app/prefs.ts'
import { useSession } from '../../app/session.ts'
import { useLogout } from '../../features/auth/auth.api.ts'
import { commonMessages } from '../../i18n/common.i18n.ts'
import { useT } from '../../i18n/define.ts'
import { useStored } from '../../lib/store.ts'
import { SideNav, useSidebarFold } from '../../ui/SideNav.tsx'
import { adminShellMessages } from './admin-shell.i18n.ts'
import { HeaderSearch } from './HeaderSearch.tsx'
import { activeAdminPage, adminPages } from './nav.tsx'

/** The back-office frame: a menu of what the user's role may open, folding under 901 px (docs/requirements.md §2.8). */
export function AdminLayout({ children }: { children: ReactNode }) {
  const t = useT(adminShellMessages)
  const common = useT(commonMessages)
  const session = useSession()
  const { pathname } = useLocation()
  const logout = useLogout()
  const lang = useStored(adminLangPref)
  const mode = useStored(themePref)
  const { token } = theme.useToken()
  const fold = useSidebarFold(BREAKPOINT_ADMIN_COLLAPSE)
  const { narrow, collapsed, toggle } = fold
  const roles = session?.roles ?? []

  const items: MenuProps['items'] = [
    ...adminPages
      .filter((page) => page.inMenu && hasAnyRole(roles, page.roles))
      .map((page) => ({ key: page.path, icon: page.icon, label: <Link to={page.path}>{t(page.label)}</Link> })),
    { type: 'divider' as const },
    {
      key: 'language',
      icon: <GlobalOutlined />,
      label: t('menu.language'),
      children: [
        { key: 'lang-vi', label: t('menu.vietnamese'), onClick: () => adminLangPref.set('vi') },
        { key: 'lang-en', label: t('menu.english'), onClick: () => adminLangPref.set('en') },
      ],
    },
    { key: 'portal', icon: <HomeOutlined />, label: <Link to={paths.home}>{t('menu.portal')}</Link> },
    {
      key: 'logout',
      icon: <LogoutOutlined />,
      label: t('menu.logout'),
      onClick: logout,
    },
  ]
  const active = activeAdminPage(pathname)

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SideNav fold={fold} label={t('header.menu')}>
        {(collapsed) => (
          <>
            <Link
              to={paths.admin.root}
              style={{
                display: 'flex',
                alignItems: 'center',
                gap: 10,
                padding: collapsed ? '16px 9px' : '16px 20px',
                color: token.colorText,
              }}
            >
              <img src="/favicon.svg" alt={collapsed ? t('title') : ''} width={32} height={32} />
              {collapsed ? null : <strong style={{ fontSize: 16 }}>{t('title')}</strong>}
            </Link>
            <Menu
              mode="inline"
              items={items}
              selectedKeys={[active?.path ?? '', `lang-${lang}`]}
              style={{ borderInlineEnd: 0 }}
              aria-label={t('title')}
            />
          </>
        )}
      </SideNav>
      <Layout>
        <Layout.Header
          style={{
            background: token.colorBgContainer,
            padding: '0 16px',
            display: 'flex',
            alignItems: 'center',
            gap: 12,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <Button
            type="text"
            aria-label={collapsed ? t('header.expand') : t('header.collapse')}
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={toggle}
          />
          <Typography.Title level={4} style={{ margin: 0, flex: 1, minWidth: 0 }} ellipsis>
            {active ? t(active.label) : t('title')}
          </Typography.Title>
          <HeaderSearch narrow={narrow} />
          <Space align="center">
            <Tooltip title={common('theme.darkMode')}>
              <Switch
                aria-label={common('theme.darkMode')}
                checkedChildren={<MoonOutlined />}
                unCheckedChildren={<SunOutlined />}
                checked={mode === 'dark'}
                onChange={(on) => themePref.set(on ? 'dark' : 'light')}
              />
            </Tooltip>
            {narrow ? null : (
              <span
                style={{
                  display: 'inline-block',
                  maxWidth: 240,
                  lineHeight: 'normal',
                  verticalAlign: 'middle',
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  whiteSpace: 'nowrap',
                  color: token.colorTextSecondary,
                }}
              >
                {t('header.signedInAs', { name: session?.full_name ?? '' })}
              </span>
            )}
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: 24, minWidth: 0 }}>{children}</Layout.Content>
      </Layout>
    </Layout>
  )
}
