import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  checkTopUpAmount,
  formatMinor,
  looksLikeCardNumber,
  luhnValid,
  parseVnpayDate,
  quotePayment,
  vnpayDate,
  vnpayEncode,
  vnpayOrderInfo,
  vnpaySignData,
} from './payment-rules.ts'

/**
 * PHP's `urlencode`, written out byte by byte as VNPay's official PHP demo uses it: letters, digits and
 * `-_.` stay; a space becomes `+`; every other byte of the UTF-8 text becomes `%XX` (upper case).
 */
function phpUrlencode(text: string): string {
  let out = ''
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte)
    if (/[A-Za-z0-9\-_.]/.test(c)) out += c
    else if (c === ' ') out += '+'
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
  }
  return out
}

/** The official demo's hash data: ksort, then `urlencode(key)=urlencode(value)` joined with `&`. */
function demoHashData(params: Record<string, string>): string {
  const keys = Object.keys(params).filter((k) => params[k] !== '' && k.startsWith('vnp_') && k !== 'vnp_SecureHash')
  keys.sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)))
  return keys.map((k) => `${phpUrlencode(k)}=${phpUrlencode(params[k] ?? '')}`).join('&')
}

describe('VNPay signing data', () => {
  const params = {
    vnp_Version: '2.1.0',
    vnp_Command: 'pay',
    vnp_TmnCode: 'DEMOV210',
    vnp_Amount: '256959000',
    vnp_CreateDate: '20261102150000',
    vnp_CurrCode: 'VND',
    vnp_IpAddr: '203.0.113.10',
    vnp_Locale: 'vn',
    vnp_OrderInfo: 'Thanh toan don hang 01JD X',
    vnp_OrderType: 'other',
    vnp_ReturnUrl: 'https://portal.example.com/billing/vnpay_return?a=1&b=2',
    vnp_ExpireDate: '20261102151500',
    vnp_TxnRef: '01JDZ3K8Q9ABCDEFGHJKMNPQRS',
  }

  it('is the official demo algorithm: sorted keys, PHP form encoding', () => {
    expect(vnpaySignData(params)).toBe(demoHashData(params))
    expect(vnpaySignData(params)).toContain(
      'vnp_OrderInfo=Thanh+toan+don+hang+01JD+X&vnp_OrderType=other&vnp_ReturnUrl=https%3A%2F%2Fportal.example.com%2Fbilling%2Fvnpay_return%3Fa%3D1%26b%3D2',
    )
    expect(vnpaySignData(params).startsWith('vnp_Amount=256959000&vnp_Command=pay&vnp_CreateDate=')).toBe(true)
  })

  it('gives the HMAC-SHA512 the demo gives', () => {
    const secret = 'SECRETKEYOFTHEMERCHANT0123456789'
    const ours = createHmac('sha512', secret).update(vnpaySignData(params)).digest('hex')
    const demo = createHmac('sha512', secret)
      .update(Buffer.from(demoHashData(params), 'utf8'))
      .digest('hex')
    expect(ours).toBe(demo)
    expect(ours).toMatch(/^[0-9a-f]{128}$/)
  })

  it('leaves out the hash fields, empty values and parameters that are not VNPay’s', () => {
    const data = vnpaySignData({
      vnp_TxnRef: 'A1',
      vnp_SecureHash: 'abc',
      vnp_SecureHashType: 'HmacSHA512',
      vnp_BankCode: '',
      utm_source: 'mail',
      vnp_Amount: '100',
    })
    expect(data).toBe('vnp_Amount=100&vnp_TxnRef=A1')
  })

  it('encodes the characters encodeURIComponent leaves alone, as PHP does', () => {
    for (const text of ["it's (a) test!*~", 'Tiền điện tháng 11', 'a+b=c&d', '100%']) {
      expect(vnpayEncode(text), text).toBe(phpUrlencode(text))
    }
  })

  it('sorts by byte order (upper case before lower case)', () => {
    expect(vnpaySignData({ vnp_b: '1', vnp_B: '2', vnp_a: '3' })).toBe('vnp_B=2&vnp_a=3&vnp_b=1')
  })
})

describe('VNPay dates', () => {
  it('writes GMT+7 whatever the time zone of the process', () => {
    expect(vnpayDate(new Date('2026-11-02T08:00:00Z'))).toBe('20261102150000')
    // Across midnight and the year's end in Hanoi.
    expect(vnpayDate(new Date('2026-12-31T17:30:05Z'))).toBe('20270101003005')
  })

  it('reads them back, and refuses what is not a date', () => {
    expect(parseVnpayDate('20261102150000')?.toISOString()).toBe('2026-11-02T08:00:00.000Z')
    expect(parseVnpayDate('20261302150000')).toBeNull()
    expect(parseVnpayDate('2026110215000')).toBeNull()
    expect(parseVnpayDate('20260230120000')).toBeNull()
  })
})

describe('VNPay order info', () => {
  it('keeps letters, digits and spaces, without diacritics', () => {
    expect(vnpayOrderInfo('Nạp tiền #12 cho Đức: 100$')).toBe('Nap tien 12 cho Duc 100')
    expect(vnpayOrderInfo('a'.repeat(300))).toHaveLength(255)
  })
})

describe('payment quotes (who bears the fee: the customer)', () => {
  it('VNPay: the amount at the exchange rate, plus 1.1% and 1,650 VND', () => {
    expect(quotePayment('vnpay', 10_000n, { exchangeRate: '25400' })).toEqual({
      provider: 'vnpay',
      currency: 'VND',
      creditCents: 10_000n,
      amountMinor: 2_540_000n,
      feeMinor: 29_590n,
      totalMinor: 2_569_590n,
      exchangeRate: '25400',
    })
    // 1.1% of 1,234,567 = 13,580.237 → 13,580 (half-up on whole đồng).
    expect(quotePayment('vnpay', 4_938_268n, { exchangeRate: '25' }).feeMinor).toBe(13_580n + 1_650n)
  })

  it('PayPal: 4.4% international or 3.9% domestic, plus 0.30 USD, in cents', () => {
    expect(quotePayment('paypal', 10_000n, { exchangeRate: '25400' })).toMatchObject({
      currency: 'USD',
      feeMinor: 470n,
      totalMinor: 10_470n,
      exchangeRate: null,
    })
    expect(quotePayment('paypal', 25_000n, { exchangeRate: '25400', paypalDomestic: true }).feeMinor).toBe(1_005n)
    // 4.4% of 0.25 = 1.1 cents → 1 cent, + 30.
    expect(quotePayment('paypal', 25n, { exchangeRate: '1' }).feeMinor).toBe(31n)
  })

  it('a bank transfer has no fee', () => {
    expect(quotePayment('bank', 5_000n, { exchangeRate: '25400' })).toMatchObject({
      feeMinor: 0n,
      totalMinor: 1_270_000n,
    })
  })

  it('formats minor units per currency', () => {
    expect(formatMinor(2_569_590n, 'VND')).toBe('2569590')
    expect(formatMinor(10_470n, 'USD')).toBe('104.70')
    expect(formatMinor(5n, 'USD')).toBe('0.05')
  })
})

describe('card numbers', () => {
  it("Luhn's check", () => {
    expect(luhnValid('4111111111111111')).toBe(true)
    expect(luhnValid('4111111111111112')).toBe(false)
    expect(luhnValid('79927398713')).toBe(true)
  })

  it('spots a PAN alone, split by spaces or dashes, or inside other text', () => {
    for (const text of [
      '4111111111111111',
      '4111 1111 1111 1111',
      '5500-0055-5555-5559',
      'tok_4111111111111111_x',
      '378282246310005',
    ]) {
      expect(looksLikeCardNumber(text), text).toBe(true)
    }
  })

  it('lets tokens and short numbers through', () => {
    for (const text of ['tok_8f2Kx91LmQ', '4242', '2030', 'PAYPAL-VAULT-9X8Y7Z', '123456789012']) {
      expect(looksLikeCardNumber(text), text).toBe(false)
    }
  })
})

describe('the deposit amount', () => {
  it('is a number above 0 with two decimals at most, up to 10,000 USD', () => {
    expect(checkTopUpAmount('100')).toBeNull()
    expect(checkTopUpAmount('0.01')).toBeNull()
    expect(checkTopUpAmount('10000.00')).toBeNull()
    expect(checkTopUpAmount('')).toEqual({ key: 'payments.amountRequired' })
    expect(checkTopUpAmount('0')).toEqual({ key: 'payments.amountNotPositive' })
    expect(checkTopUpAmount('1.234')).toEqual({ key: 'pricing.moneyInvalid' })
    // One message that says what is wrong (issue 20: "abc" was told about decimal places).
    expect(checkTopUpAmount('-5')).toEqual({ key: 'payments.amountNotPositive' })
    expect(checkTopUpAmount('abc')).toEqual({ key: 'validation.money.notNumber' })
    expect(checkTopUpAmount('1e3')).toEqual({ key: 'validation.money.notNumber' })
    expect(checkTopUpAmount('   ')).toEqual({ key: 'payments.amountRequired' })
    expect(checkTopUpAmount('12345678901234')).toMatchObject({ key: 'payments.amountTooLarge' })
    expect(checkTopUpAmount('10000.01')).toMatchObject({ key: 'payments.amountTooLarge' })
  })
})
