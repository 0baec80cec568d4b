import type { Coupon } from '@app/contract'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { setUpAdminScreens } from '../../test/admin-screens.ts'
import { minh, pageOf } from '../../test/balance-fixtures.ts'
import { calls, ok, openApp, refused, server } from '../../test/fake-server.tsx'
import { USER_ID } from '../../test/usage-fixtures.ts'
import {
  coupon,
  couponLog,
  coupons,
  couponType,
  couponTypes,
  OLD_COUPON_ID,
  SUMMER_COUPON_ID,
  SUMMER_TYPE_ID,
} from './coupons-fixtures.ts'

// The real route table, admin shell, coupon pages and API client; only the network is answered.

setUpAdminScreens({
  pages: () => [import('./CouponsPage.tsx'), import('./CouponTypesPage.tsx'), import('./CouponLogPage.tsx')],
  // Only the clock's date is fixed (22 Nov 2026), for the expiry date's picker.
  today: '2026-11-22T10:00:00Z',
  beforeEach: () => {
    server[TYPES] = (_body, query) => ok(pageOf(couponTypes, query))
  },
})

const TYPES = 'GET /v1/coupon-types/'
const CREATE_TYPE = 'POST /v1/coupon-types/'
const COUPONS = 'GET /v1/coupons/'
const CREATE = 'POST /v1/coupons/'
const disableRoute = (id: string) => `PUT /v1/coupons/${id}/disable`

const queriesOf = (route: string) => calls.filter((c) => c.route === route).map((c) => c.query)
const bodiesOf = (route: string) => calls.filter((c) => c.route === route).map((c) => c.body)

const rowOf = (text: string) => {
  const row = screen.getByText(text).closest('tr')
  if (!row) throw new Error(`no row holds ${text}`)
  return row
}

/** Opens an antd Select by its label (inside `scope`) and picks an option by its text. */
async function choose(scope: HTMLElement, label: string, option: string) {
  const select = within(scope).getByLabelText(label, { selector: 'input' }).closest('.ant-select')
  if (!select) throw new Error(`no select ${label}`)
  fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select)
  const items = await screen.findAllByText(option, { selector: '.ant-select-item-option-content' })
  const item = items.at(-1)
  if (!item) throw new Error(`no option ${option}`)
  fireEvent.click(item)
}

/** The confirm button of the open Popconfirm. */
async function confirmPopup() {
  const popup = await waitFor(() => {
    const found = document.querySelector('.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons')
    if (!(found instanceof HTMLElement)) throw new Error('no open confirmation')
    return found
  })
  fireEvent.click(within(popup).getByText('Confirm'))
}

const fieldError = (dialog: HTMLElement, text: string) =>
  within(dialog).findByText(text, { selector: '.ant-form-item-explain-error' })

/** Shown as typed: inside an element that says `translate="no"` (ui/Verbatim.tsx). */
const isVerbatim = (element: HTMLElement) => element.closest('[translate="no"]') !== null

describe('coupon types', { timeout: 60_000 }, () => {
  it('lists the types, searched on the server with the page in the URL', async () => {
    server[TYPES] = (_body, query) => ok(pageOf(couponTypes, query, 41))
    openApp('/administrator/coupons/coupon-types')

    await screen.findByText('Summer sale')
    expect(queriesOf(TYPES)[0]).toEqual({ page: '1', page_size: '20' })
    expect(rowOf('Summer sale').textContent).toContain('SUMMER-2026')
    expect(rowOf('Summer sale').textContent).toContain('2 of 100')
    expect(rowOf('Welcome').textContent).toContain('5 · no limit')
    // A type's name and event code are what staff typed: no translator or untranslated-word check touches them.
    expect(isVerbatim(screen.getByText('Summer sale'))).toBe(true)
    expect(isVerbatim(screen.getByText('SUMMER-2026'))).toBe(true)

    const search = screen.getByLabelText('Search by name or event code')
    fireEvent.change(search, { target: { value: 'summer' } })
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 })
    await waitFor(() => expect(queriesOf(TYPES).at(-1)).toEqual({ page: '1', page_size: '20', keyword: 'summer' }))
    fireEvent.click(screen.getByTitle('2'))
    await waitFor(() => expect(queriesOf(TYPES).at(-1)).toEqual({ page: '2', page_size: '20', keyword: 'summer' }))
  })

  it('checks the event code as it is typed, in capitals, and says the failure with the server’s reason', async () => {
    server[CREATE_TYPE] = () => refused(409, 'CONFLICT', 'A coupon type with this event code already exists')
    openApp('/administrator/coupons/coupon-types')
    await screen.findByText('Summer sale')

    fireEvent.click(screen.getByText('New coupon type', { selector: 'button span' }))
    const dialog = await screen.findByRole('dialog')
    const submit = () => fireEvent.click(within(dialog).getByText('Create', { selector: 'button span' }))

    submit()
    expect(await fieldError(dialog, 'Name is required')).toBeTruthy()
    expect(await fieldError(dialog, 'Event code is required')).toBeTruthy()
    expect(bodiesOf(CREATE_TYPE)).toEqual([])

    const code = within(dialog).getByLabelText('Event code') as HTMLInputElement
    fireEvent.change(code, { target: { value: 'summer 2026' } })
    await waitFor(() => expect(code.value).toBe('SUMMER 2026'))
    expect(await fieldError(dialog, 'The event code may only use A-Z, 0-9, _ and -')).toBeTruthy()
    fireEvent.change(code, { target: { value: 'summer_2026-b' } })
    await waitFor(() => expect(code.value).toBe('SUMMER_2026-B'))
    await waitFor(() => expect(within(dialog).queryByText('The event code may only use A-Z, 0-9, _ and -')).toBeNull())

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: ' Summer sale B ' } })
    submit()
    await waitFor(() =>
      expect(bodiesOf(CREATE_TYPE)).toEqual([
        { name: 'Summer sale B', event_code: 'SUMMER_2026-B', limit: -1, description: null },
      ]),
    )
    expect(
      await screen.findByText('Create Coupon type failed ! A coupon type with this event code already exists'),
    ).toBeTruthy()
    expect(screen.getByRole('dialog')).toBeTruthy()

    // With a limit of coupons instead of unlimited, the type is created and the list asked again.
    server[CREATE_TYPE] = (body) =>
      ok(
        couponType({ id: 'cpt_01jdsummerb000000000000000', ...(body as { name: string; event_code: string }) }),
        'Coupon type created',
      )
    fireEvent.click(within(dialog).getByLabelText('Unlimited'))
    const limit = within(dialog).getByLabelText('Number of coupons')
    submit()
    expect(await fieldError(dialog, 'The limit is -1 (unlimited) or a number of at least 1')).toBeTruthy()
    fireEvent.change(limit, { target: { value: '500' } })
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Second wave' } })
    const asked = queriesOf(TYPES).length
    submit()
    await waitFor(() =>
      expect(bodiesOf(CREATE_TYPE).at(-1)).toEqual({
        name: 'Summer sale B',
        event_code: 'SUMMER_2026-B',
        limit: 500,
        description: 'Second wave',
      }),
    )
    expect(await screen.findByText('Coupon type created')).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(queriesOf(TYPES).length).toBeGreaterThan(asked))
  })
})

describe('coupons', { timeout: 60_000 }, () => {
  let listed: Coupon[] = []
  beforeEach(() => {
    listed = [...coupons]
    server[COUPONS] = (_body, query) => ok(pageOf(listed, query))
  })

  it('filters by keyword, type and availability on the server, all of it in the URL', async () => {
    const router = openApp('/administrator/coupons')
    await screen.findByText('SUMMER-7K2Q')
    expect(queriesOf(COUPONS)).toEqual([{ page: '1', page_size: '20' }])
    expect(rowOf('SUMMER-7K2Q').textContent).toContain('$40.00')
    expect(rowOf('SUMMER-7K2Q').textContent).toContain('3 of 10')
    expect(rowOf('SUMMER-7K2Q').textContent).toContain('7 left')
    expect(rowOf('SUMMER-OLD1').textContent).toContain('12 · no limit')
    expect(isVerbatim(screen.getByText('SUMMER-7K2Q'))).toBe(true)
    expect(within(rowOf('SUMMER-7K2Q')).getAllByText('Summer sale').every(isVerbatim)).toBe(true)

    await choose(document.body, 'Coupon type', 'Summer sale')
    await waitFor(() =>
      expect(queriesOf(COUPONS).at(-1)).toEqual({ page: '1', page_size: '20', type_id: SUMMER_TYPE_ID }),
    )
    fireEvent.click(screen.getByText('Unavailable', { selector: '.ant-segmented-item-label' }))
    await waitFor(() => expect(queriesOf(COUPONS).at(-1)?.available).toBe('false'))
    const search = screen.getByLabelText('Search by code or description')
    fireEvent.change(search, { target: { value: 'summer' } })
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 })
    await waitFor(() =>
      expect(queriesOf(COUPONS).at(-1)).toEqual({
        page: '1',
        page_size: '20',
        keyword: 'summer',
        type_id: SUMMER_TYPE_ID,
        available: 'false',
      }),
    )
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      type_id: SUMMER_TYPE_ID,
      available: 'false',
      keyword: 'summer',
    })
  })

  it('disables a coupon only after a confirmation; a disabled one shows a tag and no button', async () => {
    server[disableRoute(SUMMER_COUPON_ID)] = () => {
      listed = listed.map((item) =>
        item.id === SUMMER_COUPON_ID ? { ...item, disabled: true, available: false } : item,
      )
      return ok(listed[0], 'Coupon disabled')
    }
    openApp('/administrator/coupons')
    await screen.findByText('SUMMER-7K2Q')

    expect(within(rowOf('SUMMER-OLD1')).getByText('Disabled')).toBeTruthy()
    expect(within(rowOf('SUMMER-OLD1')).queryByText('Disable')).toBeNull()
    expect(within(rowOf('SUMMER-7K2Q')).getByText('Available')).toBeTruthy()

    fireEvent.click(within(rowOf('SUMMER-7K2Q')).getByText('Disable'))
    expect(await screen.findByText('Disable the coupon SUMMER-7K2Q?')).toBeTruthy()
    expect(calls.some((c) => c.route === disableRoute(SUMMER_COUPON_ID))).toBe(false)
    await confirmPopup()
    await waitFor(() => expect(calls.filter((c) => c.route === disableRoute(SUMMER_COUPON_ID))).toHaveLength(1))
    expect(calls.some((c) => c.route === disableRoute(OLD_COUPON_ID))).toBe(false)
    expect(await screen.findByText('Coupon disabled')).toBeTruthy()
    await waitFor(() => expect(within(rowOf('SUMMER-7K2Q')).getByText('Disabled')).toBeTruthy())
    expect(within(rowOf('SUMMER-7K2Q')).queryByText('Disable')).toBeNull()
  })

  it('creates a coupon: checks every field, sends -1 when unlimited, then shows the code to copy', async () => {
    const writeText = vi.fn(async (_text: string) => undefined)
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    server[CREATE] = (body) => {
      const sent = body as { credit: string; limit: number }
      return ok(
        coupon({ id: 'cpn_01jdnew0000000000000000000', code: 'SUMMER-N3W9', credit: '5.50', limit: sent.limit }),
        'Coupon created',
      )
    }
    openApp('/administrator/coupons')
    await screen.findByText('SUMMER-7K2Q')

    fireEvent.click(screen.getByText('New coupon', { selector: 'button span' }))
    const dialog = await screen.findByRole('dialog')
    const submit = () => fireEvent.click(within(dialog).getByText('Create coupon', { selector: 'button span' }))

    submit()
    expect(await fieldError(dialog, 'Choose a coupon type')).toBeTruthy()
    expect(await fieldError(dialog, 'Credit must be above 0 USD')).toBeTruthy()
    expect(await fieldError(dialog, 'Choose the expiry date')).toBeTruthy()
    expect(await fieldError(dialog, 'Balance expiry days must be above 1')).toBeTruthy()
    expect(await fieldError(dialog, 'The limit is -1 (unlimited) or a number of at least 1')).toBeTruthy()
    expect(bodiesOf(CREATE)).toEqual([])

    await choose(dialog, 'Coupon type', 'Summer sale (SUMMER-2026)')
    fireEvent.change(within(dialog).getByLabelText('Credit'), { target: { value: '5.5' } })

    // Days before today (UTC) cannot be chosen; today and later can.
    const expiry = within(dialog).getByLabelText('Expiry date', { selector: 'input' })
    fireEvent.mouseDown(expiry)
    fireEvent.click(expiry)
    expect((await screen.findByTitle('2026-11-21')).className).toContain('ant-picker-cell-disabled')
    expect(screen.getByTitle('2026-11-22').className).not.toContain('ant-picker-cell-disabled')
    fireEvent.click(within(screen.getByTitle('2026-11-30')).getByText('30'))
    await waitFor(() => expect((expiry as HTMLInputElement).value).toBe('2026-11-30'))

    const days = within(dialog).getByLabelText('Balance expiry days')
    fireEvent.change(days, { target: { value: '1' } })
    expect(await fieldError(dialog, 'Balance expiry days must be above 1')).toBeTruthy()
    fireEvent.change(days, { target: { value: '30' } })
    fireEvent.click(within(dialog).getByLabelText('Unlimited'))
    submit()

    await waitFor(() =>
      expect(bodiesOf(CREATE)).toEqual([
        {
          type_id: SUMMER_TYPE_ID,
          credit: '5.50',
          description: null,
          date_expried: '2026-11-30',
          balance_expires_day: 30,
          limit: -1,
        },
      ]),
    )
    expect(await within(dialog).findByText('SUMMER-N3W9')).toBeTruthy()
    expect(within(dialog).getByText('Coupon created')).toBeTruthy()
    fireEvent.click(within(dialog).getByText('Copy', { selector: 'button span' }))
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('SUMMER-N3W9'))
    expect(await screen.findByText('Code copied')).toBeTruthy()
  })

  it('shows the server’s “Coupon Type not exist !” and “Invalid date Expired !”', async () => {
    server[CREATE] = () => refused(404, 'NOT_FOUND', 'Coupon Type not exist !')
    openApp(`/administrator/coupons?type_id=${SUMMER_TYPE_ID}`)
    await screen.findByText('SUMMER-7K2Q')

    // The type the list is filtered by is already chosen.
    fireEvent.click(screen.getByText('New coupon', { selector: 'button span' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.change(within(dialog).getByLabelText('Credit'), { target: { value: '10' } })
    const expiry = within(dialog).getByLabelText('Expiry date', { selector: 'input' })
    fireEvent.mouseDown(expiry)
    fireEvent.click(expiry)
    fireEvent.click(within(await screen.findByTitle('2026-11-25')).getByText('25'))
    fireEvent.change(within(dialog).getByLabelText('Balance expiry days'), { target: { value: '7' } })
    fireEvent.change(within(dialog).getByLabelText('Number of redemptions'), { target: { value: '50' } })
    fireEvent.click(within(dialog).getByText('Create coupon', { selector: 'button span' }))

    await waitFor(() =>
      expect(bodiesOf(CREATE)).toEqual([
        {
          type_id: SUMMER_TYPE_ID,
          credit: '10.00',
          description: null,
          date_expried: '2026-11-25',
          balance_expires_day: 7,
          limit: 50,
        },
      ]),
    )
    expect(await screen.findByText('Create coupon failed: Coupon Type not exist !')).toBeTruthy()
    expect(await fieldError(dialog, 'Coupon Type not exist !')).toBeTruthy()

    server[CREATE] = () =>
      refused(400, 'VALIDATION', 'Invalid date Expired !', { fields: { date_expried: 'Invalid date Expired !' } })
    fireEvent.click(within(dialog).getByText('Create coupon', { selector: 'button span' }))
    expect(await fieldError(dialog, 'Invalid date Expired !')).toBeTruthy()
    expect(screen.getByRole('dialog')).toBeTruthy()
  })

  it('shows an error state when the coupons cannot be fetched', async () => {
    server[COUPONS] = () => refused(500, 'INTERNAL', 'Database unavailable')
    openApp('/administrator/coupons')
    expect(await screen.findByText('This could not be loaded.')).toBeTruthy()
    expect(screen.getByText('Database unavailable')).toBeTruthy()
  })
})

describe('coupon logs', { timeout: 60_000 }, () => {
  const ALL_LOGS = 'GET /v1/coupon-logs/'
  const USER_LOGS = `GET /v1/coupon-logs/user/${USER_ID}`

  it('lists one account’s redemptions with what is left of each credit', async () => {
    server[`GET /v1/users/profile/${USER_ID}`] = () => ok(minh)
    server[USER_LOGS] = (_body, query) =>
      ok(
        pageOf(
          [
            couponLog({ id: 'cpl_01jd0000000000000000000001', code: 'SUMMER-7K2Q' }),
            couponLog({
              id: 'cpl_01jd0000000000000000000002',
              code: 'WELCOME-AAAA',
              type_name: 'Welcome',
              credit: '5.00',
              unspent: '0.00',
              expired_amount: '2.00',
              status: 'expired',
            }),
          ],
          query,
        ),
      )
    openApp(`/administrator/user-management/coupon-log?user_id=${USER_ID}`)

    await screen.findByText('SUMMER-7K2Q')
    expect(queriesOf(USER_LOGS)).toEqual([{ page: '1', page_size: '20' }])
    expect(await screen.findByText('Coupon log of Minh Tran')).toBeTruthy()
    expect(within(rowOf('SUMMER-7K2Q')).getByText('Active')).toBeTruthy()
    expect(rowOf('SUMMER-7K2Q').textContent).toContain('$20.00')
    expect(within(rowOf('WELCOME-AAAA')).getByText('Expired')).toBeTruthy()
    expect(rowOf('WELCOME-AAAA').textContent).toContain('$2.00')
    expect(isVerbatim(screen.getByText('WELCOME-AAAA'))).toBe(true)
    expect(isVerbatim(within(rowOf('WELCOME-AAAA')).getByText('Welcome'))).toBe(true)
    const balanceLink = screen.getByText('Balance log', { selector: 'a span' }).closest('a')
    expect(balanceLink?.getAttribute('href')).toBe(`/administrator/user-management/balance-log?user_id=${USER_ID}`)
  })

  it('searches everyone’s redemptions by code or e-mail', async () => {
    server[ALL_LOGS] = (_body, query) =>
      ok(pageOf([couponLog({ id: 'cpl_01jd0000000000000000000001', code: 'SUMMER-7K2Q' })], query))
    openApp('/administrator/user-management/coupon-log')
    await screen.findByText('SUMMER-7K2Q')
    expect(queriesOf(ALL_LOGS)).toEqual([{ page: '1', page_size: '20' }])
    const account = within(rowOf('SUMMER-7K2Q')).getByText('minh.tran@example.com').closest('a')
    expect(account?.getAttribute('href')).toBe(`/administrator/user-management/coupon-log?user_id=${USER_ID}`)

    const search = screen.getByLabelText('Search by code or email')
    fireEvent.change(search, { target: { value: 'minh.tran@example.com' } })
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 })
    await waitFor(() =>
      expect(queriesOf(ALL_LOGS).at(-1)).toEqual({ page: '1', page_size: '20', keyword: 'minh.tran@example.com' }),
    )
  })

  it('shows an error state when the log cannot be fetched', async () => {
    server[ALL_LOGS] = () => refused(500, 'INTERNAL', 'Database unavailable')
    openApp('/administrator/user-management/coupon-log')
    expect(await screen.findByText('This could not be loaded.')).toBeTruthy()
  })
})
