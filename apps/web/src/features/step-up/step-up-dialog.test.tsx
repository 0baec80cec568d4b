import { ErrorCode, Key } from '@app/contract'
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionFrom, sessionStore } from '../../app/session.ts'
import { calls, installFakeServer, ok, openApp, profile, refused, server, session } from '../../test/fake-server.tsx'

// The step-up dialog on the real keys page, through the real route table and API client; only the
// network is answered, from fixtures the contract's schemas check (docs/auth.md "Step-up").

configure({ asyncUtilTimeout: 5000 })

beforeAll(async () => {
  await Promise.all([import('../shell/CustomerLayout.tsx'), import('../keys/KeysPage.tsx')])
}, 60_000)

const SECRET = `mk_${'A'.repeat(40)}`
const key = Key.parse({
  id: 'key_01jd0000000000000000000000',
  user_id: profile.id,
  user_email: profile.email,
  name: 'Store locator',
  type: 'api_key',
  description: null,
  key_preview: 'mk_…AAAA',
  status: 'active',
  restriction_list: null,
  created_at: '2026-11-01T08:00:00.000Z',
  last_modified: '2026-11-01T08:00:00.000Z',
  deleted_at: null,
  previous_key_expires_at: null,
  services: null,
  request_cap: null,
  spend_cap: null,
  cap_use: null,
})
const revealRoute = `GET /v1/keys/${key.id}/secret`
const stepUpRequired = () =>
  refused(403, ErrorCode.StepUpRequired, 'Confirm it is you to reveal this key: enter your password')

let clipboard: string[]

beforeEach(() => {
  localStorage.clear()
  sessionStore.set(sessionFrom(profile, session.token))
  installFakeServer()
  clipboard = []
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: vi.fn(async (text: string) => void clipboard.push(text)) },
  })
  server['GET /v1/user_keys-unDelete'] = () => ok({ items: [key], total: 1, page: 1, page_size: 10 })
  server['GET /v1/keys/deleted'] = () => ok({ items: [], total: 0, page: 1, page_size: 10 })
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

async function pressCopy() {
  const buttons = await screen.findAllByLabelText('Copy the key “Store locator”')
  const button = buttons[0]
  if (!button) throw new Error('no copy button')
  fireEvent.click(button)
}

const dialog = () => screen.findByRole('dialog', { name: /Confirm it is you/ })

describe('the step-up dialog', { timeout: 60_000 }, () => {
  it('copies at once while the proof is fresh, without a dialog', async () => {
    server[revealRoute] = () => ok({ key: SECRET })
    openApp('/keys')
    await pressCopy()
    await screen.findByText('Copy success: the key is on your clipboard')
    expect(clipboard).toEqual([SECRET])
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('asks for the password, shows a wrong one’s refusal, and copies after the right one', async () => {
    let proved = false
    server[revealRoute] = () => (proved ? ok({ key: SECRET }) : stepUpRequired())
    server['GET /v1/users/step-up'] = () => ok({ methods: ['password'], expires_at: null })
    server['POST /v1/users/step-up'] = (body) => {
      if ((body as { password?: string }).password !== 'right-password') {
        return refused(422, ErrorCode.WrongPassword, 'The password is incorrect')
      }
      proved = true
      return ok({ methods: ['password'], expires_at: '2026-11-02T08:10:00.000Z' })
    }
    openApp('/keys')
    await pressCopy()
    const asked = await dialog()
    // The dialog downloads when first needed, then asks the server how this account proves itself.
    expect(await within(asked).findByText(/Enter your password to show it/)).toBeTruthy()
    expect(within(asked).queryByLabelText('Authentication code')).toBeNull()

    // Nothing typed: the field says so, and nothing is sent.
    fireEvent.click(within(asked).getByText('Confirm and copy'))
    await within(asked).findByText('Enter your password or the code from your authenticator app')
    expect(calls.filter((c) => c.route === 'POST /v1/users/step-up')).toHaveLength(0)

    fireEvent.change(within(asked).getByLabelText('Password'), { target: { value: 'wrong-password' } })
    fireEvent.click(within(asked).getByText('Confirm and copy'))
    await within(asked).findByText('The password is incorrect')
    expect(clipboard).toEqual([])
    expect((within(asked).getByLabelText('Password') as HTMLInputElement).value).toBe('')

    fireEvent.change(within(asked).getByLabelText('Password'), { target: { value: 'right-password' } })
    fireEvent.click(within(asked).getByText('Confirm and copy'))
    await screen.findByText('Copy success: the key is on your clipboard')
    expect(clipboard).toEqual([SECRET])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls.filter((c) => c.route === 'POST /v1/users/step-up').map((c) => c.body)).toEqual([
      { password: 'wrong-password' },
      { password: 'right-password' },
    ])
  })

  it('asks an account with two-factor authentication for its code instead', async () => {
    let proved = false
    server[revealRoute] = () => (proved ? ok({ key: SECRET }) : stepUpRequired())
    server['GET /v1/users/step-up'] = () => ok({ methods: ['totp'], expires_at: null })
    server['POST /v1/users/step-up'] = () => {
      proved = true
      return ok({ methods: ['totp'], expires_at: '2026-11-02T08:10:00.000Z' })
    }
    openApp('/keys')
    await pressCopy()
    const asked = await dialog()
    const code = await within(asked).findByLabelText('Authentication code')
    expect(within(asked).queryByLabelText('Password')).toBeNull()
    fireEvent.change(code, { target: { value: '123 456' } })
    fireEvent.click(within(asked).getByText('Confirm and copy'))
    await screen.findByText('Copy success: the key is on your clipboard')
    expect(calls.find((c) => c.route === 'POST /v1/users/step-up')?.body).toEqual({ code: '123456' })
    expect(clipboard).toEqual([SECRET])
  })

  it('tells an account with no way to prove itself what to do, and offers no confirm', async () => {
    server[revealRoute] = stepUpRequired
    server['GET /v1/users/step-up'] = () => ok({ methods: [], expires_at: null })
    openApp('/keys')
    await pressCopy()
    const asked = await dialog()
    await within(asked).findByText(/cannot confirm it is you/)
    expect(within(asked).getByText('Confirm and copy').closest('button')?.disabled).toBe(true)
    fireEvent.click(within(asked).getByText('Cancel'))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(clipboard).toEqual([])
  })
})
