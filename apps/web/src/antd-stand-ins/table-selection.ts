import { leftOut } from './left-out.ts'

// Stands in for antd's table/hooks/useSelection.js. Without rowSelection antd's hook selects nothing
// and only drops a stray selection column from the columns; the constants are antd's (Table.SELECTION_ALL…).

export const SELECTION_COLUMN = {}
export const SELECTION_ALL = 'SELECT_ALL'
export const SELECTION_INVERT = 'SELECT_INVERT'
export const SELECTION_NONE = 'SELECT_NONE'

const NOTHING_SELECTED: ReadonlySet<unknown> = new Set()
const withoutSelection = <T>(columns: T[]): T[] => columns.filter((column) => column !== SELECTION_COLUMN)

export default function useSelection(
  _config: unknown,
  rowSelection: unknown,
): [typeof withoutSelection, ReadonlySet<unknown>] {
  if (rowSelection) throw leftOut('selection')
  return [withoutSelection, NOTHING_SELECTED]
}
