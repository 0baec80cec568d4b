import type { MessageKey } from '@app/contract'
import { i18n } from '../i18n/i18n.ts'

// Relative time (docs/requirements.md §18.1), in the SPA's current language. The contract's `relativeTime` says the same
// (and the test holds the two together), but it reaches every language's catalog at once: a screen
// importing it would put the Burmese and Vietnamese catalogs on the sign-in page's first load. The
// SPA's runtime loads those catalogs on demand.

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

type Unit = 'minute' | 'hour' | 'day' | 'week' | 'month'

function counted(count: number, unit: Unit): string {
  return count === 1
    ? i18n.message(`time.${unit}` as MessageKey)
    : i18n.message(`time.${unit}s` as MessageKey, { count })
}

/** "just now", "about 5 minutes ago", … "3 months ago". */
export function relativeTimeText(value: string | Date, now: Date): string {
  const elapsed = Math.max(0, now.getTime() - new Date(value).getTime())
  if (elapsed < MINUTE) return i18n.message('time.justNow')
  if (elapsed < HOUR) return counted(Math.floor(elapsed / MINUTE), 'minute')
  if (elapsed < DAY) return counted(Math.floor(elapsed / HOUR), 'hour')
  const days = Math.floor(elapsed / DAY)
  if (days < 7) return counted(days, 'day')
  if (days < 30) return counted(Math.floor(days / 7), 'week')
  return counted(Math.max(1, Math.floor(days / 30)), 'month')
}
