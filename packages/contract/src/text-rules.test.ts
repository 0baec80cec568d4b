import { describe, expect, it } from 'vitest'
import { login, register } from './auth.ts'
import { createKey } from './keys.ts'
import { Email, FullName, GivenPassword, Password } from './schemas.ts'
import { checkNoNul, findNul } from './text-rules.ts'

// A NUL character (U+0000) is refused in every text (docs/security.md "Text input"): the server's hook
// finds it anywhere in a request with `findNul`, and the contract's checks refuse it with the same key.

describe('findNul', () => {
  it('finds a NUL in a string, an array, an object, a nested value or a key', () => {
    expect(findNul('a\u0000')).toEqual([])
    expect(findNul({ email: 'a@example.com', password: 'x\u0000y' })).toEqual(['password'])
    expect(findNul({ points: [{ name: 'ok' }, { name: 'bad\u0000' }] })).toEqual(['points', 1, 'name'])
    expect(findNul({ 'k\u0000': 1 })).toEqual(['k\u0000'])
    expect(findNul(['a', ['b', ['c\u0000']]])).toEqual([1, 1, 0])
  })

  it('finds nothing in clean input of any JSON type', () => {
    expect(findNul({ a: 'text', b: 1, c: true, d: null, e: [1, 'x', { f: 'ü' }] })).toBeNull()
    expect(findNul(undefined)).toBeNull()
  })

  it('walks deep nesting without exhausting the stack', () => {
    let deep: unknown = 'x\u0000'
    for (let i = 0; i < 100_000; i++) deep = [deep]
    expect(findNul(deep)?.length).toBe(100_000)
  })
})

describe('the contract’s text checks refuse a NUL', () => {
  it('in the shared field schemas, with its own message', () => {
    for (const [schema, value] of [
      [Email, 'a\u0000@example.com'],
      [Password, 'long-enough\u0000'],
      [GivenPassword, '\u0000'],
      [FullName, 'Ada\u0000 Lovelace'],
    ] as const) {
      const result = schema.safeParse(value)
      expect(result.success).toBe(false)
      expect(result.error?.issues.map((issue) => issue.message)).toContain('validation.nulCharacter')
    }
    expect(checkNoNul('fine')).toBeNull()
  })

  it('in the bodies of sign-in, registration and key creation', () => {
    const signIn = login.body.safeParse({ email: 'a@example.com', password: 'p\u0000' })
    expect(signIn.error?.issues.map((issue) => issue.message)).toEqual(['validation.nulCharacter'])
    const key = createKey.body.safeParse({ name: 'Key\u0000', type: 'api_key', restriction_list: null })
    expect(key.error?.issues.map((issue) => issue.message)).toEqual(['validation.nulCharacter'])
    const person = register.body.safeParse({
      full_name: 'Ada\u0000 Lovelace',
      email: 'ada@example.com',
      phone_number: '0912345678',
      password: 'long-enough-1',
      confirm_password: 'long-enough-1',
    })
    expect(person.error?.issues.map((issue) => issue.message)).toContain('validation.nulCharacter')
  })
})
