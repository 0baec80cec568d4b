export function BillingManagementPage() {
  return null
}
