export function BillingPage() {
  return null
}
