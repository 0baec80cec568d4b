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

// The seller shown on bills (issue 20): the provider's legal name, address and tax number.
export const SELLER_NAME_MAX = 200
export const SELLER_ADDRESS_MAX = 500
export const SELLER_TAX_CODE_PATTERN = /^[0-9A-Za-z./ -]{0,30}$/

export const checkSellerName: Check<string> = (raw) =>
  raw.trim().length <= SELLER_NAME_MAX ? null : { key: 'settings.seller.nameTooLong', params: { max: SELLER_NAME_MAX } }

export const checkSellerAddress: Check<string> = (raw) =>
  raw.trim().length <= SELLER_ADDRESS_MAX
    ? null
    : { key: 'settings.seller.addressTooLong', params: { max: SELLER_ADDRESS_MAX } }

export const checkSellerTaxCode: Check<string> = (raw) =>
  SELLER_TAX_CODE_PATTERN.test(raw.trim()) ? null : { key: 'settings.seller.taxCodeInvalid' }
