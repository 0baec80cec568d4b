// Monthly plan renewal (docs/pricing.md "Plans renew"). A plan bought from the balance renews on the
// same day each month, charged from the balance by the `plans-renew` job. A reminder goes out
// PLAN_REMIND_DAYS before; when the balance is short on the day, a grace period of PLAN_GRACE_DAYS
// starts (the plan and its limits stay, the job tries again every run), and when it ends unpaid the
// account moves to the default plan. These are the pure rules the job, the plan card and the tests share.

const DAY_MS = 86_400_000

/** Days before a renewal that the reminder e-mail goes out. */
export const PLAN_REMIND_DAYS = 3
/** Days after a renewal that failed for a short balance before the account moves to the default plan. */
export const PLAN_GRACE_DAYS = 7

/**
 * `from` plus `months` calendar months in UTC, at the same time of day, on the same day of the month, or
 * on the month's last day when it has fewer days (31 January + 1 month = 28 or 29 February).
 */
export function addMonths(from: Date, months: number): Date {
  const year = from.getUTCFullYear()
  const month = from.getUTCMonth() + months
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  const result = new Date(from.getTime())
  result.setUTCFullYear(year, month, Math.min(from.getUTCDate(), lastDay))
  return result
}

/**
 * The first renewal after `after` of a plan started at `startedAt`. Periods are counted from the start,
 * not from the previous renewal, so a plan bought on 31 January renews on 28 February and 31 March.
 */
export function nextRenewal(startedAt: Date, after: Date): Date {
  const months =
    (after.getUTCFullYear() - startedAt.getUTCFullYear()) * 12 + after.getUTCMonth() - startedAt.getUTCMonth()
  for (let n = Math.max(1, months); ; n++) {
    const candidate = addMonths(startedAt, n)
    if (candidate.getTime() > after.getTime()) return candidate
  }
}

/** A user's renewal as the job sees it. */
export interface RenewalFacts {
  /** Null: the plan does not renew from the balance (free, the default, or set by staff). */
  renewsAt: Date | null
  graceUntil: Date | null
  /** The renewal the reminder was sent for, if any. */
  remindedFor: Date | null
  priceCents: bigint
  balanceCents: bigint
}

/** What the renewal job does for one user now. */
export type RenewalStep =
  | { kind: 'wait' }
  /** The plan costs nothing any more: it stops renewing from the balance. */
  | { kind: 'stop' }
  | { kind: 'remind'; isShort: boolean }
  | { kind: 'charge' }
  | { kind: 'startGrace'; until: Date }
  | { kind: 'lapse' }

export function renewalStep(facts: RenewalFacts, now: Date): RenewalStep {
  const { renewsAt, graceUntil, remindedFor, priceCents, balanceCents } = facts
  if (renewsAt === null) return { kind: 'wait' }
  if (priceCents <= 0n) return { kind: 'stop' }
  if (now.getTime() < renewsAt.getTime()) {
    const isSoon = renewsAt.getTime() - now.getTime() <= PLAN_REMIND_DAYS * DAY_MS
    const isReminded = remindedFor !== null && remindedFor.getTime() === renewsAt.getTime()
    return isSoon && !isReminded ? { kind: 'remind', isShort: balanceCents < priceCents } : { kind: 'wait' }
  }
  if (balanceCents >= priceCents) return { kind: 'charge' }
  if (graceUntil === null) {
    // A job that did not run for days still gives the customer the whole grace period from now.
    const fromRenewal = renewsAt.getTime() + PLAN_GRACE_DAYS * DAY_MS
    const fromNow = now.getTime() + PLAN_GRACE_DAYS * DAY_MS
    return { kind: 'startGrace', until: new Date(fromRenewal > now.getTime() ? fromRenewal : fromNow) }
  }
  return now.getTime() >= graceUntil.getTime() ? { kind: 'lapse' } : { kind: 'wait' }
}
