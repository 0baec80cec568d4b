import { EMAIL_MAX, KEY_DESCRIPTION_MAX, KEY_NAME_MAX, NAME_PART_MAX, PASSWORD_MAX, PASSWORD_MIN } from './limits.ts'
import type { Check, Problem } from './problem.ts'

// Field rules (docs/requirements.md §4.2, §5, §9.4) as pure checks: the forms run them on blur and submit, and schemas.ts builds
// the server's zod schemas from them, so both sides give the same verdict and the same message.
// No zod here: the browser bundle imports this module.

/** The WHATWG "valid e-mail address" pattern, plus a dot in the domain so that `a@b` is refused. */
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase()
}

export const checkEmail: Check<string> = (raw) => {
  const value = normalizeEmail(raw)
  if (!value) return { key: 'validation.email.required' }
  if (value.length > EMAIL_MAX) return { key: 'validation.email.tooLong', params: { max: EMAIL_MAX } }
  if (!EMAIL_PATTERN.test(value)) return { key: 'validation.email.invalid' }
  return null
}

export const checkPassword: Check<string> = (value) => {
  if (!value) return { key: 'validation.password.required' }
  if ([...value].length < PASSWORD_MIN) return { key: 'validation.password.tooShort', params: { min: PASSWORD_MIN } }
  if ([...value].length > PASSWORD_MAX) return { key: 'validation.password.tooLong', params: { max: PASSWORD_MAX } }
  return null
}

export function checkPasswordConfirmation(password: string, confirmation: string): Problem | null {
  if (!confirmation) return { key: 'validation.password.confirmRequired' }
  if (password !== confirmation) return { key: 'validation.password.mismatch' }
  return null
}

/** A name must not contain digits or any of these characters (docs/requirements.md §4.2). */
export const NAME_FORBIDDEN_CHARACTERS = '`!@#$%^&*()_+-=[]{};:"\\|,.<>/?~'
const DIGIT = /\p{Nd}/u

export function collapseSpaces(value: string): string {
  return value.trim().replace(/\s+/g, ' ')
}

function hasForbiddenCharacter(value: string): boolean {
  if (DIGIT.test(value)) return true
  for (const ch of value) if (NAME_FORBIDDEN_CHARACTERS.includes(ch)) return true
  return false
}

/** One part of a name (first or last name). */
export const checkNamePart: Check<string> = (raw) => {
  const value = collapseSpaces(raw)
  if (!value) return { key: 'validation.name.required' }
  if (value.length > NAME_PART_MAX) return { key: 'validation.name.tooLong', params: { max: NAME_PART_MAX } }
  if (hasForbiddenCharacter(value)) return { key: 'validation.name.invalidChars' }
  return null
}

/** A full name: at least two words, no digits or special characters. */
export const checkFullName: Check<string> = (raw) => {
  const value = collapseSpaces(raw)
  if (!value) return { key: 'validation.fullName.required' }
  if (value.length > NAME_PART_MAX * 2) return { key: 'validation.name.tooLong', params: { max: NAME_PART_MAX * 2 } }
  if (hasForbiddenCharacter(value)) return { key: 'validation.name.invalidChars' }
  if (value.split(' ').length < 2) return { key: 'validation.fullName.twoWords' }
  return null
}

/**
 * Splits a full name into the stored first and last name: the last word is the last name
 * ("Ada Lovelace" → Ada / Lovelace). Display always uses the full name, so name order is kept.
 */
export function splitFullName(raw: string): { first_name: string; last_name: string } {
  const words = collapseSpaces(raw).split(' ')
  const last = words.pop() ?? ''
  return { first_name: words.join(' '), last_name: last }
}

export function joinName(first: string | null | undefined, last: string | null | undefined): string {
  return [first, last]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ')
}

export function checkMaxLength(max: number): Check<string> {
  return (value) => (value.length > max ? { key: 'validation.text.tooLong', params: { max } } : null)
}

/** A key name is required and at most 180 characters, with a message for each (docs/requirements.md §5.1). */
export const checkKeyName: Check<string> = (raw) => {
  const value = raw.trim()
  if (!value) return { key: 'keys.nameRequired' }
  if (value.length > KEY_NAME_MAX) return { key: 'keys.nameTooLong', params: { max: KEY_NAME_MAX } }
  return null
}

export const checkKeyDescription: Check<string> = (value) =>
  value.length > KEY_DESCRIPTION_MAX ? { key: 'keys.descriptionTooLong', params: { max: KEY_DESCRIPTION_MAX } } : null

// VAT invoice request (docs/requirements.md §9.4): each field valid, else its own message.
const VAT_EMAIL_PATTERN = EMAIL_PATTERN

export const checkVatCompanyName: Check<string> = (raw) => {
  const value = raw.trim()
  return value.length < 2 || value.length > 255 ? { key: 'billing.vat.companyName' } : null
}

export const checkVatCompanyAddress: Check<string> = (raw) => {
  const value = raw.trim()
  return value.length < 5 || value.length > 500 ? { key: 'billing.vat.companyAddress' } : null
}

/** A Vietnamese tax code: 10 digits, or 10 digits, a dash and a 3-digit branch number. */
export const checkVatTaxCode: Check<string> = (raw) =>
  /^\d{10}(-\d{3})?$/.test(raw.trim()) ? null : { key: 'billing.vat.taxCode' }

export const checkVatEmail: Check<string> = (raw) => {
  const value = normalizeEmail(raw)
  return value.length > EMAIL_MAX || !VAT_EMAIL_PATTERN.test(value) ? { key: 'billing.vat.email' } : null
}
