import { GiftOutlined, KeyOutlined, PlusOutlined } from '@ant-design/icons'
import { formatMoney } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Button, Card, Flex, Select, Statistic, Typography } from 'antd'
import { useCallback, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { paths } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { SearchInput } from '../../ui/inputs.ts'
import { LinkButton } from '../../ui/LinkButton.tsx'
import { type ListPaging, useListPaging } from '../../ui/ListFrame.tsx'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { AccountPageHeading } from '../accounts/AccountPageHeading.tsx'
import { ownerQuery } from '../keys/keys.api.ts'
import { AddBalanceModal, type BalanceTarget } from './AddBalanceModal.tsx'
import { BalanceLogTable } from './BalanceLogTable.tsx'
import { allBalanceLogsQuery, BALANCE_LOG_PAGE_SIZE, userBalanceLogsQuery } from './balance.api.ts'
import { balanceMessages } from './balance.i18n.ts'
import {
  type BalanceLogFilters,
  type BalanceTypeFilter,
  type FilterChange,
  filtersFromParams,
  TYPE_FILTERS,
  withFilters,
} from './balance-filters.ts'

const withUser = (path: string, userId: string) => `${path}?user_id=${encodeURIComponent(userId)}`

/** The balance log's filters, sort and page, read from and written to the URL. */
function useBalanceFilters() {
  const [searchParams, setSearchParams] = useSearchParams()
  const paging = useListPaging(BALANCE_LOG_PAGE_SIZE)
  const filters = useMemo(() => filtersFromParams(searchParams), [searchParams])
  const setFilters = useCallback(
    (change: FilterChange) => setSearchParams((params) => withFilters(params, change)),
    [setSearchParams],
  )
  return { filters, setFilters, paging }
}

/**
 * /administrator/user-management/balance-log: with `?user_id=` one account's balance, its movements
 * and the add-balance action; without it every account's movements, searched by e-mail or name.
 * Both filter by type and sort by date or amount, all of it kept in the URL.
 */
export function BalanceLogPage() {
  const { filters, setFilters, paging } = useBalanceFilters()
  return filters.userId ? (
    <UserBalanceLog userId={filters.userId} filters={filters} setFilters={setFilters} paging={paging} />
  ) : (
    <AllBalanceLogs filters={filters} setFilters={setFilters} paging={paging} />
  )
}

interface ListProps {
  filters: BalanceLogFilters
  setFilters: (change: FilterChange) => void
  paging: ListPaging
}

function TypeFilter({ value, onChange }: { value: BalanceTypeFilter; onChange: (type: BalanceTypeFilter) => void }) {
  const t = useT(balanceMessages)
  return (
    <Select<BalanceTypeFilter>
      aria-label={t('typeFilter')}
      value={value}
      onChange={onChange}
      options={TYPE_FILTERS.map((type) => ({ value: type, label: t(`types.${type}`) }))}
      style={{ flex: '0 1 220px', minWidth: 180 }}
    />
  )
}

/** One account's balance log as a tab of the customer page (EditUserPage.tsx), its filters in the URL. */
export function EmbeddedBalanceLog({ userId }: { userId: string }) {
  const { filters, setFilters, paging } = useBalanceFilters()
  return <UserBalanceLog userId={userId} filters={filters} setFilters={setFilters} paging={paging} embedded />
}

function UserBalanceLog({
  userId,
  filters,
  setFilters,
  paging,
  embedded = false,
}: ListProps & { userId: string; embedded?: boolean }) {
  const t = useT(balanceMessages)
  const lang = useLang()
  const owner = useQuery(ownerQuery(userId))
  const list = useQuery(userBalanceLogsQuery(userId, filters, paging.pageSize))
  const [target, setTarget] = useState<BalanceTarget | null>(null)
  const name = owner.data?.full_name || owner.data?.email || ''
  // The log's answer is the freshest balance; the profile's is there sooner.
  const balance = list.data?.balance ?? owner.data?.balance ?? null

  return (
    <Flex vertical gap={16}>
      {embedded ? null : (
        <AccountPageHeading
          userId={userId}
          back={{ to: paths.admin.balanceLog, label: t('showAll') }}
          title={(name) => t('userTitle', { name })}
          fallbackTitle={t('title')}
          intro={t('userIntro')}
        />
      )}
      <Card size="small">
        <Flex justify="space-between" align="center" gap={16} wrap>
          <Statistic
            title={t('balance')}
            value={balance === null ? '—' : formatMoney(balance, 'USD', lang)}
            loading={balance === null && (list.isPending || owner.isPending)}
          />
          <Flex gap={8} wrap>
            {embedded ? null : (
              <>
                <LinkButton to={withUser(paths.admin.couponLog, userId)} icon={<GiftOutlined />}>
                  {t('links.couponLog')}
                </LinkButton>
                <LinkButton to={withUser(paths.admin.keyAndBill, userId)} icon={<KeyOutlined />}>
                  {t('links.keys')}
                </LinkButton>
              </>
            )}
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setTarget({ id: userId, name: name || userId, balance })}
            >
              {t('add.button')}
            </Button>
          </Flex>
        </Flex>
      </Card>
      <Flex gap={12} wrap>
        <TypeFilter value={filters.type} onChange={(type) => setFilters({ type })} />
      </Flex>
      <BalanceLogTable
        query={list}
        sort={{ by: filters.sortBy, order: filters.order, onChange: (sort) => setFilters({ sort }) }}
        paging={paging}
        showUser={false}
        emptyText={filters.type === 'all' ? t('empty') : t('noMatch')}
      />
      <AddBalanceModal target={target} onClose={() => setTarget(null)} />
    </Flex>
  )
}

function AllBalanceLogs({ filters, setFilters, paging }: ListProps) {
  const t = useT(balanceMessages)
  useDocumentTitle(t('title'))
  const list = useQuery(allBalanceLogsQuery(filters, paging.pageSize))
  const isFiltered = Boolean(filters.keyword) || filters.type !== 'all'

  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('intro')}</Typography.Text>
      </div>
      <Flex gap={12} wrap>
        <SearchInput
          key={filters.keyword}
          defaultValue={filters.keyword}
          allowClear
          enterButton
          placeholder={t('search')}
          aria-label={t('search')}
          onSearch={(keyword) => setFilters({ keyword })}
          style={{ flex: '1 1 260px', maxWidth: 420 }}
        />
        <TypeFilter value={filters.type} onChange={(type) => setFilters({ type })} />
      </Flex>
      <BalanceLogTable
        query={list}
        sort={{ by: filters.sortBy, order: filters.order, onChange: (sort) => setFilters({ sort }) }}
        paging={paging}
        showUser
        emptyText={isFiltered ? t('noMatch') : t('empty')}
      />
    </Flex>
  )
}
