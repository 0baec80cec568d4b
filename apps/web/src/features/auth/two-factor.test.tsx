import { ErrorCode } from '@app/contract'
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionFrom, sessionStore } from '../../app/session.ts'
import { calls, installFakeServer, ok, openApp, profile, refused, server, session } from '../../test/fake-server.tsx'

// The second sign-in step, the provider buttons and their return pages, and the two-factor part of
// /settings/security, through the real routes and API client against a fake network.

configure({ asyncUtilTimeout: 8000 })

beforeAll(async () => {
  await Promise.all([
    import('./AuthLayout.tsx'),
    import('./LoginPage.tsx'),
    import('./TwoFactorPage.tsx'),
    import('./SocialSignIn.tsx'),
    import('./SocialReturnPage.tsx'),
    import('../settings/SettingsPage.tsx'),
  ])
}, 60_000)

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  installFakeServer()
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const fill = async (label: string | RegExp, value: string) =>
  fireEvent.change(await screen.findByLabelText(label, { selector: 'input' }), { target: { value } })

const challenge = () => ({
  two_factor_required: true,
  token: 'challenge-1',
  expires_at: new Date(Date.now() + 5 * 60_000).toISOString(),
})

describe('signing in with two-factor authentication', { timeout: 30_000 }, () => {
  it('asks for the code after the password and finishes the sign-in with it', async () => {
    server['POST /v1/login'] = () => ok(challenge(), 'Enter the code from your authenticator app')
    server['POST /v1/users/2fa/verify-code'] = () => ok(session, 'Welcome back, Linh Nguyen!')
    server['GET /v1/user_keys-unDelete'] = () => ok({ items: [], total: 0, page: 1, page_size: 10 })
    const router = openApp('/login?next=%2Fkeys')
    await fill('Email', 'linh.nguyen@example.com')
    await fill('Password', 'demo-password')
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/two-factor'))
    // No session yet: only the challenge, kept for this tab.
    expect(localStorage.getItem('user')).toBeNull()
    await fill('Authentication code', '123 456')
    fireEvent.click(await screen.findByRole('button', { name: 'Verify' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/keys'))
    expect(calls.find((c) => c.route === 'POST /v1/users/2fa/verify-code')?.body).toEqual({
      token: 'challenge-1',
      code: '123456',
    })
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').token).toBe('token-1')
    expect(sessionStorage.getItem('two-factor-challenge')).toBeNull()
  })

  it('shows the server message for a wrong code and checks the format before calling', async () => {
    sessionStorage.setItem('two-factor-challenge', JSON.stringify(challenge()))
    server['POST /v1/users/2fa/verify-code'] = () =>
      refused(422, 'WRONG_CODE', 'The code is incorrect or has already been used')
    openApp('/login/two-factor')
    await fill('Authentication code', '12ab')
    fireEvent.click(await screen.findByRole('button', { name: 'Verify' }))
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeTruthy()
    expect(calls.filter((c) => c.route === 'POST /v1/users/2fa/verify-code')).toEqual([])
    await fill('Authentication code', '654321')
    fireEvent.click(await screen.findByRole('button', { name: 'Verify' }))
    expect((await screen.findByRole('alert')).textContent).toContain('The code is incorrect or has already been used')
    expect(localStorage.getItem('user')).toBeNull()
  })

  it('sends a visitor without a pending sign-in back to /login', async () => {
    const router = openApp('/login/two-factor')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
  })

  it('says an expired sign-in must start again', async () => {
    sessionStorage.setItem('two-factor-challenge', JSON.stringify(challenge()))
    server['POST /v1/users/2fa/verify-code'] = () =>
      refused(400, ErrorCode.TokenExpired, 'This sign-in has expired. Please sign in again.')
    openApp('/login/two-factor')
    await fill('Authentication code', '654321')
    fireEvent.click(await screen.findByRole('button', { name: 'Verify' }))
    expect((await screen.findByRole('alert')).textContent).toContain('This sign-in has expired')
    expect(sessionStorage.getItem('two-factor-challenge')).toBeNull()
  })
})

describe('Google and Facebook sign-in', { timeout: 30_000 }, () => {
  const withProviders = () =>
    ok({
      maintenance: false,
      map_url: '/maps',
      docs_url: '/docs',
      version: '0.1.0',
      sign_in: {
        google: { client_id: 'client-1', auth_url: 'https://accounts.example/auth' },
        facebook: null,
      },
    })

  it('shows a button only for a configured provider', async () => {
    server['GET /v1/app-config'] = withProviders
    openApp('/login')
    expect(await screen.findByRole('button', { name: /Sign in with Google/ })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Sign in with Facebook/ })).toBeNull()
  })

  it('shows no provider button when none is configured', async () => {
    openApp('/login')
    await screen.findByRole('button', { name: 'Sign in' })
    await waitFor(() => expect(calls.some((c) => c.route === 'GET /v1/app-config')).toBe(true))
    expect(screen.queryByRole('button', { name: /Sign in with Google/ })).toBeNull()
  })

  it('hands the returned ID token and this tab’s attempt to the server after checking state', async () => {
    sessionStorage.setItem('social-state:google', JSON.stringify({ state: 's-1', attempt: 'a-1', next: '/keys' }))
    server['POST /v1/login-google'] = () => ok(session, 'Welcome back, Linh Nguyen!')
    server['GET /v1/user_keys-unDelete'] = () => ok({ items: [], total: 0, page: 1, page_size: 10 })
    const router = openApp('/login/google#id_token=id-token-1&state=s-1')
    await waitFor(() => expect(router.state.location.pathname).toBe('/keys'))
    expect(calls.find((c) => c.route === 'POST /v1/login-google')?.body).toEqual({
      credential: 'id-token-1',
      attempt: 'a-1',
    })
  })

  it('finishes the sign-in this tab started with Google even if another tab signed in meanwhile, and goes to next', async () => {
    // The return page sends the new session on itself: it is not behind the signed-out guard, which
    // would send a session home (ignoring next) as soon as it saw one.
    sessionStore.set(sessionFrom(profile, 'token-of-another-tab'))
    sessionStorage.setItem('social-state:google', JSON.stringify({ state: 's-1', attempt: 'a-1', next: '/keys' }))
    server['POST /v1/login-google'] = () => ok(session, 'Welcome back, Linh Nguyen!')
    server['GET /v1/user_keys-unDelete'] = () => ok({ items: [], total: 0, page: 1, page_size: 10 })
    server['GET /v1/campaigns/active'] = () => ok([])
    const router = openApp('/login/google#id_token=id-token-1&state=s-1')
    await waitFor(() => expect(router.state.location.pathname).toBe('/keys'))
    expect(calls.filter((c) => c.route === 'POST /v1/login-google')).toHaveLength(1)
    expect(sessionStore.get()?.token).toBe(session.token)
  })

  it('refuses an answer whose state is not this tab’s, without calling the server', async () => {
    sessionStorage.setItem('social-state:google', JSON.stringify({ state: 's-1', attempt: 'a-1', next: null }))
    openApp('/login/google#id_token=id-token-1&state=forged')
    expect(await screen.findByText('Login Google fail')).toBeTruthy()
    expect(calls.filter((c) => c.route === 'POST /v1/login-google')).toEqual([])
  })

  it('shows "Login Facebook fail" from the server and goes to the second step when 2FA is on', async () => {
    sessionStorage.setItem('social-state:facebook', JSON.stringify({ state: 's-2', next: null }))
    server['POST /v1/login-facebook'] = () => refused(401, ErrorCode.BadCredentials, 'Login Facebook fail')
    openApp('/login/facebook#access_token=fb-1&state=s-2')
    expect(await screen.findByText('Login Facebook fail')).toBeTruthy()
    cleanup()

    sessionStorage.setItem('social-state:facebook', JSON.stringify({ state: 's-3', next: null }))
    server['POST /v1/login-facebook'] = () => ok(challenge(), 'Enter the code')
    const router = openApp('/login/facebook#access_token=fb-2&state=s-3')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/two-factor'))
    expect(calls.filter((c) => c.route === 'POST /v1/login-facebook').at(-1)?.body).toEqual({ access_token: 'fb-2' })
  })
})

describe('two-factor authentication in /settings/security', { timeout: 90_000 }, () => {
  beforeEach(() => {
    sessionStore.set(sessionFrom(profile, 'token-1'))
    server['GET /v1/campaigns/active'] = () => ok([])
  })

  it('sets it up with the generated key and a code, then turns it off with password and code', async () => {
    let enabled = false
    server['GET /v1/users/2fa/info'] = () =>
      ok({ enabled, enabled_at: enabled ? '2026-11-02T08:00:00.000Z' : null, has_password: true })
    server['POST /v1/users/2fa/generate-secret'] = () =>
      ok({
        secret_key: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        otpauth_url: 'otpauth://totp/Maps%20Portal:linh?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        issuer: 'Maps Portal',
        account: 'linh.nguyen@example.com',
      })
    server['POST /v1/users/2fa/enable'] = () => {
      enabled = true
      return ok({ enabled: true, enabled_at: '2026-11-02T08:00:00.000Z', has_password: true, recovery_codes: [] }, 'On')
    }
    server['POST /v1/users/2fa/disable'] = () => {
      enabled = false
      return ok({ enabled: false, enabled_at: null, has_password: true }, 'Off')
    }
    openApp('/settings/security')
    expect((await screen.findByTestId('two-factor-status')).textContent).toBe('Off')
    fireEvent.click(await screen.findByRole('button', { name: 'Set up two-factor authentication' }))
    expect((await screen.findByTestId('two-factor-key')).textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')
    await fill('Authentication code', '123456')
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on' }))
    await waitFor(() => expect(screen.getByTestId('two-factor-status').textContent).toBe('On'))
    expect(calls.find((c) => c.route === 'POST /v1/users/2fa/enable')?.body).toEqual({
      code: '123456',
      secret_key: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    })

    fireEvent.click(await screen.findByRole('button', { name: 'Turn off' }))
    await screen.findByText('Turn off two-factor authentication?')
    await fill('Password', 'demo-password')
    const codes = await screen.findAllByLabelText('Authentication code', { selector: 'input' })
    fireEvent.change(codes[codes.length - 1] as HTMLElement, { target: { value: '654321' } })
    const buttons = await screen.findAllByRole('button', { name: 'Turn off' })
    fireEvent.click(buttons[buttons.length - 1] as HTMLElement)
    await waitFor(() =>
      expect(calls.find((c) => c.route === 'POST /v1/users/2fa/disable')?.body).toEqual({
        code: '654321',
        password: 'demo-password',
      }),
    )
    await waitFor(() => expect(screen.getByTestId('two-factor-status').textContent).toBe('Off'))
  })
})
