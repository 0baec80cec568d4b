import { ErrorCode } from '@app/contract'
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionFrom, sessionStore } from '../../app/session.ts'
import { calls, installFakeServer, ok, openApp, profile, refused, server, session } from '../../test/fake-server.tsx'

// Recovery codes and passkeys (docs/auth.md): the cards of /settings/security, the passkey button of
// /login and the other ways of /login/two-factor, through the real routes and API client against a fake
// network. The browser's WebAuthn dialog is played by a stubbed navigator.credentials.

configure({ asyncUtilTimeout: 30_000 })

beforeAll(async () => {
  await Promise.all([
    import('../auth/AuthLayout.tsx'),
    import('../auth/LoginPage.tsx'),
    import('../auth/TwoFactorPage.tsx'),
    import('../auth/PasskeySignIn.tsx'),
    import('./SettingsPage.tsx'),
    import('@simplewebauthn/browser'),
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

const bytes = (text: string) => new TextEncoder().encode(text).buffer
const CODES = Array.from({ length: 10 }, (_, i) => `abcd-efgh-ijkl-mnop-qrst-uv${'wxyz234567'[i]}${i % 2 ? 'a' : 'b'}`)

/** A browser that can use passkeys: navigator.credentials answers as an authenticator would. */
function stubWebAuthn() {
  const PublicKeyCredential = function PublicKeyCredential() {}
  vi.stubGlobal('PublicKeyCredential', PublicKeyCredential)
  Object.defineProperty(window, 'PublicKeyCredential', { value: PublicKeyCredential, configurable: true })
  const create = vi.fn(async () => ({
    id: 'Y3JlZC0x',
    rawId: bytes('cred-1'),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response: {
      clientDataJSON: bytes('{"type":"webauthn.create"}'),
      attestationObject: bytes('attestation'),
      getTransports: () => ['internal'],
    },
    getClientExtensionResults: () => ({}),
  }))
  const get = vi.fn(async () => ({
    id: 'Y3JlZC0x',
    rawId: bytes('cred-1'),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response: {
      clientDataJSON: bytes('{"type":"webauthn.get"}'),
      authenticatorData: bytes('auth-data'),
      signature: bytes('signature'),
      userHandle: bytes('usr_1'),
    },
    getClientExtensionResults: () => ({}),
  }))
  Object.defineProperty(navigator, 'credentials', { value: { create, get }, configurable: true })
  return { create, get }
}

const challenge = () => ({
  two_factor_required: true,
  token: 'challenge-1',
  expires_at: new Date(Date.now() + 5 * 60_000).toISOString(),
})

describe('recovery codes and passkeys in /settings/security', { timeout: 180_000 }, () => {
  beforeEach(() => {
    sessionStore.set(sessionFrom(profile, 'token-1'))
    server['GET /v1/campaigns/active'] = () => ok([])
    server['GET /v1/users/passkeys'] = () => ok([])
  })

  it('turning 2FA on shows the ten recovery codes once, with copy and download', async () => {
    let enabled = false
    server['GET /v1/users/2fa/info'] = () =>
      ok({ enabled, enabled_at: enabled ? '2026-11-02T08:00:00.000Z' : null, has_password: true })
    server['GET /v1/users/2fa/recovery-codes'] = () =>
      ok({ remaining: enabled ? 10 : 0, generated_at: enabled ? '2026-11-02T08:00:00.000Z' : null })
    server['POST /v1/users/2fa/generate-secret'] = () =>
      ok({
        secret_key: 'JBSWY3DPEHPK3PXP',
        otpauth_url: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP',
        issuer: 'Maps Portal',
        account: 'linh',
      })
    server['POST /v1/users/2fa/enable'] = () => {
      enabled = true
      return ok(
        { enabled: true, enabled_at: '2026-11-02T08:00:00.000Z', has_password: true, recovery_codes: CODES },
        'On',
      )
    }
    const writeText = vi.fn(async () => undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    openApp('/settings/security')
    fireEvent.click(await screen.findByRole('button', { name: 'Set up two-factor authentication' }))
    await fill('Authentication code', '123456')
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on' }))
    const list = await screen.findByTestId('recovery-codes')
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES)
    expect(screen.getByText('They are shown only this once. Each code works one time.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: /Copy all/ }))
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(CODES.join('\n')))
    fireEvent.click(screen.getByRole('button', { name: 'I have saved them' }))
    await waitFor(() => expect(screen.queryByTestId('recovery-codes')).toBeNull())
    expect((await screen.findByTestId('recovery-codes-left')).textContent).toContain('10 of 10 unused codes left.')
  })

  it('makes new codes after the step-up the server asks for', async () => {
    server['GET /v1/users/2fa/info'] = () =>
      ok({ enabled: true, enabled_at: '2026-11-02T08:00:00.000Z', has_password: true })
    server['GET /v1/users/2fa/recovery-codes'] = () => ok({ remaining: 3, generated_at: '2026-11-02T08:00:00.000Z' })
    server['GET /v1/users/step-up'] = () => ok({ methods: ['totp'], expires_at: null })
    let proven = false
    server['POST /v1/users/step-up'] = () => {
      proven = true
      return ok({ methods: ['totp'], expires_at: '2026-11-02T08:10:00.000Z' })
    }
    server['POST /v1/users/2fa/recovery-codes'] = () =>
      proven
        ? ok({ codes: CODES, remaining: 10, generated_at: '2026-11-02T09:00:00.000Z' }, 'New recovery codes are ready.')
        : refused(403, ErrorCode.StepUpRequired, 'Confirm it is you first')
    openApp('/settings/security')
    expect((await screen.findByTestId('recovery-codes-left')).textContent).toContain('3 of 10 unused codes left.')
    fireEvent.click(await screen.findByRole('button', { name: 'Make new codes' }))
    const confirms = await screen.findAllByRole('button', { name: 'Make new codes' })
    fireEvent.click(confirms[confirms.length - 1] as HTMLElement)
    const codeInputs = await screen.findAllByLabelText('Authentication code', { selector: 'input' })
    fireEvent.change(codeInputs[codeInputs.length - 1] as HTMLElement, { target: { value: '654321' } })
    fireEvent.click(await screen.findByRole('button', { name: /^Confirm$/ }))
    const list = await screen.findByTestId('recovery-codes')
    expect(within(list).getAllByRole('listitem')).toHaveLength(10)
    expect(calls.find((c) => c.route === 'POST /v1/users/step-up')?.body).toEqual({ code: '654321' })
    expect(calls.filter((c) => c.route === 'POST /v1/users/2fa/recovery-codes')).toHaveLength(2)
    fireEvent.click(screen.getByRole('button', { name: 'I have saved them' }))
    await waitFor(() => expect(screen.getByTestId('recovery-codes-left').textContent).toContain('10 of 10'))
  })

  it('lists passkeys with when they were added and last used, adds one after a step-up, removes one', async () => {
    const { create } = stubWebAuthn()
    let passkeys = [
      {
        id: 'pky_1',
        name: 'Work laptop',
        created_at: '2026-10-01T08:00:00.000Z',
        last_used_at: null,
        backed_up: false,
      },
    ]
    server['GET /v1/users/2fa/info'] = () => ok({ enabled: false, enabled_at: null, has_password: true })
    server['GET /v1/users/passkeys'] = () => ok(passkeys)
    server['GET /v1/users/step-up'] = () => ok({ methods: ['password'], expires_at: null })
    let proven = false
    server['POST /v1/users/step-up'] = () => {
      proven = true
      return ok({ methods: ['password'], expires_at: '2026-11-02T08:10:00.000Z' })
    }
    server['POST /v1/users/passkeys/options'] = () =>
      proven
        ? ok({
            attempt_id: 'wac_1',
            options: {
              challenge: 'Y2hhbGxlbmdl',
              rp: { id: 'localhost', name: 'Maps Portal' },
              user: { id: 'dXNyXzE', name: 'linh', displayName: 'Linh' },
              pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
              excludeCredentials: [],
            },
          })
        : refused(403, ErrorCode.StepUpRequired, 'Confirm it is you first')
    server['POST /v1/users/passkeys'] = (body) => {
      const { name } = body as { name: string }
      passkeys = [
        ...passkeys,
        { id: 'pky_2', name, created_at: '2026-11-02T08:00:00.000Z', last_used_at: null, backed_up: true },
      ]
      return ok(passkeys[1], 'The passkey was added')
    }
    server['DELETE /v1/users/passkeys/pky_1'] = () => {
      passkeys = passkeys.filter((p) => p.id !== 'pky_1')
      return ok(null, 'The passkey was removed')
    }
    openApp('/settings/security')
    const list = await screen.findByTestId('passkeys')
    expect(await within(list).findByText('Work laptop')).toBeTruthy()
    expect(within(list).getByText(/Added .* · Never used/)).toBeTruthy()

    fireEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }))
    await fill('Name', 'My phone')
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }))
    await fill('Password', 'demo-password')
    fireEvent.click(await screen.findByRole('button', { name: /^Confirm$/ }))
    await waitFor(() => expect(calls.some((c) => c.route === 'POST /v1/users/passkeys')).toBe(true))
    expect(create).toHaveBeenCalledTimes(1)
    const added = calls.find((c) => c.route === 'POST /v1/users/passkeys')?.body as {
      attempt_id: string
      name: string
      credential: { id: string; type: string; response: { transports: string[] } }
    }
    expect(added).toMatchObject({ attempt_id: 'wac_1', name: 'My phone' })
    expect(added.credential).toMatchObject({
      id: 'Y3JlZC0x',
      type: 'public-key',
      response: { transports: ['internal'] },
    })
    expect(await within(list).findByText('My phone')).toBeTruthy()
    expect(within(list).getByText('Synced')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Remove Work laptop' }))
    const removes = await screen.findAllByRole('button', { name: 'Remove' })
    fireEvent.click(removes[removes.length - 1] as HTMLElement)
    await waitFor(() => expect(within(list).queryByText('Work laptop')).toBeNull())
    expect(calls.some((c) => c.route === 'DELETE /v1/users/passkeys/pky_1')).toBe(true)
  })
})

describe('signing in with a passkey or a recovery code', { timeout: 90_000 }, () => {
  it('signs in from /login with a passkey only', async () => {
    const { get } = stubWebAuthn()
    server['POST /v1/login-passkey/options'] = () =>
      ok({
        attempt_id: 'wac_2',
        options: { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', userVerification: 'required' },
      })
    server['POST /v1/login-passkey'] = () => ok(session, 'Welcome back, Linh Nguyen!')
    server['GET /v1/user_keys-unDelete'] = () => ok({ items: [], total: 0, page: 1, page_size: 10 })
    const router = openApp('/login?next=%2Fkeys')
    fireEvent.click(await screen.findByRole('button', { name: /Continue with a passkey/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/keys'))
    expect(get).toHaveBeenCalledTimes(1)
    expect(calls.find((c) => c.route === 'POST /v1/login-passkey')?.body).toMatchObject({
      attempt_id: 'wac_2',
      credential: { id: 'Y3JlZC0x', type: 'public-key' },
    })
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').token).toBe('token-1')
  })

  it("shows the server's refusal of a passkey sign-in", async () => {
    stubWebAuthn()
    server['POST /v1/login-passkey/options'] = () => ok({ attempt_id: 'wac_3', options: { challenge: 'Y2hhbGxlbmdl' } })
    server['POST /v1/login-passkey'] = () =>
      refused(
        401,
        ErrorCode.BadCredentials,
        'This passkey is not recognised. Sign in with your password, or try another passkey.',
      )
    openApp('/login')
    fireEvent.click(await screen.findByRole('button', { name: /Continue with a passkey/ }))
    expect((await screen.findByRole('alert')).textContent).toContain('This passkey is not recognised')
    expect(localStorage.getItem('user')).toBeNull()
  })

  it('finishes the second step with a recovery code, checking its form first', async () => {
    sessionStorage.setItem('two-factor-challenge', JSON.stringify(challenge()))
    server['POST /v1/users/2fa/verify-recovery-code'] = () => ok(session, 'Welcome back, Linh Nguyen!')
    server['GET /v1/user_keys-unDelete'] = () => ok({ items: [], total: 0, page: 1, page_size: 10 })
    const router = openApp('/login/two-factor?next=%2Fkeys')
    fireEvent.click(await screen.findByRole('button', { name: 'Use a recovery code' }))
    await fill('Recovery code', '123456')
    fireEvent.click(await screen.findByRole('button', { name: 'Verify' }))
    expect(await screen.findByText('Enter a recovery code as it was given to you (24 letters and digits)')).toBeTruthy()
    expect(calls.filter((c) => c.route === 'POST /v1/users/2fa/verify-recovery-code')).toEqual([])
    await fill('Recovery code', ' ABCD EFGH-IJKL MNOP-QRST UVWX ')
    fireEvent.click(await screen.findByRole('button', { name: 'Verify' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/keys'))
    expect(calls.find((c) => c.route === 'POST /v1/users/2fa/verify-recovery-code')?.body).toEqual({
      token: 'challenge-1',
      code: 'abcdefghijklmnopqrstuvwx',
    })
  })

  it('finishes the second step with a passkey', async () => {
    const { get } = stubWebAuthn()
    sessionStorage.setItem('two-factor-challenge', JSON.stringify(challenge()))
    server['POST /v1/users/2fa/passkey-options'] = () =>
      ok({
        attempt_id: 'wac_4',
        options: { challenge: 'Y2hhbGxlbmdl', allowCredentials: [{ id: 'Y3JlZC0x', type: 'public-key' }] },
      })
    server['POST /v1/users/2fa/verify-passkey'] = () => ok(session, 'Welcome back, Linh Nguyen!')
    server['GET /v1/dashboard'] = () => ok({})
    const router = openApp('/login/two-factor')
    fireEvent.click(await screen.findByRole('button', { name: /Use a passkey instead/ }))
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/login/two-factor'))
    expect(get).toHaveBeenCalledTimes(1)
    expect(calls.find((c) => c.route === 'POST /v1/users/2fa/passkey-options')?.body).toEqual({ token: 'challenge-1' })
    expect(calls.find((c) => c.route === 'POST /v1/users/2fa/verify-passkey')?.body).toMatchObject({
      token: 'challenge-1',
      attempt_id: 'wac_4',
      credential: { id: 'Y3JlZC0x' },
    })
    expect(sessionStorage.getItem('two-factor-challenge')).toBeNull()
  })
})
