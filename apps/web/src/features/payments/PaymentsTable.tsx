import { formatDateTime, formatMoney, type Payment } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { App, Button, Card, Popconfirm, Table, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useState } from 'react'
import { serverMessage } from '../../api/errors.ts'
import { commonMessages } from '../../i18n/common.i18n.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { BankTransferDetails } from './BankTransferDetails.tsx'
import { PaymentStatusTag, paidText } from './payment-format.tsx'
import { myPaymentsQuery, PAYMENTS_PAGE_SIZE, paymentOptionsQuery, useCancelPayment } from './payments.api.ts'
import { paymentsMessages } from './payments.i18n.ts'

/**
 * The customer's payments, newest first: method, what was paid and credited, the state. A bank transfer
 * still waiting shows its transfer details again and can be cancelled; so can a PayPal payment not
 * captured yet.
 */
export function PaymentsTable() {
  const t = useT(paymentsMessages)
  const lang = useLang()
  const [page, setPage] = useState(1)
  const list = useQuery(myPaymentsQuery(page))
  const options = useQuery(paymentOptionsQuery())

  const columns: ColumnsType<Payment> = [
    {
      key: 'date',
      title: t('history.date'),
      render: (_v, p) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(p.created_at, lang)}</span>,
    },
    { key: 'method', title: t('history.method'), render: (_v, p) => t(`topUp.methods.${p.provider}`) },
    {
      key: 'reference',
      title: t('history.reference'),
      render: (_v, p) => (
        <>
          <Typography.Text code style={{ overflowWrap: 'anywhere' }}>
            {p.transfer_content ?? p.reference}
          </Typography.Text>
          <br />
          <Typography.Text type="secondary">
            {p.bill_code ? t('history.forBill', { code: p.bill_code }) : t('history.topUp')}
          </Typography.Text>
        </>
      ),
    },
    {
      key: 'credited',
      title: t('history.credited'),
      align: 'end',
      render: (_v, p) => formatMoney(p.amount, 'USD', lang),
    },
    {
      key: 'paid',
      title: t('history.paid'),
      align: 'end',
      // A failed or cancelled attempt took nothing: its amount is shown struck through, and said so.
      render: (_v, p) =>
        p.status === 'failed' || p.status === 'cancelled' ? (
          <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
            <del>{paidText(p, lang)}</del> {t('history.notCharged')}
          </Typography.Text>
        ) : p.status === 'succeeded' ? (
          paidText(p, lang)
        ) : (
          <Typography.Text type="secondary">{paidText(p, lang)}</Typography.Text>
        ),
    },
    {
      key: 'status',
      title: t('history.status'),
      render: (_v, p) => (
        <>
          <PaymentStatusTag status={p.status} />
          {/[1-9]/.test(p.refunded) ? (
            // docs/payments.md "Refunds": given back to the customer, in the currency they paid in.
            <Typography.Text type="secondary" style={{ display: 'block', whiteSpace: 'nowrap' }}>
              {t('history.refunded', { amount: formatMoney(p.refunded, p.currency, lang) })}
            </Typography.Text>
          ) : null}
        </>
      ),
    },
    {
      key: 'actions',
      title: '',
      render: (_v, p) =>
        p.status === 'pending' && p.provider !== 'vnpay' && !p.provider_txn_id ? <CancelButton payment={p} /> : null,
    },
  ]

  return (
    <Card title={t('history.title')} data-testid="payments-history">
      <Table<Payment>
        rowKey="id"
        size="small"
        scroll={{ x: 'max-content' }}
        columns={columns}
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        locale={{ emptyText: t('history.empty') }}
        expandable={{
          rowExpandable: (p) => p.provider === 'bank' && p.status === 'pending' && options.data?.bank != null,
          expandedRowRender: (p) =>
            options.data?.bank ? (
              <BankTransferDetails
                bank={options.data.bank}
                content={p.transfer_content ?? p.reference}
                amount={p.total}
              />
            ) : null,
        }}
        pagination={{
          current: page,
          pageSize: PAYMENTS_PAGE_SIZE,
          total: list.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
          hideOnSinglePage: true,
          showTotal: (total) => t('history.total', { count: total }),
        }}
      />
    </Card>
  )
}

function CancelButton({ payment }: { payment: Payment }) {
  const t = useT(paymentsMessages)
  const common = useT(commonMessages)
  const { message } = App.useApp()
  const cancel = useCancelPayment()
  return (
    <Popconfirm
      title={t('history.cancelTitle')}
      description={<div style={{ maxWidth: 280 }}>{t('history.cancelText')}</div>}
      okText={common('actions.confirm')}
      cancelText={common('actions.cancel')}
      onConfirm={() =>
        cancel
          .mutateAsync(payment.id)
          .then(() => message.success(t('history.cancelled')))
          .catch((error: unknown) => message.error(serverMessage(error) ?? t('history.cancel')))
      }
    >
      <Button size="small" loading={cancel.isPending}>
        {t('history.cancel')}
      </Button>
    </Popconfirm>
  )
}
