import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { setUpAdminScreens } from '../../test/admin-screens.ts'
import { ok, openApp, server } from '../../test/fake-server.tsx'

// The outbox's message drawer with a one-time link (docs/security.md "Secrets in the outbox"), through
// the real route table, admin shell and API client; only the network is answered.

setUpAdminScreens({
  pages: () => [import('./OutboxPage.tsx')],
  beforeEach: () => {
    desktopWindow()
  },
})

const message = {
  id: 'eml_01jd0000000000000000000000',
  channel: 'email' as const,
  to: 'new.user@example.com',
  subject: 'Confirm your e-mail address',
  template: 'verifyEmail',
  status: 'stored' as const,
  attempts: 0,
  last_error: null,
  created_at: '2026-11-02T08:00:00.000Z',
  sent_at: null,
}

function answerDetail(secrets: 'none' | 'hidden' | 'revealed', link: string) {
  server['GET /v1/outbox'] = () => ok({ items: [message], total: 1, page: 1, page_size: 20 })
  server[`GET /v1/outbox/${message.id}`] = () =>
    ok({
      ...message,
      text_body: `Hello,\n\nConfirm my e-mail: ${link}`,
      html_body: `<!doctype html><p><a href="${link}">Confirm</a></p>`,
      secrets,
    })
}

async function openMessage() {
  openApp('/administrator/outbox')
  fireEvent.click(await screen.findByLabelText(`Open the email “${message.subject}”`, {}, { timeout: 15_000 }))
  return screen.findByRole('dialog')
}

/** A 1280 px wide window, so the table's responsive columns (hidden at jsdom's "no match") show. */
function desktopWindow() {
  const width = 1280
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query)
    const max = /max-width:\s*(\d+)px/.exec(query)
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]))
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }
  })
}

describe('a one-time link in the outbox', { timeout: 60_000 }, () => {
  it('shows it redacted, and says why', async () => {
    answerDetail('hidden', 'http://localhost:3000/user/verify?token=[redacted]')
    const drawer = await openMessage()
    expect(await within(drawer).findByText('One-time link or code hidden')).toBeTruthy()
    expect(within(drawer).getByText(/only the recipient gets the working one/)).toBeTruthy()
    expect(drawer.textContent).toContain('/user/verify?token=[redacted]')
  })

  it('flags a link shown because the server runs outside production', async () => {
    answerDetail('revealed', 'http://localhost:3000/user/verify?token=abcdefghijklmnopqrstuvwxyz')
    const drawer = await openMessage()
    expect(await within(drawer).findByText('One-time link or code shown: development only')).toBeTruthy()
    expect(within(drawer).getByRole('link', { name: /\/user\/verify\?token=abcdefghij/ })).toBeTruthy()
  })

  it('says nothing about secrets for a message without any', async () => {
    answerDetail('none', 'http://localhost:3000/support/request/tkt_1')
    const drawer = await openMessage()
    await within(drawer).findByText(/support\/request\/tkt_1/)
    expect(within(drawer).queryByTestId('outbox-secrets')).toBeNull()
  })
})
