import { createRemoteJWKSet, errors } from 'jose'
import type { SignInConfig } from '../../config.ts'
import { verifyJwt } from '../../lib/jwt.ts'
import type { ProviderIdentity } from './service.ts'

// A Google ID token is a JWT signed by Google (RS256) with keys published at GOOGLE_JWKS_URL. It is
// accepted only with our client id as audience, a Google issuer, a valid expiry, a key id of the key set
// (no key named by the token itself: lib/jwt.ts) and the nonce this server issued for the sign-in.
// https://developers.google.com/identity/sign-in/web/backend-auth

type GoogleConfig = NonNullable<SignInConfig['google']>

// One key set per URL: jose caches the keys and refetches them when a token names an unknown key id.
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>()

function keySet(url: string) {
  let set = keySets.get(url)
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: 10_000, cooldownDuration: 30_000 })
    keySets.set(url, set)
  }
  return set
}

/** The identity a valid token asserts, or null for anything forged, expired, for another app or malformed. */
export async function verifyGoogleIdToken(
  config: GoogleConfig,
  token: string,
  now: Date,
  nonce: string,
): Promise<ProviderIdentity | null> {
  try {
    const { payload } = await verifyJwt(token, keySet(config.jwksUrl), {
      algorithms: ['RS256'],
      issuer: config.issuers,
      audience: config.clientId,
      currentDate: now,
      requiredClaims: ['sub', 'exp', 'iat', 'nonce'],
      kid: 'required',
    })
    if (typeof payload.sub !== 'string' || payload.sub.length === 0) return null
    if (payload.nonce !== nonce) return null
    const str = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null)
    return {
      subject: payload.sub,
      email: str(payload.email)?.toLowerCase() ?? null,
      emailVerified: payload.email_verified === true || payload.email_verified === 'true',
      firstName: str(payload.given_name),
      lastName: str(payload.family_name),
      name: str(payload.name),
    }
  } catch (error) {
    // Bad tokens and an unreachable key set alike end as "Login Google fail".
    if (error instanceof errors.JOSEError || error instanceof TypeError) return null
    throw error
  }
}
