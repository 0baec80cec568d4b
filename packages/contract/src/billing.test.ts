import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import {
  BILL_FILTERS,
  BILL_SORTS,
  billEstimate,
  billPdf,
  billXlsx,
  countBillsByMonth,
  exportBills,
  generateBills,
  listAllBills,
  listBills,
  requestVat,
  setBillPaid,
} from './billing.ts'
import { en } from './messages/en.ts'

/** The first issue's code and message per path, or null when the value is accepted. */
function issues(schema: z.ZodType, value: unknown): Record<string, [string, string]> | null {
  const result = schema.safeParse(value)
  if (result.success) return null
  const found: Record<string, [string, string]> = {}
  for (const issue of result.error.issues) found[issue.path.join('.')] ??= [issue.code, issue.message]
  return found
}
const codesOf = (schema: z.ZodType, value: unknown) => {
  const found = issues(schema, value)
  return found && Object.fromEntries(Object.entries(found).map(([path, [code]]) => [path, code]))
}

const USER_ID = `usr_${'b'.repeat(26)}`

describe('VAT request body', () => {
  const body = requestVat.body
  const valid = {
    company_name: ' Acme Maps JSC ',
    company_address: ' 12 Tran Hung Dao, Hanoi ',
    tax_code: ' 0101234567-001 ',
    email: ' Billing@Example.COM ',
  }

  it('trims every field and lower-cases the e-mail', () => {
    expect(body.parse(valid)).toEqual({
      company_name: 'Acme Maps JSC',
      company_address: '12 Tran Hung Dao, Hanoi',
      tax_code: '0101234567-001',
      email: 'billing@example.com',
    })
    expect(body.parse({ ...valid, tax_code: '0101234567' }).tax_code).toBe('0101234567')
  })

  it('gives each bad field its message', () => {
    expect(issues(body, { company_name: 'A', company_address: 'Hà', tax_code: '12345', email: 'a@b' })).toEqual({
      company_name: ['custom', 'billing.vat.companyName'],
      company_address: ['custom', 'billing.vat.companyAddress'],
      tax_code: ['custom', 'billing.vat.taxCode'],
      email: ['custom', 'billing.vat.email'],
    })
    expect(
      ['billing.vat.companyName', 'billing.vat.companyAddress', 'billing.vat.taxCode', 'billing.vat.email'].map(
        (key) => en[key as keyof typeof en],
      ),
    ).toEqual(['Invalid company name', 'Invalid company address', 'Invalid tax code', 'Invalid email'])
  })

  it.each([
    ['company_name', '  ', 'billing.vat.companyName'],
    ['company_name', 'x'.repeat(256), 'billing.vat.companyName'],
    ['company_address', '1 St', 'billing.vat.companyAddress'],
    ['company_address', 'x'.repeat(501), 'billing.vat.companyAddress'],
    ['tax_code', '010123456', 'billing.vat.taxCode'],
    ['tax_code', '0101234567-01', 'billing.vat.taxCode'],
    ['tax_code', 'MST0101234567', 'billing.vat.taxCode'],
    ['email', '', 'billing.vat.email'],
    ['email', 'billing@', 'billing.vat.email'],
  ])('refuses %s %j with %s alone', (field, value, key) => {
    expect(issues(body, { ...valid, [field]: value })).toEqual({ [field]: ['custom', key] })
  })

  it('needs all four fields and nothing else', () => {
    const { email: _email, ...noEmail } = valid
    expect(codesOf(body, noEmail)).toEqual({ email: 'invalid_type' })
    expect(codesOf(body, { ...valid, phone: '0912345678' })).toEqual({ '': 'unrecognized_keys' })
  })
})

describe('all-bills query', () => {
  const query = listAllBills.query

  it('defaults to the newest bills first, all paid states, first page', () => {
    expect(query.parse({})).toEqual({ sort_by: 'bill_date', sort_mode: 'desc', filters: 'all', page: 1 })
  })

  it('reads query-string values', () => {
    expect(
      query.parse({
        keyword: ' INV-202611 ',
        sort_by: 'total',
        sort_mode: 'asc',
        month: '11',
        year: '2026',
        filters: 'unpaid',
        page: '2',
        page_size: '50',
      }),
    ).toEqual({
      keyword: 'INV-202611',
      sort_by: 'total',
      sort_mode: 'asc',
      month: 11,
      year: 2026,
      filters: 'unpaid',
      page: 2,
      page_size: 50,
    })
    expect(query.parse({ size: '20' })).toEqual({
      sort_by: 'bill_date',
      sort_mode: 'desc',
      filters: 'all',
      page: 1,
      size: 20,
    })
  })

  it('knows the sorts and filters', () => {
    expect(BILL_SORTS).toEqual(['bill_date', 'total', 'month', 'code', 'email'])
    expect(BILL_FILTERS).toEqual(['all', 'paid', 'unpaid'])
    for (const sort_by of BILL_SORTS) expect(query.parse({ sort_by }).sort_by).toBe(sort_by)
    for (const filters of BILL_FILTERS) expect(query.parse({ filters }).filters).toBe(filters)
  })

  it.each([
    [{ month: '0' }, { month: 'too_small' }],
    [{ month: '13' }, { month: 'too_big' }],
    [{ month: '1.5' }, { month: 'invalid_type' }],
    [{ year: '1999' }, { year: 'too_small' }],
    [{ year: '2101' }, { year: 'too_big' }],
    [{ filters: 'overdue' }, { filters: 'invalid_value' }],
    [{ sort_by: 'amount' }, { sort_by: 'invalid_value' }],
    [{ sort_mode: 'up' }, { sort_mode: 'invalid_value' }],
    [{ page: '0' }, { page: 'too_small' }],
    [{ page_size: '101' }, { page_size: 'too_big' }],
    [{ keyword: 'k'.repeat(256) }, { keyword: 'too_big' }],
    [{ user_id: USER_ID }, { '': 'unrecognized_keys' }],
  ])('refuses %j', (value, expected) => {
    expect(codesOf(query, value)).toEqual(expected)
  })

  it('exports with the same filters and an optional language, without paging', () => {
    expect(exportBills.query.parse({ lang: 'vi', filters: 'paid' })).toEqual({
      sort_by: 'bill_date',
      sort_mode: 'desc',
      filters: 'paid',
      lang: 'vi',
    })
    expect(codesOf(exportBills.query, { lang: 'my' })).toEqual({ lang: 'invalid_value' })
    expect(codesOf(exportBills.query, { page: '1' })).toEqual({ '': 'unrecognized_keys' })
  })
})

describe('other bill queries and bodies', () => {
  it('lists one user’s bills by page', () => {
    expect(listBills.query.parse({})).toEqual({ page: 1 })
    expect(listBills.query.parse({ user_id: USER_ID, page: '3', page_size: '10' })).toEqual({
      user_id: USER_ID,
      page: 3,
      page_size: 10,
    })
    expect(issues(listBills.query, { user_id: 'someone' })).toEqual({
      user_id: ['invalid_format', 'validation.invalid'],
    })
  })

  it('counts a month given both month and year', () => {
    expect(countBillsByMonth.query.parse({ month: '2', year: '2026' })).toEqual({ month: 2, year: 2026 })
    expect(codesOf(countBillsByMonth.query, { month: '2' })).toEqual({ year: 'invalid_type' })
    expect(codesOf(countBillsByMonth.query, { month: '13', year: '2026' })).toEqual({ month: 'too_big' })
  })

  it('sets a bill paid by default, or back to unpaid', () => {
    expect(setBillPaid.body.parse(undefined)).toBeUndefined()
    expect(setBillPaid.body.parse({})).toEqual({ paid: true })
    expect(setBillPaid.body.parse({ paid: false })).toEqual({ paid: false })
    expect(codesOf(setBillPaid.body, { paid: 'no' })).toEqual({ paid: 'invalid_type' })
  })

  it('generates a month named by numbers', () => {
    expect(generateBills.body.parse({ year: 2026, month: 10 })).toEqual({ year: 2026, month: 10 })
    expect(codesOf(generateBills.body, { year: 2026, month: 13 })).toEqual({ month: 'too_big' })
    expect(codesOf(generateBills.body, { year: 1999, month: 1 })).toEqual({ year: 'too_small' })
    expect(codesOf(generateBills.body, { year: '2026', month: 10 })).toEqual({ year: 'invalid_type' })
  })

  it('downloads files with an optional token and language', () => {
    expect(billPdf.query).toBe(billXlsx.query)
    expect(billPdf.query.parse({})).toEqual({})
    expect(billPdf.query.parse({ token: 'abc', lang: 'my' })).toEqual({ token: 'abc', lang: 'my' })
    expect(codesOf(billPdf.query, { lang: 'fr' })).toEqual({ lang: 'invalid_value' })
    expect(codesOf(billPdf.query, { token: 't'.repeat(2049) })).toEqual({ token: 'too_big' })
  })

  it('estimates for oneself or a named user', () => {
    expect(billEstimate.query.parse({})).toEqual({})
    expect(billEstimate.query.parse({ user_id: USER_ID })).toEqual({ user_id: USER_ID })
  })
})
