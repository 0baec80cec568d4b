import type { UserUsageRow } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Flex, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { Link } from 'react-router'
import { paths } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { formatCount } from '../../ui/charts/chart-data.ts'
import { SearchInput } from '../../ui/inputs.ts'
import { ListTable, useListPaging } from '../../ui/ListFrame.tsx'
import { useListParam } from '../../ui/use-list-params.ts'
import { verbatimCell } from '../../ui/Verbatim.tsx'
import { USAGE_USERS_PAGE_SIZE, usersUsageQuery } from './usage.api.ts'
import { adminUsageMessages } from './usage.i18n.ts'
import { type DateRange, rangeSearch } from './usage-range.ts'

/** The per-user view of one account over a period. */
const userUsagePath = (userId: string, range: DateRange) =>
  `${paths.admin.viewHits}?user_id=${encodeURIComponent(userId)}&${rangeSearch(range)}`

/** The columns of a list of accounts' usage: e-mail (opening the account's usage), name and counts. */
export function useUserUsageColumns(range: DateRange): ColumnsType<UserUsageRow> {
  const t = useT(adminUsageMessages)
  const lang = useLang()
  const count = (value: number) => formatCount(value, lang)
  return [
    {
      key: 'email',
      title: t('users.columns.email'),
      dataIndex: 'email',
      render: (email: string, row) => (
        <Link to={userUsagePath(row.user_id, range)} title={t('users.view', { email })}>
          <span style={{ overflowWrap: 'anywhere' }}>{email}</span>
        </Link>
      ),
    },
    { key: 'name', title: t('users.columns.name'), dataIndex: 'name', onCell: verbatimCell },
    { key: 'api', title: t('users.columns.apiRequests'), dataIndex: 'api_requests', align: 'end', render: count },
    { key: 'map', title: t('users.columns.mapLoads'), dataIndex: 'map_loads', align: 'end', render: count },
    {
      key: 'total',
      title: t('users.columns.total'),
      dataIndex: 'total',
      align: 'end',
      render: (value: number) => <Typography.Text strong>{count(value)}</Typography.Text>,
    },
  ]
}

/**
 * Usage per account over the period, busiest first (hits-all-user-statistic-google): searchable by
 * e-mail or name, keyword, page and page size kept in the URL, each row opening the account's usage.
 * It sits under the usage pages' own headers, so it is a ListTable with its search box above.
 */
export function UserUsageTable({ range }: { range: DateRange }) {
  const t = useT(adminUsageMessages)
  const paging = useListPaging(USAGE_USERS_PAGE_SIZE)
  const [keyword, setKeyword] = useListParam('keyword')
  const list = useQuery(usersUsageQuery(range, keyword, paging.page, paging.pageSize))
  const columns = useUserUsageColumns(range)

  return (
    <Flex vertical gap={12}>
      <SearchInput
        key={keyword}
        defaultValue={keyword}
        allowClear
        enterButton
        placeholder={t('users.search')}
        aria-label={t('users.search')}
        onSearch={setKeyword}
        style={{ maxWidth: 420 }}
      />
      <ListTable<UserUsageRow>
        query={list}
        paging={paging}
        columns={columns}
        rowKey="user_id"
        empty={keyword ? t('users.noMatch', { keyword }) : t('users.empty')}
        total={(total) => t('users.total', { count: total })}
      />
    </Flex>
  )
}
