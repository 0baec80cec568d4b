import {
  decodeProtectedHeader,
  errors,
  type JWTPayload,
  type JWTVerifyGetKey,
  type JWTVerifyOptions,
  type JWTVerifyResult,
  jwtVerify,
} from 'jose'

// Every JWT the server accepts goes through here (docs/security.md "Tokens"): our own HS256 tokens
// (sessions, the two-factor challenge, bill download links) and Google's ID tokens. On top of what
// jose checks (signature, algorithm allow-list, issuer, audience, type, expiry when present):
// - `exp` is required: a token without an end would be valid for ever;
// - header members that point at keys or certificates (`jku`, `jwk`, `x5u`, `x5c`, `x5t`, `x5t#S256`)
//   are refused outright: the key is always ours or the configured key set's, never one the token names;
// - `crit` is refused: none of our tokens needs an extension a verifier must understand;
// - `kid` only where a key set is expected (Google), and then in a plain form; our own tokens carry none.

const KEY_POINTING_HEADERS = ['jku', 'jwk', 'x5u', 'x5c', 'x5t', 'x5t#S256', 'crit'] as const

/** Google's key ids are short hex or base64url strings; anything else is not one of theirs. */
const KID_FORM = /^[A-Za-z0-9_-]{1,128}$/

export interface StrictVerifyOptions extends JWTVerifyOptions {
  /** `absent`: the token must not name a key (our own tokens); `required`: it must (a key set). */
  kid: 'absent' | 'required'
}

function refuse(reason: string): never {
  throw new errors.JWSInvalid(reason)
}

/** jose's `jwtVerify` with the stricter rules above; failures are jose errors like its own. */
export async function verifyJwt(
  token: string,
  key: Uint8Array | JWTVerifyGetKey,
  options: StrictVerifyOptions,
): Promise<JWTVerifyResult<JWTPayload>> {
  let header: Record<string, unknown>
  try {
    header = decodeProtectedHeader(token) as Record<string, unknown>
  } catch {
    refuse('malformed token header')
  }
  for (const name of KEY_POINTING_HEADERS) {
    if (name in header) refuse(`the "${name}" header is not accepted`)
  }
  const kid = header.kid
  if (options.kid === 'absent' && kid !== undefined) refuse('unexpected "kid" header')
  if (options.kid === 'required' && (typeof kid !== 'string' || !KID_FORM.test(kid))) {
    refuse('missing or malformed "kid" header')
  }
  const { kid: _rule, ...verifyOptions } = options
  const requiredClaims = [...new Set(['exp', ...(options.requiredClaims ?? [])])]
  // Two overloads (a key or a key-resolving function): each call picks one of them.
  return typeof key === 'function'
    ? jwtVerify(token, key, { ...verifyOptions, requiredClaims })
    : jwtVerify(token, key, { ...verifyOptions, requiredClaims })
}
