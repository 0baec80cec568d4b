import { cleanup, configure } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, vi } from 'vitest'
import { sessionStore } from '../app/session.ts'
import { installFakeServer } from './fake-server.tsx'
import { staffSession } from './usage-fixtures.ts'

/**
 * The frame of a back-office screen test: the real route table, admin shell and API client, with only
 * the network answered (fake-server.tsx). Call it once at the top of a test file. It loads the shell
 * and the file's pages before the first test, and before each test empties local storage, signs in
 * staff of the given roles, fixes the clock's date when asked and installs the fake server; after
 * each it unmounts the screen and undoes stubs, mocks and the clock.
 */
export function setUpAdminScreens(options: {
  /** The pages under test, and any lazily loaded module they show, as `import()`s. */
  pages: () => Promise<unknown>[]
  /** Whose session: an administrator unless told otherwise. */
  roles?: ('admin' | 'support')[]
  /** Fixes the clock's date (only `Date`: timers run for real), e.g. '2026-11-22T10:00:00Z'. */
  today?: string
  /** How long `findBy…` and `waitFor` wait, in ms: longer than test-setup.ts's 10 s, never shorter. */
  waitMs?: number
  /** The file's own answers and stubs, once the fake server is installed. */
  beforeEach?: () => void
}) {
  // The test files share one module world (vitest.config.ts: isolate false), so this setting outlives the
  // file: a shorter wait set here once made the next file's first test give up after 5 s under load.
  configure({ asyncUtilTimeout: Math.max(options.waitMs ?? 0, 10_000) })

  beforeAll(async () => {
    await Promise.all([import('../admin/shell/AdminArea.tsx'), ...options.pages()])
  }, 60_000)

  beforeEach(() => {
    if (options.today) {
      vi.useFakeTimers({ toFake: ['Date'] })
      vi.setSystemTime(new Date(options.today))
    }
    localStorage.clear()
    sessionStore.set(staffSession(options.roles ?? ['admin']))
    installFakeServer()
    options.beforeEach?.()
  })

  afterEach(() => {
    cleanup()
    vi.useRealTimers()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })
}
