import type { AuditEntry } from '@app/contract'
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { adminLangPref } from '../../app/prefs.ts'
import { setUpAdminScreens } from '../../test/admin-screens.ts'
import { ok, openApp, server } from '../../test/fake-server.tsx'

// The real route table, admin shell, Logs page and API client; only the network is answered.

setUpAdminScreens({
  pages: () => [import('./AuditLogPage.tsx')],
})

const refusal: AuditEntry = {
  id: 'aud_01',
  actor_id: 'usr_support',
  actor_email: 'lan@example.com',
  actor_name: null,
  target_name: null,
  target_email: null,
  action: 'security.forbidden',
  target_type: 'endpoint',
  target_id: 'GET /v1/bills',
  before: null,
  after: { method: 'GET', endpoint: '/v1/bills', url: '/v1/bills', roles: ['support'] },
  ip: '203.0.113.7',
  created_at: '2026-11-02T08:00:00.000Z',
}

const exported: AuditEntry = {
  ...refusal,
  id: 'aud_02',
  actor_email: 'admin@example.com',
  actor_name: 'Trần Minh Anh',
  action: 'billing.export',
  target_type: 'bills',
  target_id: null,
  after: { rows: 12 },
}
/** A support agent suspends a customer's account. */
const suspended: AuditEntry = {
  ...refusal,
  id: 'aud_04',
  actor_email: 'lan.pham@example.com',
  actor_name: 'Lan Pham',
  action: 'user.suspend',
  target_type: 'user',
  target_id: 'usr_customer',
  target_name: 'Mya Thida',
  target_email: 'mya@example.com',
  after: { status: 'suspended' },
}
/** An administrator changes the bank details customers transfer to. */
const bank: AuditEntry = {
  ...exported,
  id: 'aud_05',
  actor_name: 'Nguyễn Văn Bình',
  actor_email: 'binh@example.com',
  action: 'settings.bank',
  target_type: 'setting',
  target_id: 'settings-bank',
  after: { bank_name: 'Vietcombank' },
}
/** A row written under a name the log no longer writes. */
const older: AuditEntry = { ...exported, id: 'aud_03', action: 'billing.regenerate' }

function answerLog() {
  server['GET /v1/logs'] = () =>
    ok({ items: [refusal, exported, older, suspended, bank], total: 5, page: 1, page_size: 20 })
  server['GET /v1/logs/actions'] = () => ok([{ action: 'security.forbidden', count: 1 }])
}

describe('the Logs page', { timeout: 60_000 }, () => {
  it('names a refused call (a security event) in English, with the action as recorded', async () => {
    answerLog()
    openApp('/administrator/logs?action=security.forbidden')
    expect(await screen.findByText('Refused call (security)', { selector: 'td *' }, { timeout: 15_000 })).toBeTruthy()
    expect(screen.getByText('security.forbidden', { selector: 'td *' })).toBeTruthy()
    expect(screen.getByText('lan@example.com')).toBeTruthy()
    expect(screen.getByText(/GET \/v1\/bills/)).toBeTruthy()
    // Every action has a label (issue 21: 'billing.export' showed as a code); an older name shows as recorded.
    expect(screen.getByText('Bills exported', { selector: 'td *' })).toBeTruthy()
    expect(screen.getByText('billing.regenerate', { selector: 'td *' })).toBeTruthy()
  })

  it('names people, not ids: who acted, and whose account a row is about', async () => {
    answerLog()
    openApp('/administrator/logs')
    expect((await screen.findAllByText('Trần Minh Anh', { selector: 'td *' }, { timeout: 15_000 })).length).toBe(2)
    expect(screen.getAllByText('admin@example.com', { selector: 'td *' }).length).toBeGreaterThan(0)
    const row = screen.getByText('Mya Thida', { selector: 'td *' }).closest('tr') as HTMLElement
    expect(row.textContent).toContain('mya@example.com')
    expect(row.textContent).toContain('Lan Pham')
    expect(row.textContent).not.toContain('usr_customer')
  })

  it('names it in Vietnamese', async () => {
    adminLangPref.set('vi')
    answerLog()
    openApp('/administrator/logs')
    expect(await screen.findByText('Lệnh gọi bị từ chối (bảo mật)', { selector: 'td *' })).toBeTruthy()
    expect(screen.getByText('Xuất hóa đơn', { selector: 'td *' })).toBeTruthy()
    // A setting is named as the settings page names it, not by its storage key.
    const row = screen.getByText('Sửa thông tin ngân hàng', { selector: 'td *' }).closest('tr') as HTMLElement
    expect(row.textContent).toContain('Cài đặt · Tài khoản ngân hàng')
    expect(row.textContent).not.toContain('settings-bank')
  })
})
