import { formatDate } from '@app/contract'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { adminLangPref } from '../../app/prefs.ts'
import { setUpAdminScreens } from '../../test/admin-screens.ts'
import { calls, ok, openApp, server } from '../../test/fake-server.tsx'
import { capUse, keyFixture } from '../../test/key-fixtures.ts'
import { emulateViewport } from '../../test/viewport.ts'

// The back office's key list (/administrator/user-management/key-and-bill) with the real route table,
// admin shell and API client: each key's use of its monthly caps, and the caps in the edit drawer.

const ALL_KEYS = 'GET /v1/keys-unDelete'

const reached = keyFixture({
  id: 'key_01jd00000000000000000full',
  name: 'Mobile app',
  request_cap: 1000,
  spend_cap: '5.00',
  cap_use: capUse({ requests: 640, spend: '5.00', percent: 100, state: 'reached' }),
})
const uncapped = keyFixture({ id: 'key_01jd00000000000000000free', name: 'Test bench' })

setUpAdminScreens({
  pages: () => [import('./UserKeysPage.tsx')],
  waitMs: 15_000,
  beforeEach: () => {
    server[ALL_KEYS] = () => ok({ items: [reached, uncapped], total: 2, page: 1, page_size: 20 })
  },
})

/** The row of the key of this name (the table's row; on a phone, the one stacked cell). */
async function rowOf(name: string) {
  return (await screen.findByText(name)).closest('tr') as HTMLElement
}

describe('the monthly caps in the back office’s key list', { timeout: 60_000 }, () => {
  it('shows the use bar and the "Cap reached" tag in its own column', async () => {
    emulateViewport(1280)
    openApp('/administrator/user-management/key-and-bill')
    expect(await screen.findByText('Monthly cap', { selector: 'th' })).toBeTruthy()
    const row = await rowOf('Mobile app')
    const use = within(row).getByTestId('key-cap-use')
    expect(within(use).getByText('640 / 1,000 calls · $5.00 / $5.00 this month')).toBeTruthy()
    expect(within(use).getByText('Cap reached — refused until Dec 1, 2026')).toBeTruthy()
    expect(within(await rowOf('Test bench')).getByText('No monthly cap')).toBeTruthy()
  })

  it('stacks it into the key’s cell on a 390 px phone', async () => {
    emulateViewport(390)
    openApp('/administrator/user-management/key-and-bill')
    const row = await rowOf('Mobile app')
    // One cell holds everything on a phone.
    expect(row.querySelectorAll('td')).toHaveLength(1)
    expect(within(row).getByText('Cap reached — refused until Dec 1, 2026')).toBeTruthy()
    expect(within(await rowOf('Test bench')).queryByTestId('key-cap-use')).toBeNull()
  })

  it('speaks Vietnamese to Vietnamese staff, numbers and date included', async () => {
    emulateViewport(1280)
    adminLangPref.set('vi')
    openApp('/administrator/user-management/key-and-bill')
    expect(await screen.findByText('Hạn mức tháng', { selector: 'th' })).toBeTruthy()
    const use = within(await rowOf('Mobile app')).getByTestId('key-cap-use')
    expect(within(use).getByText(/^640 \/ 1\.000 lệnh gọi · 5,00\sUS\$ \/ 5,00\sUS\$ trong tháng này$/)).toBeTruthy()
    const december = formatDate(new Date(2026, 11, 1), 'vi')
    expect(within(use).getByText(`Đã chạm hạn mức — bị từ chối đến ${december}`)).toBeTruthy()
  })

  it('edits the caps in the drawer: prefilled, and a cleared field removes that cap', async () => {
    emulateViewport(1280)
    server[`GET /v1/keys/${reached.id}`] = () => ok(reached)
    server[`PUT /v1/keys-unDelete/${reached.id}`] = () => ok({ ...reached, spend_cap: null }, 'Key updated')
    openApp('/administrator/user-management/key-and-bill')
    fireEvent.click(await screen.findByLabelText('Edit “Mobile app”'))
    const requestCap = (await screen.findByLabelText('Calls per month', { selector: 'input' })) as HTMLInputElement
    expect(requestCap.value).toBe('1,000')
    const spendCap = screen.getByLabelText('Spend per month (USD)', { selector: 'input' }) as HTMLInputElement
    expect(spendCap.value).toBe('5.00')

    fireEvent.focus(requestCap)
    fireEvent.change(requestCap, { target: { value: '2000' } })
    fireEvent.blur(requestCap)
    fireEvent.change(spendCap, { target: { value: '' } })
    fireEvent.click(screen.getByText('Save', { selector: 'button span' }))
    await waitFor(() => expect(calls.find((c) => c.route === `PUT /v1/keys-unDelete/${reached.id}`)).toBeTruthy())
    expect(calls.find((c) => c.route === `PUT /v1/keys-unDelete/${reached.id}`)?.body).toMatchObject({
      request_cap: 2000,
      spend_cap: null,
    })
  })
})
