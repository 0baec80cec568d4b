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
  action: 'billing.export',
  target_type: 'bills',
  target_id: null,
  after: { rows: 12 },
}
/** A row written under a name the log no longer writes. */
const older: AuditEntry = { ...exported, id: 'aud_03', action: 'billing.regenerate' }

function answerLog() {
  server['GET /v1/logs'] = () => ok({ items: [refusal, exported, older], total: 3, page: 1, page_size: 20 })
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

  it('names it in Vietnamese', async () => {
    adminLangPref.set('vi')
    answerLog()
    openApp('/administrator/logs')
    expect(await screen.findByText('Lệnh gọi bị từ chối (bảo mật)', { selector: 'td *' })).toBeTruthy()
    expect(screen.getByText('Xuất hóa đơn', { selector: 'td *' })).toBeTruthy()
  })
})
