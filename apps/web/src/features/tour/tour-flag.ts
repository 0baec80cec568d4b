import { BREAKPOINT_TOUR } from '@app/contract'

// docs/requirements.md §2.9: the tour runs once per user (a flag kept locally) and never on screens 768 px wide or less.
// `tour.off` (any value) turns it off in this browser, for automated browsers that test something else.

export const tourDoneKey = (userId: string) => `tour.done.${userId}`
export const TOUR_OFF_KEY = 'tour.off'

function read(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

export function tourWanted(userId: string, width: number): boolean {
  if (width <= BREAKPOINT_TOUR) return false
  return read(tourDoneKey(userId)) === null && read(TOUR_OFF_KEY) === null
}

export function markTourDone(userId: string) {
  try {
    localStorage.setItem(tourDoneKey(userId), new Date().toISOString())
  } catch {}
}
