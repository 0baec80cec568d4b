import { type Bill, formatDate, formatMoney, type Page } from '@app/contract'
import type { UseQueryResult } from '@tanstack/react-query'
import { Button, Flex, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table/interface'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { type ListPaging, type ListSort, ListTable, serverSorted } from '../../ui/ListFrame.tsx'
import { Verbatim } from '../../ui/Verbatim.tsx'
import { PaidBadge, VatMark } from './BillTags.tsx'
import type { BillSort, SortMode } from './bill-filters.ts'
import { formatDay, formatDecimal } from './bill-format.ts'
import { billingMessages } from './billing.i18n.ts'
import { BulkSetPaid, SetPaidButton } from './SetPaidButton.tsx'

interface BillSortState {
  by: BillSort
  mode: SortMode
  onChange: (sort: { by: BillSort; mode: SortMode }) => void
}

/**
 * Bills as a table that scrolls sideways on narrow screens: code (opening the bill), customer, month,
 * period, amounts in USD and VND, payment status, VAT mark, bill date and the set-paid action. With
 * `sort`, the columns the server sorts by are sortable and the order is the caller's (the URL's).
 */
export function BillsTable(props: {
  query: UseQueryResult<Page<Bill>>
  onOpen: (id: string) => void
  paging: ListPaging
  sort?: BillSortState
  showCustomer?: boolean
  /** Unpaid bills can be selected and set paid together (the billing manager). */
  bulkPaid?: boolean
  emptyText: string
}) {
  const t = useT(billingMessages)
  const lang = useLang()
  const { query, sort, showCustomer = true } = props
  const money = (value: string) => formatMoney(value, 'USD', lang)

  // Money and dates sort largest first on the first click; code and e-mail alphabetically.
  const sortable = (order: keyof typeof serverSorted) => (sort ? serverSorted[order] : {})
  const listSort: ListSort<BillSort> | undefined = sort && {
    by: sort.by,
    order: sort.mode,
    onChange: ({ by, order }) => sort.onChange({ by, mode: order }),
  }

  const columns: ColumnsType<Bill> = [
    {
      key: 'code',
      title: t('columns.code'),
      dataIndex: 'code',
      fixed: 'start',
      ...sortable('alphabetical'),
      render: (code: string, bill) => (
        <Button
          type="link"
          aria-label={t('open', { code })}
          style={{ padding: 0, height: 'auto', whiteSpace: 'nowrap' }}
          onClick={() => props.onOpen(bill.id)}
        >
          {code}
        </Button>
      ),
    },
    ...(showCustomer
      ? [
          {
            key: 'email',
            title: t('columns.customer'),
            ...sortable('alphabetical'),
            render: (_value: unknown, bill: Bill) => (
              <Flex vertical style={{ minWidth: 160 }}>
                <Typography.Text>
                  <Verbatim>{bill.user_name}</Verbatim>
                </Typography.Text>
                <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                  {bill.user_email}
                </Typography.Text>
              </Flex>
            ),
          },
        ]
      : []),
    {
      key: 'month',
      title: t('columns.month'),
      ...sortable('largestFirst'),
      render: (_value, bill) => (
        <span style={{ whiteSpace: 'nowrap' }}>{`${String(bill.month).padStart(2, '0')}/${bill.year}`}</span>
      ),
    },
    {
      key: 'period',
      title: t('columns.period'),
      render: (_value, bill) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {formatDay(bill.billed_from, lang)} – {formatDay(bill.billed_to, lang)}
        </span>
      ),
    },
    {
      key: 'before',
      title: t('columns.amountBeforeDiscount'),
      dataIndex: 'amount_before_discount',
      align: 'end',
      render: money,
    },
    {
      key: 'discount',
      title: t('columns.discount'),
      align: 'end',
      render: (_value, bill) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {money(bill.discount)}
          {/[1-9]/.test(bill.discount_percent) ? (
            <Typography.Text type="secondary"> ({formatDecimal(bill.discount_percent, lang)}%)</Typography.Text>
          ) : null}
        </span>
      ),
    },
    {
      key: 'total',
      title: t('columns.total'),
      dataIndex: 'total',
      align: 'end',
      ...sortable('largestFirst'),
      render: (value: string) => <Typography.Text strong>{money(value)}</Typography.Text>,
    },
    {
      key: 'total_vnd',
      title: t('columns.totalVnd'),
      dataIndex: 'total_vnd',
      align: 'end',
      render: (value: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(value, 'VND', lang)}</span>,
    },
    {
      key: 'status',
      title: t('columns.status'),
      dataIndex: 'paid',
      render: (paid: boolean) => <PaidBadge paid={paid} />,
    },
    {
      key: 'vat',
      title: t('columns.vat'),
      dataIndex: 'vat_requested',
      align: 'center',
      render: (requested: boolean) => <VatMark requested={requested} />,
    },
    {
      key: 'bill_date',
      title: t('columns.billDate'),
      dataIndex: 'bill_date',
      ...sortable('largestFirst'),
      render: (value: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(value, lang)}</span>,
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      align: 'end',
      render: (_value, bill) => (
        <Flex gap={8} justify="flex-end">
          <SetPaidButton bill={bill} />
          <Button size="small" onClick={() => props.onOpen(bill.id)}>
            {t('actions.details')}
          </Button>
        </Flex>
      ),
    },
  ]

  return (
    <ListTable<Bill>
      query={query}
      paging={props.paging}
      columns={columns}
      rowKey="id"
      empty={props.emptyText}
      total={(total) => t('total', { count: total })}
      sort={listSort}
      bulk={
        props.bulkPaid
          ? {
              selectable: (bill) => !bill.paid,
              rowName: (bill) => bill.code,
              actions: (selected, clear) => <BulkSetPaid bills={selected} onDone={clear} />,
            }
          : undefined
      }
    />
  )
}
