import type { AppConfig } from '@app/contract'
import { paths } from '../../app/paths.ts'

// Google and Facebook sign-in by redirect (docs/sign-in.md): no provider script runs in the portal, so
// /login loads nothing of theirs and the CSP stays `script-src 'self'`. The browser goes to the
// provider with a random `state` (and, for Google, a `nonce`) kept in this tab; the provider sends it
// back to /login/google or /login/facebook with the token in the URL fragment, which never reaches a
// server log; the return page checks `state` and hands the token to the server, which verifies it.

export type Provider = 'google' | 'facebook'
type Providers = NonNullable<AppConfig['sign_in']>

const stateKey = (provider: Provider) => `social-state:${provider}`

function random(): string {
  const bytes = new Uint8Array(16)
  crypto.getRandomValues(bytes)
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

export function returnUrl(provider: Provider): string {
  return `${window.location.origin}${provider === 'google' ? paths.loginGoogle : paths.loginFacebook}`
}

/** The provider's sign-in address for this attempt; remembers state, nonce and where to go afterwards. */
export function providerUrl(provider: Provider, config: Providers, next: string | null): string | null {
  const state = random()
  const nonce = random()
  if (provider === 'google') {
    if (!config.google) return null
    sessionStorage.setItem(stateKey(provider), JSON.stringify({ state, nonce, next }))
    const url = new URL(config.google.auth_url)
    url.search = new URLSearchParams({
      client_id: config.google.client_id,
      redirect_uri: returnUrl('google'),
      response_type: 'id_token',
      scope: 'openid email profile',
      state,
      nonce,
      prompt: 'select_account',
    }).toString()
    return url.toString()
  }
  if (!config.facebook) return null
  sessionStorage.setItem(stateKey(provider), JSON.stringify({ state, nonce, next }))
  const url = new URL(config.facebook.dialog_url)
  url.search = new URLSearchParams({
    client_id: config.facebook.app_id,
    redirect_uri: returnUrl('facebook'),
    response_type: 'token',
    scope: 'email,public_profile',
    state,
  }).toString()
  return url.toString()
}

export interface ProviderReturn {
  /** The ID token (Google) or access token (Facebook); null when the provider refused or state is wrong. */
  token: string | null
  nonce?: string
  next: string | null
}

/** Reads the provider's answer from the URL fragment, once: the saved state is dropped either way. */
export function readProviderReturn(provider: Provider, hash: string): ProviderReturn {
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  let saved: { state?: string; nonce?: string; next?: string | null } = {}
  try {
    saved = JSON.parse(sessionStorage.getItem(stateKey(provider)) ?? '{}') as typeof saved
  } catch {
    saved = {}
  }
  sessionStorage.removeItem(stateKey(provider))
  const next = saved.next ?? null
  if (!saved.state || params.get('state') !== saved.state) return { token: null, next }
  const token = params.get(provider === 'google' ? 'id_token' : 'access_token')
  return { token: token || null, ...(saved.nonce ? { nonce: saved.nonce } : {}), next }
}
