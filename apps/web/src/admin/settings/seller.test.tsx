import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { setUpAdminScreens } from '../../test/admin-screens.ts'
import { calls, ok, openApp, server } from '../../test/fake-server.tsx'

// The seller printed on bills, on the General tab of /administrator/settings (issue 20), with the real
// route table, admin shell and API client; only the network is answered.

const GET = 'GET /v1/settings-seller'
const PUT = 'PUT /v1/settings-seller'
const saved = { name: 'Maps Asia JSC', address: '1 Trang Tien, Hanoi', tax_code: '0101234567' }

setUpAdminScreens({
  pages: () => [import('./SettingsPage.tsx')],
  beforeEach: () => {
    server['GET /v1/settings-support'] = () => ok({ email: '', phone: '', hours: '' })
    server[GET] = () => ok(saved)
  },
})

describe('the seller on bills', { timeout: 60_000 }, () => {
  it('checks the tax number as the server does and saves what was typed', async () => {
    server[PUT] = (body) => ok(body, 'Seller details saved')
    openApp('/administrator/settings')
    const taxCode = await screen.findByLabelText('Tax number', {}, { timeout: 15_000 })
    await waitFor(() => expect((taxCode as HTMLInputElement).value).toBe(saved.tax_code))
    fireEvent.change(taxCode, { target: { value: 'tax <number>' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save seller details' }))
    expect(
      await screen.findByText('A tax number is up to 30 letters, digits, dots, dashes, slashes and spaces'),
    ).toBeTruthy()
    expect(calls.some((c) => c.route === PUT)).toBe(false)

    fireEvent.change(taxCode, { target: { value: '0109876543' } })
    fireEvent.change(screen.getByLabelText('Legal name'), { target: { value: 'Maps Asia Ltd' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save seller details' }))
    await waitFor(() =>
      expect(calls.find((c) => c.route === PUT)?.body).toEqual({
        ...saved,
        name: 'Maps Asia Ltd',
        tax_code: '0109876543',
      }),
    )
    expect(await screen.findByText('Seller details saved')).toBeTruthy()
  })
})
