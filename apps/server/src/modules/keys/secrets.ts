import { randomBytes } from 'node:crypto'
import type { KeyType } from '@app/contract'
import { decrypt, encrypt, sha256Hex } from '../../lib/crypto.ts'

const PREFIX: Record<KeyType, string> = { api_key: 'mk_', maptiles_key: 'mt_' }
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
const SECRET_LENGTH = 40

/** docs/requirements.md §5.6: 40 random url-safe characters behind a type prefix (`mk_` API key, `mt_` map tiles). */
export function generateSecret(type: KeyType): string {
  // 64 symbols and bytes masked to 6 bits: every character is uniformly random (240 bits in all).
  const bytes = randomBytes(SECRET_LENGTH)
  let body = ''
  for (const byte of bytes) body += ALPHABET[byte & 63]
  return PREFIX[type] + body
}

export function hashSecret(secret: string): string {
  return sha256Hex(secret)
}

/** `mk_…w3Zq`: the prefix and the last four characters. */
export function previewSecret(secret: string): string {
  return `${secret.slice(0, 3)}…${secret.slice(-4)}`
}

/** The secret under AES-256-GCM, bound to its key's id so a ciphertext cannot be moved to another key. */
export function sealSecret(aesKey: Buffer, keyId: string, secret: string): string {
  return encrypt(aesKey, secret, `key:${keyId}`)
}

export function openSecret(aesKey: Buffer, keyId: string, sealed: string): string {
  return decrypt(aesKey, sealed, `key:${keyId}`)
}
