import { z } from 'zod'
import { LoginResult } from './auth.ts'
import { IsoDateTime } from './common.ts'
import { endpoint } from './endpoint.ts'

// Sign-in with Google or Facebook (docs/requirements.md §4.5, docs/auth.md "Google and Facebook").

const tag = 'Social sign-in'

/**
 * A Google sign-in attempt (docs/auth.md "Nonce"): the browser keeps `attempt` to itself and sends
 * Google `nonce` (its SHA-256, base64url); the ID token must come back with that nonce, before
 * `expires_at`, and is accepted once, together with `attempt`.
 */
export const GoogleSignInStart = z.object({
  attempt: z.string(),
  nonce: z.string(),
  expires_at: IsoDateTime,
})
export type GoogleSignInStart = z.infer<typeof GoogleSignInStart>

export const startGoogleSignIn = endpoint({
  method: 'POST',
  path: '/v1/login-google/start',
  roles: 'public',
  duringMaintenance: true,
  tag,
  summary: 'Start a Google sign-in: a single-use nonce for the ID token and the secret that proves it.',
  data: GoogleSignInStart,
})

export const loginGoogle = endpoint({
  method: 'POST',
  path: '/v1/login-google',
  roles: 'public',
  duringMaintenance: true,
  tag,
  summary: 'Sign in with a Google ID token (verified against Google’s keys, audience, issuer and the nonce).',
  body: z.strictObject({
    credential: z.string().min(1).max(8192),
    /** The `attempt` of `POST /v1/login-google/start`; the token must carry its nonce. */
    attempt: z.string().min(1).max(200),
  }),
  data: LoginResult,
})

export const loginFacebook = endpoint({
  method: 'POST',
  path: '/v1/login-facebook',
  roles: 'public',
  duringMaintenance: true,
  tag,
  summary: 'Sign in with a Facebook user access token (checked with the Graph API’s debug_token).',
  body: z.strictObject({
    access_token: z.string().min(1).max(4096),
    /** The user id the browser was told; when given, it must be the token's user. */
    facebook_id: z.string().min(1).max(64).optional(),
    /** What the browser SDK said about the user; ignored: the server asks the Graph API itself. */
    profile: z.record(z.string(), z.unknown()).optional(),
  }),
  data: LoginResult,
})
