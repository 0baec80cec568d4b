import type { EmailChangeRequest } from '@app/contract'
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionFrom, sessionStore } from '../../app/session.ts'
import { calls, installFakeServer, ok, openApp, profile, refused, server, session } from '../../test/fake-server.tsx'

// /settings/email with the real route table, layout and API client; only the network is answered.

configure({ asyncUtilTimeout: 5000 })

beforeAll(async () => {
  await Promise.all([import('../shell/CustomerLayout.tsx'), import('./SettingsPage.tsx')])
}, 60_000)

const OWN = 'GET /v1/users/change-email/get-requests-by-user-id'
const ASK = 'POST /v1/users/change-email'
const CHECK = 'GET /v1/users/change-email/check-new-email'

function request(overrides: Partial<EmailChangeRequest> = {}): EmailChangeRequest {
  return {
    id: 'ecr_01jd0000000000000000000001',
    user_id: profile.id,
    user_email: profile.email,
    user_name: 'Linh Nguyen',
    old_email: profile.email,
    new_email: 'linh.new@example.com',
    reason: 'New job',
    refuse_reason: null,
    status: 'unaccomplished',
    handled_by_email: null,
    handled_at: null,
    created_at: '2026-11-20T08:00:00.000Z',
    updated_at: '2026-11-20T08:00:00.000Z',
    ...overrides,
  }
}

const page = (items: EmailChangeRequest[]) => ok({ items, total: items.length, page: 1, page_size: 10 })

beforeEach(() => {
  localStorage.clear()
  localStorage.setItem('splashSeen', '1')
  sessionStore.set(sessionFrom(profile, session.token))
  installFakeServer()
  server[OWN] = () => page([])
  server[CHECK] = (_body, query) => ok({ new_email: query.new_email, used: false }, 'This email can be used')
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('/settings/email', { timeout: 60_000 }, () => {
  it('asks for a new address after checking the re-entry, and shows the request as waiting', async () => {
    openApp('/settings/email')
    const newEmail = await screen.findByLabelText('New email', {}, { timeout: 15_000 })
    fireEvent.change(newEmail, { target: { value: 'linh.new@example.com' } })
    fireEvent.change(screen.getByLabelText('Re-enter the new email'), { target: { value: 'linh.other@example.com' } })
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'New job' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send the request' }))
    expect(await screen.findByText('The two email addresses are not the same')).toBeTruthy()
    expect(calls.some((c) => c.route === ASK)).toBe(false)

    server[ASK] = () => ok(request(), 'Your email change request was sent. Our staff will handle it soon.')
    server[OWN] = () => page([request()])
    fireEvent.change(screen.getByLabelText('Re-enter the new email'), { target: { value: 'linh.new@example.com' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send the request' }))
    expect(await screen.findByText('Your request is being handled')).toBeTruthy()
    expect(calls.find((c) => c.route === ASK)?.body).toEqual({
      new_email: 'linh.new@example.com',
      confirm_new_email: 'linh.new@example.com',
      reason: 'New job',
    })
    expect(calls.find((c) => c.route === OWN)?.query.user_id).toBe(profile.id)
  })

  it('says an address is used before sending, from check-new-email', async () => {
    server[CHECK] = (_body, query) =>
      ok({ new_email: query.new_email, used: true }, 'Please re-enter new Email. This email has been used')
    openApp('/settings/email')
    const field = await screen.findByLabelText('New email', {}, { timeout: 15_000 })
    fireEvent.change(field, { target: { value: 'taken@example.com' } })
    fireEvent.blur(field)
    expect(await screen.findByText('Please re-enter new Email. This email has been used')).toBeTruthy()
    expect(calls.find((c) => c.route === CHECK)?.query).toEqual({ new_email: 'taken@example.com' })
    expect(calls.some((c) => c.route === ASK)).toBe(false)
  })

  it("puts the server's used-address message on the field", async () => {
    server[ASK] = () =>
      refused(409, 'EMAIL_USED', 'Please re-enter new Email. This email has been used', {
        fields: { new_email: 'Please re-enter new Email. This email has been used' },
      })
    openApp('/settings/email')
    fireEvent.change(await screen.findByLabelText('New email', {}, { timeout: 15_000 }), {
      target: { value: 'taken@example.com' },
    })
    fireEvent.change(screen.getByLabelText('Re-enter the new email'), { target: { value: 'taken@example.com' } })
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'x' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send the request' }))
    expect(await screen.findByText('Please re-enter new Email. This email has been used')).toBeTruthy()
  })

  it('shows the refusal reason above a new form', async () => {
    server[OWN] = () => page([request({ status: 'refused', refuse_reason: 'Call us first' })])
    openApp('/settings/email')
    expect(await screen.findByText('Your last request was refused', {}, { timeout: 15_000 })).toBeTruthy()
    expect(screen.getByText('Reason: Call us first')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Send the request' })).toBeTruthy()
  })

  it('tells a suspended account why it cannot ask', async () => {
    sessionStore.set({ ...sessionFrom(profile, session.token), status: 'suspended' })
    server['GET /v1/users/profile'] = () => ok({ ...profile, status: 'suspended' })
    openApp('/settings/email')
    await waitFor(() => expect(screen.getByText(/email change requests are blocked until payment/)).toBeTruthy(), {
      timeout: 15_000,
    })
    expect(screen.queryByRole('button', { name: 'Send the request' })).toBeNull()
  })
})
