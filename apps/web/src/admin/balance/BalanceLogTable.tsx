import { type BalanceLog, formatDateTime, formatMoney, type Page } from '@app/contract'
import type { UseQueryResult } from '@tanstack/react-query'
import { Flex, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table/interface'
import { Link } from 'react-router'
import { paths } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { BalanceDescription } from '../../ui/BalanceDescription.tsx'
import { type ListPaging, ListTable, serverSorted } from '../../ui/ListFrame.tsx'
import { Person } from '../../ui/Person.tsx'
import { Verbatim } from '../../ui/Verbatim.tsx'
import { balanceMessages } from './balance.i18n.ts'
import type { BalanceSort, SortOrder as Order } from './balance-filters.ts'

const balanceLogPath = (userId: string) => `${paths.admin.balanceLog}?user_id=${encodeURIComponent(userId)}`

/** A movement's type, green for a credit and red for a debit. */
function BalanceTypeTag({ log }: { log: Pick<BalanceLog, 'type' | 'amount'> }) {
  const t = useT(balanceMessages)
  return <Tag color={log.amount.startsWith('-') ? 'red' : 'green'}>{t(`types.${log.type}`)}</Tag>
}

/**
 * Balance movements as a table that scrolls sideways on narrow screens: date, account (everyone's
 * log only), type, signed amount, the balance after it, what it concerns and who made it. Date and
 * amount sort on the server, in the order the URL says.
 */
export function BalanceLogTable(props: {
  query: UseQueryResult<Page<BalanceLog>>
  sort: { by: BalanceSort; order: Order; onChange: (sort: { by: BalanceSort; order: Order }) => void }
  paging: ListPaging
  showUser: boolean
  emptyText: string
}) {
  const t = useT(balanceMessages)
  const lang = useLang()
  const { query, sort } = props

  const columns: ColumnsType<BalanceLog> = [
    {
      key: 'created_at',
      title: t('columns.date'),
      dataIndex: 'created_at',
      ...serverSorted.largestFirst,
      render: (value: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(value, lang)}</span>,
    },
    ...(props.showUser
      ? [
          {
            key: 'user',
            title: t('columns.user'),
            render: (_value: unknown, log: BalanceLog) => (
              <Flex vertical style={{ minWidth: 160 }}>
                <Link to={balanceLogPath(log.user_id)} title={t('userLog', { email: log.user_email })}>
                  <Verbatim>{log.user_name || log.user_email}</Verbatim>
                </Link>
                <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                  {log.user_email}
                </Typography.Text>
              </Flex>
            ),
          },
        ]
      : []),
    {
      key: 'type',
      title: t('columns.type'),
      render: (_value, log) => <BalanceTypeTag log={log} />,
    },
    {
      key: 'amount',
      title: t('columns.amount'),
      dataIndex: 'amount',
      align: 'end',
      ...serverSorted.largestFirst,
      render: (value: string) => {
        const isDebit = value.startsWith('-')
        return (
          <Typography.Text strong type={isDebit ? 'danger' : 'success'} style={{ whiteSpace: 'nowrap' }}>
            {isDebit ? '' : '+'}
            {formatMoney(value, 'USD', lang)}
          </Typography.Text>
        )
      },
    },
    {
      key: 'balance_after',
      title: t('columns.balanceAfter'),
      dataIndex: 'balance_after',
      align: 'end',
      render: (value: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(value, 'USD', lang)}</span>,
    },
    {
      key: 'details',
      title: t('columns.details'),
      render: (_value, log) => (
        <Flex vertical gap={2} style={{ minWidth: 180, maxWidth: 360 }}>
          {log.description ? (
            <Typography.Text style={{ overflowWrap: 'anywhere' }}>
              <BalanceDescription log={log} />
            </Typography.Text>
          ) : null}
          {log.reference ? (
            <Typography.Text code style={{ alignSelf: 'flex-start', overflowWrap: 'anywhere' }}>
              <Verbatim>{log.reference}</Verbatim>
            </Typography.Text>
          ) : null}
          {log.description || log.reference ? null : <Typography.Text type="secondary">—</Typography.Text>}
        </Flex>
      ),
    },
    {
      key: 'by',
      title: t('columns.by'),
      render: (_, log) =>
        log.created_by ? (
          <Person
            name={log.created_by_name}
            email={log.created_by_email}
            fallback={<span style={{ overflowWrap: 'anywhere' }}>{log.created_by}</span>}
          />
        ) : (
          <Typography.Text type="secondary">{t('system')}</Typography.Text>
        ),
    },
  ]

  return (
    <ListTable<BalanceLog>
      query={query}
      paging={props.paging}
      columns={columns}
      rowKey="id"
      empty={props.emptyText}
      total={(total) => t('total', { count: total })}
      sort={sort}
    />
  )
}
