import { beforeEach, describe, expect, it } from 'vitest'
import { providerUrl, readProviderReturn } from './social.ts'

// docs/auth.md "Nonce": Google gets the nonce the server issued; the tab keeps the attempt's secret
// and hands it to the server with the ID token. The secret never goes to Google.
const providers = {
  google: { client_id: 'client-1', auth_url: 'https://accounts.example.com/auth' },
  facebook: { app_id: '42', dialog_url: 'https://facebook.example.com/dialog' },
}

describe('Google sign-in by redirect', () => {
  beforeEach(() => sessionStorage.clear())

  it('sends Google the server’s nonce and keeps the attempt in this tab', () => {
    const attempt = { attempt: 'secret-of-this-tab', nonce: 'hash-for-google' }
    const url = new URL(providerUrl('google', providers, '/keys', attempt) ?? '')
    expect(url.searchParams.get('nonce')).toBe('hash-for-google')
    expect(url.toString()).not.toContain('secret-of-this-tab')
    const back = readProviderReturn('google', `#state=${url.searchParams.get('state')}&id_token=jwt`)
    expect(back).toEqual({ token: 'jwt', attempt: 'secret-of-this-tab', next: '/keys' })
    // Read once: a second return finds nothing.
    expect(readProviderReturn('google', `#state=${url.searchParams.get('state')}&id_token=jwt`).token).toBeNull()
  })

  it('has no Google address without an attempt from the server', () => {
    expect(providerUrl('google', providers, null)).toBeNull()
  })

  it('drops a return whose state is not this tab’s', () => {
    providerUrl('google', providers, null, { attempt: 'a', nonce: 'n' })
    expect(readProviderReturn('google', '#state=forged&id_token=jwt')).toEqual({ token: null, next: null })
  })
})
