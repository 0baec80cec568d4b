// Campaign rules both sides run (no zod: the browser imports this module). docs/requirements.md §16.1: start
// date, end date, url and image required; campaign image at most 10 MB (IMAGE_MAX_BYTES in limits.ts).

export const CAMPAIGN_CODE_MAX = 64
export const CAMPAIGN_NAME_MAX = 255
export const CAMPAIGN_URL_MAX = 2048
/** Images one campaign may carry; the first is the banner. */
export const CAMPAIGN_IMAGES_MAX = 5
export const CAMPAIGN_CODE_PATTERN = /^[A-Za-z0-9_-]+$/
const DATE = /^\d{4}-\d{2}-\d{2}$/

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  if (!DATE.test(value)) return false
  const parsed = new Date(`${value}T00:00:00.000Z`)
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value
}

/** An absolute http(s) address, the only kind a banner may link to. */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0
  } catch {
    return false
  }
}
