import type { AppConfig } from '@app/contract'
import { paths } from '../../app/paths.ts'

// Google and Facebook sign-in by redirect (docs/auth.md): no provider script runs in the portal, so
// /login loads nothing of theirs and the CSP stays `script-src 'self'`. The browser goes to the
// provider with a random `state` kept in this tab; the provider sends it back to /login/google or
// /login/facebook with the token in the URL fragment, which never reaches a server log; the return page
// checks `state` and hands the token to the server, which verifies it. For Google the server first
// issues a nonce and its secret `attempt` (docs/auth.md "Nonce"): Google gets the nonce, this tab
// keeps the attempt, and the ID token is accepted only with it.

export type Provider = 'google' | 'facebook'
type Providers = NonNullable<AppConfig['sign_in']>

const stateKey = (provider: Provider) => `social-state:${provider}`

function random(): string {
  const bytes = new Uint8Array(16)
  crypto.getRandomValues(bytes)
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

function returnUrl(provider: Provider): string {
  return `${window.location.origin}${provider === 'google' ? paths.loginGoogle : paths.loginFacebook}`
}

/** What the server issued for a Google sign-in: the nonce for Google, the secret for this tab. */
export interface GoogleAttempt {
  attempt: string
  nonce: string
}

/**
 * The provider's sign-in address; remembers state (and Google's attempt) and where to go afterwards.
 * Google needs the attempt the server issued; without one there is no Google address.
 */
export function providerUrl(
  provider: Provider,
  config: Providers,
  next: string | null,
  google?: GoogleAttempt,
): string | null {
  const state = random()
  if (provider === 'google') {
    if (!config.google || !google) return null
    const { attempt, nonce } = google
    sessionStorage.setItem(stateKey(provider), JSON.stringify({ state, attempt, next }))
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
  sessionStorage.setItem(stateKey(provider), JSON.stringify({ state, next }))
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
  /** Google: the secret of the attempt whose nonce the ID token must carry. */
  attempt?: string
  next: string | null
}

/** Reads the provider's answer from the URL fragment, once: the saved state is dropped either way. */
export function readProviderReturn(provider: Provider, hash: string): ProviderReturn {
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  let saved: { state?: string; attempt?: string; next?: string | null } = {}
  try {
    saved = JSON.parse(sessionStorage.getItem(stateKey(provider)) ?? '{}') as typeof saved
  } catch {
    saved = {}
  }
  sessionStorage.removeItem(stateKey(provider))
  const next = saved.next ?? null
  if (!saved.state || params.get('state') !== saved.state) return { token: null, next }
  const token = params.get(provider === 'google' ? 'id_token' : 'access_token')
  return { token: token || null, ...(saved.attempt ? { attempt: saved.attempt } : {}), next }
}
