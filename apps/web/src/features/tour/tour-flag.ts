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

/**
 * Whether the tour should start for this user: its flags first, then the viewport's width, asked for
 * only when the flags allow the tour. Reading the width (`window.innerWidth`) makes the browser lay the
 * page out at once; asked for on every dashboard load it cost a phone about 210 ms (at 4× CPU) of
 * forced style and layout in the task that draws the page (bench/README.md "The tour's width check, and the locale data").
 */
export function tourWanted(userId: string, viewportWidth: () => number): boolean {
  return tourPending(userId) && viewportWidth() > BREAKPOINT_TOUR
}

/** The user has not seen the tour in this browser, and it is not turned off here. */
export function tourPending(userId: string): boolean {
  return read(tourDoneKey(userId)) === null && read(TOUR_OFF_KEY) === null
}

export function markTourDone(userId: string) {
  try {
    localStorage.setItem(tourDoneKey(userId), new Date().toISOString())
  } catch {}
}
