import {
  type Envelope,
  type Profile,
  Profile as ProfileSchema,
  type Session,
  Session as SessionSchema,
} from '@app/contract'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { useLayoutEffect } from 'react'
import { type Location, MemoryRouter, useLocation } from 'react-router'
import { vi } from 'vitest'
import { AppRoutes } from '../app/router.tsx'

// What the screen tests share: the real route table and API client, with only the network answered,
// from fixtures the contract's own schemas check.

export const profile: Profile = ProfileSchema.parse({
  id: 'usr_01jd0000000000000000000000',
  user_id: 'usr_01jd0000000000000000000000',
  email: 'linh.nguyen@example.com',
  first_name: 'Linh',
  last_name: 'Nguyen',
  full_name: 'Linh Nguyen',
  phone_number: '+84912345678',
  phone_verified: true,
  organization: null,
  job_title: null,
  avatar: null,
  status: 'active',
  roles: ['customer'],
  email_verified: true,
  verify_deadline: null,
  must_change_password: false,
  name_of_user_plan_id: null,
  balance: '0.00',
  enjoy_discount: false,
  last_login: null,
  created_at: '2026-11-01T08:00:00.000Z',
  updated_at: '2026-11-01T08:00:00.000Z',
})
export const session: Session = SessionSchema.parse({
  ...profile,
  token: 'token-1',
  expires_at: '2026-12-01T08:00:00.000Z',
})

export type Reply = { status: number; body: Envelope<unknown> }
export const ok = (data: unknown, message = 'Success'): Reply => ({
  status: 200,
  body: { status: 'success', data, message, error_code: null },
})
export const refused = (status: number, code: string, message: string, data: unknown = null): Reply => ({
  status,
  body: { status: 'error', data, message, error_code: code },
})

/** The server: "METHOD /path" → answer (given the JSON body and the query). Unanswered calls fail the test loudly. */
export const server: Record<string, (body: unknown, query: Record<string, string>) => Reply> = {}
/** Every call made since the last `installFakeServer`, in order, with its query string's parameters. */
export const calls: { route: string; body: unknown; query: Record<string, string> }[] = []

/** Answers `fetch` from `server`, starting from the two calls every page makes. Call it in beforeEach. */
export function installFakeServer() {
  calls.length = 0
  // The back office opens in Vietnamese (app/prefs.ts); its screen tests read its English texts unless
  // they choose Vietnamese themselves, as an operator can. admin-menu.test.tsx checks the default.
  if (localStorage.getItem('adminLang') === null) localStorage.setItem('adminLang', 'en')
  for (const route of Object.keys(server)) delete server[route]
  server['GET /v1/app-config'] = () =>
    ok({
      maintenance: false,
      map_url: '/maps',
      docs_url: '/docs',
      maps_api_url: 'http://127.0.0.1:8080',
      version: '0.1.0',
    })
  server['GET /v1/users/profile'] = () => ok(profile)
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const route = `${init?.method ?? 'GET'} ${url.split('?')[0]}`
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
      const query = Object.fromEntries(new URLSearchParams(url.split('?')[1] ?? ''))
      calls.push({ route, body, query })
      const handler = server[route]
      if (!handler) throw new Error(`unexpected call ${route}`)
      const reply = handler(body, query)
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      })
    }),
  )
}

/** Renders the whole app at `path`; returns its router's state, which follows its navigations. */
export function openApp(path: string) {
  const router = { state: { location: undefined as unknown as Location } }
  function FollowLocation() {
    const location = useLocation()
    useLayoutEffect(() => {
      router.state.location = location
    }, [location])
    return null
  }
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <FollowLocation />
        <AppRoutes />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return router
}
