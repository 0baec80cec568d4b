import { SIDEBAR_COLLAPSED_WIDTH } from '@app/contract'
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { adminLangPref } from '../../app/prefs.ts'
import { sessionStore } from '../../app/session.ts'
import { i18n } from '../../i18n/i18n.ts'
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
  it('speaks Vietnamese until the operator chooses English, and asks the server in Vietnamese', async () => {
    // docs/requirements.md §1.2: the admin client defaults to Vietnamese (issue 21: a new browser got English).
    localStorage.removeItem('adminLang')
    // What app/start.tsx does before the first render: the language of the area being opened.
    i18n.changeLanguage(adminLangPref.get())
    emulateViewport(1440)
    sessionStore.set(staffSession(['admin']))
    openApp('/administrator/overview')
    expect(await screen.findByRole('link', { name: 'Tác vụ nền' })).toBeTruthy()
    const fetched = vi.mocked(fetch).mock.calls.map(([, init]) => new Headers(init?.headers).get('accept-language'))
    expect(fetched.length).toBeGreaterThan(0)
    expect(new Set(fetched)).toEqual(new Set(['vi']))
  })

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
