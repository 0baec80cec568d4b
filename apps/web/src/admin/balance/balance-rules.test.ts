import { describe, expect, it } from 'vitest'
import { filtersFromParams, logQuery, withFilters } from './balance-filters.ts'
import { balanceAfter, checkAmount, wireMoney } from './balance-rules.ts'

describe('the add-balance amount', () => {
  it('is USD above 0 with at most 2 decimals', () => {
    expect(checkAmount('12.5')).toBeNull()
    expect(checkAmount('0.01')).toBeNull()
    expect(checkAmount('')).toEqual({ key: 'balance.amountNotPositive' })
    expect(checkAmount('0.00')).toEqual({ key: 'balance.amountNotPositive' })
    expect(checkAmount('1.005')).toEqual({ key: 'pricing.moneyInvalid' })
    expect(checkAmount('-3')).toEqual({ key: 'balance.amountNotPositive' })
    expect(checkAmount('1e3')).toEqual({ key: 'validation.money.notNumber' })
  })

  it('is sent and added in exact cents', () => {
    expect(wireMoney(' 12.5 ')).toBe('12.50')
    expect(wireMoney('0.1')).toBe('0.10')
    // 0.1 + 0.2 in floats is 0.30000000000000004; in cents it is 0.30.
    expect(balanceAfter('0.10', '0.2')).toBe('0.30')
    expect(balanceAfter('9999999999.99', '0.01')).toBe('10000000000.00')
    expect(balanceAfter('25.00', '0')).toBeNull()
  })
})

describe('the balance log’s URL', () => {
  it('reads the filters, falling back to everything newest first', () => {
    const filters = filtersFromParams(new URLSearchParams('user_id=usr_1&filter_type=coupon&sort_by=amount&page=3'))
    expect(filters).toEqual({
      userId: 'usr_1',
      keyword: '',
      type: 'coupon',
      sortBy: 'amount',
      order: 'desc',
      page: 3,
    })
    expect(logQuery(filters)).toEqual({ filter_type: 'coupon', sort_by: 'amount', order_by: 'desc' })
    expect(filtersFromParams(new URLSearchParams('filter_type=nonsense&order_by=up&page=-1'))).toMatchObject({
      type: 'all',
      order: 'desc',
      page: 1,
    })
  })

  it('writes a change without the defaults and back on the first page', () => {
    const params = new URLSearchParams('user_id=usr_1&page=4&filter_type=debit')
    expect(withFilters(params, { type: 'all' }).toString()).toBe('user_id=usr_1')
    expect(withFilters(params, { sort: { by: 'amount', order: 'asc' } }).toString()).toBe(
      'user_id=usr_1&filter_type=debit&sort_by=amount&order_by=asc',
    )
    expect(withFilters(params, { sort: { by: 'created_at', order: 'desc' }, keyword: ' lan ' }).toString()).toBe(
      'user_id=usr_1&filter_type=debit&keyword=lan',
    )
  })
})
