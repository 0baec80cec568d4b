// The back-office header search's bounds (search.ts), zod-free for the browser.

export const SEARCH_MIN = 2
export const SEARCH_MAX = 100
/** At most this many of each kind. */
export const SEARCH_LIMIT = 5
