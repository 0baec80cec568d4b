import { type Check, formatCents, MONEY_BOUNDS, moneyCheck, parseMoney } from '@app/contract'

// The add-balance form's checks, the rules the contract's schema applies on the server (balance.ts,
// whose zod schemas do not ship to the browser), so the field says here what the server would say.

/** An amount in USD above 0, with at most 2 decimals, and at most its bound (docs/security.md). */
export const checkAmount: Check<string> = moneyCheck(MONEY_BOUNDS.addBalance)

const WIRE_MONEY = /^-?\d+\.\d{2}$/

/** The balance (a wire decimal) once `amount` is added, in cents arithmetic; null while the amount is not valid. */
export function balanceAfter(balance: string, amount: string): string | null {
  if (!WIRE_MONEY.test(balance) || checkAmount(amount)) return null
  const added = parseMoney(amount)
  if (added === null) return null
  return formatCents(BigInt(balance.replace('.', '')) + added)
}

/** A valid amount as the wire writes money ("12.5" → "12.50"); what cannot be read is sent as typed, for the server to refuse. */
export function wireMoney(value: string): string {
  const cents = parseMoney(value)
  return cents === null ? value.trim() : formatCents(cents)
}
