import { CheckOutlined, CloseOutlined, SyncOutlined, WarningOutlined } from '@ant-design/icons'
import {
  formatDateTime,
  formatMoney,
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
  type Payment,
  type PaymentProvider,
  type PaymentStatus,
} from '@app/contract'
import { type UseQueryResult, useQuery } from '@tanstack/react-query'
import { App, Badge, Button, Checkbox, Descriptions, Flex, Form, Modal, Select, Tag, Tooltip, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { failureText, serverMessage } from '../../api/errors.ts'
import { commonMessages } from '../../i18n/common.i18n.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { SearchInput, TextArea } from '../../ui/inputs.ts'
import { type ListPaging, ListTable, useListPaging } from '../../ui/ListFrame.tsx'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { useListParam } from '../../ui/use-list-params.ts'
import { Verbatim } from '../../ui/Verbatim.tsx'
import { ADMIN_PAYMENTS_PAGE_SIZE, adminPaymentsQuery, useDecidePayment, useReconcile } from './payments.api.ts'
import { adminPaymentsMessages } from './payments.i18n.ts'
import { CheckRefundButton, RefundButton } from './RefundButton.tsx'

const STATUS_COLORS: Record<PaymentStatus, string> = {
  pending: 'processing',
  succeeded: 'green',
  failed: 'red',
  cancelled: 'default',
  review: 'orange',
}

const isProvider = (v: string): v is PaymentProvider => (PAYMENT_PROVIDERS as readonly string[]).includes(v)
const isStatus = (v: string): v is PaymentStatus => (PAYMENT_STATUSES as readonly string[]).includes(v)

/**
 * /administrator/payments: every payment, filtered by method, status, customer (`?user=`, the link from
 * a customer's pages) and alerts, all kept in the URL. A pending bank transfer or a payment in review is
 * confirmed (credited once) or rejected here; a succeeded VNPay or PayPal top-up can be refunded.
 */
export function PaymentsPage() {
  const t = useT(adminPaymentsMessages)
  useDocumentTitle(t('title'))
  const [, setSearchParams] = useSearchParams()
  const paging = useListPaging(ADMIN_PAYMENTS_PAGE_SIZE)
  const [provider, setProvider] = useListParam('provider')
  const [status, setStatus] = useListParam('status')
  const [userId, setUserId] = useListParam('user')
  const [keyword, setKeyword] = useListParam('keyword')
  const [alerts, setAlerts] = useListParam('alerts')
  const filters = {
    page: paging.page,
    provider: isProvider(provider) ? provider : null,
    status: isStatus(status) ? status : null,
    userId: userId || null,
    keyword,
    alertsOnly: alerts === '1',
  }
  const list = useQuery(adminPaymentsQuery(filters, paging.pageSize))
  const isFiltered = Boolean(filters.provider || filters.status || filters.userId || keyword || filters.alertsOnly)

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="flex-start" gap={12} wrap>
        <div style={{ flex: '1 1 320px' }}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('intro')}</Typography.Text>
        </div>
        <ReconcileButton />
      </Flex>
      {list.data ? (
        <Flex gap={8} wrap>
          <Button size="small" onClick={() => setSearchParams({ provider: 'bank', status: 'pending' })}>
            <Badge status="processing" text={t('counts.pendingBank', { count: list.data.pending_bank })} />
          </Button>
          <Button size="small" onClick={() => setSearchParams({ status: 'review' })}>
            <Badge status="warning" text={t('counts.inReview', { count: list.data.in_review })} />
          </Button>
          <Button size="small" onClick={() => setSearchParams({ alerts: '1' })}>
            <Badge status="error" text={t('counts.alerts', { count: list.data.alerts })} />
          </Button>
        </Flex>
      ) : null}
      <Flex gap={12} wrap align="center">
        <SearchInput
          key={keyword}
          defaultValue={keyword}
          allowClear
          enterButton
          placeholder={t('filters.search')}
          aria-label={t('filters.search')}
          onSearch={setKeyword}
          style={{ flex: '1 1 240px', maxWidth: 380 }}
        />
        <Select<string>
          aria-label={t('filters.provider')}
          value={filters.provider ?? ''}
          onChange={(v) => setProvider(v || null)}
          options={[
            { value: '', label: t('filters.allProviders') },
            ...PAYMENT_PROVIDERS.map((p) => ({ value: p, label: t(`providers.${p}`) })),
          ]}
          style={{ minWidth: 170 }}
        />
        <Select<string>
          aria-label={t('filters.status')}
          value={filters.status ?? ''}
          onChange={(v) => setStatus(v || null)}
          options={[
            { value: '', label: t('filters.allStatuses') },
            ...PAYMENT_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) })),
          ]}
          style={{ minWidth: 170 }}
        />
        <Checkbox checked={filters.alertsOnly} onChange={(e) => setAlerts(e.target.checked ? '1' : null)}>
          {t('filters.alertsOnly')}
        </Checkbox>
        {filters.userId ? (
          <Tag
            closable
            onClose={() => setUserId(null)}
            closeIcon={<CloseOutlined aria-label={t('filters.clearUser')} />}
          >
            {t('filters.user', { id: filters.userId })}
          </Tag>
        ) : null}
      </Flex>
      <PaymentsTable query={list} paging={paging} emptyText={isFiltered ? t('noMatch') : t('empty')} />
    </Flex>
  )
}

function ReconcileButton() {
  const t = useT(adminPaymentsMessages)
  const { message } = App.useApp()
  const reconcile = useReconcile()
  return (
    <Tooltip title={t('reconcile.hint')}>
      <Button
        icon={<SyncOutlined />}
        loading={reconcile.isPending}
        onClick={() =>
          reconcile
            .mutateAsync()
            .then(({ data }) => message.success(t('reconcile.done', { checked: data.checked, settled: data.settled })))
            .catch((error: unknown) => message.error(serverMessage(error) ?? t('reconcile.failed')))
        }
      >
        {t('reconcile.button')}
      </Button>
    </Tooltip>
  )
}

function PaymentsTable(props: {
  query: UseQueryResult<{ items: Payment[]; total: number; page: number; page_size: number }>
  paging: ListPaging
  emptyText: string
}) {
  const t = useT(adminPaymentsMessages)
  const lang = useLang()
  const columns: ColumnsType<Payment> = [
    {
      key: 'date',
      title: t('columns.date'),
      render: (_v, p) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(p.created_at, lang)}</span>,
    },
    {
      key: 'customer',
      title: t('columns.customer'),
      render: (_v, p) => (
        <>
          <Typography.Text>
            <Verbatim>{p.user_name}</Verbatim>
          </Typography.Text>
          <br />
          <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
            {p.user_email}
          </Typography.Text>
        </>
      ),
    },
    {
      key: 'reference',
      title: t('columns.reference'),
      render: (_v, p) => (
        <>
          <Typography.Text code style={{ overflowWrap: 'anywhere' }}>
            {p.transfer_content ?? p.reference}
          </Typography.Text>
          <br />
          <Typography.Text type="secondary">
            {p.purpose === 'bill' ? t('purpose.bill', { code: p.bill_code ?? '' }) : t('purpose.topup')}
          </Typography.Text>
        </>
      ),
    },
    { key: 'method', title: t('columns.method'), render: (_v, p) => t(`providers.${p.provider}`) },
    {
      key: 'credit',
      title: t('columns.credit'),
      align: 'end',
      render: (_v, p) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(p.amount, 'USD', lang)}</span>,
    },
    {
      key: 'paid',
      title: t('columns.paid'),
      align: 'end',
      render: (_v, p) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(p.total, p.currency, lang)}</span>,
    },
    {
      key: 'status',
      title: t('columns.status'),
      render: (_v, p) => (
        <Flex gap={4} align="center">
          <Tag color={STATUS_COLORS[p.status]}>{t(`statuses.${p.status}`)}</Tag>
          {p.alert ? (
            <Tooltip title={p.alert}>
              <WarningOutlined style={{ color: '#d4380d' }} aria-label={p.alert} />
            </Tooltip>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      render: (_v, p) =>
        p.status === 'review' || (p.provider === 'bank' && p.status === 'pending') ? (
          <DecisionButtons payment={p} />
        ) : p.refund_pending ? (
          <Flex gap={4} align="center" wrap>
            <Tag color="processing">{t('details.refundPending')}</Tag>
            {p.provider === 'vnpay' ? <CheckRefundButton payment={p} /> : null}
          </Flex>
        ) : /[1-9]/.test(p.refundable) ? (
          <RefundButton payment={p} />
        ) : null,
    },
  ]
  return (
    <ListTable<Payment>
      query={props.query}
      paging={props.paging}
      columns={columns}
      rowKey="id"
      size="small"
      alwaysPaged
      empty={props.emptyText}
      total={(total) => t('total', { count: total })}
      table={{ expandable: { expandedRowRender: (p) => <PaymentDetails payment={p} /> } }}
    />
  )
}

function PaymentDetails({ payment: p }: { payment: Payment }) {
  const t = useT(adminPaymentsMessages)
  const lang = useLang()
  const none = t('details.none')
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, md: 2, xl: 3 }}
      items={[
        { key: 'content', label: t('details.transferContent'), children: p.transfer_content ?? none },
        { key: 'order', label: t('details.orderId'), children: p.provider_order_id ?? none },
        { key: 'txn', label: t('details.txnId'), children: p.provider_txn_id ?? none },
        { key: 'bank', label: t('details.bankCode'), children: p.bank_code ?? none },
        { key: 'tran', label: t('details.bankTranNo'), children: p.bank_tran_no ?? none },
        { key: 'code', label: t('details.responseCode'), children: p.response_code ?? none },
        { key: 'payDate', label: t('details.payDate'), children: p.pay_date ? formatDateTime(p.pay_date, lang) : none },
        { key: 'fee', label: t('details.fee'), children: formatMoney(p.fee, p.currency, lang) },
        { key: 'rate', label: t('details.rate'), children: p.exchange_rate ?? none },
        {
          key: 'completed',
          label: t('details.completed'),
          children: p.completed_at ? formatDateTime(p.completed_at, lang) : none,
        },
        { key: 'decided', label: t('details.decidedBy'), children: p.decided_by ?? none },
        { key: 'note', label: t('details.note'), children: p.note ?? none },
        ...(/[1-9]/.test(p.refunded)
          ? [{ key: 'refunded', label: t('details.refunded'), children: formatMoney(p.refunded, p.currency, lang) }]
          : []),
        ...(p.alert
          ? [
              {
                key: 'alert',
                label: t('details.alert'),
                children: <Typography.Text type="danger">{p.alert}</Typography.Text>,
              },
            ]
          : []),
      ]}
    />
  )
}

/** Confirm (credits once) or reject (with a reason), each after a dialog that says what it does. */
function DecisionButtons({ payment }: { payment: Payment }) {
  const t = useT(adminPaymentsMessages)
  const common = useT(commonMessages)
  const lang = useLang()
  const { message } = App.useApp()
  const decide = useDecidePayment()
  const [open, setOpen] = useState<'confirm' | 'reject' | null>(null)
  const [form] = Form.useForm<{ note: string }>()

  const onOk = () =>
    form.validateFields().then(({ note }) =>
      decide
        .mutateAsync({ id: payment.id, decision: open ?? 'confirm', note: (note ?? '').trim() })
        .then(() => {
          message.success(open === 'reject' ? t('reject.done') : t('confirm.done'))
          setOpen(null)
          form.resetFields()
        })
        .catch((error: unknown) => {
          message.error(failureText(t('failed'), error))
        }),
    )

  return (
    <Flex gap={6}>
      <Button size="small" type="primary" icon={<CheckOutlined />} onClick={() => setOpen('confirm')}>
        {t('confirm.button')}
      </Button>
      <Button size="small" danger icon={<CloseOutlined />} onClick={() => setOpen('reject')}>
        {t('reject.button')}
      </Button>
      <Modal
        open={open !== null}
        title={t(open === 'reject' ? 'reject.title' : 'confirm.title', {
          reference: payment.transfer_content ?? payment.reference,
        })}
        okText={open === 'reject' ? t('reject.button') : t('confirm.button')}
        okButtonProps={{ danger: open === 'reject', loading: decide.isPending }}
        cancelText={common('actions.cancel')}
        onOk={() => void onOk().catch(() => undefined)}
        onCancel={() => setOpen(null)}
        destroyOnHidden
      >
        <Typography.Paragraph>
          {open === 'reject'
            ? t('reject.text')
            : t('confirm.text', { amount: formatMoney(payment.amount, 'USD', lang), email: payment.user_email })}
        </Typography.Paragraph>
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="note"
            label={open === 'reject' ? t('reject.note') : t('confirm.note')}
            rules={open === 'reject' ? [{ required: true, whitespace: true, message: t('reject.required') }] : []}
          >
            <TextArea rows={3} maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  )
}
