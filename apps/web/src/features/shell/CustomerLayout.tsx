import { BREAKPOINT_CUSTOMER_COLLAPSE } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Layout } from 'antd'
import { Outlet } from 'react-router'
import { AppFrame } from '../../ui/AppFrame.tsx'
import { SideNav, useSidebarFold } from '../../ui/SideNav.tsx'
import { profileQuery } from '../auth/auth.api.ts'
import { TourHost } from '../tour/TourHost.tsx'
import { AccountBanners } from './AccountBanners.tsx'
import { CustomerHeader } from './CustomerHeader.tsx'
import { CustomerSidebar } from './CustomerSidebar.tsx'
import { Splash } from './Splash.tsx'

/**
 * The signed-in customer frame (docs/requirements.md §2.7): a 249 px sidebar that folds to 50 px under 1201 px,
 * the header, account warnings, and the page.
 */
export function CustomerLayout() {
  const { collapsed, toggle } = useSidebarFold(BREAKPOINT_CUSTOMER_COLLAPSE)
  // Refreshes roles, balance and account state in the stored session.
  useQuery(profileQuery())

  return (
    <AppFrame>
      <Layout style={{ minHeight: '100vh' }}>
        <Splash />
        <TourHost />
        <SideNav collapsed={collapsed}>
          <CustomerSidebar collapsed={collapsed} />
        </SideNav>
        <Layout>
          <CustomerHeader collapsed={collapsed} onToggle={toggle} />
          <Layout.Content style={{ padding: 24, minWidth: 0 }}>
            <AccountBanners />
            <Outlet />
          </Layout.Content>
        </Layout>
      </Layout>
    </AppFrame>
  )
}
