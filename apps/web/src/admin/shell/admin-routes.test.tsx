import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { paths } from '../../app/paths.ts'
import { sessionStore } from '../../app/session.ts'
import { installFakeServer, openApp } from '../../test/fake-server.tsx'
import { staffSession } from '../../test/usage-fixtures.ts'

// The back office's pages are children of the app's one route table (app/router.tsx): the start page
// by role, each page behind its roles, and a not-found page for any other path under /administrator.

beforeAll(async () => {
  await import('./AdminArea.tsx')
}, 60_000)

beforeEach(() => {
  localStorage.clear()
  installFakeServer()
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the back office routes', () => {
  it('starts an administrator on the overview and a support agent on the accounts', async () => {
    sessionStore.set(staffSession(['admin']))
    const asAdmin = openApp(paths.admin.root)
    await waitFor(() => expect(asAdmin.state.location.pathname).toBe(paths.admin.overview), { timeout: 15_000 })
    cleanup()

    sessionStore.set(staffSession(['support']))
    const asSupport = openApp(paths.admin.root)
    await waitFor(() => expect(asSupport.state.location.pathname).toBe(paths.admin.users), { timeout: 15_000 })
  }, 60_000)

  it('shows support the permission page on an administrator-only page, and a not-found page on an unknown path', async () => {
    sessionStore.set(staffSession(['support']))
    openApp(paths.admin.settings)
    expect(
      await screen.findByText("You don't have permission to access this page", {}, { timeout: 15_000 }),
    ).toBeTruthy()
    cleanup()

    sessionStore.set(staffSession(['admin']))
    openApp(`${paths.admin.root}/no-such-page`)
    expect(await screen.findByText('The page could not be found', {}, { timeout: 15_000 })).toBeTruthy()
  }, 60_000)
})
