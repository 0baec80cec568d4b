import { hash, verify } from '@node-rs/argon2'

// OWASP's minimum for argon2id: 19 MiB, 2 passes, 1 lane (OWASP Password Storage Cheat Sheet).
/** `Algorithm.Argon2id` of @node-rs/argon2 (a const enum, which isolated modules cannot import). */
const ARGON2ID = 2
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS)
}

let dummyHash: Promise<string> | undefined

/**
 * Checks a password against a stored hash. With no hash (unknown e-mail) it still spends the same
 * time on a dummy hash, so response timing does not reveal which e-mails have accounts.
 */
export async function checkPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('not-the-password-of-anyone')
    await verify(await dummyHash, password).catch(() => false)
    return false
  }
  try {
    return await verify(storedHash, password)
  } catch {
    return false
  }
}
