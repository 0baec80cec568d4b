import { relativeTime } from '@app/contract'
import { afterEach, describe, expect, it } from 'vitest'
import { i18n } from '../i18n/i18n.ts'
import { relativeTimeText } from './relative-time.ts'

const now = new Date('2026-11-15T12:00:00.000Z')
const ago = (ms: number) => new Date(now.getTime() - ms)
const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
const offsets = [
  0,
  59_000,
  MINUTE,
  2 * MINUTE,
  59 * MINUTE,
  60 * MINUTE,
  23 * 60 * MINUTE,
  DAY,
  6 * DAY,
  7 * DAY,
  29 * DAY,
  30 * DAY,
  400 * DAY,
  -5 * MINUTE,
]

afterEach(() => i18n.changeLanguage('en'))

describe('relative time in the SPA', () => {
  it('says what the contract’s relativeTime says, in English', () => {
    for (const offset of offsets)
      expect(relativeTimeText(ago(offset), now), String(offset)).toBe(relativeTime(ago(offset), now, 'en'))
    expect(relativeTimeText(ago(2 * MINUTE), now)).toBe('about 2 minutes ago')
  })

  it('and in Burmese once its catalog has loaded', async () => {
    i18n.changeLanguage('my')
    await expect.poll(() => i18n.message('time.justNow')).toBe(relativeTime(now, now, 'my'))
    for (const offset of offsets)
      expect(relativeTimeText(ago(offset), now), String(offset)).toBe(relativeTime(ago(offset), now, 'my'))
  })
})
