import { BREAKPOINT_CUSTOMER_COLLAPSE } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Layout } from 'antd'
import { Outlet } from 'react-router'
import { useT } from '../../i18n/define.ts'
import { AppFrame } from '../../ui/AppFrame.tsx'
import { SideNav, useSidebarFold } from '../../ui/SideNav.tsx'
import { profileQuery } from '../auth/auth.api.ts'
import { TourHost } from '../tour/TourHost.tsx'
import { AccountBanners } from './AccountBanners.tsx'
import { CustomerHeader } from './CustomerHeader.tsx'
import { CustomerSidebar } from './CustomerSidebar.tsx'
import { Splash } from './Splash.tsx'
import { shellMessages } from './shell.i18n.ts'

/**
 * The signed-in customer frame (docs/requirements.md §2.7): a 249 px sidebar that folds to 50 px under 1201 px (where the
 * whole menu opens as a drawer over the page),
 * the header, account warnings, and the page.
 */
export function CustomerLayout() {
  const t = useT(shellMessages)
  const fold = useSidebarFold(BREAKPOINT_CUSTOMER_COLLAPSE)
  // Refreshes roles, balance and account state in the stored session.
  useQuery(profileQuery())

  return (
    <AppFrame>
      <Layout style={{ minHeight: '100vh' }}>
        <Splash />
        <TourHost />
        <SideNav fold={fold} label={t('header.menu')}>
          {(collapsed) => <CustomerSidebar collapsed={collapsed} />}
        </SideNav>
        <Layout>
          <CustomerHeader collapsed={fold.collapsed} onToggle={fold.toggle} />
          <Layout.Content style={{ padding: 24, minWidth: 0 }}>
            <AccountBanners />
            <Outlet />
          </Layout.Content>
        </Layout>
      </Layout>
    </AppFrame>
  )
}
