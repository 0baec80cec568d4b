import { MonthSummary, Plan, PlanDashboard, UsageSeries } from '@app/contract'
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { customerLangPref } from '../../app/prefs.ts'
import { sessionFrom, sessionStore } from '../../app/session.ts'
import { installFakeCanvas } from '../../test/fake-canvas.ts'
import { calls, installFakeServer, ok, openApp, profile, refused, server, session } from '../../test/fake-server.tsx'

// The dashboard's plan card on the real dashboard, through the real route table and API client; only
// the network is answered, from fixtures the contract's schemas check.

configure({ asyncUtilTimeout: 5000 })

beforeAll(async () => {
  await Promise.all([import('../shell/CustomerLayout.tsx'), import('../dashboard/DashboardPage.tsx')])
}, 60_000)

const at = '2026-10-01T00:00:00.000Z'
const plan = (fields: Partial<Plan> & Pick<Plan, 'id' | 'name' | 'price'>): Plan =>
  Plan.parse({
    description: null,
    translations: {},
    rsapi_plan_id: null,
    maptile_plan_id: null,
    request_limit: null,
    request_limit_duration: 'month',
    load_limit: null,
    load_limit_duration: 'month',
    is_default: false,
    active: true,
    users: 3,
    created_at: at,
    updated_at: at,
    ...fields,
  })

const payAsYouGo = plan({
  id: 'pln_seedpayasyougo000000000000',
  name: 'Pay as you go',
  price: '0.00',
  is_default: true,
  description: 'Pay only for what you use',
})
const standard = plan({
  id: 'pln_seedstandard00000000000000',
  name: 'Standard',
  price: '49.00',
  request_limit: 50_000,
  request_limit_duration: 'day',
  load_limit: 20_000,
  load_limit_duration: 'day',
})
const business = plan({
  id: 'pln_seedbusiness00000000000000',
  name: 'Business',
  price: '199.00',
  request_limit: 1_000,
  request_limit_duration: 'minute',
  load_limit: 500,
  load_limit_duration: 'minute',
  description: 'For busy apps',
})

const onStandard = PlanDashboard.parse({
  plan: standard,
  name_of_user_plan_id: 'Standard',
  request_limit: 50_000,
  request_limit_duration: 'day',
  load_limit: 20_000,
  load_limit_duration: 'day',
  balance: '12.50',
  enjoy_discount: false,
  requests: { limit: 50_000, duration: 'day', used: 41_234 },
  loads: { limit: 20_000, duration: 'day', used: 20_000 },
  offers: [payAsYouGo, business],
  purchase_available: false,
  // Bought from the balance on 2 November: it renews a month later.
  renews_at: '2026-12-02T12:00:00.000Z',
  grace_until: null,
  default_plan_name: 'Pay as you go',
})

const onBusiness = PlanDashboard.parse({
  ...onStandard,
  plan: business,
  name_of_user_plan_id: 'Business',
  request_limit: 1_000,
  request_limit_duration: 'minute',
  load_limit: 500,
  load_limit_duration: 'minute',
  balance: '0.00',
  requests: { limit: 1_000, duration: 'minute', used: 12 },
  loads: { limit: 500, duration: 'minute', used: 0 },
  offers: [payAsYouGo, standard],
  purchase_available: true,
  renews_at: '2026-12-02T12:00:00.000Z',
})

const DASHBOARD = 'GET /v1/users-plans-dashboard'
const BUY_BUSINESS = `POST /v1/users-plans/${business.id}/buy`

beforeEach(() => {
  localStorage.clear()
  sessionStore.set(sessionFrom(profile, session.token))
  installFakeServer()
  installFakeCanvas()
  // The rest of the dashboard: an empty month.
  server['GET /v1/statistics/hits-one-user-per-month'] = () =>
    ok(
      MonthSummary.parse({
        year: 2026,
        month: 11,
        api_requests: { this_month: 0, last_month: 0, forecast: null },
        map_loads: { this_month: 0, last_month: 0, forecast: null },
        by_service: [],
      }),
    )
  server['GET /v1/statistics/hits-one-user'] = () =>
    ok(
      UsageSeries.parse({
        unit: 'day',
        buckets: [],
        series: [],
        totals: { api_requests: 0, map_loads: 0, by_service: [] },
      }),
    )
  server['GET /v1/bills/estimate'] = () => ok({ year: 2026, month: 11, so_far: '0.00', projected: '0.00', lines: [] })
  server[DASHBOARD] = () => ok(onStandard)
})

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

const toastText = () => document.querySelector('.ant-message')?.textContent ?? ''

/** Presses an offer's button and returns the confirmation dialog it opens. */
async function chooseOffer(planId: string, button: string): Promise<HTMLElement> {
  const offer = await screen.findByTestId(`offer-${planId}`)
  fireEvent.click(within(offer).getByRole('button', { name: button }))
  const title = await screen.findByText(/^Move to the .* plan\?$/, { selector: '.ant-modal-title' })
  const dialog = title.closest('.ant-modal')
  if (!(dialog instanceof HTMLElement)) throw new Error('no confirmation dialog')
  return dialog
}

/** The value beside `term` in the dialog's list of figures. */
const figure = (dialog: HTMLElement, term: string) =>
  within(dialog).getByText(term).parentElement?.querySelector('.ant-descriptions-item-content')?.textContent

const buyCalls = () => calls.filter((c) => c.route.startsWith('POST ') && c.route.endsWith('/buy'))

/** The plan card with the dashboard answering `fields` over Standard's. */
async function openWith(fields: Partial<PlanDashboard>): Promise<HTMLElement> {
  server[DASHBOARD] = () => ok(PlanDashboard.parse({ ...onStandard, ...fields }))
  openApp('/')
  const card = await screen.findByTestId('plan-card')
  await within(card).findByText(String(fields.name_of_user_plan_id ?? 'Standard'), { selector: 'h4' })
  return card
}

describe('the plan card', { timeout: 60_000 }, () => {
  it('names and describes the plans in the reader’s language where staff wrote it (issue 20)', async () => {
    customerLangPref.set('my')
    try {
      const burmeseBusiness = {
        ...business,
        translations: { my: { name: 'လုပ်ငန်း', description: 'အလုပ်များသော အက်ပ်များအတွက်' } },
      }
      server[DASHBOARD] = () =>
        ok(PlanDashboard.parse({ ...onStandard, name_of_user_plan_id: 'စံ', offers: [payAsYouGo, burmeseBusiness] }))
      openApp('/')
      const card = await screen.findByTestId('plan-card')
      const offer = await within(card).findByTestId(`offer-${business.id}`)
      const langOf = (element: HTMLElement) => element.closest('[lang]')?.getAttribute('lang')
      expect(langOf(within(offer).getByText('လုပ်ငန်း'))).toBe('my')
      expect(within(offer).getByText('အလုပ်များသော အက်ပ်များအတွက်')).toBeTruthy()
      expect(within(offer).queryByText('Business')).toBeNull()
      // A plan without Burmese words is shown in English, marked as English for screen readers.
      const payg = within(card).getByTestId(`offer-${payAsYouGo.id}`)
      expect(langOf(within(payg).getByText('Pay as you go'))).toBe('en')
      expect(langOf(within(payg).getByText('Pay only for what you use'))).toBe('en')
    } finally {
      customerLangPref.set('en')
    }
  })

  it('shows the plan, its price, its limits and what the current windows used, and the balance', async () => {
    openApp('/')
    const card = await screen.findByTestId('plan-card')
    expect(await within(card).findByText('Standard', { selector: 'h4' })).toBeTruthy()
    expect(within(card).getByText('$49.00 / month')).toBeTruthy()
    expect(within(card).getByText('Balance: $12.50')).toBeTruthy()

    const requests = within(card).getByTestId('plan-requests')
    expect(within(requests).getByText('50,000 per day')).toBeTruthy()
    expect(within(requests).getByText('41,234 of 50,000 used today')).toBeTruthy()
    expect(within(requests).queryByText(/Limit reached/)).toBeNull()
    expect(requests.querySelector('.ant-progress')).not.toBeNull()

    const loads = within(card).getByTestId('plan-loads')
    expect(within(loads).getByText('20,000 per day')).toBeTruthy()
    expect(within(loads).getByText('20,000 of 20,000 used today')).toBeTruthy()
    expect(within(loads).getByText(/^Limit reached/)).toBeTruthy()

    const offer = within(card).getByTestId(`offer-${business.id}`)
    expect(within(offer).getByText('$199.00 / month')).toBeTruthy()
    expect(within(offer).getByText('API requests: 1,000 per minute')).toBeTruthy()
    expect(within(offer).getByText('Map loads: 500 per minute')).toBeTruthy()
    // Dearer than the current plan: an upgrade; the free default plan is bought.
    expect(within(offer).getByRole('button', { name: 'Upgrade' })).toBeTruthy()
    const free = within(card).getByTestId(`offer-${payAsYouGo.id}`)
    expect(within(free).getByText('No monthly fee')).toBeTruthy()
    expect(within(free).getByText('API requests: Unlimited')).toBeTruthy()
    expect(within(free).getByRole('button', { name: 'Buy' })).toBeTruthy()
  })

  it('says that plans cannot be paid from the balance yet, beside the offers', async () => {
    openApp('/')
    const card = await screen.findByTestId('plan-card')
    const note = await within(card).findByText(/^Paying for a plan from your balance arrives soon/)
    expect(note).toBeTruthy()
    expect(within(card).getByText('Contact support').closest('a')?.getAttribute('href')).toBe('/support/request')
  })

  it('asks before buying, and shows the server’s refusal when the purchase is not available', async () => {
    const refusal = 'Plans cannot be bought from the balance yet. Please contact support to change your plan.'
    server[BUY_BUSINESS] = () => refused(422, 'PURCHASE_UNAVAILABLE', refusal)
    server[DASHBOARD] = () => ok(PlanDashboard.parse({ ...onStandard, balance: '250.00' }))
    openApp('/')

    // Cancelling buys nothing.
    let dialog = await chooseOffer(business.id, 'Upgrade')
    expect(
      within(dialog).getByText('$199.00 is paid from your balance now, and the new limits apply at once.'),
    ).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() =>
      expect(screen.queryByText('Move to the Business plan?', { selector: '.ant-modal-title' })).toBeNull(),
    )
    expect(calls.some((c) => c.route === BUY_BUSINESS)).toBe(false)

    dialog = await chooseOffer(business.id, 'Upgrade')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upgrade' }))
    const failure = await screen.findByTestId('plan-buy-failure')
    expect(failure.textContent).toContain(refusal)
    expect(toastText()).toContain(refusal)
    expect(calls.filter((c) => c.route === BUY_BUSINESS)).toHaveLength(1)
    // The dialog closed; nothing changed: still on Standard.
    await waitFor(() =>
      expect(screen.queryByText('Move to the Business plan?', { selector: '.ant-modal-title' })).toBeNull(),
    )
    expect(screen.getByText('Standard', { selector: 'h4' })).toBeTruthy()
  })

  it('moves to the bought plan with the server’s answer when the purchase goes through', async () => {
    const bought = 'You are now on the Business plan. It renews on Dec 2, 2026: $199.00 from your balance.'
    server[BUY_BUSINESS] = () => ok({ ...onBusiness, balance: '51.00' }, bought)
    server[DASHBOARD] = () => ok(PlanDashboard.parse({ ...onStandard, balance: '250.00' }))
    openApp('/')
    const dialog = await chooseOffer(business.id, 'Upgrade')
    expect(figure(dialog, 'Your balance now')).toBe('$250.00')
    expect(figure(dialog, 'Balance after paying')).toBe('$51.00')
    expect(within(dialog).queryByText(/short of this plan/)).toBeNull()
    expect(within(dialog).queryByRole('link', { name: /^Top up/ })).toBeNull()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upgrade' }))
    const card = screen.getByTestId('plan-card')
    expect(await within(card).findByText('Business', { selector: 'h4' })).toBeTruthy()
    expect(within(card).getByText('12 of 1,000 used this minute')).toBeTruthy()
    expect(within(card).getByText('Balance: $51.00')).toBeTruthy()
    expect(within(card).getByText('Renews on Dec 2, 2026: $199.00 from your balance')).toBeTruthy()
    expect(toastText()).toContain(bought)
    expect(buyCalls().map((c) => c.route)).toEqual([BUY_BUSINESS])
    await waitFor(() =>
      expect(screen.queryByText('Move to the Business plan?', { selector: '.ant-modal-title' })).toBeNull(),
    )
    // The purchase is available now: no note; the profile (header badge, balance) is asked again.
    expect(within(card).queryByText(/^Paying for a plan from your balance arrives soon/)).toBeNull()
    await waitFor(() => expect(calls.filter((c) => c.route === 'GET /v1/users/profile').length).toBeGreaterThan(1))
  })

  it('shows an unlimited plan without a bar, with what this month used', async () => {
    server[DASHBOARD] = () =>
      ok(
        PlanDashboard.parse({
          ...onStandard,
          plan: payAsYouGo,
          name_of_user_plan_id: 'Pay as you go',
          request_limit: null,
          request_limit_duration: 'month',
          load_limit: null,
          load_limit_duration: 'month',
          requests: { limit: null, duration: 'month', used: 1_234 },
          loads: { limit: null, duration: 'month', used: 0 },
          offers: [standard, business],
          renews_at: null,
        }),
      )
    openApp('/')
    const card = await screen.findByTestId('plan-card')
    expect(await within(card).findByText('Pay as you go', { selector: 'h4' })).toBeTruthy()
    expect(within(card).getByText('Default')).toBeTruthy()
    expect(within(card).getByText('No monthly fee')).toBeTruthy()
    // A free plan does not renew from the balance, and says nothing about it.
    expect(within(card).queryByTestId('plan-renewal')).toBeNull()
    expect(within(card).queryByTestId('plan-grace')).toBeNull()
    const requests = within(card).getByTestId('plan-requests')
    expect(within(requests).getByText('Unlimited')).toBeTruthy()
    expect(within(requests).getByText('1,234 used this month')).toBeTruthy()
    expect(requests.querySelector('.ant-progress')).toBeNull()
    // Every other plan costs more: both are upgrades.
    expect(within(card).getAllByRole('button', { name: 'Upgrade' })).toHaveLength(2)
  })
})

describe('the plan’s renewal', { timeout: 60_000 }, () => {
  it('says when a plan bought from the balance renews, and for how much', async () => {
    const card = await openWith({})
    expect(within(card).getByTestId('plan-renewal').textContent).toBe('Renews on Dec 2, 2026: $49.00 from your balance')
    expect(within(card).queryByTestId('plan-grace')).toBeNull()
    expect(within(card).queryByText(/Set for your account by support/)).toBeNull()
  })

  it('warns of a failed renewal with the exact missing amount and a top-up of it', async () => {
    const card = await openWith({ balance: '11.00', grace_until: '2026-12-09T12:00:00.000Z' })
    const grace = within(card).getByTestId('plan-grace')
    expect(within(grace).getByText('We could not renew this plan')).toBeTruthy()
    expect(
      within(grace).getByText(
        'Your balance is $38.00 short of $49.00. Top up before Dec 9, 2026 to keep the plan; after that your account moves to the Pay as you go plan.',
      ),
    ).toBeTruthy()
    const topUp = within(grace).getByRole('link', { name: 'Top up $38.00' })
    expect(topUp.getAttribute('href')).toBe('/payment?amount=38.00')
    // The alert explains the renewal: no "Renews on" line beside it.
    expect(within(card).queryByText(/^Renews on/)).toBeNull()
  })

  it('counts a negative balance in the missing amount, to the cent', async () => {
    const card = await openWith({ balance: '-0.99', grace_until: '2026-12-09T12:00:00.000Z' })
    const grace = within(card).getByTestId('plan-grace')
    expect(grace.textContent).toContain('Your balance is $49.99 short of $49.00.')
    expect(within(grace).getByRole('link', { name: 'Top up $49.99' }).getAttribute('href')).toBe(
      '/payment?amount=49.99',
    )
  })

  it('says the renewal is coming once a top-up covers the price during the grace period', async () => {
    const card = await openWith({ balance: '49.00', grace_until: '2026-12-09T12:00:00.000Z' })
    const grace = within(card).getByTestId('plan-grace')
    expect(within(grace).getByText('Your balance now covers it: the plan renews within the hour.')).toBeTruthy()
    expect(within(grace).queryByRole('link')).toBeNull()
    expect(grace.textContent).not.toContain('short')
  })

  it('says that a paid plan support set is not charged from the balance', async () => {
    const card = await openWith({ renews_at: null })
    expect(within(card).getByTestId('plan-renewal').textContent).toBe(
      'Set for your account by support: not charged from your balance.',
    )
    expect(within(card).queryByText(/^Renews on/)).toBeNull()
  })
})

describe('the purchase dialog', { timeout: 60_000 }, () => {
  beforeEach(() => {
    // Only the clock: the first renewal of a plan bought now is a month from today.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-02T12:00:00.000Z'))
  })

  it('states what the plan buys, and when the balance is short offers the missing top-up instead', async () => {
    await openWith({})
    const dialog = await chooseOffer(business.id, 'Upgrade')
    expect(within(dialog).getByText('Move to the Business plan?')).toBeTruthy()
    expect(figure(dialog, 'Price')).toBe('$199.00 / month')
    expect(figure(dialog, 'API requests')).toBe('1,000 per minute')
    expect(figure(dialog, 'Map loads')).toBe('500 per minute')
    expect(
      within(dialog).getByText("Usage is billed separately at the price list's rates, as on every plan."),
    ).toBeTruthy()
    expect(
      within(dialog).getByText(
        'It renews monthly from your balance, next on Dec 2, 2026. Moving to a free plan stops it.',
      ),
    ).toBeTruthy()

    // $12.50 of $199.00: short by $186.50, so the purchase waits for a top-up.
    expect(figure(dialog, 'Your balance now')).toBe('$12.50')
    expect(within(dialog).queryByText('Balance after paying')).toBeNull()
    expect(within(dialog).getByText('Your balance is $186.50 short of this plan.')).toBeTruthy()
    const upgrade = within(dialog).getByRole('button', { name: 'Upgrade' }) as HTMLButtonElement
    expect(upgrade.disabled).toBe(true)
    fireEvent.click(upgrade)
    const topUp = within(dialog).getByRole('link', { name: 'Top up $186.50' })
    expect(topUp.getAttribute('href')).toBe('/payment?amount=186.50')
    expect(buyCalls()).toEqual([])
  })

  it('states a free plan’s limits without a renewal, and lets it be bought on any balance', async () => {
    server[`POST /v1/users-plans/${payAsYouGo.id}/buy`] = () => ok(onStandard, 'You are now on the Pay as you go plan')
    await openWith({ balance: '0.00' })
    const dialog = await chooseOffer(payAsYouGo.id, 'Buy')
    expect(figure(dialog, 'Price')).toBe('No monthly fee')
    expect(figure(dialog, 'API requests')).toBe('Unlimited')
    expect(within(dialog).getByText('The plan has no monthly fee. The new limits apply at once.')).toBeTruthy()
    expect(within(dialog).getByText(/^Usage is billed separately/)).toBeTruthy()
    expect(within(dialog).queryByText(/renews/)).toBeNull()
    expect(within(dialog).queryByText(/short of this plan/)).toBeNull()
    const buy = within(dialog).getByRole('button', { name: 'Buy' }) as HTMLButtonElement
    expect(buy.disabled).toBe(false)
    fireEvent.click(buy)
    await waitFor(() => expect(buyCalls()).toHaveLength(1))
    await waitFor(() => expect(toastText()).toContain('You are now on the Pay as you go plan'))
  })
})
