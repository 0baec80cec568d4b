import type { AuditEntry, EmailChangeRequest } from '@app/contract'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { setUpAdminScreens } from '../../test/admin-screens.ts'
import { pageOf } from '../../test/balance-fixtures.ts'
import { calls, ok, openApp, refused, server } from '../../test/fake-server.tsx'

// The back office's change-email and logs pages with the real route table, admin shell and API client;
// only the network is answered.

setUpAdminScreens({
  pages: () => [import('./EmailChangePage.tsx'), import('../audit/AuditLogPage.tsx')],
  roles: ['support'],
  beforeEach: () => {
    server[ACTIVE] = (_body, query) => ok(pageOf([waiting], query))
    server[ALL] = (_body, query) => ok(pageOf([waiting], query))
  },
})

const ACTIVE = 'GET /v1/users/change-email/get-requests-active'
const ALL = 'GET /v1/users/change-email/get-requests'
const ID = 'ecr_01jd0000000000000000000001'
const REFUSE = `PUT /v1/users/change-email-status/${ID}`
const COMPLETE = `PUT /v1/users/change-email-by-request-id/${ID}`
const LOGS = 'GET /v1/logs'

const waiting: EmailChangeRequest = {
  id: ID,
  user_id: 'usr_01jd0000000000000000000009',
  user_email: 'thiri@example.com',
  user_name: 'Thiri Aung',
  old_email: 'thiri@example.com',
  new_email: 'thiri.new@example.com',
  reason: 'New job',
  refuse_reason: null,
  status: 'unaccomplished',
  handled_by_email: null,
  handled_at: null,
  created_at: '2026-11-20T08:00:00.000Z',
  updated_at: '2026-11-20T08:00:00.000Z',
}

const queriesOf = (route: string) => calls.filter((c) => c.route === route).map((c) => c.query)
const bodiesOf = (route: string) => calls.filter((c) => c.route === route).map((c) => c.body)

describe('/administrator/change-email', { timeout: 60_000 }, () => {
  it('lists the waiting requests first and switches to every request with a search', async () => {
    openApp('/administrator/change-email')
    await screen.findByText('thiri.new@example.com', {}, { timeout: 15_000 })
    expect(queriesOf(ACTIVE)[0]).toEqual({ page: '1', page_size: '20', status: 'unaccomplished' })
    fireEvent.click(screen.getByText('All requests'))
    const search = await screen.findByLabelText('Search by email or name')
    fireEvent.change(search, { target: { value: 'thiri' } })
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 })
    await waitFor(() => expect(queriesOf(ALL).at(-1)).toEqual({ page: '1', page_size: '20', keyword: 'thiri' }))
  })

  it('refuses only with a reason, and sends it', async () => {
    server[REFUSE] = () =>
      ok({ ...waiting, status: 'refused', refuse_reason: 'Call us first' }, 'The request was refused')
    openApp('/administrator/change-email')
    await screen.findByText('thiri.new@example.com', {}, { timeout: 15_000 })
    fireEvent.click(screen.getByText('Refuse', { selector: 'button span' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByText('Refuse request', { selector: 'button span' }))
    expect(await within(dialog).findByText('Please give the reason for the refusal')).toBeTruthy()
    expect(bodiesOf(REFUSE)).toEqual([])
    fireEvent.change(within(dialog).getByLabelText('Reason for the refusal (the customer sees it)'), {
      target: { value: 'Call us first' },
    })
    fireEvent.click(within(dialog).getByText('Refuse request', { selector: 'button span' }))
    await waitFor(() => expect(bodiesOf(REFUSE)).toEqual([{ refuse_reason: 'Call us first' }]))
    expect(await screen.findByText('The request was refused')).toBeTruthy()
  })

  it('completes after a confirmation and says a failure with the server reason', async () => {
    server[COMPLETE] = () => refused(409, 'REQUEST_HANDLED', 'This request has already been handled')
    openApp('/administrator/change-email')
    await screen.findByText('thiri.new@example.com', {}, { timeout: 15_000 })
    fireEvent.click(screen.getByText('Complete', { selector: 'button span' }))
    const popup = await waitFor(() => {
      const found = document.querySelector('.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons')
      if (!(found instanceof HTMLElement)) throw new Error('no open confirmation')
      return found
    })
    expect(calls.some((c) => c.route === COMPLETE)).toBe(false)
    fireEvent.click(within(popup).getByText('Confirm'))
    expect(await screen.findByText('Complete request failed: This request has already been handled')).toBeTruthy()
  })
})

describe('/administrator/logs', { timeout: 60_000 }, () => {
  const entry: AuditEntry = {
    id: '41',
    actor_id: 'usr_01jd0000000000000000000002',
    actor_email: 'sam@example.com',
    actor_name: 'Sam Nguyen',
    target_name: null,
    target_email: null,
    action: 'emailChange.refuse',
    target_type: 'email_change_request',
    target_id: ID,
    before: { status: 'unaccomplished' },
    after: { status: 'refused', refuse_reason: 'Call us first' },
    ip: '203.0.113.5',
    created_at: '2026-11-20T09:00:00.000Z',
  }

  it('reads the filters from the address, sends them, and opens a row to its values', async () => {
    server['GET /v1/logs/actions'] = () => ok([{ action: 'emailChange.refuse', count: 1 }])
    server[LOGS] = (_body, query) => ok(pageOf([entry], query))
    openApp('/administrator/logs?action=emailChange&from=2026-11-01&to=2026-11-30')
    await screen.findByText('sam@example.com', {}, { timeout: 15_000 })
    expect(queriesOf(LOGS)[0]).toEqual({
      page: '1',
      page_size: '20',
      action: 'emailChange',
      from: '2026-11-01',
      to: '2026-11-30',
    })
    const actor = screen.getByLabelText('Actor (email or id)')
    fireEvent.change(actor, { target: { value: 'sam@' } })
    fireEvent.keyDown(actor, { key: 'Enter', code: 'Enter', keyCode: 13 })
    await waitFor(() => expect(queriesOf(LOGS).at(-1)).toMatchObject({ actor: 'sam@', action: 'emailChange' }))
    const row = screen.getByText('sam@example.com').closest('tr')
    const expand = row?.querySelector('button.ant-table-row-expand-icon')
    if (!(expand instanceof HTMLElement)) throw new Error('no expand button')
    fireEvent.click(expand)
    expect(await screen.findByText(/"refuse_reason": "Call us first"/)).toBeTruthy()
  })
})
