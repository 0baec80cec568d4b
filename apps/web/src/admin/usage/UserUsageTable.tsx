import type { UserUsageRow } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Flex, Input, Table, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useEffect } from 'react'
import { Link, useSearchParams } from 'react-router'
import { paths } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { formatCount } from '../../ui/charts/chart-data.ts'
import { QueryState } from '../../ui/QueryState.tsx'
import { usePageParam } from '../../ui/use-page-param.ts'
import { usersUsageQuery } from './usage.api.ts'
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
    { key: 'name', title: t('users.columns.name'), dataIndex: 'name' },
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
 * e-mail or name, keyword and page number kept in the URL, each row opening the account's usage.
 */
export function UserUsageTable({ range }: { range: DateRange }) {
  const t = useT(adminUsageMessages)
  const [searchParams, setSearchParams] = useSearchParams()
  const [page, setPage] = usePageParam()
  const keyword = searchParams.get('keyword') ?? ''
  const list = useQuery(usersUsageQuery(range, keyword, page))

  // A page number past the end (an old link, a shorter search) moves to the last page there is.
  const lastPage = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.page_size)) : page
  useEffect(() => {
    if (page > lastPage) setPage(lastPage)
  }, [page, lastPage, setPage])

  const onSearch = (value: string) =>
    setSearchParams((params) => {
      const next = new URLSearchParams(params)
      if (value.trim()) next.set('keyword', value.trim())
      else next.delete('keyword')
      next.delete('page')
      return next
    })

  const columns = useUserUsageColumns(range)

  return (
    <Flex vertical gap={12}>
      <Input.Search
        key={keyword}
        defaultValue={keyword}
        allowClear
        enterButton
        placeholder={t('users.search')}
        aria-label={t('users.search')}
        onSearch={onSearch}
        style={{ maxWidth: 420 }}
      />
      <QueryState query={list}>
        {(data) => (
          <Table<UserUsageRow>
            rowKey="user_id"
            size="middle"
            columns={columns}
            dataSource={data.items}
            loading={list.isFetching}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: keyword ? t('users.noMatch', { keyword }) : t('users.empty') }}
            pagination={{
              current: data.page,
              pageSize: data.page_size,
              total: data.total,
              showSizeChanger: false,
              hideOnSinglePage: true,
              showTotal: (total) => t('users.total', { count: total }),
              onChange: setPage,
            }}
          />
        )}
      </QueryState>
    </Flex>
  )
}
