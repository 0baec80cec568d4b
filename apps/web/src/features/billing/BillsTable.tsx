import { RightOutlined } from '@ant-design/icons'
import type { Bill, Page } from '@app/contract'
import { Card, Flex, Pagination, Table, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import type { ReactNode } from 'react'
import { Link, useNavigate } from 'react-router'
import { paths } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { useMediaQuery } from '../../lib/use-media-query.ts'
import { PaidTag, VatTag } from './BillTags.tsx'
import { formatDay, formatDecimal, formatMonth } from './bill-format.ts'
import { billingMessages } from './billing.i18n.ts'

/** A page of bills: a table on wider screens, a list of cards under 768 px. A bill opens on click. */
export function BillsTable({
  data,
  isFetching,
  onPageChange,
  empty,
}: {
  data: Page<Bill>
  isFetching: boolean
  onPageChange: (page: number) => void
  empty: ReactNode
}) {
  const t = useT(billingMessages)
  const lang = useLang()
  const navigate = useNavigate()
  const isPhone = useMediaQuery('(max-width: 767px)')

  const month = (bill: Bill) => formatMonth(bill.year, bill.month, lang)
  const period = (bill: Bill) =>
    t('period', { from: formatDay(bill.billed_from, lang), to: formatDay(bill.billed_to, lang) })
  const total = (bill: Bill) => t('money.usd', { amount: formatDecimal(bill.total, lang) })

  if (data.items.length === 0) return <>{empty}</>

  if (isPhone) {
    return (
      <Flex vertical gap={12}>
        {data.items.map((bill) => (
          // The card's text is the link's name (month, code, period, total, paid): a name of its own would
          // hide what the card shows (WCAG 2.5.3, label in name).
          <Link key={bill.id} to={paths.bill(bill.id)} style={{ color: 'inherit' }}>
            <Card size="small" hoverable styles={{ body: { padding: 14 } }} data-testid="bill-card">
              <Flex justify="space-between" align="center" gap={8}>
                <Flex vertical gap={4} style={{ minWidth: 0 }}>
                  <Typography.Text strong>{month(bill)}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                    {bill.code} · {period(bill)}
                  </Typography.Text>
                  <Flex gap={4} wrap align="center">
                    <Typography.Text strong style={{ marginRight: 8 }}>
                      {total(bill)}
                    </Typography.Text>
                    <PaidTag isPaid={bill.paid} />
                    {bill.vat_requested ? <VatTag /> : null}
                  </Flex>
                </Flex>
                <RightOutlined aria-hidden />
              </Flex>
            </Card>
          </Link>
        ))}
        {data.total > data.page_size ? (
          <Pagination
            align="center"
            size="small"
            current={data.page}
            pageSize={data.page_size}
            total={data.total}
            showSizeChanger={false}
            onChange={onPageChange}
          />
        ) : null}
      </Flex>
    )
  }

  const columns: ColumnsType<Bill> = [
    {
      key: 'month',
      title: t('columns.month'),
      render: (_value, bill) => (
        <Flex vertical gap={2}>
          <Link
            to={paths.bill(bill.id)}
            // The name starts with the text shown, the month (WCAG 2.5.3, label in name: axe-core's
            // label-content-name-mismatch), and says which bill it opens.
            aria-label={`${month(bill)}, ${t('list.open', { code: bill.code })}`}
            // The whole row opens the bill; the link is for the keyboard, a new tab and the address.
            onClick={(event) => event.stopPropagation()}
            style={{ fontWeight: 600, whiteSpace: 'nowrap' }}
          >
            {month(bill)}
          </Link>
          <Typography.Text type="secondary" style={{ fontSize: 13, whiteSpace: 'nowrap' }}>
            {period(bill)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'code',
      title: t('columns.code'),
      dataIndex: 'code',
      render: (code: string) => <span style={{ whiteSpace: 'nowrap' }}>{code}</span>,
    },
    {
      key: 'total',
      title: t('columns.total'),
      align: 'right',
      render: (_value, bill) => (
        <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{total(bill)}</span>
      ),
    },
    {
      key: 'status',
      title: t('columns.status'),
      render: (_value, bill) => <PaidTag isPaid={bill.paid} />,
    },
    {
      key: 'vat',
      title: t('columns.vat'),
      render: (_value, bill) =>
        bill.vat_requested ? <VatTag /> : <Typography.Text type="secondary">{t('list.noVat')}</Typography.Text>,
    },
  ]

  return (
    <Table<Bill>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={data.items}
      loading={isFetching}
      scroll={{ x: 'max-content' }}
      onRow={(bill) => ({ onClick: () => navigate(paths.bill(bill.id)), style: { cursor: 'pointer' } })}
      pagination={{
        current: data.page,
        pageSize: data.page_size,
        total: data.total,
        showSizeChanger: false,
        hideOnSinglePage: true,
        showTotal: (count) => t('list.total', { count }),
        onChange: onPageChange,
      }}
    />
  )
}
