import { Campaign, Notification } from '@app/contract'
import { createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { setUpAdminScreens } from '../../test/admin-screens.ts'
import { pageOf } from '../../test/balance-fixtures.ts'
import { calls, ok, openApp, refused, server } from '../../test/fake-server.tsx'

// The real route table, admin shell, campaign and notification pages and API client; only the network
// is answered.

setUpAdminScreens({
  pages: () => [import('./NotificationsPage.tsx'), import('../campaigns/CampaignsPage.tsx')],
  roles: ['support'],
  waitMs: 10_000,
})
// A loaded machine renders the admin shell slowly.
vi.setConfig({ testTimeout: 30_000 })

const notification = (overrides: Partial<Notification>): Notification =>
  Notification.parse({
    id: 'ntf_01jd0000000000000000000001',
    name: 'November news',
    subject: 'What is new',
    content: '<p>Hello</p>',
    translations: {},
    recipients: { all: true },
    status: 'pending',
    send_at: '2026-11-30T08:00:00.000Z',
    total: 200,
    success: 0,
    failed: 0,
    created_by: null,
    created_at: '2026-11-20T08:00:00.000Z',
    started_at: null,
    finished_at: null,
    deleted_at: null,
    ...overrides,
  })

const campaign = Campaign.parse({
  id: 'cmp_01jd0000000000000000000001',
  code: 'BLACK_FRIDAY',
  name: 'Black Friday',
  start_date: '2026-11-20',
  end_date: '2026-11-30',
  url: 'https://example.com/bf',
  images: [{ id: 'fil_01jd0000000000000000000001', path: '/files/fil_01jd0000000000000000000001' }],
  file: '/files/fil_01jd0000000000000000000001',
  translations: {},
  active: true,
  created_at: '2026-11-20T08:00:00.000Z',
  updated_at: '2026-11-20T08:00:00.000Z',
})

describe('notifications', () => {
  it('shows each notification’s progress and follows it while it is sending', async () => {
    let success = 37
    server['GET /v1/notifications'] = (_b, query) =>
      ok(
        pageOf(
          [
            notification({ id: 'ntf_01jd0000000000000000000002', name: 'Sending one', status: 'sending', success }),
            notification({ name: 'Waiting one' }),
            notification({
              id: 'ntf_01jd0000000000000000000003',
              name: 'Done one',
              status: 'sent',
              success: 198,
              failed: 2,
            }),
          ],
          query,
        ),
      )
    openApp('/administrator/notifications')
    expect(await screen.findByText('Sending 37/200')).toBeTruthy()
    expect(screen.getByText('Pending 0/200')).toBeTruthy()
    expect(screen.getByText('Sent 198/200')).toBeTruthy()
    expect(screen.getByText('2 failed')).toBeTruthy()
    success = 120
    expect(await screen.findByText('Sending 120/200', {}, { timeout: 8000 })).toBeTruthy()
    // Only a pending one can be edited or deleted; the others show their results.
    const sendingRow = screen.getByText('Sending one').closest('tr') as HTMLElement
    expect(within(sendingRow).queryByRole('button', { name: /Delete/ })).toBeNull()
    expect(within(sendingRow).getByRole('button', { name: 'Results of Sending one' })).toBeTruthy()
  })

  it('takes Enter in the schedule picker as the picker’s, never as sending the form', async () => {
    server['GET /v1/notifications'] = (_b, query) => ok(pageOf([], query))
    openApp('/administrator/notifications')
    fireEvent.click(await screen.findByRole('button', { name: /Compose/ }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByLabelText('At a date and time'))
    const picker = await within(dialog).findByLabelText('Send date and time')
    fireEvent.mouseDown(picker)
    fireEvent.change(picker, { target: { value: '2999-01-01 08:00' } })
    const enter = createEvent.keyDown(picker, { key: 'Enter', code: 'Enter', keyCode: 13 })
    fireEvent(picker, enter)
    expect(enter.defaultPrevented).toBe(true)
    expect(calls.some((c) => c.route.startsWith('POST /v1/notifications'))).toBe(false)
  })

  it('edits the Burmese version: both its subject and content, or neither (issue 20)', async () => {
    const burmese = { subject: 'ဒီလ သတင်း', content: '<p>မင်္ဂလာပါ</p>' }
    const pending = notification({ translations: { my: burmese } })
    server['GET /v1/notifications'] = (_b, query) => ok(pageOf([pending], query))
    server[`PUT /v1/notifications/${pending.id}`] = (body) => ok({ ...pending, ...(body as object) })
    openApp('/administrator/notifications')
    fireEvent.click(await screen.findByRole('button', { name: 'Edit November news' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Burmese (optional)' }))
    const panel = () => within(dialog).getByRole('tabpanel')
    const subject = within(panel()).getByLabelText('E-mail subject')
    expect((subject as HTMLInputElement).value).toBe(burmese.subject)
    expect(subject.getAttribute('lang')).toBe('my')
    // The subject cleared while the content stays: refused on the Burmese tab, nothing sent.
    fireEvent.change(subject, { target: { value: ' ' } })
    fireEvent.click(within(dialog).getByRole('tab', { name: 'English (required)' }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(
      await within(dialog).findByText('Write the subject and the content in Burmese, or leave both empty'),
    ).toBeTruthy()
    expect(within(dialog).getByRole('tab', { selected: true }).textContent).toBe('Burmese (optional)')
    expect(calls.some((c) => c.route.startsWith('PUT /v1/notifications'))).toBe(false)

    fireEvent.change(within(panel()).getByLabelText('E-mail subject'), { target: { value: ' Tin tức tháng này ' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(calls.filter((c) => c.route.startsWith('PUT /v1/notifications'))).toHaveLength(1))
    expect(calls.find((c) => c.route.startsWith('PUT /v1/notifications'))?.body).toMatchObject({
      subject: 'What is new',
      translations: { my: { subject: 'Tin tức tháng này', content: burmese.content } },
    })
  })

  it('deletes a pending notification after a confirmation and says why when it cannot', async () => {
    server['GET /v1/notifications'] = (_b, query) => ok(pageOf([notification({})], query))
    server['DELETE /v1/notifications/ntf_01jd0000000000000000000001'] = () =>
      refused(409, 'NOTIFICATION_NOT_PENDING', 'update notification failed: it is already being sent')
    openApp('/administrator/notifications')
    fireEvent.click(await screen.findByRole('button', { name: 'Delete November news' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(
      await screen.findByText('Delete notification failed: update notification failed: it is already being sent'),
    ).toBeTruthy()
    expect(calls.some((c) => c.route === 'DELETE /v1/notifications/ntf_01jd0000000000000000000001')).toBe(true)
  })

  it('deletes a sent notification, which stays listed as deleted with its results (issue 21)', async () => {
    const sent = notification({ status: 'sent', success: 200, finished_at: '2026-11-30T08:01:00.000Z' })
    let current = sent
    server['GET /v1/notifications'] = (_b, query) => ok(pageOf([current], query))
    server['DELETE /v1/notifications/ntf_01jd0000000000000000000001'] = () => {
      current = { ...sent, status: 'deleted', deleted_at: '2026-11-30T09:00:00.000Z' }
      return ok(null)
    }
    openApp('/administrator/notifications')
    fireEvent.click(await screen.findByRole('button', { name: 'Delete November news' }))
    const dialog = await screen.findByRole('dialog')
    expect(
      within(dialog).getByText('It stays in the list as deleted, with its results; nobody gets it again.'),
    ).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Deleted 200/200')).toBeTruthy()
    const row = screen.getByText('November news').closest('tr') as HTMLElement
    expect(within(row).queryByRole('button', { name: /Delete/ })).toBeNull()
    expect(within(row).getByRole('button', { name: 'Results of November news' })).toBeTruthy()
  })
})

describe('campaigns', () => {
  it('lists campaigns with their status and searches by keyword', async () => {
    server['GET /v1/campaigns/'] = (_b, query) => ok(pageOf(query.keyword === 'nothing' ? [] : [campaign], query))
    openApp('/administrator/campaigns')
    const row = (await screen.findByText('BLACK_FRIDAY')).closest('tr') as HTMLElement
    expect(within(row).getByText('Showing')).toBeTruthy()
    expect(within(row).getByText('2026-11-20 – 2026-11-30')).toBeTruthy()
    const search = screen.getByRole('searchbox', { name: 'Search by code or name' })
    fireEvent.change(search, { target: { value: 'nothing' } })
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 })
    expect(await screen.findByText('No campaign matches "nothing"')).toBeTruthy()
    await waitFor(() =>
      expect(calls.filter((c) => c.route === 'GET /v1/campaigns/').at(-1)?.query.keyword).toBe('nothing'),
    )
  })

  it('refuses to create a campaign without an image', async () => {
    server['GET /v1/campaigns/'] = (_b, query) => ok(pageOf([], query))
    openApp('/administrator/campaigns')
    fireEvent.click(await screen.findByRole('button', { name: /New campaign/ }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create campaign' }))
    expect(await within(dialog).findByText('Code is required')).toBeTruthy()
    // The missing image is flagged with the other fields, before any of them is filled.
    expect(within(dialog).getByText('Add an image: a campaign needs one')).toBeTruthy()
    expect(calls.some((c) => c.route === 'POST /v1/campaigns')).toBe(false)
  })

  it('keeps a banner per language: a name without an image is refused on its tab, the rest is sent', async () => {
    const burmese = { id: 'fil_01jd0000000000000000000002', path: '/files/fil_01jd0000000000000000000002' }
    const withBurmese = { ...campaign, translations: { my: { name: 'ဘလက်ဖရိုက်ဒေး', images: [burmese] } } }
    server['GET /v1/campaigns/'] = (_b, query) => ok(pageOf([withBurmese], query))
    server['PUT /v1/campaigns/update/{id}'] = () => ok(withBurmese, 'Campaign updated')
    openApp('/administrator/campaigns')
    // The list says which languages have a banner of their own.
    const row = (await screen.findByText('BLACK_FRIDAY')).closest('tr') as HTMLElement
    expect(within(row).getByText('Also in Burmese')).toBeTruthy()
    fireEvent.click(await screen.findByRole('button', { name: 'Edit BLACK_FRIDAY' }))
    const dialog = await screen.findByRole('dialog')
    // A tab's panel (a hidden panel has no accessible name in jsdom).
    const panel = (lang: string) => dialog.querySelector(`[role="tabpanel"][id$="-panel-${lang}"]`) as HTMLElement
    // The Burmese tab holds its name and its image.
    expect(within(panel('my')).getByDisplayValue('ဘလက်ဖရိုက်ဒေး')).toBeTruthy()
    expect(within(panel('my')).getAllByTestId('campaign-image')).toHaveLength(1)
    expect(within(panel('vi')).queryAllByTestId('campaign-image')).toHaveLength(0)

    // A Vietnamese name without a Vietnamese image: refused on the Vietnamese tab, which opens.
    fireEvent.change(within(panel('vi')).getByLabelText('Name'), { target: { value: 'Thứ Sáu Đen' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(
      await within(panel('vi')).findByText('Add an image to the Vietnamese banner, or clear its name'),
    ).toBeTruthy()
    await waitFor(() =>
      expect(
        within(dialog)
          .getByRole('tab', { name: /Vietnamese/ })
          .getAttribute('aria-selected'),
      ).toBe('true'),
    )
    expect(calls.some((c) => c.route === `PUT /v1/campaigns/update/${campaign.id}`)).toBe(false)

    // Cleared, the save sends English and Burmese; Vietnamese readers see the English banner.
    fireEvent.change(within(panel('vi')).getByLabelText('Name'), { target: { value: '' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(calls.some((c) => c.route === `PUT /v1/campaigns/update/${campaign.id}`)).toBe(true))
    const sent = calls.find((c) => c.route === `PUT /v1/campaigns/update/${campaign.id}`)?.body
    expect(sent).toMatchObject({
      name: 'Black Friday',
      image_ids: ['fil_01jd0000000000000000000001'],
      translations: { my: { name: 'ဘလက်ဖရိုက်ဒေး', image_ids: [burmese.id] } },
    })
    expect(sent).not.toHaveProperty('translations.vi')
  })
})
