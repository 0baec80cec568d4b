import { App } from 'antd'
import type { ReactNode } from 'react'
import { useCallback } from 'react'
import { commonMessages } from '../i18n/common.i18n.ts'
import { useT } from '../i18n/define.ts'
import { serverMessage } from './errors.ts'

/** A change to many rows at once (issue 21: mark bills paid, suspend accounts), asked about first. */
export interface BulkChange<T> {
  items: T[]
  title: string
  /** What the change does to each, said before it is made (docs/requirements.md §18.4). */
  content: ReactNode
  okText: string
  danger?: boolean
  /** One row's change: the same call the row's own button makes, so each is checked and audited alone. */
  run: (item: T) => Promise<unknown>
  /** How a row is named in a refusal (a bill's code, an account's e-mail). */
  name: (item: T) => string
  /** The toast when every row changed, from how many did. */
  done: (count: number) => string
  /** The toast when some or all were refused: how many changed and how many were refused. */
  partly: (changed: number, refused: number) => string
  onSettled?: () => void
}

/**
 * Runs a confirmed change on each row in turn (one at a time, so two never race for one account's
 * lock), then says how it went: all done, or how many changed and each refusal with the server's
 * reason. A refused row leaves the others as they are; nothing is undone behind the operator's back.
 */
export function useBulkChange() {
  const { modal, message } = App.useApp()
  const common = useT(commonMessages)
  return useCallback(
    <T>(change: BulkChange<T>) => {
      modal.confirm({
        title: change.title,
        content: change.content,
        okText: change.okText,
        okButtonProps: { danger: change.danger ?? false },
        cancelText: common('actions.cancel'),
        onOk: async () => {
          let changed = 0
          const refusals: string[] = []
          for (const item of change.items) {
            try {
              await change.run(item)
              changed++
            } catch (error) {
              const reason = serverMessage(error)
              refusals.push(reason ? `${change.name(item)}: ${reason}` : change.name(item))
            }
          }
          if (refusals.length === 0) message.success(change.done(changed))
          else {
            message.warning({
              content: [change.partly(changed, refusals.length), ...refusals].join('\n'),
              style: { whiteSpace: 'pre-line' },
              duration: 8,
            })
          }
          change.onSettled?.()
        },
      })
    },
    [modal, message, common],
  )
}
