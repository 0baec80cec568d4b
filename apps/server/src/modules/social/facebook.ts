import { createHmac } from 'node:crypto'
import type { SignInConfig } from '../../config.ts'
import type { ProviderIdentity } from './service.ts'

// A Facebook user access token is checked with the Graph API: `debug_token` (with our app token) must say
// it is valid, issued to our app and for the user; `/me` then gives the profile, called with
// `appsecret_proof` so a token stolen from another app cannot be used here.
// https://developers.facebook.com/docs/graph-api/reference/debug_token

type FacebookConfig = NonNullable<SignInConfig['facebook']>

const TIMEOUT_MS = 10_000

async function getJson(url: URL): Promise<unknown> {
  const response = await fetch(url, {
    signal: AbortSignal.timeout(TIMEOUT_MS),
    headers: { accept: 'application/json' },
  })
  if (!response.ok) return null
  return response.json().catch(() => null)
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
const str = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null)

export async function verifyFacebookToken(
  config: FacebookConfig,
  accessToken: string,
  facebookId: string | undefined,
  now: Date,
): Promise<ProviderIdentity | null> {
  try {
    const debug = new URL(`${config.graphUrl}/debug_token`)
    debug.searchParams.set('input_token', accessToken)
    debug.searchParams.set('access_token', `${config.appId}|${config.appSecret}`)
    const data = record(record(await getJson(debug)).data)
    const userId = str(data.user_id)
    if (
      data.is_valid !== true ||
      String(data.app_id) !== config.appId ||
      !userId ||
      (facebookId !== undefined && userId !== facebookId)
    )
      return null
    const expiresAt = typeof data.expires_at === 'number' ? data.expires_at : 0
    // 0 means "does not expire" (long-lived tokens of some kinds).
    if (expiresAt !== 0 && expiresAt * 1000 <= now.getTime()) return null

    const me = new URL(`${config.graphUrl}/me`)
    me.searchParams.set('fields', 'id,name,email,first_name,last_name')
    me.searchParams.set('access_token', accessToken)
    me.searchParams.set('appsecret_proof', createHmac('sha256', config.appSecret).update(accessToken).digest('hex'))
    const profile = record(await getJson(me))
    if (str(profile.id) !== userId) return null
    return {
      subject: userId,
      // Facebook gives only an address its user confirmed (docs/auth.md).
      email: str(profile.email)?.toLowerCase() ?? null,
      emailVerified: str(profile.email) !== null,
      firstName: str(profile.first_name),
      lastName: str(profile.last_name),
      name: str(profile.name),
    }
  } catch (error) {
    // Unreachable Graph API, a timeout, a body that is not JSON: the sign-in fails.
    if (error instanceof Error) return null
    throw error
  }
}
