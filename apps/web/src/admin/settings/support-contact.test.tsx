import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { setUpAdminScreens } from '../../test/admin-screens.ts'
import { calls, ok, openApp, server } from '../../test/fake-server.tsx'

// The General tab of /administrator/settings: the support contact form and the links to the pricing
// settings, with the real route table, admin shell and API client; only the network is answered.

setUpAdminScreens({
  pages: () => [import('./SettingsPage.tsx')],
  beforeEach: () => {
    server[GET] = () => ok(saved)
  },
})

const GET = 'GET /v1/settings-support'
const PUT = 'PUT /v1/settings-support'
const saved = { email: 'help@example.com', phone: '+84 24 1234 5678', hours: 'Mon–Fri 8:00–17:00' }

describe('support contact', { timeout: 60_000 }, () => {
  it('checks the fields as the server does and saves what was typed', async () => {
    server[PUT] = (body) => ok(body, 'Support contact saved')
    openApp('/administrator/settings')
    const phone = await screen.findByLabelText('Support phone', {}, { timeout: 15_000 })
    await waitFor(() => expect((phone as HTMLInputElement).value).toBe(saved.phone))
    fireEvent.change(phone, { target: { value: 'call me maybe' } })
    fireEvent.click(screen.getByText('Save', { selector: 'button span' }))
    expect(
      await screen.findByText('A phone number uses digits, spaces, +, ( ) and dashes (at most 30 characters)'),
    ).toBeTruthy()
    expect(calls.some((c) => c.route === PUT)).toBe(false)

    fireEvent.change(phone, { target: { value: '1900 1234' } })
    fireEvent.change(screen.getByLabelText('Support email'), { target: { value: 'care@example.com' } })
    fireEvent.click(screen.getByText('Save', { selector: 'button span' }))
    await waitFor(() =>
      expect(calls.find((c) => c.route === PUT)?.body).toEqual({
        ...saved,
        email: 'care@example.com',
        phone: '1900 1234',
      }),
    )
    expect(await screen.findByText('Support contact saved')).toBeTruthy()
  })

  it('links to the rates, billing numbers, bank and plans', async () => {
    openApp('/administrator/settings')
    const link = await screen.findByRole(
      'link',
      { name: /discount percentage and USD→VND exchange rate/ },
      { timeout: 15_000 },
    )
    expect(link.getAttribute('href')).toBe('/administrator/settings?tab=free')
    expect(screen.getByRole('link', { name: 'Plans and their limits' }).getAttribute('href')).toBe(
      '/administrator/plans',
    )
  })
})
