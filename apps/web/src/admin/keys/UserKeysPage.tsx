import {
  EditOutlined,
  GiftOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  PlusOutlined,
  WalletOutlined,
} from '@ant-design/icons'
import { formatDate, type Key, type Page } from '@app/contract'
import { type UseQueryResult, useQuery } from '@tanstack/react-query'
import { Button, Drawer, Flex, Select, Tooltip, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { useConfirmedChange } from '../../api/use-confirmed-change.ts'
import { paths } from '../../app/paths.ts'
import { CopyKeyButton } from '../../features/keys/CopyKeyButton.tsx'
import { KeyCapUse } from '../../features/keys/KeyCapUse.tsx'
import { KeyForm } from '../../features/keys/KeyForm.tsx'
import { KeyLimits, KeyStatusTag, KeyTypeTag, RestrictionSummary, ServiceScope } from '../../features/keys/KeyTags.tsx'
import { keyQuery } from '../../features/keys/keys.api.ts'
import { useT } from '../../i18n/define.ts'
import { currentLang } from '../../i18n/lang.ts'
import { useMediaQuery } from '../../lib/use-media-query.ts'
import { SearchInput } from '../../ui/inputs.ts'
import { LinkButton } from '../../ui/LinkButton.tsx'
import { ListFrame, type ListPaging, ListTable, useListPaging } from '../../ui/ListFrame.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { useListParam } from '../../ui/use-list-params.ts'
import { Verbatim } from '../../ui/Verbatim.tsx'
import { AccountPageHeading } from '../accounts/AccountPageHeading.tsx'
import { AddBalanceModal, type BalanceTarget } from '../balance/AddBalanceModal.tsx'
import { balanceMessages } from '../balance/balance.i18n.ts'
import { UserBills } from '../billing/UserBills.tsx'
import {
  ADMIN_KEYS_PAGE_SIZE,
  allKeysQuery,
  type KeyStatusFilter,
  keysOfUserQuery,
  ownerQuery,
  useSetKeyStatus,
} from './keys.api.ts'
import { userKeysMessages } from './user-keys.i18n.ts'

const keysOfUserPath = (userId: string) => `${paths.admin.keyAndBill}?user_id=${encodeURIComponent(userId)}`

/**
 * /administrator/user-management/key-and-bill: with `?user_id=` one account's keys and bills, without
 * it every key (searchable, filtered by status). Keys are edited in a drawer, so the page keeps its
 * place, and suspended or reactivated after a confirmation; bills are set paid or unpaid the same way.
 */
export function UserKeysPage() {
  const [searchParams] = useSearchParams()
  const userId = searchParams.get('user_id')
  return userId ? <KeysOfUser userId={userId} /> : <AllKeys />
}

/**
 * One account's keys, searched by name. `embedded`: as a tab of the customer page (EditUserPage.tsx),
 * which has the heading, the balance and the bills already; otherwise the key-and-bill page's whole body.
 */
export function KeysOfUser({ userId, embedded = false }: { userId: string; embedded?: boolean }) {
  const t = useT(userKeysMessages)
  const owner = useQuery(ownerQuery(userId))
  const paging = useListPaging(ADMIN_KEYS_PAGE_SIZE)
  const [keyword, setKeyword] = useListParam('keyword')
  const list = useQuery(keysOfUserQuery(userId, paging.page, paging.pageSize, keyword))
  const name = owner.data?.full_name || owner.data?.email || userId

  if (embedded) {
    return (
      <Flex vertical gap={16}>
        <SearchBox value={keyword} placeholder={t('search')} onSearch={setKeyword} />
        <KeyTable query={list} keyword={keyword} paging={paging} showOwner={false} />
      </Flex>
    )
  }
  return (
    <Flex vertical gap={16}>
      <AccountPageHeading
        userId={userId}
        back={{ to: paths.admin.keyAndBill, label: t('showAll') }}
        title={(name) => t('userTitle', { name })}
        fallbackTitle={t('allTitle')}
        intro={t('userIntro')}
      />
      <BalanceActions userId={userId} name={name} balance={owner.data?.balance ?? null} />
      <SearchBox value={keyword} placeholder={t('search')} onSearch={setKeyword} />
      <KeyTable query={list} keyword={keyword} paging={paging} showOwner={false} />
      <section>
        <Typography.Title level={4} style={{ marginTop: 8 }}>
          {t('bills')}
        </Typography.Title>
        <UserBills userId={userId} />
      </section>
    </Flex>
  )
}

/** A search box on its own line, for a list inside a page with its own head. */
function SearchBox(props: { value: string; placeholder: string; onSearch: (value: string) => void }) {
  return (
    <SearchInput
      key={props.value}
      defaultValue={props.value}
      allowClear
      enterButton
      placeholder={props.placeholder}
      aria-label={props.placeholder}
      onSearch={props.onSearch}
      style={{ maxWidth: 420 }}
    />
  )
}

/** The account's balance: add to it, or open its balance and coupon logs. */
function BalanceActions({ userId, name, balance }: { userId: string; name: string; balance: string | null }) {
  const t = useT(balanceMessages)
  const [target, setTarget] = useState<BalanceTarget | null>(null)
  const query = `?user_id=${encodeURIComponent(userId)}`
  return (
    <Flex gap={8} wrap>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget({ id: userId, name, balance })}>
        {t('add.button')}
      </Button>
      <LinkButton to={`${paths.admin.balanceLog}${query}`} icon={<WalletOutlined />}>
        {t('links.balanceLog')}
      </LinkButton>
      <LinkButton to={`${paths.admin.couponLog}${query}`} icon={<GiftOutlined />}>
        {t('links.couponLog')}
      </LinkButton>
      <AddBalanceModal target={target} onClose={() => setTarget(null)} />
    </Flex>
  )
}

function AllKeys() {
  const t = useT(userKeysMessages)
  useDocumentTitle(t('allTitle'))
  const paging = useListPaging(ADMIN_KEYS_PAGE_SIZE)
  const [keyword, setKeyword] = useListParam('keyword')
  const [rawStatus, setStatus] = useListParam('status')
  const status: KeyStatusFilter | null = rawStatus === 'active' || rawStatus === 'suspended' ? rawStatus : null
  const list = useQuery(allKeysQuery(paging.page, paging.pageSize, keyword, status))
  const columns = useKeyColumns(true)

  return (
    <ListFrame<Key>
      title={t('allTitle')}
      intro={t('allIntro')}
      search={{ value: keyword, placeholder: t('search'), onSearch: setKeyword }}
      filters={
        <Select<KeyStatusFilter | 'all'>
          aria-label={t('statusFilter')}
          value={status ?? 'all'}
          onChange={(value) => setStatus(value === 'all' ? null : value)}
          style={{ flex: '0 0 180px' }}
          options={[
            { value: 'all', label: t('statusAll') },
            { value: 'active', label: <KeyStatusTag status="active" /> },
            { value: 'suspended', label: <KeyStatusTag status="suspended" /> },
          ]}
        />
      }
      query={list}
      paging={paging}
      columns={columns.columns}
      rowKey="id"
      empty={keyword ? t('noMatch', { keyword }) : t('empty')}
      total={(total) => t('total', { count: total })}
    >
      {columns.drawer}
    </ListFrame>
  )
}

/** A list of keys inside a page with its own head (one account's keys). */
function KeyTable({
  query,
  keyword,
  paging,
  showOwner,
}: {
  query: UseQueryResult<Page<Key>>
  keyword: string
  paging: ListPaging
  showOwner: boolean
}) {
  const t = useT(userKeysMessages)
  const columns = useKeyColumns(showOwner)
  return (
    <>
      <ListTable<Key>
        query={query}
        paging={paging}
        columns={columns.columns}
        rowKey="id"
        empty={keyword ? t('noMatch', { keyword }) : t('empty')}
        total={(total) => t('total', { count: total })}
      />
      {columns.drawer}
    </>
  )
}

/** The key table's columns and the drawer its edit buttons open. */
function useKeyColumns(showOwner: boolean) {
  const t = useT(userKeysMessages)
  const confirm = useConfirmedChange()
  const setStatus = useSetKeyStatus()
  const [editingId, setEditingId] = useState<string | null>(null)
  const lang = currentLang()

  const onToggleStatus = (item: Key) => {
    const suspend = item.status !== 'suspended'
    confirm({
      title: t(suspend ? 'suspend.title' : 'unsuspend.title', { name: item.name }),
      content: t(suspend ? 'suspend.content' : 'unsuspend.content'),
      okText: t(suspend ? 'actions.suspend' : 'actions.unsuspend'),
      danger: suspend,
      run: () => setStatus.mutateAsync({ id: item.id, suspend }),
      failed: t('statusFailed'),
    })
  }
  const ownerLink = (item: Key) => (
    <Link to={keysOfUserPath(item.user_id)} title={t('ownerKeys', { email: item.user_email })}>
      <span style={{ overflowWrap: 'anywhere' }}>{item.user_email}</span>
    </Link>
  )

  const actions = (item: Key) => (
    <Flex gap={4} justify="flex-end" wrap>
      <CopyKeyButton keyId={item.id} name={item.name} />
      <Tooltip title={t('actions.edit', { name: item.name })}>
        <Button
          icon={<EditOutlined />}
          aria-label={t('actions.edit', { name: item.name })}
          onClick={() => setEditingId(item.id)}
        />
      </Tooltip>
      <Button
        icon={item.status === 'suspended' ? <PlayCircleOutlined /> : <PauseCircleOutlined />}
        danger={item.status !== 'suspended'}
        onClick={() => onToggleStatus(item)}
      >
        {item.status === 'suspended' ? t('actions.unsuspend') : t('actions.suspend')}
      </Button>
    </Flex>
  )

  const nameCell = (item: Key) => (
    <Flex vertical gap={2}>
      <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
        <Verbatim>{item.name}</Verbatim>
      </Typography.Text>
      <Typography.Text code style={{ fontSize: 12, alignSelf: 'flex-start' }}>
        {item.key_preview}
      </Typography.Text>
    </Flex>
  )

  // Phones get one column that stacks what matters; wider screens get the full table.
  const columns: ColumnsType<Key> = [
    {
      key: 'stacked',
      title: t('columns.key'),
      responsive: ['xs'],
      render: (_value, item) => (
        <Flex vertical gap={8}>
          <Flex justify="space-between" gap={8} align="flex-start">
            {nameCell(item)}
            <KeyStatusTag status={item.status} />
          </Flex>
          {showOwner ? ownerLink(item) : null}
          <Flex gap={8} wrap align="center">
            <KeyTypeTag type={item.type} />
            <RestrictionSummary rows={item.restriction_list} />
            <ServiceScope services={item.services} />
            <Typography.Text type="secondary">{formatDate(item.created_at, lang)}</Typography.Text>
          </Flex>
          {item.cap_use ? <KeyCapUse keyItem={item} block /> : null}
          {actions(item)}
        </Flex>
      ),
    },
    { key: 'name', title: t('columns.name'), responsive: ['sm'], render: (_value, item) => nameCell(item) },
    ...(showOwner
      ? [
          {
            key: 'owner',
            title: t('columns.owner'),
            responsive: ['sm'],
            render: (_value: unknown, item: Key) => ownerLink(item),
          },
        ]
      : []),
    {
      key: 'type',
      title: t('columns.type'),
      dataIndex: 'type',
      responsive: ['md'],
      render: (type: Key['type']) => <KeyTypeTag type={type} />,
    },
    {
      key: 'restrictions',
      title: t('columns.restrictions'),
      responsive: ['lg'],
      render: (_value, item) => <KeyLimits keyItem={item} />,
    },
    {
      key: 'caps',
      title: t('columns.caps'),
      responsive: ['sm'],
      render: (_value, item) => <KeyCapUse keyItem={item} />,
    },
    {
      key: 'created',
      title: t('columns.created'),
      dataIndex: 'created_at',
      responsive: ['xl'],
      render: (value: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(value, lang)}</span>,
    },
    {
      key: 'status',
      title: t('columns.status'),
      dataIndex: 'status',
      responsive: ['sm'],
      render: (value: Key['status']) => <KeyStatusTag status={value} />,
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      align: 'end',
      responsive: ['sm'],
      render: (_value, item) => actions(item),
    },
  ] as ColumnsType<Key>

  return { columns, drawer: <EditKeyDrawer id={editingId} onClose={() => setEditingId(null)} /> }
}

/** The shared key form in a drawer: saving closes it and the list stays where it was (docs/requirements.md §5.5). */
function EditKeyDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const t = useT(userKeysMessages)
  const isNarrow = useMediaQuery('(max-width: 760px)')
  const key = useQuery({ ...keyQuery(id ?? ''), enabled: id !== null })
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={isNarrow ? '100%' : 640}
      title={key.data ? t('editTitle', { name: key.data.name }) : ''}
      destroyOnHidden
    >
      {id ? (
        <QueryState query={key}>{(item) => <KeyForm editing={item} onSaved={onClose} onCancel={onClose} />}</QueryState>
      ) : null}
    </Drawer>
  )
}
