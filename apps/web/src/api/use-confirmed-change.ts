import { App } from 'antd'
import type { ReactNode } from 'react'
import { useCallback } from 'react'
import { commonMessages } from '../i18n/common.i18n.ts'
import { useT } from '../i18n/define.ts'
import { failureText } from './errors.ts'

/** A change that is asked about first: a delete, a suspension. */
export interface ConfirmedChange<R> {
  title: string
  /** What the change does, said before it is made (docs/requirements.md §18.4). */
  content: ReactNode
  okText: string
  /** The confirm button in red (the default; a change that undoes a suspension is not dangerous). */
  danger?: boolean
  run: () => Promise<R>
  /** The success toast; without it, the server's message. */
  done?: string
  /** What failed, for `failureText` (the server's reason follows it). */
  failed: string
  /** Other words for a failure, where a screen has always said it differently. */
  failure?: (error: unknown) => string
}

/**
 * One hook for a table row's change after a confirmation: the dialog (its cancel button in the user's
 * language), then the call while the dialog waits, then the success toast or the failure toast. The
 * dialog's forms (`useAppMutation`) and this are the two ways a back-office screen changes data.
 */
export function useConfirmedChange() {
  const { modal, message } = App.useApp()
  const common = useT(commonMessages)
  return useCallback(
    <R extends { message?: string }>(change: ConfirmedChange<R>) => {
      modal.confirm({
        title: change.title,
        content: change.content,
        okText: change.okText,
        okButtonProps: { danger: change.danger ?? true },
        cancelText: common('actions.cancel'),
        onOk: () =>
          change.run().then(
            (answer) => {
              message.success(change.done ?? answer.message ?? '')
            },
            (error: unknown) => {
              message.error(change.failure?.(error) ?? failureText(change.failed, error))
            },
          ),
      })
    },
    [modal, message, common],
  )
}
