import { Account } from '@app/contract'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { adminLangPref } from '../../app/prefs.ts'
import { sessionStore } from '../../app/session.ts'
import { setUpAdminScreens } from '../../test/admin-screens.ts'
import { pageOf } from '../../test/balance-fixtures.ts'
import { calls, ok, openApp, refused, server } from '../../test/fake-server.tsx'
import { staffSession } from '../../test/usage-fixtures.ts'

// The real route table, admin shell and account pages with their API client; only the network is answered.

setUpAdminScreens({
  pages: () => [
    import('./UserManagementPage.tsx'),
    import('./EditUserPage.tsx'),
    import('./CreateUserPage.tsx'),
    import('./AccessRightsPage.tsx'),
  ],
  waitMs: 15_000,
  beforeEach: () => {
    server[LIST] = (_body, query) => ok(pageOf([mai, bao], query, 2))
    server[`GET /v1/users/${MAI_ID}/account`] = () => ok(mai)
    server['GET /v1/users-plans'] = () => ok([])
    server[`GET /v1/users/${MAI_ID}/2fa`] = () => ok({ enabled: false, enabled_at: null })
  },
})

const MAI_ID = 'usr_01jdmai00000000000000000000'.slice(0, 30)
const BAO_ID = 'usr_01jdbao00000000000000000000'.slice(0, 30)

function account(fields: Partial<Account> & Pick<Account, 'id' | 'email'>): Account {
  return Account.parse({
    first_name: 'Mai',
    last_name: 'Pham',
    full_name: 'Mai Pham',
    phone_number: '+84912345678',
    organization: null,
    job_title: null,
    avatar: null,
    status: 'active',
    roles: ['customer'],
    email_verified: true,
    balance: '12.50',
    enjoy_discount: false,
    check_balance: false,
    active_after_created: true,
    user_plan_id: null,
    name_of_user_plan_id: 'Free',
    last_login: null,
    created_at: '2026-11-01T08:00:00.000Z',
    updated_at: '2026-11-01T08:00:00.000Z',
    ...fields,
  })
}

const mai = account({ id: MAI_ID, email: 'mai.pham@example.com' })
const bao = account({
  id: BAO_ID,
  email: 'bao.le@example.com',
  first_name: 'Bao',
  last_name: 'Le',
  full_name: 'Bao Le',
  status: 'suspended',
})

const LIST = 'GET /v1/users'
const queriesOf = (route: string) => calls.filter((c) => c.route === route).map((c) => c.query)
const bodiesOf = (route: string) => calls.filter((c) => c.route === route).map((c) => c.body)

const rowOf = (text: string) => {
  const row = screen.getByText(text).closest('tr')
  if (!row) throw new Error(`no row holds ${text}`)
  return row as HTMLElement
}

async function confirmPopup() {
  const popup = await waitFor(() => {
    const found = document.querySelector('.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons')
    if (!(found instanceof HTMLElement)) throw new Error('no open confirmation')
    return found
  })
  fireEvent.click(within(popup).getByText('Confirm'))
}

describe('accounts', { timeout: 60_000 }, () => {
  it('lists customers, searches, sorts and switches to staff through the server, and opens an account', async () => {
    const router = openApp('/administrator/user-management')
    await screen.findByText('mai.pham@example.com')
    expect(queriesOf(LIST)[0]).toEqual({
      page: '1',
      page_size: '20',
      group: 'customer',
      sort_by: 'created_at',
      sort_mode: 'desc',
    })
    expect(rowOf('bao.le@example.com').textContent).toContain('Suspended')
    expect(rowOf('mai.pham@example.com').textContent).toContain('$12.50')
    // A customer's name is shown as typed: never translated (ARCHITECTURE.md, Translation item 6).
    expect(screen.getByText('Mai Pham').closest('[translate="no"]')).not.toBeNull()

    const search = screen.getByLabelText('Search by e-mail, name, phone or organisation')
    fireEvent.change(search, { target: { value: 'mai.pham@example.com' } })
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 })
    await waitFor(() => expect(queriesOf(LIST).at(-1)).toMatchObject({ keyword: 'mai.pham@example.com' }))

    fireEvent.click(screen.getByText('Account', { selector: 'th *' }))
    await waitFor(() => expect(queriesOf(LIST).at(-1)).toMatchObject({ sort_by: 'email', sort_mode: 'asc' }))

    fireEvent.click(screen.getByRole('tab', { name: 'Staff' }))
    await waitFor(() => expect(queriesOf(LIST).at(-1)).toMatchObject({ group: 'staff', page: '1' }))

    fireEvent.click(screen.getByRole('link', { name: 'Open: the account mai.pham@example.com' }))
    expect(await screen.findByText('Account Mai Pham')).toBeTruthy()
    expect(router.state.location.search).toBe(`?user_id=${MAI_ID}`)
  })

  it('suspends after a confirmation and reactivates the same way', async () => {
    server[`POST /v1/users/${MAI_ID}/suspend`] = () =>
      ok({ ...mai, status: 'suspended' }, 'Account suspended; its sessions have ended')
    server[`POST /v1/users/${BAO_ID}/unsuspend`] = () => ok({ ...bao, status: 'active' }, 'Account reactivated')
    openApp('/administrator/user-management')
    await screen.findByText('mai.pham@example.com')

    fireEvent.click(screen.getByLabelText('Suspend mai.pham@example.com'))
    expect(await screen.findByText('Suspend mai.pham@example.com?')).toBeTruthy()
    expect(bodiesOf(`POST /v1/users/${MAI_ID}/suspend`)).toEqual([])
    await confirmPopup()
    expect(await screen.findByText('Account suspended; its sessions have ended')).toBeTruthy()

    fireEvent.click(screen.getByLabelText('Reactivate bao.le@example.com'))
    await confirmPopup()
    expect(await screen.findByText('Account reactivated')).toBeTruthy()
    expect(calls.filter((c) => c.route === `POST /v1/users/${BAO_ID}/unsuspend`)).toHaveLength(1)
  })

  it('changes a role after showing what the new role opens; a refusal stays in the dialog', async () => {
    server['POST /v1/set-user-admin'] = (_body, query) =>
      query.name === 'admin'
        ? refused(422, 'LAST_ADMIN', 'The last administrator cannot stop being one')
        : ok({ ...mai, roles: [query.name] }, `The account is now ${query.name}`)
    openApp('/administrator/user-management')
    await screen.findByText('mai.pham@example.com')

    fireEvent.click(screen.getByLabelText('Change role: mai.pham@example.com'))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Current role: Customer')).toBeTruthy()
    fireEvent.click(within(dialog).getByLabelText('Support'))
    // Read from the page table: support opens accounts and campaigns, not invoices or settings.
    expect(within(dialog).getByText('Accounts')).toBeTruthy()
    expect(within(dialog).getByText('Campaigns')).toBeTruthy()
    expect(within(dialog).queryByText('Invoices')).toBeNull()
    expect(within(dialog).queryByText('Settings')).toBeNull()
    fireEvent.click(within(dialog).getByText('Change role', { selector: 'button span' }))
    expect(await screen.findByText('The account is now support')).toBeTruthy()
    expect(queriesOf('POST /v1/set-user-admin')).toEqual([{ user_id: MAI_ID, name: 'support' }])

    fireEvent.click(screen.getByLabelText('Change role: mai.pham@example.com'))
    const again = await screen.findByRole('dialog')
    fireEvent.click(within(again).getByLabelText('Admin'))
    fireEvent.click(within(again).getByText('Change role', { selector: 'button span' }))
    expect(await within(again).findByText('The last administrator cannot stop being one')).toBeTruthy()
    expect(screen.getByRole('dialog')).toBeTruthy()
  })

  it('shows support a read-only account: no role change, no flags, no admin-only links', async () => {
    sessionStore.set(staffSession(['support']))
    openApp(`/administrator/user-management/edit-user?user_id=${MAI_ID}`)
    expect(await screen.findByText('Account Mai Pham')).toBeTruthy()
    expect(screen.queryByText('Change role')).toBeNull()
    expect(screen.getByText('Only administrators change these settings.')).toBeTruthy()
    for (const id of ['flag-enjoy_discount', 'flag-check_balance', 'flag-active_after_created']) {
      expect((document.getElementById(id) as HTMLButtonElement).disabled).toBe(true)
    }
    // Support see the tabs their role opens (docs/access.md), not the administrators' keys and money.
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Account',
      'Usage',
      'Support requests',
      'E-mail changes',
      'Audit trail',
    ])
    expect(screen.queryByText('Add balance')).toBeNull()
    expect(screen.getByText('Suspend')).toBeTruthy()
  })

  it('shows one customer on one page: each tab is in the URL and asks for that account only (issue 21)', async () => {
    const empty = (query: Record<string, string>) =>
      ok({ items: [], total: 0, page: Number(query.page ?? 1), page_size: Number(query.page_size ?? 20) })
    server['GET /v1/bills'] = (_body, query) => empty(query)
    server['GET /v1/logs'] = (_body, query) => empty(query)
    server['GET /v1/support/tickets/all'] = (_body, query) => empty(query)
    server['GET /v1/users/change-email/get-requests-by-user-id'] = (_body, query) => empty(query)
    const router = openApp(`/administrator/user-management/edit-user?user_id=${MAI_ID}`)
    await screen.findByText('Account Mai Pham')
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Account',
      'Keys',
      'Bills',
      'Balance log',
      'Coupons',
      'Usage',
      'Support requests',
      'E-mail changes',
      'Audit trail',
    ])

    fireEvent.click(screen.getByRole('tab', { name: 'Bills' }))
    await waitFor(() => expect(queriesOf('GET /v1/bills')).toEqual([{ user_id: MAI_ID, page: '1', page_size: '10' }]))
    expect(router.state.location.search).toBe(`?user_id=${MAI_ID}&tab=bills`)

    fireEvent.click(screen.getByRole('tab', { name: 'Audit trail' }))
    await waitFor(() =>
      expect(queriesOf('GET /v1/logs')).toEqual([
        { page: '1', page_size: '20', target_type: 'user', target_id: MAI_ID },
      ]),
    )
    fireEvent.click(screen.getByRole('tab', { name: 'Support requests' }))
    await waitFor(() =>
      expect(queriesOf('GET /v1/support/tickets/all')).toEqual([{ page: '1', page_size: '10', user_id: MAI_ID }]),
    )
    expect(await screen.findByText('No support requests yet')).toBeTruthy()
    fireEvent.click(screen.getByRole('tab', { name: 'E-mail changes' }))
    await waitFor(() =>
      expect(queriesOf('GET /v1/users/change-email/get-requests-by-user-id')).toEqual([
        { page: '1', page_size: '20', user_id: MAI_ID },
      ]),
    )
    // A shared link opens the same tab.
    cleanup()
    openApp(`/administrator/user-management/edit-user?user_id=${MAI_ID}&tab=audit`)
    expect(await screen.findByRole('tab', { name: 'Audit trail', selected: true })).toBeTruthy()
  })

  it('lets an administrator toggle a flag and save only what changed in the profile', async () => {
    server[`PUT /v1/users/change-check-balance/${MAI_ID}`] = () => ok({ ...mai, check_balance: true }, 'Setting saved')
    server[`PUT /v1/users/profile/${MAI_ID}`] = () => ok({}, 'Profile updated')
    openApp(`/administrator/user-management/edit-user?user_id=${MAI_ID}`)
    await screen.findByText('Account Mai Pham')
    fireEvent.click(document.getElementById('flag-check_balance') as HTMLElement)
    expect(await screen.findByText('Setting saved')).toBeTruthy()

    fireEvent.change(screen.getByLabelText('Organisation'), { target: { value: 'Acme Maps' } })
    fireEvent.click(screen.getByText('Save', { selector: 'button span' }))
    await waitFor(() => expect(bodiesOf(`PUT /v1/users/profile/${MAI_ID}`)).toEqual([{ organization: 'Acme Maps' }]))
  })

  it('shows what an account owes after a refund or chargeback took its balance below 0', async () => {
    server[`GET /v1/users/${MAI_ID}/account`] = () => ok({ ...mai, balance: '-30.00', check_balance: true })
    openApp(`/administrator/user-management/edit-user?user_id=${MAI_ID}`)
    await screen.findByText('Account Mai Pham')
    expect(
      screen.getByText('Owes $30.00 after a refund or chargeback; the gateway refuses its keys until it is paid'),
    ).toBeTruthy()
  })

  it('lets an administrator turn off a lost authenticator with a reason, checked before it is sent', async () => {
    let enabled = true
    server[`GET /v1/users/${MAI_ID}/2fa`] = () =>
      ok(enabled ? { enabled: true, enabled_at: '2026-11-03T09:00:00.000Z' } : { enabled: false, enabled_at: null })
    server[`POST /v1/users/${MAI_ID}/2fa/disable`] = () => {
      enabled = false
      return ok({ enabled: false, enabled_at: null }, 'Two-factor authentication is off for this account')
    }
    openApp(`/administrator/user-management/edit-user?user_id=${MAI_ID}`)
    expect(await screen.findByText(/^On since/)).toBeTruthy()
    fireEvent.click(screen.getByText('Turn off…'))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Turn off two-factor authentication for Mai Pham?')).toBeTruthy()
    // The server deletes the user's recovery codes with the authenticator; the dialog says so.
    expect(within(dialog).getByText(/Their recovery codes are cleared too: none of them works any more/)).toBeTruthy()
    fireEvent.click(within(dialog).getByText('Turn off', { selector: 'button span' }))
    expect(await within(dialog).findByText('Please give the reason')).toBeTruthy()
    expect(bodiesOf(`POST /v1/users/${MAI_ID}/2fa/disable`)).toEqual([])

    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: '  Lost phone; video call  ' } })
    fireEvent.click(within(dialog).getByText('Turn off', { selector: 'button span' }))
    expect(await screen.findByText('Two-factor authentication is off for this account')).toBeTruthy()
    expect(bodiesOf(`POST /v1/users/${MAI_ID}/2fa/disable`)).toEqual([{ reason: 'Lost phone; video call' }])
    expect(await screen.findByText('The user turns it on in their own security settings.')).toBeTruthy()
  })

  it('says in Vietnamese too that turning it off clears the recovery codes', async () => {
    adminLangPref.set('vi')
    server[`GET /v1/users/${MAI_ID}/2fa`] = () => ok({ enabled: true, enabled_at: '2026-11-03T09:00:00.000Z' })
    openApp(`/administrator/user-management/edit-user?user_id=${MAI_ID}`)
    fireEvent.click(await screen.findByText('Tắt…'))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText(/Các mã khôi phục của người dùng cũng bị xóa/)).toBeTruthy()
  })

  it('shows support no two-factor controls, and an administrator none on their own account', async () => {
    sessionStore.set(staffSession(['support']))
    openApp(`/administrator/user-management/edit-user?user_id=${MAI_ID}`)
    await screen.findByText('Account Mai Pham')
    expect(screen.queryByText('Two-factor authentication')).toBeNull()
    expect(calls.some((c) => c.route === `GET /v1/users/${MAI_ID}/2fa`)).toBe(false)
    cleanup()

    const own = staffSession(['admin'])
    sessionStore.set(own)
    server[`GET /v1/users/${own.user_id}/account`] = () => ok({ ...mai, id: own.user_id, email: own.email })
    server[`GET /v1/users/${own.user_id}/2fa`] = () => ok({ enabled: true, enabled_at: '2026-11-03T09:00:00.000Z' })
    openApp(`/administrator/user-management/edit-user?user_id=${own.user_id}`)
    expect(
      await screen.findByText('Your own is turned off in your security settings, with a code from your app.'),
    ).toBeTruthy()
    expect(screen.queryByText('Turn off…')).toBeNull()
  })

  it('creates a customer as support with the contract’s checks, without role or flags', async () => {
    sessionStore.set(staffSession(['support']))
    server['POST /v1/users'] = (body) => ok({ ...mai, email: (body as { email: string }).email }, 'Account created')
    const router = openApp('/administrator/user-management/create-user')
    await screen.findByText('Support staff create customer accounts only.')
    expect(screen.queryByText('Active after created')).toBeNull()

    fireEvent.click(screen.getByText('Create account', { selector: 'button span' }))
    expect(
      await screen.findAllByText(/required|Please/i, { selector: '.ant-form-item-explain-error' }),
    ).not.toHaveLength(0)
    expect(bodiesOf('POST /v1/users')).toEqual([])

    const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })
    type('First name', 'Mai')
    type('Last name', 'Pham')
    type('E-mail', 'new.customer@example.com')
    type('Phone number', '0912345678')
    type('Password', 'long-enough-1')
    type('Confirm the password', 'long-enough-1')
    fireEvent.click(screen.getByText('Create account', { selector: 'button span' }))
    await waitFor(() => expect(bodiesOf('POST /v1/users')).toHaveLength(1))
    expect(bodiesOf('POST /v1/users')[0]).toEqual({
      first_name: 'Mai',
      last_name: 'Pham',
      email: 'new.customer@example.com',
      phone_number: '0912345678',
      password: 'long-enough-1',
      confirm_password: 'long-enough-1',
    })
    await waitFor(() => expect(router.state.location.pathname).toBe('/administrator/user-management/edit-user'))
  })

  it('shows the access-rights matrix from the page table', async () => {
    server[LIST] = (_body, query) =>
      ok(pageOf([account({ id: BAO_ID, email: 'bao.le@example.com', roles: ['support'] })], query, 1))
    openApp('/administrator/sales-account-management')
    await screen.findByText('bao.le@example.com')
    expect(queriesOf(LIST)[0]).toMatchObject({ group: 'staff' })
    const settingsRow = rowOf('/administrator/settings')
    expect(within(settingsRow).getAllByLabelText('Allowed')).toHaveLength(1)
    expect(within(settingsRow).getAllByLabelText('Not allowed')).toHaveLength(2)
    const campaignsRow = rowOf('/administrator/campaigns')
    expect(within(campaignsRow).getAllByLabelText('Allowed')).toHaveLength(2)
  })
})
