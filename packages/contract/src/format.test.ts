import { describe, expect, it } from 'vitest'
import {
  absoluteUrl,
  CALENDAR_OPTIONS,
  centsToDecimal,
  formatCalendar,
  formatDate,
  formatDateTime,
  formatMoney,
  groupDigits,
  localeOf,
  numberFormat,
  relativeTime,
} from './format.ts'

/** Intl puts non-breaking spaces between amount and symbol; compare them as plain spaces. */
const plain = (text: string) => text.replace(/\s/g, ' ')

describe('groupDigits', () => {
  it('groups nine digits 3-3-3 with dashes', () => {
    expect(groupDigits('123456789')).toBe('123-456-789')
  })

  it('keeps digits beyond nine in the last group', () => {
    expect(groupDigits('0912345678')).toBe('091-234-5678')
    expect(groupDigits('841234567890')).toBe('841-234-567890')
  })

  it('groups shorter strings as far as they go', () => {
    expect(groupDigits('12')).toBe('12')
    expect(groupDigits('123')).toBe('123')
    expect(groupDigits('1234')).toBe('123-4')
    expect(groupDigits('1234567')).toBe('123-456-7')
  })

  it('ignores what is not a digit', () => {
    expect(groupDigits('+84 912-345 678')).toBe('849-123-45678')
    expect(groupDigits('(091) 234.567')).toBe('091-234-567')
    expect(groupDigits('')).toBe('')
  })
})

describe('centsToDecimal', () => {
  it('writes cents as an exact decimal with two places', () => {
    expect(centsToDecimal(1234)).toBe('12.34')
    expect(centsToDecimal(5)).toBe('0.05')
    expect(centsToDecimal(100)).toBe('1.00')
    expect(centsToDecimal(0)).toBe('0.00')
  })

  it('keeps the sign of negative amounts', () => {
    expect(centsToDecimal(-5)).toBe('-0.05')
    expect(centsToDecimal(-105)).toBe('-1.05')
    expect(centsToDecimal(-100n)).toBe('-1.00')
  })

  it('is exact for bigints beyond the safe integer range', () => {
    expect(centsToDecimal(123456789012345678901n)).toBe('1234567890123456789.01')
    expect(centsToDecimal(BigInt(Number.MAX_SAFE_INTEGER) + 2n)).toBe('90071992547409.93')
  })
})

describe('formatMoney', () => {
  it('shows US dollars with two decimals', () => {
    expect(formatMoney('12.5', 'USD', 'en')).toBe('$12.50')
    expect(formatMoney('1234567.891', 'USD', 'en')).toBe('$1,234,567.89')
    expect(formatMoney(10, 'USD', 'en')).toBe('$10.00')
    expect(formatMoney(10n, 'USD', 'en')).toBe('$10.00')
    expect(formatMoney('-3.2', 'USD', 'en')).toBe('-$3.20')
  })

  it('rounds half up on the exact decimal, not on a binary float', () => {
    // As a float 1.005 is 1.00499999…, which would round down.
    expect(formatMoney('1.005', 'USD', 'en')).toBe('$1.01')
    expect(formatMoney('1.004', 'USD', 'en')).toBe('$1.00')
    expect(formatMoney('0.125', 'USD', 'en')).toBe('$0.13')
    expect(formatMoney('-1.005', 'USD', 'en')).toBe('-$1.01')
    expect(formatMoney('2.675', 'USD', 'en')).toBe('$2.68')
  })

  it('is exact for amounts beyond the float range', () => {
    expect(formatMoney('90071992547409.93', 'USD', 'en')).toBe('$90,071,992,547,409.93')
  })

  it('shows đồng without decimals, rounding half up', () => {
    expect(formatMoney('1234567', 'VND', 'en')).toBe('₫1,234,567')
    expect(formatMoney('1500.5', 'VND', 'en')).toBe('₫1,501')
    expect(formatMoney('1499.49', 'VND', 'en')).toBe('₫1,499')
  })

  it('follows the reader’s locale', () => {
    expect(plain(formatMoney('1234.5', 'VND', 'vi'))).toBe('1.235 ₫')
    expect(plain(formatMoney('12.5', 'USD', 'vi'))).toBe('12,50 US$')
    expect(formatMoney('12.34', 'USD', 'my')).toContain('US$')
  })

  it.each(['abc', '1,000.00', '12.', '.5', '1e3', '', 'NaN', 'Infinity', '$5'])('throws on %j', (value) => {
    expect(() => formatMoney(value, 'USD', 'en')).toThrow(/Not a decimal amount/)
  })

  it('throws on a number that is not finite', () => {
    expect(() => formatMoney(Number.NaN, 'USD', 'en')).toThrow()
    expect(() => formatMoney(Number.POSITIVE_INFINITY, 'USD', 'en')).toThrow()
  })
})

describe('dates', () => {
  it('maps each language to its locale', () => {
    expect(localeOf('en')).toBe('en-US')
    expect(localeOf('vi')).toBe('vi-VN')
    expect(localeOf('my')).toBe('my-MM-u-nu-latn')
  })

  it('shows a date in the chosen language', () => {
    const noon = '2026-11-02T12:00:00Z'
    expect(formatDate(noon, 'en')).toBe('Nov 2, 2026')
    expect(formatDate(noon, 'vi')).toContain('2026')
    expect(formatDate(noon, 'vi')).not.toBe(formatDate(noon, 'en'))
    expect(formatDateTime(noon, 'en')).toMatch(/^Nov 2, 2026, \d{1,2}:\d{2}\s?[AP]M$/)
  })

  it('writes Burmese dates in Burmese month names and order, with Latin digits', () => {
    expect(formatCalendar('2026-11-29T14:05:09Z', 'my', 'date', 'UTC')).toBe('2026 နို 29')
    expect(formatCalendar('2026-01-03T06:05:09Z', 'my', 'dateTime', 'UTC')).toBe('2026 ဇန် 3 6:05')
    expect(formatCalendar('2026-08-01T00:00:00Z', 'my', 'monthYear', 'UTC')).toBe('2026 ဩဂုတ်')
  })

  // A screen formats hundreds of dates as it first renders; making a formatter each time cost a phone
  // tens of milliseconds (bench/README.md "Phones").
  it('makes one formatter per language, style and time zone, not one per date', () => {
    const Original = Intl.DateTimeFormat
    let made = 0
    Intl.DateTimeFormat = class extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args)
        made += 1
      }
    } as typeof Original
    try {
      const days = Array.from({ length: 50 }, (_, day) => new Date(Date.UTC(2027, 0, 1 + day, 3)))
      const first = days.map((at) => formatCalendar(at, 'vi', 'dateTime', 'Asia/Ho_Chi_Minh'))
      expect(days.map((at) => formatCalendar(at, 'vi', 'dateTime', 'Asia/Ho_Chi_Minh'))).toEqual(first)
      for (const at of days) formatCalendar(at, 'my', 'date', 'Asia/Yangon')
      expect(made).toBeLessThanOrEqual(2)
    } finally {
      Intl.DateTimeFormat = Original
    }
    // Each zone keeps a formatter of its own: 23:30 UTC is already the next day in Yangon.
    const late = '2027-03-04T23:30:00Z'
    expect(formatCalendar(late, 'en', 'date', 'UTC')).toBe('Mar 4, 2027')
    expect(formatCalendar(late, 'en', 'date', 'Asia/Yangon')).toBe('Mar 5, 2027')
    expect(formatCalendar(late, 'my', 'date', 'UTC')).toBe('2027 မတ် 4')
    expect(formatCalendar(late, 'my', 'date', 'Asia/Yangon')).toBe('2027 မတ် 5')
  })

  // Browsers without Burmese locale data get the table; it must say what CLDR says (Node has full ICU).
  it.each(['date', 'dateTime', 'dateTimeSeconds', 'monthYear', 'month', 'monthShort'] as const)(
    'writes the Burmese %s as CLDR does, in every month and at any hour',
    (style) => {
      for (let month = 0; month < 12; month += 1) {
        for (const hour of [0, 6, 13, 23]) {
          const at = new Date(Date.UTC(2026, month, 1 + month * 2, hour, 7, 5))
          for (const timeZone of ['UTC', 'Asia/Yangon']) {
            const icu = new Intl.DateTimeFormat('my-MM-u-nu-latn', { ...CALENDAR_OPTIONS[style], timeZone }).format(at)
            expect(formatCalendar(at, 'my', style, timeZone), `${at.toISOString()} ${timeZone}`).toBe(icu)
          }
        }
      }
    },
  )
})

describe('numberFormat', () => {
  it('gives the same formatter for the same language and options, another for others', () => {
    expect(numberFormat('vi')).toBe(numberFormat('vi'))
    expect(numberFormat('en', { style: 'percent' })).toBe(numberFormat('en', { style: 'percent' }))
    expect(numberFormat('en', { style: 'percent' })).not.toBe(numberFormat('en'))
    expect(numberFormat('vi').format(1234.5)).toBe('1.234,5')
    expect(numberFormat('en', { style: 'percent' }).format(0.25)).toBe('25%')
    expect(numberFormat('en', { maximumFractionDigits: 1 }).format(1.26)).toBe('1.3')
    expect(numberFormat('en', { maximumFractionDigits: 0 }).format(1.26)).toBe('1')
  })
})

describe('relativeTime', () => {
  const now = new Date('2026-11-02T08:00:00.000Z')
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000)
  const MIN = 60
  const HOUR = 60 * MIN
  const DAY = 24 * HOUR

  it.each([
    [0, 'just now'],
    [59, 'just now'],
    [MIN, 'about a minute ago'],
    [2 * MIN - 1, 'about a minute ago'],
    [2 * MIN, 'about 2 minutes ago'],
    [59 * MIN, 'about 59 minutes ago'],
    [HOUR - 1, 'about 59 minutes ago'],
    [HOUR, 'about an hour ago'],
    [2 * HOUR, 'about 2 hours ago'],
    [23 * HOUR, 'about 23 hours ago'],
    [DAY - 1, 'about 23 hours ago'],
    [DAY, 'about a day ago'],
    [2 * DAY, 'about 2 days ago'],
    [6 * DAY, 'about 6 days ago'],
    [7 * DAY - 1, 'about 6 days ago'],
    [7 * DAY, 'about a week ago'],
    [14 * DAY, 'about 2 weeks ago'],
    [29 * DAY, 'about 4 weeks ago'],
    [30 * DAY - 1, 'about 4 weeks ago'],
    [30 * DAY, 'a month ago'],
    [60 * DAY, '2 months ago'],
    [365 * DAY, '12 months ago'],
  ])('%i seconds ago reads "%s"', (seconds, text) => {
    expect(relativeTime(ago(seconds), now, 'en')).toBe(text)
  })

  it('reads a time in the future as just now', () => {
    expect(relativeTime(new Date(now.getTime() + 3 * HOUR * 1000), now, 'en')).toBe('just now')
  })

  it('accepts ISO strings', () => {
    expect(relativeTime('2026-11-02T07:00:00.000Z', now, 'en')).toBe('about an hour ago')
  })

  it('speaks Vietnamese', () => {
    expect(relativeTime(ago(10), now, 'vi')).toBe('vừa xong')
    expect(relativeTime(ago(MIN), now, 'vi')).toBe('khoảng một phút trước')
    expect(relativeTime(ago(5 * MIN), now, 'vi')).toBe('khoảng 5 phút trước')
    expect(relativeTime(ago(3 * HOUR), now, 'vi')).toBe('khoảng 3 giờ trước')
    expect(relativeTime(ago(DAY), now, 'vi')).toBe('khoảng một ngày trước')
    expect(relativeTime(ago(14 * DAY), now, 'vi')).toBe('khoảng 2 tuần trước')
    expect(relativeTime(ago(90 * DAY), now, 'vi')).toBe('3 tháng trước')
  })

  it('speaks Burmese', () => {
    expect(relativeTime(ago(10), now, 'my')).toBe('ယခုလေးတင်')
    expect(relativeTime(ago(HOUR), now, 'my')).toBe('လွန်ခဲ့သော တစ်နာရီခန့်က')
    expect(relativeTime(ago(3 * DAY), now, 'my')).toBe('လွန်ခဲ့သော 3 ရက်ခန့်က')
    expect(relativeTime(ago(7 * DAY), now, 'my')).toBe('လွန်ခဲ့သော တစ်ပတ်ခန့်က')
    expect(relativeTime(ago(30 * DAY), now, 'my')).toBe('လွန်ခဲ့သော တစ်လက')
  })
})

describe('absoluteUrl', () => {
  const base = 'https://account.example.com'

  it('keeps full http and https addresses', () => {
    expect(absoluteUrl('https://cdn.example.org/a.png', base)).toBe('https://cdn.example.org/a.png')
    expect(absoluteUrl('HTTP://cdn.example.org/a.png', base)).toBe('HTTP://cdn.example.org/a.png')
  })

  it('keeps data and blob addresses', () => {
    expect(absoluteUrl('data:image/png;base64,AAAA', base)).toBe('data:image/png;base64,AAAA')
    expect(absoluteUrl('blob:https://x/123', base)).toBe('blob:https://x/123')
  })

  it('joins a relative path to the account server with exactly one slash', () => {
    expect(absoluteUrl('/files/fil_1', base)).toBe('https://account.example.com/files/fil_1')
    expect(absoluteUrl('files/fil_1', base)).toBe('https://account.example.com/files/fil_1')
    expect(absoluteUrl('/files/fil_1', `${base}/`)).toBe('https://account.example.com/files/fil_1')
    expect(absoluteUrl('/files/fil_1', `${base}//`)).toBe('https://account.example.com/files/fil_1')
    expect(absoluteUrl('files/fil_1', 'https://example.com/api')).toBe('https://example.com/api/files/fil_1')
  })

  it('gives null when there is no path', () => {
    expect(absoluteUrl(null, base)).toBeNull()
    expect(absoluteUrl(undefined, base)).toBeNull()
    expect(absoluteUrl('', base)).toBeNull()
  })
})
