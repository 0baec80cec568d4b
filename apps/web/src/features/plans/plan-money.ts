import { parseMoney } from '@app/contract'

// Exact cents for the plan card's sums (a plan's price against the balance), never floats. The
// balance may be negative (usage billed past zero), which `parseMoney` alone does not read.

/** `"12.50"` → 1250n, `"-3.20"` → -320n; 0n for a value that is not an amount. */
export function moneyCents(value: string): bigint {
  const text = value.trim()
  if (text.startsWith('-')) return -(parseMoney(text.slice(1)) ?? 0n)
  return parseMoney(text) ?? 0n
}

/** What the balance lacks to pay `price`, in cents; null when it covers it. */
export function shortfall(price: string, balance: string): bigint | null {
  const missing = moneyCents(price) - moneyCents(balance)
  return missing > 0n ? missing : null
}
