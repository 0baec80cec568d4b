export function BillPage() {
  return null
}
