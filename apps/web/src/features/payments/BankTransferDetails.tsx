import type { BankDetails } from '@app/contract'
import { Descriptions, Flex, Typography } from 'antd'
import { useT } from '../../i18n/define.ts'
import { CopyValue } from './CopyValue.tsx'
import { paymentsMessages } from './payments.i18n.ts'

/** The account to transfer to, the amount and the transfer content, each with a copy button. */
export function BankTransferDetails(props: { bank: BankDetails; content: string; amount?: string; hint?: string }) {
  const t = useT(paymentsMessages)
  const { bank } = props
  const items = [
    { key: 'bank', label: t('bank.bankName'), children: bank.bank_name },
    {
      key: 'name',
      label: t('bank.accountName'),
      children: <CopyValue value={bank.account_name} what={t('bank.accountName')} />,
    },
    {
      key: 'number',
      label: t('bank.accountNumber'),
      children: <CopyValue value={bank.account_number} what={t('bank.accountNumber')} />,
    },
    ...(bank.branch ? [{ key: 'branch', label: t('bank.branch'), children: bank.branch }] : []),
    ...(bank.swift
      ? [{ key: 'swift', label: t('bank.swift'), children: <CopyValue value={bank.swift} what={t('bank.swift')} /> }]
      : []),
    ...(props.amount
      ? [
          {
            key: 'amount',
            label: t('bank.amount'),
            children: <CopyValue value={props.amount} what={t('bank.amount')} />,
          },
        ]
      : []),
    {
      key: 'content',
      label: t('bank.content'),
      children: <CopyValue value={props.content} what={t('bank.content')} strong />,
    },
  ]
  return (
    <Flex vertical gap={8} data-testid="bank-transfer">
      <Typography.Text type="secondary">{props.hint ?? t('bank.intro')}</Typography.Text>
      <Descriptions size="small" column={1} bordered items={items} />
      {bank.notes ? <Typography.Text type="secondary">{bank.notes}</Typography.Text> : null}
    </Flex>
  )
}
