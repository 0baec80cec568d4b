import { describe, expect, it } from 'vitest'
import {
  checkEmail,
  checkFullName,
  checkMaxLength,
  checkNamePart,
  checkPassword,
  checkPasswordConfirmation,
  checkPhone,
  checkVatCompanyAddress,
  checkVatCompanyName,
  checkVatEmail,
  checkVatTaxCode,
  collapseSpaces,
  Email,
  FullName,
  GivenPassword,
  JobTitle,
  joinName,
  LoginEmail,
  NAME_FORBIDDEN_CHARACTERS,
  NamePart,
  normalizeEmail,
  normalizePhone,
  Organization,
  Password,
  Phone,
  splitFullName,
} from './index.ts'
import { EMAIL_MAX, NAME_PART_MAX, PASSWORD_MAX, PASSWORD_MIN } from './limits.ts'

/** The message key zod reports for a value, or null when it is accepted. */
function issueOf(
  schema: { safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
  value: unknown,
) {
  const result = schema.safeParse(value)
  return result.success ? null : (result.error?.issues[0]?.message ?? 'unknown')
}

describe('e-mail', () => {
  it('accepts an ordinary address', () => {
    expect(checkEmail('ada@example.com')).toBeNull()
    expect(checkEmail('first.last+tag@mail.example.co.uk')).toBeNull()
  })

  it('is lower-cased and trimmed before it is judged and stored', () => {
    expect(normalizeEmail('  Ada.Lovelace@Example.COM ')).toBe('ada.lovelace@example.com')
    expect(checkEmail('  Ada@Example.COM  ')).toBeNull()
    expect(Email.parse('  Ada@Example.COM  ')).toBe('ada@example.com')
  })

  it('asks for an address when it is empty or blank', () => {
    expect(checkEmail('')).toEqual({ key: 'validation.email.required' })
    expect(checkEmail('   ')).toEqual({ key: 'validation.email.required' })
  })

  it('refuses an address without a dot in the domain, like a@b', () => {
    expect(checkEmail('a@b')).toEqual({ key: 'validation.email.invalid' })
  })

  it.each([
    'plainaddress',
    '@example.com',
    'ada@',
    'ada@@example.com',
    'ada example@example.com',
    'ada@-example.com',
    'ada@example..com',
  ])('refuses the malformed address %s', (value) => {
    expect(checkEmail(value)).toEqual({ key: 'validation.email.invalid' })
  })

  it(`refuses an address longer than ${EMAIL_MAX} characters`, () => {
    const tooLong = `${'a'.repeat(EMAIL_MAX - '@example.com'.length + 1)}@example.com`
    expect(tooLong.length).toBe(EMAIL_MAX + 1)
    expect(checkEmail(tooLong)).toEqual({ key: 'validation.email.tooLong', params: { max: EMAIL_MAX } })
    const longest = `${'a'.repeat(EMAIL_MAX - '@example.com'.length)}@example.com`
    expect(checkEmail(longest)).toBeNull()
  })

  it('reports the rule’s key through the zod schema', () => {
    expect(issueOf(Email, 'a@b')).toBe('validation.email.invalid')
    expect(issueOf(Email, '')).toBe('validation.email.required')
  })

  it('looks up sign-in addresses without judging their form, only normalising them', () => {
    expect(LoginEmail.parse(' Old-Style@Intranet ')).toBe('old-style@intranet')
    expect(issueOf(LoginEmail, '')).toBe('validation.email.required')
    expect(issueOf(LoginEmail, `${'a'.repeat(EMAIL_MAX)}@x.io`)).toBe('validation.email.tooLong')
  })
})

describe('password', () => {
  it(`needs at least ${PASSWORD_MIN} characters`, () => {
    expect(checkPassword('1234567')).toEqual({ key: 'validation.password.tooShort', params: { min: PASSWORD_MIN } })
    expect(checkPassword('12345678')).toBeNull()
  })

  it('counts characters, not UTF-16 units', () => {
    // Four emoji are eight UTF-16 units but only four characters.
    expect(checkPassword('😀😀😀😀')).toEqual({ key: 'validation.password.tooShort', params: { min: PASSWORD_MIN } })
    expect(checkPassword('mậtkhẩu!')).toBeNull()
  })

  it(`accepts long passphrases up to ${PASSWORD_MAX} characters and no more`, () => {
    expect(checkPassword('x'.repeat(PASSWORD_MAX))).toBeNull()
    expect(checkPassword('x'.repeat(PASSWORD_MAX + 1))).toEqual({
      key: 'validation.password.tooLong',
      params: { max: PASSWORD_MAX },
    })
  })

  it('asks for a password when it is empty', () => {
    expect(checkPassword('')).toEqual({ key: 'validation.password.required' })
    expect(issueOf(Password, '')).toBe('validation.password.required')
  })

  it('only checks presence and a length cap on a password typed to sign in', () => {
    expect(GivenPassword.parse('short')).toBe('short')
    expect(issueOf(GivenPassword, '')).toBe('validation.password.required')
    expect(issueOf(GivenPassword, 'x'.repeat(PASSWORD_MAX * 4 + 1))).toBe('validation.password.tooLong')
  })

  it('needs a confirmation that matches', () => {
    expect(checkPasswordConfirmation('secret-123', 'secret-123')).toBeNull()
    expect(checkPasswordConfirmation('secret-123', '')).toEqual({ key: 'validation.password.confirmRequired' })
    expect(checkPasswordConfirmation('secret-123', 'secret-124')).toEqual({ key: 'validation.password.mismatch' })
    expect(checkPasswordConfirmation('secret-123', 'Secret-123')).toEqual({ key: 'validation.password.mismatch' })
  })
})

describe('names', () => {
  it('accepts a full name of two or more words', () => {
    expect(checkFullName('Ada Lovelace')).toBeNull()
    expect(checkFullName('Nguyễn Văn An')).toBeNull()
  })

  it('refuses a single word as a full name', () => {
    expect(checkFullName('Ada')).toEqual({ key: 'validation.fullName.twoWords' })
    expect(checkFullName('   Ada   ')).toEqual({ key: 'validation.fullName.twoWords' })
  })

  it('asks for a full name when it is empty', () => {
    expect(checkFullName('')).toEqual({ key: 'validation.fullName.required' })
    expect(checkFullName('  ')).toEqual({ key: 'validation.fullName.required' })
  })

  it('accepts Vietnamese and Burmese letters, including combining marks', () => {
    expect(checkFullName('Trần Thị Hồng Nhung')).toBeNull()
    expect(checkFullName('Đặng Quốc Bảo')).toBeNull()
    expect(checkFullName('အောင် ဆန်းစုကြည်')).toBeNull()
    expect(checkNamePart('မောင်')).toBeNull()
    expect(checkNamePart('Phương')).toBeNull()
  })

  it('accepts an apostrophe', () => {
    expect(checkFullName("Seán O'Brien")).toBeNull()
    expect(checkNamePart("D'Arcy")).toBeNull()
  })

  it.each(['Ada 2 Lovelace', 'Ada Lovelace3', 'Ko ၁ Aung', 'Ada ٣ Lovelace', 'Ada ７ Lovelace'])(
    'refuses digits of any script in %s',
    (value) => {
      expect(checkFullName(value)).toEqual({ key: 'validation.name.invalidChars' })
    },
  )

  it('refuses a Burmese digit in a name part', () => {
    expect(checkNamePart('မောင်၁')).toEqual({ key: 'validation.name.invalidChars' })
  })

  it('names exactly the forbidden characters of requirements §4.2', () => {
    expect([...NAME_FORBIDDEN_CHARACTERS].sort()).toEqual([...'`!@#$%^&*()_+-=[]{};:"\\|,.<>/?~'].sort())
  })

  it.each([...'`!@#$%^&*()_+-=[]{};:"\\|,.<>/?~'])('refuses the character %s in a full name and a name part', (ch) => {
    expect(checkFullName(`Ada Love${ch}lace`)).toEqual({ key: 'validation.name.invalidChars' })
    expect(checkNamePart(`Ada${ch}`)).toEqual({ key: 'validation.name.invalidChars' })
  })

  it(`limits a name part to ${NAME_PART_MAX} characters and a full name to twice that`, () => {
    expect(checkNamePart('a'.repeat(NAME_PART_MAX))).toBeNull()
    expect(checkNamePart('a'.repeat(NAME_PART_MAX + 1))).toEqual({
      key: 'validation.name.tooLong',
      params: { max: NAME_PART_MAX },
    })
    const longFull = `${'a'.repeat(NAME_PART_MAX)} ${'b'.repeat(NAME_PART_MAX)}`
    expect(checkFullName(longFull)).toEqual({ key: 'validation.name.tooLong', params: { max: NAME_PART_MAX * 2 } })
  })

  it('asks for a name part when it is empty', () => {
    expect(checkNamePart('')).toEqual({ key: 'validation.name.required' })
    expect(issueOf(NamePart, ' ')).toBe('validation.name.required')
  })

  it('collapses runs of spaces in what it stores', () => {
    expect(collapseSpaces('  Ada \t  Lovelace  ')).toBe('Ada Lovelace')
    expect(FullName.parse('  Ada    Lovelace ')).toBe('Ada Lovelace')
    expect(NamePart.parse(' Jean   Luc ')).toBe('Jean Luc')
    expect(issueOf(FullName, 'Ada')).toBe('validation.fullName.twoWords')
  })

  it('splits a full name into first name and last word', () => {
    expect(splitFullName('Ada Lovelace')).toEqual({ first_name: 'Ada', last_name: 'Lovelace' })
    expect(splitFullName('  Nguyễn   Văn  An ')).toEqual({ first_name: 'Nguyễn Văn', last_name: 'An' })
    expect(splitFullName('Ada')).toEqual({ first_name: '', last_name: 'Ada' })
  })

  it('joins a first and last name, skipping missing parts', () => {
    expect(joinName('Nguyễn Văn', 'An')).toBe('Nguyễn Văn An')
    expect(joinName(' Ada ', null)).toBe('Ada')
    expect(joinName(undefined, 'Lovelace')).toBe('Lovelace')
    expect(joinName('', '  ')).toBe('')
  })

  it('joins what it split back into the same name', () => {
    const { first_name, last_name } = splitFullName('Trần Thị Hồng Nhung')
    expect(joinName(first_name, last_name)).toBe('Trần Thị Hồng Nhung')
  })
})

describe('phone', () => {
  it.each([
    ['0912345678', '+84912345678'],
    ['912345678', '+84912345678'],
    ['091 234 5678', '+84912345678'],
    ['091-234-5678', '+84912345678'],
    ['+84912345678', '+84912345678'],
    ['84912345678', '+84912345678'],
    ['02838221234', '+842838221234'],
  ])('reads %s as a Vietnamese number: %s', (raw, e164) => {
    expect(normalizePhone(raw)).toBe(e164)
    expect(checkPhone(raw)).toBeNull()
    expect(Phone.parse(raw)).toBe(e164)
  })

  it('keeps the country of a number given with its code', () => {
    expect(normalizePhone('+1 202 555 0143')).toBe('+12025550143')
    expect(normalizePhone('+95 9 420 123 456')).toMatch(/^\+959/)
  })

  it.each(['123', 'abc', '0123456789', '09123456789', '+84 12', '1'.repeat(33)])('refuses %s', (raw) => {
    expect(normalizePhone(raw)).toBeNull()
    expect(checkPhone(raw)).toEqual({ key: 'validation.phone.invalid' })
    expect(issueOf(Phone, raw)).toBe('validation.phone.invalid')
  })

  it('asks for a number when it is empty', () => {
    expect(checkPhone('  ')).toEqual({ key: 'validation.phone.required' })
    expect(normalizePhone('')).toBeNull()
  })
})

describe('free text', () => {
  it('limits length and reports the maximum', () => {
    expect(checkMaxLength(5)('12345')).toBeNull()
    expect(checkMaxLength(5)('123456')).toEqual({ key: 'validation.text.tooLong', params: { max: 5 } })
  })

  it('trims organization and job title and caps them', () => {
    expect(Organization.parse('  Acme  ')).toBe('Acme')
    expect(JobTitle.parse(' CTO ')).toBe('CTO')
    expect(issueOf(Organization, 'x'.repeat(256))).toBe('validation.text.tooLong')
    expect(issueOf(JobTitle, 'x'.repeat(256))).toBe('validation.text.tooLong')
  })
})

describe('VAT invoice fields', () => {
  it('accepts a company name of 2 to 255 characters, trimmed', () => {
    expect(checkVatCompanyName('Acme Maps JSC')).toBeNull()
    expect(checkVatCompanyName('AB')).toBeNull()
    expect(checkVatCompanyName('  Công ty TNHH Bản Đồ  ')).toBeNull()
    expect(checkVatCompanyName('x'.repeat(255))).toBeNull()
  })

  it.each(['', '   ', 'A', '  A  ', 'x'.repeat(256)])('refuses the company name %j', (value) => {
    expect(checkVatCompanyName(value)).toEqual({ key: 'billing.vat.companyName' })
  })

  it('accepts a company address of 5 to 500 characters, trimmed', () => {
    expect(checkVatCompanyAddress('12 Tran Hung Dao, Hoan Kiem, Hanoi')).toBeNull()
    expect(checkVatCompanyAddress('1 Rd.')).toBeNull()
    expect(checkVatCompanyAddress(' 1 Rd. ')).toBeNull()
    expect(checkVatCompanyAddress('x'.repeat(500))).toBeNull()
  })

  it.each(['', '     ', '1 Rd', '  1 Rd  ', 'x'.repeat(501)])('refuses the company address %j', (value) => {
    expect(checkVatCompanyAddress(value)).toEqual({ key: 'billing.vat.companyAddress' })
  })

  it.each(['0101234567', '0101234567-001', ' 0312345678 '])('accepts the tax code %j', (value) => {
    expect(checkVatTaxCode(value)).toBeNull()
  })

  it.each([
    '',
    '010123456',
    '01012345678',
    '0101234567001',
    '0101234567-01',
    '0101234567-0011',
    '0101234567 001',
    'abcdefghij',
    'MST 0101234567',
    '０１０１２３４５６７',
  ])('refuses the tax code %j', (value) => {
    expect(checkVatTaxCode(value)).toEqual({ key: 'billing.vat.taxCode' })
  })

  it('accepts a recipient e-mail in any case, with spaces around it', () => {
    expect(checkVatEmail('billing@example.com')).toBeNull()
    expect(checkVatEmail('  Billing@Example.COM ')).toBeNull()
    const longest = `${'a'.repeat(EMAIL_MAX - '@example.com'.length)}@example.com`
    expect(checkVatEmail(longest)).toBeNull()
  })

  it.each(['', '   ', 'a@b', 'billing@', '@example.com', 'bill ing@example.com', 'billing@@example.com'])(
    'refuses the e-mail %j',
    (value) => {
      expect(checkVatEmail(value)).toEqual({ key: 'billing.vat.email' })
    },
  )

  it(`refuses an e-mail longer than ${EMAIL_MAX} characters`, () => {
    const tooLong = `${'a'.repeat(EMAIL_MAX - '@example.com'.length + 1)}@example.com`
    expect(checkVatEmail(tooLong)).toEqual({ key: 'billing.vat.email' })
  })
})
