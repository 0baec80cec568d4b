import { parseMoney } from '@app/contract'

/**
 * How much cheaper our price is than the rival's, in whole percent (half-up), from two amounts per
 * 1000 requests ("3.50"); null when the rival has no price, charges nothing, or is not dearer.
 */
export function savingPercent(ours: string, rival: string | null | undefined): number | null {
  if (rival === null || rival === undefined) return null
  const our = parseMoney(ours)
  const their = parseMoney(rival)
  if (our === null || their === null || their <= 0n || our >= their) return null
  // round((their − our) / their × 100) in integers: money never goes through a float.
  const percent = ((their - our) * 200n + their) / (2n * their)
  return percent > 0n ? Number(percent) : null
}
