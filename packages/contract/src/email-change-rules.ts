import { checkEmail, normalizeEmail } from './fields.ts'
import { EMAIL_CHANGE_NEW_EMAIL_MAX, EMAIL_CHANGE_REASON_MAX, EMAIL_CHANGE_REFUSE_REASON_MAX } from './limits.ts'
import type { Check } from './problem.ts'

// E-mail change requests (docs/requirements.md §13): the rules the customer's form, the back office's refusal
// dialog and the server all run. No zod here: the browser bundle imports this module.

export const EMAIL_CHANGE_STATUSES = ['unaccomplished', 'accomplished', 'refused'] as const

/** A valid address of at most 255 characters (docs/requirements.md §13.1). */
export const checkNewEmail: Check<string> = (raw) => {
  const value = normalizeEmail(raw)
  if (value.length > EMAIL_CHANGE_NEW_EMAIL_MAX)
    return { key: 'validation.email.tooLong', params: { max: EMAIL_CHANGE_NEW_EMAIL_MAX } }
  return checkEmail(raw)
}

/** The re-entered address must be the same address (case and surrounding spaces aside). */
export function checkConfirmEmail(newEmail: string, confirm: string) {
  if (!confirm.trim()) return { key: 'emailChange.confirmRequired' } as const
  return normalizeEmail(newEmail) === normalizeEmail(confirm) ? null : ({ key: 'emailChange.confirmMismatch' } as const)
}

export const checkChangeReason: Check<string> = (raw) => {
  const value = raw.trim()
  if (!value) return { key: 'emailChange.reasonRequired' }
  if (value.length > EMAIL_CHANGE_REASON_MAX)
    return { key: 'emailChange.reasonTooLong', params: { max: EMAIL_CHANGE_REASON_MAX } }
  return null
}

export const checkRefuseReason: Check<string> = (raw) => {
  const value = raw.trim()
  if (!value) return { key: 'emailChange.refuseReasonRequired' }
  if (value.length > EMAIL_CHANGE_REFUSE_REASON_MAX)
    return { key: 'emailChange.refuseReasonTooLong', params: { max: EMAIL_CHANGE_REFUSE_REASON_MAX } }
  return null
}
