import { formatDate, formatMoney } from '@app/contract'
import { cleanup, configure, screen, within } from '@testing-library/react'
import { theme } from 'antd'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { customerLangPref } from '../../app/prefs.ts'
import { sessionFrom, sessionStore } from '../../app/session.ts'
import { installFakeServer, ok, openApp, profile, server, session } from '../../test/fake-server.tsx'
import { capUse, keyFixture } from '../../test/key-fixtures.ts'
import { emulateViewport } from '../../test/viewport.ts'

// The customer's /keys list with the real route table and API client: each key's use of its monthly
// caps (docs/gateway.md "Monthly caps"), on a wide screen and on a 390 px phone.

configure({ asyncUtilTimeout: 5000 })

beforeAll(async () => {
  await Promise.all([import('../shell/CustomerLayout.tsx'), import('./KeysPage.tsx')])
}, 60_000)

const warned = keyFixture({
  id: 'key_01jd00000000000000000warn',
  name: 'Website',
  request_cap: 10000,
  spend_cap: '50.00',
  cap_use: capUse({ requests: 8000, spend: '40.00', percent: 80, state: 'warn' }),
})
const reached = keyFixture({
  id: 'key_01jd00000000000000000full',
  name: 'Mobile app',
  request_cap: 1000,
  cap_use: capUse({ requests: 1000, spend: '3.10', percent: 100, state: 'reached' }),
})
const spendOnly = keyFixture({
  id: 'key_01jd00000000000000000cash',
  name: 'Back office',
  spend_cap: '1250.00',
  cap_use: capUse({ requests: 123456, spend: '12.34', percent: 0.98, state: 'ok' }),
})
const uncapped = keyFixture({ id: 'key_01jd00000000000000000free', name: 'Test bench' })

beforeEach(() => {
  localStorage.clear()
  sessionStore.set(sessionFrom(profile, session.token))
  installFakeServer()
  const items = [warned, reached, spendOnly, uncapped]
  server['GET /v1/user_keys-unDelete'] = () => ok({ items, total: items.length, page: 1, page_size: 10 })
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/** The cap use shown for the key of this name (its row, or its card on a phone). */
async function capUseOf(name: string) {
  const title = await screen.findByText(name)
  const holder = title.closest('tr') ?? title.closest('.ant-card')
  if (!holder) throw new Error(`no row or card for ${name}`)
  return within(holder as HTMLElement).getByTestId('key-cap-use')
}

const barOf = (use: HTMLElement) => use.querySelector('.ant-progress') as HTMLElement
/** The colour the bar is drawn in when it is not antd's own (normal blue, exception red). */
const strokeOf = (use: HTMLElement) =>
  (use.querySelector('.ant-progress-track') as HTMLElement).style.getPropertyValue('--progress-line-stroke-color')
const WARNING = theme.getDesignToken().colorWarning

describe('the monthly caps in the key list', { timeout: 60_000 }, () => {
  it('shows each capped key’s use this month, orange from 80 % and red with a tag at the cap', async () => {
    emulateViewport(1280)
    openApp('/keys')

    const warnedUse = await capUseOf('Website')
    expect(within(warnedUse).getByText('8,000 / 10,000 calls · $40.00 / $50.00 this month')).toBeTruthy()
    expect(within(warnedUse).queryByText(/Cap reached/)).toBeNull()
    expect(within(warnedUse).getByRole('progressbar', { name: '80% of the monthly cap used' })).toBeTruthy()
    expect(barOf(warnedUse).className).not.toContain('ant-progress-status-exception')
    expect(strokeOf(warnedUse)).toBe(WARNING)

    const reachedUse = await capUseOf('Mobile app')
    expect(within(reachedUse).getByText('1,000 / 1,000 calls this month')).toBeTruthy()
    // Refused until the first day of the next month (UTC), which the key's November use implies.
    expect(within(reachedUse).getByText('Cap reached — refused until Dec 1, 2026')).toBeTruthy()
    expect(barOf(reachedUse).className).toContain('ant-progress-status-exception')
    expect(strokeOf(reachedUse)).toBe('')

    const spendUse = await capUseOf('Back office')
    expect(within(spendUse).getByText('$12.34 / $1,250.00 this month')).toBeTruthy()
    expect(within(spendUse).queryByText(/Cap reached/)).toBeNull()
    // Below 80 %: the theme's normal bar.
    expect(barOf(spendUse).className).toContain('ant-progress-status-normal')
    expect(strokeOf(spendUse)).toBe('')

    // One tag in the whole list, and the key without caps says so.
    expect(screen.getAllByText(/^Cap reached/)).toHaveLength(1)
    const free = (await screen.findByText('Test bench')).closest('tr') as HTMLElement
    expect(within(free).queryByTestId('key-cap-use')).toBeNull()
    expect(within(free).getByText('No monthly cap')).toBeTruthy()
  })

  it('fits a 390 px phone: the cards show the bar and the tag, and nothing for a key without caps', async () => {
    emulateViewport(390)
    openApp('/keys')
    const reachedUse = await capUseOf('Mobile app')
    expect(reachedUse.closest('.ant-card')).toBeTruthy()
    expect(within(reachedUse).getByText('Cap reached — refused until Dec 1, 2026')).toBeTruthy()
    expect(within(await capUseOf('Website')).getByText(/^8,000 \/ 10,000 calls/)).toBeTruthy()
    const free = (await screen.findByText('Test bench')).closest('.ant-card') as HTMLElement
    expect(within(free).queryByTestId('key-cap-use')).toBeNull()
  })

  it('writes the numbers, amounts and date in Burmese for a Burmese reader', async () => {
    emulateViewport(1280)
    customerLangPref.set('my')
    openApp('/keys')
    const reachedUse = await capUseOf('Mobile app')
    expect(within(reachedUse).getByText('ဤလ ခေါ်ဆိုမှု 1,000 / 1,000')).toBeTruthy()
    // Burmese month names and order, Latin digits, whatever locale data the browser carries.
    const december = formatDate(new Date(2026, 11, 1), 'my')
    expect(december).toBe('2026 ဒီ 1')
    expect(within(reachedUse).getByText(`ကန့်သတ်ချက် ပြည့်ပြီ — ${december} အထိ ငြင်းပယ်မည်`)).toBeTruthy()
    // Testing Library reads the page's no-break spaces as plain ones.
    const amounts = `${formatMoney('40.00', 'USD', 'my')} / ${formatMoney('50.00', 'USD', 'my')}`.replace(/\s+/g, ' ')
    expect(within(await capUseOf('Website')).getByText(`ဤလ ခေါ်ဆိုမှု 8,000 / 10,000 · ${amounts}`)).toBeTruthy()
  })
})
