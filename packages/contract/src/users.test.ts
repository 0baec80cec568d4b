import { describe, expect, it } from 'vitest'
import { AvatarPath, ProfileUpdate } from './users.ts'

describe('profile update body', () => {
  it('accepts a partial update and normalises it', () => {
    expect(ProfileUpdate.parse({ phone_number: '0912345678', first_name: ' Văn  An ' })).toEqual({
      phone_number: '+84912345678',
      first_name: 'Văn An',
    })
    expect(ProfileUpdate.parse({})).toEqual({})
  })

  it('clears optional fields with null', () => {
    expect(ProfileUpdate.parse({ organization: null, job_title: null, phone_number: null, avatar: null })).toEqual({
      organization: null,
      job_title: null,
      phone_number: null,
      avatar: null,
    })
  })

  it.each(['status', 'roles', 'balance', 'email', 'password_hash'])('refuses the field %s', (field) => {
    const result = ProfileUpdate.safeParse({ [field]: 'x' })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.code).toBe('unrecognized_keys')
  })

  it('refuses a name with digits and cannot clear a name', () => {
    expect(ProfileUpdate.safeParse({ last_name: 'An2' }).success).toBe(false)
    expect(ProfileUpdate.safeParse({ first_name: null }).success).toBe(false)
  })
})

describe('avatar path', () => {
  it('is a /files/ path of an uploaded file, or null', () => {
    expect(AvatarPath.safeParse(`/files/fil_${'a'.repeat(26)}`).success).toBe(true)
    expect(AvatarPath.safeParse(null).success).toBe(true)
  })

  it.each([
    'https://evil.example/x.png',
    '/files/../etc/passwd',
    `/files/usr_${'a'.repeat(26)}`,
    'javascript:alert(1)',
  ])('refuses %s with the not-yours message', (value) => {
    const result = AvatarPath.safeParse(value)
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe('users.avatarNotYours')
  })
})
