import { CheckCircleOutlined, UndoOutlined } from '@ant-design/icons'
import type { Bill } from '@app/contract'
import { App, Button, Popconfirm } from 'antd'
import { failureText } from '../../api/errors.ts'
import { useBulkChange } from '../../api/use-bulk-change.ts'
import { commonMessages } from '../../i18n/common.i18n.ts'
import { useT } from '../../i18n/define.ts'
import { useSetBillPaid } from './billing.api.ts'
import { billingMessages } from './billing.i18n.ts'

/**
 * Sets a bill paid, or back to unpaid, after a confirmation (docs/requirements.md §9.3). A refusal says "Change status
 * error" with the server's reason when there is one; success shows the server's message.
 */
export function SetPaidButton({ bill }: { bill: Pick<Bill, 'id' | 'code' | 'paid'> }) {
  const t = useT(billingMessages)
  const common = useT(commonMessages)
  const { message } = App.useApp()
  const setPaid = useSetBillPaid()
  const paid = !bill.paid
  const confirm = paid ? 'confirmPaid' : 'confirmUnpaid'

  const onConfirm = () =>
    setPaid
      .mutateAsync({ id: bill.id, paid })
      .then(({ message: text }) => {
        message.success(text)
      })
      .catch((error: unknown) => {
        message.error(failureText(t('changeStatusError'), error))
      })

  return (
    <Popconfirm
      title={t(`${confirm}.title`, { code: bill.code })}
      description={<div style={{ maxWidth: 300 }}>{t(`${confirm}.content`)}</div>}
      okText={common('actions.confirm')}
      cancelText={common('actions.cancel')}
      okButtonProps={{ danger: !paid }}
      onConfirm={onConfirm}
    >
      <Button
        size="small"
        danger={!paid}
        icon={paid ? <CheckCircleOutlined /> : <UndoOutlined />}
        loading={setPaid.isPending}
        aria-label={t(paid ? 'actions.setPaidOf' : 'actions.setUnpaidOf', { code: bill.code })}
      >
        {paid ? t('actions.setPaid') : t('actions.setUnpaid')}
      </Button>
    </Popconfirm>
  )
}

/**
 * Sets the selected unpaid bills paid after one confirmation (issue 21), each by the same call as its
 * row's button, so each is checked and recorded in the logs on its own; a refusal names its bill.
 */
export function BulkSetPaid({ bills, onDone }: { bills: Pick<Bill, 'id' | 'code' | 'paid'>[]; onDone: () => void }) {
  const t = useT(billingMessages)
  const setPaid = useSetBillPaid()
  const bulk = useBulkChange()
  return (
    <Button
      size="small"
      type="primary"
      icon={<CheckCircleOutlined aria-hidden />}
      onClick={() =>
        bulk({
          items: bills,
          title: t('bulk.title', { count: bills.length }),
          content: (
            <div style={{ maxWidth: 360 }}>{t('bulk.content', { codes: bills.map((b) => b.code).join(', ') })}</div>
          ),
          okText: t('actions.setPaid'),
          run: (bill) => setPaid.mutateAsync({ id: bill.id, paid: true }),
          name: (bill) => bill.code,
          done: (count) => t('bulk.done', { count }),
          partly: (changed, refused) => t('bulk.partly', { changed, refused }),
          onSettled: onDone,
        })
      }
    >
      {t('bulk.button', { count: bills.length })}
    </Button>
  )
}
