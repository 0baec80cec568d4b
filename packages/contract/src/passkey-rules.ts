import type { Check } from './problem.ts'

// Rules of two-factor recovery codes and passkeys that the server and the browser both run (no zod:
// the browser imports this through browser.ts). docs/auth.md "Recovery codes", "Passkeys".

/** How many recovery codes a set has. */
export const RECOVERY_CODE_COUNT = 10
/** Characters of a recovery code (base32, 5 bits each: 120 bits), shown in groups of four. */
export const RECOVERY_CODE_LENGTH = 24

/** What a person may type for a code: any case, with or without the spaces and dashes it is shown with. */
export function normaliseRecoveryCode(value: string): string {
  return value.toLowerCase().replace(/[\s-]+/g, '')
}

/** `abcd-efgh-…`: how a code is shown. */
export function formatRecoveryCode(code: string): string {
  return code.replace(/(.{4})(?=.)/g, '$1-')
}

/** Passkeys one account may have. */
export const PASSKEYS_MAX = 10
export const PASSKEY_NAME_MAX = 64

/** A passkey's name, as the settings form checks it too. */
export const checkPasskeyName: Check<string> = (raw) => {
  const value = raw.trim()
  if (!value) return { key: 'passkeys.nameRequired' }
  if (value.length > PASSKEY_NAME_MAX) return { key: 'passkeys.nameTooLong', params: { max: PASSKEY_NAME_MAX } }
  return null
}
