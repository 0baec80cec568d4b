import { describe, expect, it } from 'vitest'
import { checkChangeReason, checkConfirmEmail, checkNewEmail, checkRefuseReason } from './email-change-rules.ts'
import { checkSupportEmail, checkSupportHours, checkSupportPhone } from './settings-rules.ts'

describe('e-mail change rules', () => {
  it('takes a valid address of at most 255 characters', () => {
    expect(checkNewEmail('New.Person@Example.com')).toBeNull()
    expect(checkNewEmail('not-an-email')?.key).toBe('validation.email.invalid')
    expect(checkNewEmail('')?.key).toBe('validation.email.required')
    expect(checkNewEmail(`${'a'.repeat(243)}@example.com`)).toBeNull()
    expect(checkNewEmail(`${'a'.repeat(244)}@example.com`)).toEqual({
      key: 'validation.email.tooLong',
      params: { max: 255 },
    })
  })

  it('wants the same address typed twice, case and spaces aside', () => {
    expect(checkConfirmEmail('a@example.com', ' A@Example.com ')).toBeNull()
    expect(checkConfirmEmail('a@example.com', 'b@example.com')?.key).toBe('emailChange.confirmMismatch')
    expect(checkConfirmEmail('a@example.com', '  ')?.key).toBe('emailChange.confirmRequired')
  })

  it('needs a reason of at most 512 characters and a refusal reason of at most 1024', () => {
    expect(checkChangeReason('x'.repeat(512))).toBeNull()
    expect(checkChangeReason('x'.repeat(513))).toEqual({ key: 'emailChange.reasonTooLong', params: { max: 512 } })
    expect(checkChangeReason('   ')?.key).toBe('emailChange.reasonRequired')
    expect(checkRefuseReason('x'.repeat(1024))).toBeNull()
    expect(checkRefuseReason('x'.repeat(1025))).toEqual({
      key: 'emailChange.refuseReasonTooLong',
      params: { max: 1024 },
    })
    expect(checkRefuseReason('')?.key).toBe('emailChange.refuseReasonRequired')
  })
})

describe('support contact rules', () => {
  it('lets each field be empty and judges what was typed', () => {
    expect(checkSupportEmail('')).toBeNull()
    expect(checkSupportEmail('help@example.com')).toBeNull()
    expect(checkSupportEmail('help@')?.key).toBe('settings.support.emailInvalid')
    expect(checkSupportPhone('')).toBeNull()
    expect(checkSupportPhone('+84 (24) 1234-5678')).toBeNull()
    expect(checkSupportPhone('call me')?.key).toBe('settings.support.phoneInvalid')
    expect(checkSupportPhone('1'.repeat(31))?.key).toBe('settings.support.phoneInvalid')
    expect(checkSupportHours('x'.repeat(120))).toBeNull()
    expect(checkSupportHours('x'.repeat(121))?.key).toBe('settings.support.hoursTooLong')
  })
})
