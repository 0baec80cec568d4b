import { SIDEBAR_COLLAPSED_WIDTH } from '@app/contract'
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '../../app/session.ts'
import { installFakeServer, openApp } from '../../test/fake-server.tsx'
import { staffSession } from '../../test/usage-fixtures.ts'
import { emulateViewport } from '../../test/viewport.ts'

// The back office's signed-in frame on a phone (docs/requirements.md §2.8): under its breakpoint the
// menu opens as a drawer over the page and closes on navigation. The customer's: features/shell/shell.test.tsx.

configure({ asyncUtilTimeout: 5000 })

beforeAll(async () => {
  await import('./AdminArea.tsx')
}, 60_000)

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  installFakeServer()
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('the back-office menu', { timeout: 60_000 }, () => {
  it('opens over the page under 901 px and closes on navigation', async () => {
    emulateViewport(390)
    sessionStore.set(staffSession(['admin']))
    const router = openApp('/administrator/overview')
    fireEvent.click(await screen.findByRole('button', { name: 'Expand menu' }))
    const drawer = await screen.findByRole('dialog')
    expect(within(drawer).getByText('Menu', { selector: '.ant-drawer-title' })).toBeTruthy()
    const sider = document.querySelector('.ant-layout-sider') as HTMLElement | null
    expect(Number.parseInt(sider?.style.width ?? '', 10)).toBe(SIDEBAR_COLLAPSED_WIDTH)
    fireEvent.click(within(drawer).getByRole('link', { name: 'Background jobs' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/administrator/jobs'))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })
})
