import { randomBytes } from 'node:crypto'
import { HOTP, Secret, TOTP } from 'otpauth'
import { safeEqual } from '../../lib/crypto.ts'

// RFC 6238 TOTP as docs/requirements.md §4.5 fixes it: SHA-1, 6 digits, 30-second steps, one step either side accepted.

const PERIOD_SECONDS = 30
const DIGITS = 6
/** Steps accepted either side of the current one (network delay, a slightly wrong clock). */
const WINDOW = 1

/** A new secret: 160 random bits (RFC 4226's recommended length), in base32 for authenticator apps. */
export function newSecret(): string {
  return new Secret({ buffer: randomBytes(20).buffer }).base32
}

/** Spaces and lower case a user may type are dropped, so `abcd efgh …` is the same key. */
export function normaliseSecret(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase()
}

export function otpauthUrl(secret: string, issuer: string, account: string): string {
  return new TOTP({
    issuer,
    label: account,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_SECONDS,
  }).toString()
}

export function stepAt(at: Date): number {
  return Math.floor(at.getTime() / 1000 / PERIOD_SECONDS)
}

/** The code an authenticator shows for a time step (tests and the step search use it). */
export function codeForStep(secret: string, step: number): string {
  return HOTP.generate({ secret: Secret.fromBase32(secret), counter: step, digits: DIGITS, algorithm: 'SHA1' })
}

export function codeAt(secret: string, at: Date): string {
  return codeForStep(secret, stepAt(at))
}

/**
 * The time step `code` belongs to, searched within ±WINDOW of `now`, or null. Steps at or before
 * `lastUsedStep` are never accepted (RFC 6238 §5.2: a code is not accepted twice), nor is a later code
 * of the window once a newer one was used.
 */
export function matchStep(secret: string, code: string, now: Date, lastUsedStep: number): number | null {
  if (!/^\d{6}$/.test(code)) return null
  const current = stepAt(now)
  let found: number | null = null
  // Every candidate is computed and compared in constant time, whichever matches.
  for (let step = current - WINDOW; step <= current + WINDOW; step++) {
    if (safeEqual(codeForStep(secret, step), code) && step > lastUsedStep && found === null) found = step
  }
  return found
}
