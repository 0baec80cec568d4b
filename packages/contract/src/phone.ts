import { parsePhoneNumberFromString } from 'libphonenumber-js/max'
import type { Check } from './problem.ts'

// Phone numbers in their own module: the full metadata is large, and only the screens that take a
// phone number (sign-up, profile) should load it.

/** Phone numbers are parsed with Vietnam as the default region (docs/requirements.md §4.2). */
export const DEFAULT_PHONE_REGION = 'VN'

/** The E.164 form of a valid phone number, or null. */
export function normalizePhone(raw: string): string | null {
  const value = raw.trim()
  if (!value || value.length > 32) return null
  const parsed = parsePhoneNumberFromString(value, DEFAULT_PHONE_REGION)
  return parsed?.isValid() ? parsed.number : null
}

export const checkPhone: Check<string> = (raw) => {
  if (!raw.trim()) return { key: 'validation.phone.required' }
  return normalizePhone(raw) ? null : { key: 'validation.phone.invalid' }
}
