import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from '@app/contract'
import { Layout, theme } from 'antd'
import { type ReactNode, useEffect, useState } from 'react'
import { useMediaQuery } from '../lib/use-media-query.ts'

/**
 * Whether the sidebar is folded: folded under the area's breakpoint (docs/requirements.md §18.6: 1201 px for customers,
 * 901 px for the back office), and the user may fold or unfold it by hand.
 */
export function useSidebarFold(breakpoint: number) {
  const narrow = useMediaQuery(`(max-width: ${breakpoint}px)`)
  const [collapsed, setCollapsed] = useState(narrow)
  useEffect(() => setCollapsed(narrow), [narrow])
  return { narrow, collapsed, toggle: () => setCollapsed((c) => !c) }
}

/** The sidebar of both areas: 249 px wide, 50 px folded, staying in place while the page scrolls. */
export function SideNav({ collapsed, children }: { collapsed: boolean; children: ReactNode }) {
  const { token } = theme.useToken()
  return (
    <Layout.Sider
      width={SIDEBAR_WIDTH}
      collapsedWidth={SIDEBAR_COLLAPSED_WIDTH}
      collapsed={collapsed}
      trigger={null}
      theme="light"
      style={{
        position: 'sticky',
        top: 0,
        height: '100vh',
        overflow: 'auto',
        borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      {children}
    </Layout.Sider>
  )
}
