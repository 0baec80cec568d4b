import { describe, expect, it } from 'vitest'
import { changePassword, RegisterBody, resetPassword } from './auth.ts'

const valid = {
  full_name: '  Nguyễn   Văn An ',
  email: ' An.Nguyen@Example.com ',
  phone_number: '0912 345 678',
  password: 'long-enough',
  confirm_password: 'long-enough',
}

const issues = (result: {
  success: boolean
  error?: { issues: { path: PropertyKey[]; message: string; code: string }[] }
}) => (result.error?.issues ?? []).map((i) => ({ path: i.path.join('.'), message: i.message, code: i.code }))

describe('register body', () => {
  it('normalises what it accepts', () => {
    expect(RegisterBody.parse(valid)).toEqual({
      full_name: 'Nguyễn Văn An',
      email: 'an.nguyen@example.com',
      phone_number: '+84912345678',
      password: 'long-enough',
      confirm_password: 'long-enough',
    })
  })

  it('asks for a confirmation and for it to match', () => {
    expect(issues(RegisterBody.safeParse({ ...valid, confirm_password: '' }))).toContainEqual({
      path: 'confirm_password',
      message: 'validation.password.confirmRequired',
      code: 'custom',
    })
    expect(issues(RegisterBody.safeParse({ ...valid, confirm_password: 'long-enougH' }))).toContainEqual({
      path: 'confirm_password',
      message: 'validation.password.mismatch',
      code: 'custom',
    })
  })

  it('refuses fields it does not know, such as a role', () => {
    const result = RegisterBody.safeParse({ ...valid, role: 'admin' })
    expect(result.success).toBe(false)
    expect(issues(result)[0]?.code).toBe('unrecognized_keys')
  })

  it('reports each invalid field with its rule', () => {
    const result = RegisterBody.safeParse({
      ...valid,
      full_name: 'Ada',
      email: 'a@b',
      phone_number: '123',
      password: 'short',
      confirm_password: 'short',
    })
    expect(issues(result).map((i) => [i.path, i.message])).toEqual(
      expect.arrayContaining([
        ['full_name', 'validation.fullName.twoWords'],
        ['email', 'validation.email.invalid'],
        ['phone_number', 'validation.phone.invalid'],
        ['password', 'validation.password.tooShort'],
      ]),
    )
  })

  it('does not coerce types', () => {
    expect(RegisterBody.safeParse({ ...valid, phone_number: 912345678 }).success).toBe(false)
  })
})

describe('password change and reset bodies', () => {
  it('need a matching confirmation', () => {
    const change = changePassword.body.safeParse({
      current_password: 'old-one',
      new_password: 'new-password',
      confirm_password: 'other-password',
    })
    expect(issues(change)).toContainEqual({
      path: 'confirm_password',
      message: 'validation.password.mismatch',
      code: 'custom',
    })
    const reset = resetPassword.body.safeParse({ token: 't', password: 'new-password', confirm_password: 'x' })
    expect(issues(reset)).toContainEqual({
      path: 'confirm_password',
      message: 'validation.password.mismatch',
      code: 'custom',
    })
  })

  it('apply the password rule to the new password only', () => {
    expect(
      changePassword.body.safeParse({
        current_password: 'short',
        new_password: 'new-password',
        confirm_password: 'new-password',
      }).success,
    ).toBe(true)
    const weak = changePassword.body.safeParse({
      current_password: 'old-password',
      new_password: 'short',
      confirm_password: 'short',
    })
    expect(issues(weak)).toContainEqual({
      path: 'new_password',
      message: 'validation.password.tooShort',
      code: 'custom',
    })
  })
})
