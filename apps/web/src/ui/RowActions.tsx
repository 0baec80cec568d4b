import { DeleteOutlined, EditOutlined } from '@ant-design/icons'
import { Button, Flex, Tooltip } from 'antd'
import { useState } from 'react'

interface RowAction {
  /** The button's words (or, with `iconOnly`, its name and tooltip). */
  label: string
  /** The name a screen reader hears, naming the row ("Edit campaign SUMMER"); the label when absent. */
  aria?: string
  onClick: () => void
}

/**
 * A table row's edit and delete buttons, as every back-office list shows them: small, edit first,
 * delete in red. `iconOnly` is for narrow nested tables (ranges, rate settings), with the label as a
 * tooltip.
 */
export function EditDeleteButtons({
  edit,
  remove,
  iconOnly,
}: {
  edit: RowAction
  remove: RowAction
  iconOnly?: boolean
}) {
  const button = (action: RowAction, danger: boolean) => {
    const icon = danger ? <DeleteOutlined /> : <EditOutlined />
    const name = action.aria ?? action.label
    return iconOnly ? (
      <Tooltip title={action.label}>
        <Button size="small" danger={danger} icon={icon} aria-label={name} onClick={action.onClick} />
      </Tooltip>
    ) : (
      <Button size="small" danger={danger} icon={icon} aria-label={name} onClick={action.onClick}>
        {action.label}
      </Button>
    )
  }
  return (
    <Flex gap={iconOnly ? 4 : 8} justify={iconOnly ? 'flex-end' : undefined} wrap>
      {button(edit, false)}
      {button(remove, true)}
    </Flex>
  )
}

/** The form dialog of a list: closed, open for a new row, or open on the row being edited. */
export function useEditDialog<T>() {
  const [state, setState] = useState<{ open: boolean; editing: T | null }>({ open: false, editing: null })
  return {
    isOpen: state.open,
    editing: state.editing,
    create: () => setState({ open: true, editing: null }),
    edit: (row: T) => setState({ open: true, editing: row }),
    close: () => setState((current) => ({ ...current, open: false })),
  }
}
