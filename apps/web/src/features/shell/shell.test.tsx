import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from '@app/contract'
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionFrom, sessionStore } from '../../app/session.ts'
import { installFakeServer, ok, openApp, profile, server, session } from '../../test/fake-server.tsx'
import { emulateViewport } from '../../test/viewport.ts'

// The customer's signed-in frame on a phone and on a wide screen (docs/requirements.md §2.7), and the
// splash (§2.9), with the real route table and layout. The back office's: admin/shell/admin-menu.test.tsx.

configure({ asyncUtilTimeout: 5000 })

beforeAll(async () => {
  await Promise.all([import('./CustomerLayout.tsx'), import('../keys/KeysPage.tsx')])
}, 60_000)

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  sessionStore.set(sessionFrom(profile, session.token))
  installFakeServer()
  server['GET /v1/user_keys-unDelete'] = () => ok({ items: [], total: 0, page: 1, page_size: 10 })
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/** The width antd gives the sidebar (its inline style), in px. */
function sidebarWidth(): number {
  const sider = document.querySelector('.ant-layout-sider') as HTMLElement | null
  if (!sider) throw new Error('no sidebar')
  return Number.parseInt(sider.style.width, 10)
}

/** The menu's drawer, once open (a dialog titled "Menu"). */
async function menuDrawer(): Promise<HTMLElement> {
  const drawer = await screen.findByRole('dialog')
  expect(within(drawer).getByText('Menu', { selector: '.ant-drawer-title' })).toBeTruthy()
  return drawer
}

describe('the customer menu', { timeout: 60_000 }, () => {
  it('opens over the page on a 390 px phone and closes when a page is chosen', async () => {
    emulateViewport(390)
    const router = openApp('/keys')
    const expand = await screen.findByRole('button', { name: 'Expand menu' })
    // The folded rail's logo alone is its home link, and it has a name (it had none: axe-core's link-name).
    const home = document.querySelector('.ant-layout-sider a[href="/"]')
    expect(home?.querySelector('img')?.getAttribute('alt')).toBe('Maps Portal')
    fireEvent.click(expand)

    const drawer = await menuDrawer()
    // The page keeps its width: the rail stays 50 px and the whole menu is drawn over the page.
    expect(sidebarWidth()).toBe(SIDEBAR_COLLAPSED_WIDTH)
    expect(within(drawer).getByText('Maps Portal')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Collapse menu' })).toBeTruthy()

    // The folded rail's logo is a link with a name (it was an unnamed link: axe-core's link-name).
    expect(screen.getAllByRole('link', { name: 'Maps Portal' }).some((link) => link.getAttribute('href') === '/')).toBe(
      true,
    )
    fireEvent.click(within(drawer).getByRole('link', { name: 'Billing' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/billing'))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(sidebarWidth()).toBe(SIDEBAR_COLLAPSED_WIDTH)
    expect(screen.getByRole('button', { name: 'Expand menu' })).toBeTruthy()
  })

  it('closes on a link to the page already open, and on its close button', async () => {
    emulateViewport(390)
    openApp('/keys')
    fireEvent.click(await screen.findByRole('button', { name: 'Expand menu' }))
    fireEvent.click(within(await menuDrawer()).getByRole('link', { name: 'Keys' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    fireEvent.click(screen.getByRole('button', { name: 'Expand menu' }))
    const drawer = await menuDrawer()
    fireEvent.click(within(drawer).getByRole('button', { name: /close/i }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('stands beside the page on a wide screen, folded and unfolded by hand, never as a drawer', async () => {
    emulateViewport(1440)
    openApp('/keys')
    fireEvent.click(await screen.findByRole('button', { name: 'Collapse menu' }))
    await waitFor(() => expect(sidebarWidth()).toBe(SIDEBAR_COLLAPSED_WIDTH))
    fireEvent.click(screen.getByRole('button', { name: 'Expand menu' }))
    await waitFor(() => expect(sidebarWidth()).toBe(SIDEBAR_WIDTH))
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})

describe('the splash', { timeout: 60_000 }, () => {
  /** Renders the splash as a fresh page load (a new copy of its module) of `path` would. */
  async function loadPage(path: string) {
    vi.resetModules()
    const [{ Splash }, { MemoryRouter }] = await Promise.all([import('./Splash.tsx'), import('react-router')])
    render(
      <MemoryRouter initialEntries={[path]}>
        <Splash />
      </MemoryRouter>,
    )
  }

  it('shows at the first page of a browser session and not again on a refresh or a deep link', async () => {
    await loadPage('/dashboard')
    expect(screen.getByTestId('splash')).toBeTruthy()
    cleanup()
    await loadPage('/dashboard')
    expect(screen.queryByTestId('splash')).toBeNull()
    cleanup()
    await loadPage('/keys/new')
    expect(screen.queryByTestId('splash')).toBeNull()
  })

  it('never covers a payment’s result, even at the start of a session', async () => {
    await loadPage('/billing/paypal_return?token=EC-1&PayerID=P1')
    expect(screen.queryByTestId('splash')).toBeNull()
    cleanup()
    sessionStorage.clear()
    await loadPage('/billing/vnpay_return?vnp_ResponseCode=00')
    expect(screen.queryByTestId('splash')).toBeNull()
  })
})
