import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { Link, MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { installFakeServer } from '../test/fake-server.tsx'
import { Root } from './Root.tsx'
import { AppRoutes, preloadRoute } from './router.tsx'

afterEach(cleanup)

const app = (path: string) => (
  <QueryClientProvider client={new QueryClient()}>
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
    </MemoryRouter>
  </QueryClientProvider>
)

describe('the route table', { timeout: 60_000 }, () => {
  // start.tsx and prerender.tsx render once the first route's code is here: a pre-rendered sign-in page
  // must give way to the same page in the app's first commit, never to an empty frame.
  it('renders a preloaded route in its first commit', async () => {
    installFakeServer()
    await preloadRoute('/login')
    act(() => {
      render(app('/login'))
    })
    // No waiting: a route that suspended here would show nothing until its code had loaded.
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy()
  })

  it('loads a route it has not preloaded when it is visited', async () => {
    installFakeServer()
    render(app('/forgot-password'))
    expect(await screen.findByRole('button', { name: 'Send reset link' }, { timeout: 20_000 })).toBeTruthy()
  })
})

describe('a page that fails', () => {
  // A page's code that cannot be downloaded (or a page that throws) left an empty window: the data
  // router used to show its own error page, plain routes show nothing without a boundary.
  it('is reported in the reader’s language with a reload, and the next address tries again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    function Broken(): never {
      throw new Error('Failed to fetch dynamically imported module')
    }
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <Link to="/fine">elsewhere</Link>
        <Routes>
          <Route element={<Root />}>
            <Route path="/broken" element={<Broken />} />
            <Route path="/fine" element={<p>A page that works</p>} />
          </Route>
        </Routes>
      </MemoryRouter>,
    )
    expect((await screen.findByRole('alert')).textContent).toContain('This could not be loaded.')
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
    fireEvent.click(screen.getByRole('link', { name: 'elsewhere' }))
    expect(await screen.findByText('A page that works')).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
    vi.restoreAllMocks()
  })
})

// The app uses react-router's declarative routes; its data router (createBrowserRouter and the rest)
// adds 16 kB gzip to every first load (bench/README.md). Tests may still use it to mount one screen.
describe('the app’s code', () => {
  it('does not use react-router’s data router', () => {
    const SRC = resolve(import.meta.dirname, '..')
    const found = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
      .filter((entry) => /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) && !entry.startsWith('test/'))
      .filter((entry) =>
        /\b(createBrowserRouter|createHashRouter|RouterProvider|createStaticHandler|createStaticRouter)\b/.test(
          readFileSync(join(SRC, entry), 'utf8'),
        ),
      )
      .map((entry) => relative(SRC, join(SRC, entry)))
    expect(found).toEqual([])
  })
})
