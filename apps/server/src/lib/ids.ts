import { randomBytes } from 'node:crypto'

const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz'

/**
 * A prefixed, time-ordered id such as `usr_01jdz3k8q9…` (a lower-case ULID): readable in logs,
 * unguessable (80 random bits), and sorted by creation time.
 */
export function newId(prefix: string, now: number = Date.now()): string {
  let time = ''
  let t = now
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[t % 32] + time
    t = Math.floor(t / 32)
  }
  const random = randomBytes(10)
  let bits = 0
  let value = 0
  let tail = ''
  for (const byte of random) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      tail += CROCKFORD[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  return `${prefix}_${time}${tail}`
}

/** A url-safe random secret with `bytes` of entropy. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url')
}
