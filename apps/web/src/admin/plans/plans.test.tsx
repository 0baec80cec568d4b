import { Plan } from '@app/contract'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '../../app/session.ts'
import { setUpAdminScreens } from '../../test/admin-screens.ts'
import { calls, ok, openApp, refused, server } from '../../test/fake-server.tsx'
import { MINH_EMAIL, MINH_ID, minhPriceBook } from '../../test/pricing-fixtures.ts'
import { staffSession } from '../../test/usage-fixtures.ts'

// The real route table, admin shell, plans page and API client; only the network is answered.

setUpAdminScreens({
  pages: () => [import('./PlansPage.tsx')],
  beforeEach: () => {
    server['GET /v1/users-plans'] = () => ok(seededPlans())
  },
})

const STANDARD = 'pln_seedstandard00000000000000'

function plan(fields: Partial<Plan> & Pick<Plan, 'id' | 'name'>): Plan {
  return Plan.parse({
    description: null,
    translations: {},
    rsapi_plan_id: null,
    maptile_plan_id: null,
    price: '0.00',
    request_limit: null,
    request_limit_duration: 'month',
    load_limit: null,
    load_limit_duration: 'month',
    is_default: false,
    active: true,
    users: 0,
    created_at: '2026-11-01T08:00:00.000Z',
    updated_at: '2026-11-01T08:00:00.000Z',
    ...fields,
  })
}

/** The three plans the migration seeds. */
function seededPlans(): Plan[] {
  return [
    plan({
      id: 'pln_seedpayasyougo000000000000',
      name: 'Pay as you go',
      description: 'No monthly fee and no limits.',
      rsapi_plan_id: 'payg',
      maptile_plan_id: 'payg',
      is_default: true,
      users: 1234,
    }),
    plan({
      id: STANDARD,
      name: 'Standard',
      rsapi_plan_id: 'standard',
      maptile_plan_id: 'standard',
      price: '49.00',
      request_limit: 50_000,
      request_limit_duration: 'day',
      load_limit: 20_000,
      load_limit_duration: 'day',
      users: 56,
    }),
    plan({
      id: 'pln_seedbusiness00000000000000',
      name: 'Business',
      price: '199.00',
      request_limit: 6000,
      request_limit_duration: 'minute',
      load_limit: 2000,
      load_limit_duration: 'minute',
      active: false,
    }),
  ]
}

const bodiesOf = (route: string) => calls.filter((c) => c.route === route).map((c) => c.body)

const cellsOf = (text: string) => {
  const row = screen.getByText(text).closest('tr')
  if (!row) throw new Error(`no row holds ${text}`)
  return [...row.querySelectorAll('td')].map((cell) => cell.textContent)
}

function typeInto(input: HTMLElement, value: string) {
  fireEvent.focus(input)
  fireEvent.change(input, { target: { value } })
  fireEvent.blur(input)
}

async function choose(label: string, option: string) {
  const select = screen.getByLabelText(label).closest('.ant-select')
  if (!select) throw new Error(`no select ${label}`)
  fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select)
  const item = await screen.findByText(option, { selector: '.ant-select-item-option-content' })
  fireEvent.click(item)
}

describe('the plans page', { timeout: 60_000 }, () => {
  it('lists each plan with its upstream ids, price, limits or Unlimited, tags and users', async () => {
    openApp('/administrator/plans')

    expect(await screen.findByText('Pay as you go')).toBeTruthy()
    expect(cellsOf('Pay as you go')).toEqual([
      'Pay as you goDefaultOn sale',
      'No monthly fee and no limits.',
      'API: paygMap tiles: payg',
      '$0.00 / month',
      'Unlimited',
      'Unlimited',
      '1,234',
      '',
    ])
    expect(cellsOf('Standard').slice(3, 7)).toEqual(['$49.00 / month', '50,000 / day', '20,000 / day', '56'])
    expect(cellsOf('Business')).toEqual([
      'BusinessNot on sale',
      '—',
      'API: —Map tiles: —',
      '$199.00 / month',
      '6,000 / minute',
      '2,000 / minute',
      '0',
      '',
    ])
  })

  it('creates a plan with unlimited API requests and a daily map-load limit', async () => {
    server['POST /v1/users-plans'] = () =>
      ok(
        plan({ id: 'pln_01jdstarter000000000000000', name: 'Starter', price: '19.00', load_limit: 1000 }),
        'Plan created',
      )
    openApp('/administrator/plans')

    fireEvent.click(await screen.findByRole('button', { name: /New plan/ }))
    const dialog = await screen.findByRole('dialog')
    // Required fields carry the back office's usual mark (issue 21: the plan's Name had none).
    const nameLabel = within(within(dialog).getByRole('tabpanel')).getByText('Name', { selector: 'label' })
    expect(nameLabel.classList.contains('ant-form-item-required')).toBe(true)
    expect(nameLabel.classList.contains('ant-form-item-required-mark-optional')).toBe(false)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create plan' }))
    expect(await within(dialog).findByText('Enter the plan’s name')).toBeTruthy()
    expect(within(dialog).getAllByText('Enter a limit of 1 or more, or tick Unlimited')).toHaveLength(2)

    typeInto(within(within(dialog).getByRole('tabpanel')).getByLabelText('Name'), ' Starter ')
    typeInto(within(dialog).getByLabelText(/^rsapi_plan_id/), 'starter')
    typeInto(within(dialog).getByLabelText('Price a month'), '19.999')
    expect(await within(dialog).findByText('Enter an amount in USD with at most 2 decimal places')).toBeTruthy()
    typeInto(within(dialog).getByLabelText('Price a month'), '19')
    fireEvent.click(within(dialog).getByLabelText('Unlimited API requests'))
    await waitFor(() =>
      expect((within(dialog).getByLabelText('API requests allowed') as HTMLInputElement).disabled).toBe(true),
    )
    typeInto(within(dialog).getByLabelText('Map loads allowed'), '1000')
    await choose('Map loads per', 'per day')
    expect(bodiesOf('POST /v1/users-plans')).toEqual([])

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create plan' }))
    expect(await screen.findByText('Plan created')).toBeTruthy()
    expect(bodiesOf('POST /v1/users-plans')).toEqual([
      {
        name: 'Starter',
        description: null,
        translations: {},
        rsapi_plan_id: 'starter',
        maptile_plan_id: null,
        price: '19',
        request_limit: null,
        request_limit_duration: 'month',
        load_limit: 1000,
        load_limit_duration: 'day',
        is_default: false,
        active: true,
      },
    ])
  })

  it('names and describes a plan in Burmese: a description asks for a name (issue 20)', async () => {
    server[`PUT /v1/users-plans/${STANDARD}`] = (body) => ok({ ...(body as object) }, 'Plan updated')
    openApp('/administrator/plans')
    fireEvent.click(await screen.findByLabelText('Edit Standard'))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Burmese (optional)' }))
    const panel = () => within(within(dialog).getByRole('tabpanel'))
    typeInto(panel().getByLabelText('Description'), 'ထုတ်လုပ်မှုအက်ပ်များအတွက်')
    fireEvent.click(within(dialog).getByRole('tab', { name: 'English (required)' }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByText('Name the plan in Burmese too, or leave its description empty')).toBeTruthy()
    expect(within(dialog).getByRole('tab', { selected: true }).textContent).toBe('Burmese (optional)')
    expect(bodiesOf(`PUT /v1/users-plans/${STANDARD}`)).toEqual([])

    typeInto(panel().getByLabelText('Name'), ' စံ ')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(bodiesOf(`PUT /v1/users-plans/${STANDARD}`)).toHaveLength(1))
    expect(bodiesOf(`PUT /v1/users-plans/${STANDARD}`)[0]).toMatchObject({
      name: 'Standard',
      translations: { my: { name: 'စံ', description: 'ထုတ်လုပ်မှုအက်ပ်များအတွက်' } },
    })
  })

  it('shows the server’s message when an edit is refused', async () => {
    server[`PUT /v1/users-plans/${STANDARD}`] = () => refused(409, 'CONFLICT', 'A plan with this name already exists')
    openApp('/administrator/plans')

    fireEvent.click(await screen.findByLabelText('Edit Standard'))
    const dialog = await screen.findByRole('dialog')
    expect((within(dialog).getByLabelText('API requests allowed') as HTMLInputElement).value).toBe('50000')
    typeInto(within(within(dialog).getByRole('tabpanel')).getByLabelText('Name'), 'Business')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('A plan with this name already exists')).toBeTruthy()
    expect(bodiesOf(`PUT /v1/users-plans/${STANDARD}`)).toMatchObject([
      { name: 'Business', price: '49.00', request_limit: 50_000, request_limit_duration: 'day' },
    ])
  })

  it('lets an administrator move a user to another plan after a confirmation', async () => {
    server['GET /v1/keys-unDelete'] = () => ok({ items: [], total: 0, page: 1, page_size: 50 })
    server['GET /v1/settings-weight-price/price-of-one-user'] = () => ok(minhPriceBook())
    const CHANGE = `PUT /v1/users/change-plan/${MINH_ID}`
    server[CHANGE] = () =>
      ok({ user_id: MINH_ID, user_plan_id: STANDARD, name_of_user_plan_id: 'Standard' }, 'Plan changed to Standard')
    openApp('/administrator/plans')

    await screen.findByText('Standard')
    fireEvent.click(screen.getByRole('button', { name: /Change a user’s plan/ }))
    const dialog = await screen.findByRole('dialog')
    const submit = within(dialog).getByRole('button', { name: 'Change plan' }) as HTMLButtonElement
    expect(submit.disabled).toBe(true)
    fireEvent.change(within(dialog).getByLabelText('Account'), { target: { value: MINH_EMAIL } })
    fireEvent.click(within(dialog).getByRole('button', { name: /Find/ }))
    expect(await within(dialog).findByText(MINH_EMAIL, { selector: '.ant-tag *' })).toBeTruthy()
    await choose('New plan', 'Standard · $49.00 / month')
    await waitFor(() => expect(submit.disabled).toBe(false))

    fireEvent.click(submit)
    const confirmation = await screen.findByText(`${MINH_EMAIL} will be on the Standard plan from now on.`)
    expect(bodiesOf(CHANGE)).toEqual([])
    const confirm = confirmation.closest('.ant-modal') as HTMLElement
    fireEvent.click(within(confirm).getByRole('button', { name: 'Change plan' }))
    expect(await screen.findByText('Plan changed to Standard')).toBeTruthy()
    expect(bodiesOf(CHANGE)).toEqual([{ user_plan_id: STANDARD }])
  })
})

describe('the plans page for support staff', { timeout: 60_000 }, () => {
  beforeEach(() => {
    sessionStore.set(staffSession(['support']))
  })

  it('lists and edits plans, but offers no way to change a user’s plan', async () => {
    openApp('/administrator/plans')
    expect(await screen.findByText('Standard')).toBeTruthy()
    expect(screen.getByRole('button', { name: /New plan/ })).toBeTruthy()
    expect(screen.getByLabelText('Edit Standard')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Change a user’s plan/ })).toBeNull()
    expect(screen.queryByText('Change a user’s plan')).toBeNull()
  })
})
