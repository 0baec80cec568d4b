import { ErrorCode, INLINE_ERROR_MS } from '@app/contract'
import { act, cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { calls, installFakeServer, ok, openApp, refused, server, session } from '../../test/fake-server.tsx'

// The real route table, pages and API client; only the network is answered, from fixtures shaped
// (and checked) by the contract's own schemas.

// Pages load lazily, as in the browser; the first import of antd in a cold run takes a while.
configure({ asyncUtilTimeout: 5000 })

// The router loads pages on demand; loading antd cold takes seconds, which is not what is tested here.
beforeAll(async () => {
  await Promise.all([import('./AuthLayout.tsx'), import('./LoginPage.tsx'), import('./RegisterPage.tsx')])
}, 60_000)

beforeEach(() => {
  localStorage.clear()
  installFakeServer()
})

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

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
