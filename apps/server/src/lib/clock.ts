/** Time as the application sees it. Tests move it forward to expire tokens and windows. */
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }

export function fixedClock(start: Date): Clock & { set(to: Date): void; advance(ms: number): void } {
  let current = new Date(start)
  return {
    now: () => new Date(current),
    set: (to) => {
      current = new Date(to)
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms)
    },
  }
}
