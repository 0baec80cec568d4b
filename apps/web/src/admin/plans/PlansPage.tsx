export function PlansPage() {
  return null
}
