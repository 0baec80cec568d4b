import {
  type Envelope,
  ErrorCode,
  INLINE_ERROR_MS,
  type Profile,
  Profile as ProfileSchema,
  type Session,
  Session as SessionSchema,
} from '@app/contract'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { routes } from '../../app/router.tsx'

// The real route table, pages and API client; only the network is answered, from fixtures shaped
// (and checked) by the contract's own schemas.

// Pages load lazily, as in the browser; the first import of antd in a cold run takes a while.
configure({ asyncUtilTimeout: 5000 })

const profile: Profile = ProfileSchema.parse({
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
const session: Session = SessionSchema.parse({ ...profile, token: 'token-1', expires_at: '2026-12-01T08:00:00.000Z' })

type Reply = { status: number; body: Envelope<unknown> }
const ok = (data: unknown, message = 'Success'): Reply => ({
  status: 200,
  body: { status: 'success', data, message, error_code: null },
})
const refused = (status: number, code: string, message: string, data: unknown = null): Reply => ({
  status,
  body: { status: 'error', data, message, error_code: code },
})

/** The server: "METHOD /path" → answer. Unanswered calls fail the test loudly. */
let server: Record<string, (body: unknown) => Reply>
const calls: { route: string; body: unknown }[] = []

// The router loads pages on demand; loading antd cold takes seconds, which is not what is tested here.
beforeAll(async () => {
  await Promise.all([import('./AuthLayout.tsx'), import('./LoginPage.tsx'), import('./RegisterPage.tsx')])
}, 60_000)

beforeEach(() => {
  localStorage.clear()
  calls.length = 0
  server = {
    'GET /v1/app-config': () => ok({ maintenance: false, map_url: '/maps', docs_url: '/docs', version: '0.1.0' }),
    'GET /v1/users/profile': () => ok(profile),
  }
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const route = `${init?.method ?? 'GET'} ${url.split('?')[0]}`
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
      calls.push({ route, body })
      const handler = server[route]
      if (!handler) throw new Error(`unexpected call ${route}`)
      const reply = handler(body)
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      })
    }),
  )
})

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

function openApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return router
}

/** Types into the input labelled `label`, once the lazily loaded page has rendered it. */
const fill = async (label: string | RegExp, value: string) =>
  fireEvent.change(await screen.findByLabelText(label, { selector: 'input' }), { target: { value } })

// Role queries over antd's DOM are slow in jsdom; these budgets leave room on a slow machine.
describe('the sign-in page', { timeout: 20_000 }, () => {
  it('asks for the email and the password when the form is sent empty, without calling the server', async () => {
    openApp('/login')
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText('Please enter your email')).toBeTruthy()
    expect(screen.getByText('Please enter your password')).toBeTruthy()
    expect(calls.filter((c) => c.route === 'POST /v1/login')).toEqual([])
  })

  it('shows the server message when the email or password is wrong', async () => {
    server['POST /v1/login'] = () => refused(401, ErrorCode.BadCredentials, 'Email or password is incorrect')
    openApp('/login')
    await fill('Email', ' Linh.Nguyen@example.com ')
    await fill('Password', 'not-my-password')
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Email or password is incorrect')
    expect(calls.find((c) => c.route === 'POST /v1/login')?.body).toEqual({
      email: 'Linh.Nguyen@example.com',
      password: 'not-my-password',
    })
    expect(localStorage.getItem('user')).toBeNull()
  })

  it('signs in and returns to the page the visitor was going to', async () => {
    server['POST /v1/login'] = () => ok(session, 'Welcome back, Linh Nguyen!')
    server['GET /v1/user_keys-unDelete'] = () => ok({ items: [], total: 0, page: 1, page_size: 10 })
    const router = openApp('/login?next=%2Fkeys')
    await fill('Email', 'linh.nguyen@example.com')
    await fill('Password', 'demo-password')
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/keys'))
    expect(await screen.findByRole('heading', { name: 'API keys' })).toBeTruthy()
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').token).toBe('token-1')
  })

  it('sends an account whose 24 hours to verify are over to the resend page, address filled in', async () => {
    const expired = 'Your account was not verified within 24 hours. Request a new verification link to continue.'
    server['POST /v1/login'] = () => refused(403, ErrorCode.VerifyExpired, expired)
    const router = openApp('/login')
    await fill('Email', 'late@example.com')
    await fill('Password', 'a-long-enough-password')
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/send-verify'))
    expect(await screen.findByText(expired)).toBeTruthy()
    expect((screen.getByLabelText('Email', { selector: 'input' }) as HTMLInputElement).value).toBe('late@example.com')
  })
})

describe('the sign-up page', { timeout: 20_000 }, () => {
  it('says on leaving the field that an address is already registered, and the message fades after 5 seconds', async () => {
    server['POST /v1/check-email-existed'] = () => ok({ existed: true }, 'This email is already registered')
    openApp('/register')
    const email = await screen.findByLabelText('Email', { selector: 'input' })
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    fireEvent.change(email, { target: { value: 'linh.nguyen@example.com' } })
    fireEvent.blur(email)
    await vi.waitFor(() => expect(screen.getByText('This email is already registered')).toBeTruthy())
    expect(calls.find((c) => c.route === 'POST /v1/check-email-existed')?.body).toEqual({
      email: 'linh.nguyen@example.com',
    })
    act(() => {
      vi.advanceTimersByTime(INLINE_ERROR_MS - 500)
    })
    expect(screen.getByText('This email is already registered')).toBeTruthy()
    act(() => {
      vi.advanceTimersByTime(1000)
    })
    await vi.waitFor(() => expect(screen.queryByText('This email is already registered')).toBeNull())
  })

  it('replaces the form by "check your email" with the address once the account is created', async () => {
    server['POST /v1/check-email-existed'] = () => ok({ existed: false }, 'This email is not registered yet')
    server['POST /v1/register'] = (body) =>
      ok({ user_id: 'usr_01jd0000000000000000000001', email: (body as { email: string }).email })
    openApp('/register')
    await fill('Full name', 'Thiri Aung')
    await fill('Email', 'thiri@example.com')
    await fill('Phone number', '0912 345 678')
    await fill(/^Password/, 'a-long-enough-password')
    await fill('Confirm password', 'a-long-enough-password')
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByText('Check your email')).toBeTruthy()
    expect(screen.getByText('thiri@example.com')).toBeTruthy()
    expect(calls.find((c) => c.route === 'POST /v1/register')?.body).toEqual({
      full_name: 'Thiri Aung',
      email: 'thiri@example.com',
      phone_number: '0912 345 678',
      password: 'a-long-enough-password',
      confirm_password: 'a-long-enough-password',
    })
    expect(screen.getByRole('link', { name: 'Send the link again' }).getAttribute('href')).toBe(
      '/send-verify?email=thiri%40example.com',
    )
  })
})
