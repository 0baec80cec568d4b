import type { Check } from './problem.ts'

// The support contact setting's rules, run by the back office's form and (through support-contact.ts)
// the server. No zod here: the browser bundle imports this module.

export const SUPPORT_HOURS_MAX = 120
export const SUPPORT_PHONE_PATTERN = /^[0-9+()\s-]{0,30}$/
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const checkSupportEmail: Check<string> = (raw) => {
  const value = raw.trim()
  return value === '' || (value.length <= 255 && EMAIL.test(value)) ? null : { key: 'settings.support.emailInvalid' }
}

export const checkSupportPhone: Check<string> = (raw) =>
  SUPPORT_PHONE_PATTERN.test(raw.trim()) ? null : { key: 'settings.support.phoneInvalid' }

export const checkSupportHours: Check<string> = (raw) =>
  raw.trim().length <= SUPPORT_HOURS_MAX ? null : { key: 'settings.support.hoursTooLong' }
