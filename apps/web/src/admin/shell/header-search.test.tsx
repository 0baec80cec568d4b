import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { setUpAdminScreens } from '../../test/admin-screens.ts'
import { calls, ok, openApp, server } from '../../test/fake-server.tsx'

// The back office's header search (issue 21): the real route table, admin shell and API client; only
// the network is answered.

setUpAdminScreens({
  pages: () => [import('../accounts/UserManagementPage.tsx'), import('../accounts/EditUserPage.tsx')],
})

const SEARCH = 'GET /v1/search'
const LAN = 'usr_01jd0000000000000000000011'

function answerSearch() {
  server[SEARCH] = () =>
    ok({
      accounts: [
        {
          id: LAN,
          email: 'lan.pham@example.com',
          name: 'Lan Phạm',
          phone_number: '+84987650001',
          status: 'active',
          roles: ['customer'],
        },
      ],
      bills: [
        {
          id: 'bil_01jd0000000000000000000001',
          code: 'INV-202610-004242',
          user_id: LAN,
          user_email: 'lan.pham@example.com',
          total: '12.34',
          paid: false,
        },
      ],
      keys: [],
    })
}

describe('the header search', { timeout: 60_000 }, () => {
  it('finds customers and bills as the operator types, and opens the one chosen', async () => {
    answerSearch()
    server['GET /v1/users'] = () => ok({ items: [], total: 0, page: 1, page_size: 20 })
    const router = openApp('/administrator/user-management')
    const box = await screen.findByRole('combobox', { name: 'Search customers, bills and keys' })
    fireEvent.change(box, { target: { value: 'l' } })
    expect(await screen.findByText('Type at least 2 characters')).toBeTruthy()
    expect(calls.some((c) => c.route === SEARCH)).toBe(false)

    fireEvent.change(box, { target: { value: 'lan.p' } })
    expect(await screen.findByText('Lan Phạm')).toBeTruthy()
    expect(calls.filter((c) => c.route === SEARCH).map((c) => c.query)).toEqual([{ q: 'lan.p' }])
    expect(screen.getByText('INV-202610-004242')).toBeTruthy()
    expect(screen.getByText('lan.pham@example.com · $12.34 · unpaid')).toBeTruthy()

    fireEvent.click(screen.getByText('INV-202610-004242'))
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        `/administrator/user-management/edit-user?user_id=${LAN}&tab=bills`,
      ),
    )
  })

  it('says when nothing is found', async () => {
    server[SEARCH] = () => ok({ accounts: [], bills: [], keys: [] })
    server['GET /v1/users'] = () => ok({ items: [], total: 0, page: 1, page_size: 20 })
    openApp('/administrator/user-management')
    const box = await screen.findByRole('combobox', { name: 'Search customers, bills and keys' })
    fireEvent.change(box, { target: { value: 'nobody' } })
    expect(await screen.findByText('Nothing found for “nobody”')).toBeTruthy()
  })
})
