import { decrypt, deriveKey, encrypt } from '../lib/crypto.ts'

// One-time secrets in the outbox (docs/security.md "Secrets in the outbox"). A message that carries one
// (a verification or password-reset link, an SMS code) is stored with it redacted, so a database dump or
// an administrator reading the outbox gets no working link. The real text is kept only as a sealed list
// of (shown, real) replacements, AES-256-GCM under a key derived from APP_SECRET with the message id
// bound in, for the SMTP dispatcher to open when it sends (then wiped) and, outside production, for the
// outbox page to show so that sign-up works on a fresh machine.

/** What a redacted secret looks like in a stored message. */
export const REDACTED = '[redacted]'

/**
 * `sealed_secrets`: null when the message carries no secret; `''` when it did and the secret is gone
 * (sent and wiped, or never kept because nothing could open it); else the sealed replacements.
 */
export type SealedSecrets = string | null
export const SECRETS_GONE = ''

/** A (shown, real) pair: the stored text holds `shown` where the message carries `real`. */
export type Replacement = readonly [shown: string, real: string]

export function outboxSecretKey(appSecret: string): Buffer {
  return deriveKey(appSecret, 'outbox-secrets-aes256gcm')
}

const aad = (messageId: string) => `outbox:${messageId}`

/**
 * A link as the outbox keeps it: its address and path, every query value and the fragment redacted.
 * One-time tokens travel in the query string of a link (`?token=…`), never in its path.
 */
export function redactLink(link: string): string {
  const url = new URL(link)
  const query = [...url.searchParams.keys()].map((name) => `${encodeURIComponent(name)}=${REDACTED}`)
  return `${url.origin}${url.pathname}${query.length > 0 ? `?${query.join('&')}` : ''}${url.hash ? `#${REDACTED}` : ''}`
}

export function sealReplacements(key: Buffer, messageId: string, replacements: readonly Replacement[]): string {
  return encrypt(key, JSON.stringify(replacements), aad(messageId))
}

/** The replacements of a sealed message; throws when the seal does not open (another APP_SECRET). */
export function openReplacements(key: Buffer, messageId: string, sealed: string): Replacement[] {
  return JSON.parse(decrypt(key, sealed, aad(messageId))) as Replacement[]
}

/** The text with every shown form put back to the real secret. */
export function restore(text: string, replacements: readonly Replacement[]): string {
  return replacements.reduce((result, [shown, real]) => result.split(shown).join(real), text)
}

/**
 * A stored message as the outbox page shows it: with its secrets put back when `reveal` (outside
 * production) and the seal is still there, else as stored (redacted).
 */
export function shownBodies(
  row: { id: string; textBody: string; htmlBody: string; sealedSecrets: SealedSecrets },
  key: Buffer,
  reveal: boolean,
): { text: string; html: string; secrets: 'none' | 'hidden' | 'revealed' } {
  if (row.sealedSecrets === null) return { text: row.textBody, html: row.htmlBody, secrets: 'none' }
  if (!reveal || row.sealedSecrets === SECRETS_GONE)
    return { text: row.textBody, html: row.htmlBody, secrets: 'hidden' }
  try {
    const replacements = openReplacements(key, row.id, row.sealedSecrets)
    return { text: restore(row.textBody, replacements), html: restore(row.htmlBody, replacements), secrets: 'revealed' }
  } catch {
    return { text: row.textBody, html: row.htmlBody, secrets: 'hidden' }
  }
}
