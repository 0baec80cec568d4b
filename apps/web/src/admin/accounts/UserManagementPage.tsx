import { EditOutlined, PlusOutlined } from '@ant-design/icons'
import {
  type Account,
  type AccountGroup,
  type AccountSortField,
  formatDate,
  formatMoney,
  type Page,
  type UserStatus,
} from '@app/contract'
import { type UseQueryResult, useQuery } from '@tanstack/react-query'
import { Flex, Segmented, Tabs, Typography } from 'antd'
import type { ColumnsType, ColumnType, SorterResult, SortOrder } from 'antd/es/table/interface'
import { useSearchParams } from 'react-router'
import { paths } from '../../app/paths.ts'
import { useSession } from '../../app/session.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { SearchInput } from '../../ui/inputs.ts'
import { LinkButton } from '../../ui/LinkButton.tsx'
import { type ListPaging, ListTable, useListPaging } from '../../ui/ListFrame.tsx'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { useListParam } from '../../ui/use-list-params.ts'
import { Verbatim } from '../../ui/Verbatim.tsx'
import {
  BulkSuspend,
  mainRole,
  RoleButton,
  RoleTag,
  StatusTag,
  SuspendButton,
  useIsAdmin,
  useMayManage,
} from './AccountActions.tsx'
import { ACCOUNTS_PAGE_SIZE, type AccountFilters, accountsQuery, SORT_FIELDS } from './accounts.api.ts'
import { accountsMessages } from './accounts.i18n.ts'

type StatusChoice = 'all' | UserStatus
const STATUS_CHOICES: StatusChoice[] = ['all', 'active', 'suspended']

export const editUserPath = (id: string) => `${paths.admin.editUser}?user_id=${encodeURIComponent(id)}`

/** Sort, group, status, keyword and page live in the URL, so reload, back and a shared link agree. */
function useFilters(
  paging: ListPaging,
): [AccountFilters, (sortBy: AccountSortField, sortMode: 'asc' | 'desc' | null) => void] {
  const [searchParams, setSearchParams] = useSearchParams()
  const { page, pageSize } = paging
  const [keyword] = useListParam('keyword')
  const rawSort = searchParams.get('sort_by')
  const sortBy = SORT_FIELDS.find((field) => field === rawSort) ?? 'created_at'
  const sortMode = searchParams.get('sort_mode') === 'asc' ? 'asc' : 'desc'
  const rawStatus = searchParams.get('status')
  const status = rawStatus === 'active' || rawStatus === 'suspended' ? rawStatus : null
  const group: AccountGroup = searchParams.get('group') === 'staff' ? 'staff' : 'customer'
  const setSort = (field: AccountSortField, mode: 'asc' | 'desc' | null) =>
    setSearchParams((params) => {
      const copy = new URLSearchParams(params)
      if (mode) {
        copy.set('sort_by', field)
        copy.set('sort_mode', mode)
      } else {
        copy.delete('sort_by')
        copy.delete('sort_mode')
      }
      copy.delete('page')
      return copy
    })
  return [{ group, keyword, status, sortBy, sortMode, page, pageSize }, setSort]
}

/**
 * /administrator/user-management: customers and staff in two tabs, searched, filtered by status,
 * sorted and paged by the server; each row opens the account, and can be suspended or reactivated
 * (and, for administrators, given another role) after a confirmation.
 */
export function UserManagementPage() {
  const t = useT(accountsMessages)
  useDocumentTitle(t('list.title'))
  const paging = useListPaging(ACCOUNTS_PAGE_SIZE)
  const [filters, setSort] = useFilters(paging)
  const [, setKeyword] = useListParam('keyword')
  const [, setStatus] = useListParam('status')
  const [, setGroup] = useListParam('group')
  const list = useQuery(accountsQuery(filters))
  const isFiltered = Boolean(filters.keyword || filters.status)

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <div style={{ flex: '1 1 320px' }}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('list.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('list.intro')}</Typography.Text>
        </div>
        <LinkButton type="primary" icon={<PlusOutlined />} to={paths.admin.createUser}>
          {t('list.create')}
        </LinkButton>
      </Flex>
      <Tabs
        activeKey={filters.group}
        onChange={(key) => setGroup(key === 'staff' ? 'staff' : null)}
        items={(['customer', 'staff'] as const).map((key) => ({ key, label: t(`list.tabs.${key}`) }))}
      />
      <Flex gap={12} wrap align="center">
        <SearchInput
          key={filters.keyword}
          defaultValue={filters.keyword}
          allowClear
          enterButton
          placeholder={t('list.search')}
          aria-label={t('list.search')}
          onSearch={setKeyword}
          style={{ flex: '1 1 260px', maxWidth: 420 }}
        />
        <Segmented<StatusChoice>
          aria-label={t('list.status')}
          value={filters.status ?? 'all'}
          onChange={(value) => setStatus(value === 'all' ? null : value)}
          options={STATUS_CHOICES.map((value) => ({ value, label: t(`list.statuses.${value}`) }))}
        />
      </Flex>
      <AccountsTable
        query={list}
        filters={filters}
        paging={paging}
        onSort={setSort}
        emptyText={isFiltered ? t('list.noMatch') : t('list.empty')}
      />
    </Flex>
  )
}

function RowActions({ account }: { account: Account }) {
  const t = useT(accountsMessages)
  const mayManage = useMayManage(account)
  return (
    <Flex gap={8} justify="flex-end">
      <LinkButton
        size="small"
        icon={<EditOutlined />}
        to={editUserPath(account.id)}
        aria-label={t('list.editOf', { email: account.email })}
      >
        {t('list.edit')}
      </LinkButton>
      {mayManage ? <SuspendButton account={account} size="small" /> : null}
      <RoleButton account={account} size="small" />
    </Flex>
  )
}

function AccountsTable(props: {
  query: UseQueryResult<Page<Account>>
  filters: AccountFilters
  paging: ListPaging
  onSort: (field: AccountSortField, mode: 'asc' | 'desc' | null) => void
  emptyText: string
}) {
  const session = useSession()
  const isAdmin = useIsAdmin()
  const t = useT(accountsMessages)
  const lang = useLang()
  const { query, filters } = props
  const sortOrder = (field: AccountSortField): SortOrder =>
    filters.sortBy === field ? (filters.sortMode === 'asc' ? 'ascend' : 'descend') : null
  const sortable = (field: AccountSortField): Pick<ColumnType<Account>, 'sorter' | 'sortOrder' | 'sortDirections'> => ({
    sorter: true,
    sortOrder: sortOrder(field),
    sortDirections: ['ascend' as const, 'descend' as const, 'ascend' as const],
  })

  const columns: ColumnsType<Account> = [
    {
      key: 'email',
      title: t('list.columns.account'),
      ...sortable('email'),
      render: (_value, account) => (
        <Flex vertical style={{ minWidth: 200 }}>
          <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
            {account.email}
          </Typography.Text>
          <Typography.Text type="secondary">
            <Verbatim>{account.full_name}</Verbatim>
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'phone',
      title: t('list.columns.phone'),
      dataIndex: 'phone_number',
      render: (value: string | null) => <span style={{ whiteSpace: 'nowrap' }}>{value ?? '—'}</span>,
    },
    {
      key: 'roles',
      title: t('list.columns.roles'),
      render: (_value, account) => <RoleTag role={mainRole(account.roles)} />,
    },
    {
      key: 'plan',
      title: t('list.columns.plan'),
      dataIndex: 'name_of_user_plan_id',
      render: (v: string | null) => (v ? <Verbatim>{v}</Verbatim> : '—'),
    },
    {
      key: 'balance',
      title: t('list.columns.balance'),
      dataIndex: 'balance',
      align: 'end',
      ...sortable('balance'),
      render: (value: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(value, 'USD', lang)}</span>,
    },
    {
      key: 'status',
      title: t('list.columns.status'),
      ...sortable('status'),
      render: (_value, account) => <StatusTag status={account.status} />,
    },
    {
      key: 'last_login',
      title: t('list.columns.lastLogin'),
      dataIndex: 'last_login',
      ...sortable('last_login'),
      render: (value: string | null) => (
        <span style={{ whiteSpace: 'nowrap' }}>{value ? formatDate(value, lang) : t('list.never')}</span>
      ),
    },
    {
      key: 'created_at',
      title: t('list.columns.created'),
      dataIndex: 'created_at',
      ...sortable('created_at'),
      render: (value: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(value, lang)}</span>,
    },
    {
      key: 'actions',
      title: t('list.columns.actions'),
      align: 'end',
      fixed: 'end',
      render: (_value, account) => <RowActions account={account} />,
    },
  ]

  return (
    <ListTable<Account>
      query={query}
      paging={props.paging}
      columns={columns}
      rowKey="id"
      empty={props.emptyText}
      total={(total) => t('list.total', { count: total })}
      bulk={{
        // Active accounts this operator may manage, not their own (as the rows' own buttons).
        selectable: (account) =>
          account.status === 'active' &&
          account.id !== session?.user_id &&
          (isAdmin || mainRole(account.roles) === 'customer'),
        rowName: (account) => account.email,
        actions: (selected, clear) => <BulkSuspend accounts={selected} onDone={clear} />,
      }}
      table={{
        onChange: (_pagination, _filters, sorter, extra) => {
          if (extra.action !== 'sort') return
          const one = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Account> | undefined
          const field = SORT_FIELDS.find((candidate) => candidate === one?.columnKey)
          if (!field) return
          props.onSort(field, one?.order === 'ascend' ? 'asc' : one?.order === 'descend' ? 'desc' : null)
        },
      }}
    />
  )
}
