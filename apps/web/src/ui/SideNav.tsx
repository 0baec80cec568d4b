import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from '@app/contract'
import { Drawer, Layout, theme } from 'antd'
import { type MouseEvent, type ReactNode, useState } from 'react'
import { useLocation } from 'react-router'
import { useMediaQuery } from '../lib/use-media-query.ts'

/**
 * The sidebar's state (docs/requirements.md §18.6): at or above the area's breakpoint (1201 px for
 * customers, 901 px for the back office) it stands beside the page and the user may fold it by hand;
 * under it, it is a 50 px rail and the menu button opens the whole menu as a drawer over the page
 * (pushing the page aside would leave a phone ~140 px of it), which closes on navigation.
 */
export function useSidebarFold(breakpoint: number) {
  const narrow = useMediaQuery(`(max-width: ${breakpoint}px)`)
  const { pathname } = useLocation()
  const [isFolded, setFolded] = useState(false)
  // The page the drawer was opened on: moving to another page closes it without an effect.
  const [openOn, setOpenOn] = useState<string | null>(null)
  const isOverlayOpen = narrow && openOn === pathname
  return {
    narrow,
    /** Whether the menu button offers to expand the menu. */
    collapsed: narrow ? !isOverlayOpen : isFolded,
    isOverlayOpen,
    toggle: () => (narrow ? setOpenOn(isOverlayOpen ? null : pathname) : setFolded((folded) => !folded)),
    close: () => setOpenOn(null),
  }
}

export type SidebarFold = ReturnType<typeof useSidebarFold>

/** Closes the drawer when one of its links is followed, even to the page already open. */
function closeOnLink(close: () => void) {
  return (event: MouseEvent<HTMLElement>) => {
    if (event.target instanceof Element && event.target.closest('a[href]')) close()
  }
}

/**
 * The sidebar of both areas: 249 px wide, 50 px folded, staying in place while the page scrolls; under
 * the breakpoint a rail, with the expanded menu in a drawer over the page. `children` draws the menu,
 * folded or not.
 */
export function SideNav({
  fold,
  label,
  children,
}: {
  fold: SidebarFold
  /** The drawer's title (the menu's name). */
  label: string
  children: (collapsed: boolean) => ReactNode
}) {
  const { token } = theme.useToken()
  return (
    <>
      <Layout.Sider
        width={SIDEBAR_WIDTH}
        collapsedWidth={SIDEBAR_COLLAPSED_WIDTH}
        collapsed={fold.narrow || fold.collapsed}
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
        {children(fold.narrow || fold.collapsed)}
      </Layout.Sider>
      {fold.narrow ? (
        <Drawer
          open={fold.isOverlayOpen}
          onClose={fold.close}
          placement="left"
          size={SIDEBAR_WIDTH}
          title={label}
          styles={{ body: { padding: 0 } }}
          destroyOnHidden
        >
          <div onClickCapture={closeOnLink(fold.close)} style={{ height: '100%' }}>
            {children(false)}
          </div>
        </Drawer>
      ) : null}
    </>
  )
}
