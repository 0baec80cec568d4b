import { leftOut } from './left-out.ts'

// Stands in for antd's table/hooks/useFilter/FilterDropdown.js: antd's useFilter renders the dropdown
// only for a column with filters. flattenKeys is antd's own, used by useFilter on such columns too.

type FilterOption = { value: unknown; children?: FilterOption[] }

export function flattenKeys(filters: FilterOption[] | undefined): unknown[] {
  const keys: unknown[] = []
  for (const { value, children } of filters ?? []) {
    keys.push(value)
    if (children) keys.push(...flattenKeys(children))
  }
  return keys
}

export default function FilterDropdown(): never {
  throw leftOut('filters')
}
