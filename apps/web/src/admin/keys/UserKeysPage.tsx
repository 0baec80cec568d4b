import {
  ArrowLeftOutlined,
  EditOutlined,
  GiftOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  PlusOutlined,
  WalletOutlined,
} from '@ant-design/icons'
import { formatDate, type Key, type Page } from '@app/contract'
import { type UseQueryResult, useQuery } from '@tanstack/react-query'
import { App, Button, Drawer, Flex, Input, Select, Skeleton, Table, Tooltip, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useEffect, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { failureText } from '../../api/errors.ts'
import { paths } from '../../app/paths.ts'
import { CopyKeyButton } from '../../features/keys/CopyKeyButton.tsx'
import { KeyForm } from '../../features/keys/KeyForm.tsx'
import { KeyStatusTag, KeyTypeTag, RestrictionSummary } from '../../features/keys/KeyTags.tsx'
import { keyQuery } from '../../features/keys/keys.api.ts'
import { commonMessages } from '../../i18n/common.i18n.ts'
import { useT } from '../../i18n/define.ts'
import { currentLang } from '../../i18n/lang.ts'
import { useMediaQuery } from '../../lib/use-media-query.ts'
import { LinkButton } from '../../ui/LinkButton.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { usePageParam } from '../../ui/use-page-param.ts'
import { AddBalanceModal, type BalanceTarget } from '../balance/AddBalanceModal.tsx'
import { balanceMessages } from '../balance/balance.i18n.ts'
import { UserBills } from '../billing/UserBills.tsx'
import { allKeysQuery, type KeyStatusFilter, keysOfUserQuery, ownerQuery, useSetKeyStatus } from './keys.api.ts'
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

function useKeywordParam(): [string, (value: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams()
  const keyword = searchParams.get('keyword') ?? ''
  const setKeyword = (value: string) =>
    setSearchParams((params) => {
      const next = new URLSearchParams(params)
      if (value.trim()) next.set('keyword', value.trim())
      else next.delete('keyword')
      next.delete('page')
      return next
    })
  return [keyword, setKeyword]
}

function KeysOfUser({ userId }: { userId: string }) {
  const t = useT(userKeysMessages)
  const owner = useQuery(ownerQuery(userId))
  const [page, setPage] = usePageParam()
  const [keyword, setKeyword] = useKeywordParam()
  const list = useQuery(keysOfUserQuery(userId, page, keyword))
  const name = owner.data?.full_name ?? owner.data?.email ?? ''
  useDocumentTitle(name ? t('userTitle', { name }) : t('allTitle'))

  return (
    <Flex vertical gap={16}>
      <Link to={paths.admin.keyAndBill} style={{ alignSelf: 'flex-start' }}>
        <ArrowLeftOutlined /> {t('showAll')}
      </Link>
      <div>
        {owner.isPending ? (
          <Skeleton active title={{ width: 240 }} paragraph={{ rows: 1 }} />
        ) : (
          <>
            <Typography.Title level={3} style={{ margin: 0, overflowWrap: 'anywhere' }}>
              {t('userTitle', { name: name || userId })}
            </Typography.Title>
            <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
              {owner.data ? `${owner.data.email} · ` : ''}
              {t('userIntro')}
            </Typography.Text>
          </>
        )}
      </div>
      <BalanceActions userId={userId} name={name || userId} balance={owner.data?.balance ?? null} />
      <Input.Search
        key={keyword}
        defaultValue={keyword}
        allowClear
        enterButton
        placeholder={t('search')}
        aria-label={t('search')}
        onSearch={setKeyword}
        style={{ maxWidth: 420 }}
      />
      <KeyTable query={list} keyword={keyword} onPageChange={setPage} showOwner={false} />
      <section>
        <Typography.Title level={4} style={{ marginTop: 8 }}>
          {t('bills')}
        </Typography.Title>
        <UserBills userId={userId} />
      </section>
    </Flex>
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
  const [searchParams, setSearchParams] = useSearchParams()
  const [page, setPage] = usePageParam()
  const [keyword, setKeyword] = useKeywordParam()
  const raw = searchParams.get('status')
  const status: KeyStatusFilter | null = raw === 'active' || raw === 'suspended' ? raw : null
  const list = useQuery(allKeysQuery(page, keyword, status))

  const onStatus = (value: KeyStatusFilter | 'all') =>
    setSearchParams((params) => {
      const next = new URLSearchParams(params)
      if (value === 'all') next.delete('status')
      else next.set('status', value)
      next.delete('page')
      return next
    })

  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('allTitle')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('allIntro')}</Typography.Text>
      </div>
      <Flex gap={12} wrap>
        <Input.Search
          key={keyword}
          defaultValue={keyword}
          allowClear
          enterButton
          placeholder={t('search')}
          aria-label={t('search')}
          onSearch={setKeyword}
          style={{ flex: '1 1 260px', maxWidth: 420 }}
        />
        <Select<KeyStatusFilter | 'all'>
          aria-label={t('statusFilter')}
          value={status ?? 'all'}
          onChange={onStatus}
          style={{ flex: '0 0 180px' }}
          options={[
            { value: 'all', label: t('statusAll') },
            { value: 'active', label: <KeyStatusTag status="active" /> },
            { value: 'suspended', label: <KeyStatusTag status="suspended" /> },
          ]}
        />
      </Flex>
      <KeyTable query={list} keyword={keyword} onPageChange={setPage} showOwner />
    </Flex>
  )
}

function KeyTable({
  query,
  keyword,
  onPageChange,
  showOwner,
}: {
  query: UseQueryResult<Page<Key>>
  keyword: string
  onPageChange: (page: number) => void
  showOwner: boolean
}) {
  const t = useT(userKeysMessages)
  const common = useT(commonMessages)
  const { message, modal } = App.useApp()
  const setStatus = useSetKeyStatus()
  const [editingId, setEditingId] = useState<string | null>(null)
  const [page] = usePageParam()
  const lang = currentLang()

  // A page past the end (an old link, a shorter search) moves to the last page there is.
  const lastPage = query.data ? Math.max(1, Math.ceil(query.data.total / query.data.page_size)) : page
  useEffect(() => {
    if (page > lastPage) onPageChange(lastPage)
  }, [page, lastPage, onPageChange])

  const onToggleStatus = (item: Key) => {
    const suspend = item.status !== 'suspended'
    modal.confirm({
      title: t(suspend ? 'suspend.title' : 'unsuspend.title', { name: item.name }),
      content: t(suspend ? 'suspend.content' : 'unsuspend.content'),
      okText: t(suspend ? 'actions.suspend' : 'actions.unsuspend'),
      okButtonProps: { danger: suspend },
      cancelText: common('actions.cancel'),
      onOk: () =>
        setStatus
          .mutateAsync({ id: item.id, suspend })
          .then(({ message: text }) => {
            message.success(text)
          })
          .catch((error: Error) => {
            message.error(failureText(t('statusFailed'), error))
          }),
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
        {item.name}
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
            <Typography.Text type="secondary">{formatDate(item.created_at, lang)}</Typography.Text>
          </Flex>
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
      dataIndex: 'restriction_list',
      responsive: ['lg'],
      render: (rows: Key['restriction_list']) => <RestrictionSummary rows={rows} />,
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

  return (
    <>
      <QueryState query={query}>
        {(data) => (
          <Table<Key>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={data.items}
            loading={query.isFetching}
            locale={{ emptyText: keyword ? t('noMatch', { keyword }) : t('empty') }}
            pagination={{
              current: data.page,
              pageSize: data.page_size,
              total: data.total,
              showSizeChanger: false,
              hideOnSinglePage: true,
              showTotal: (total) => t('total', { count: total }),
              onChange: onPageChange,
            }}
          />
        )}
      </QueryState>
      <EditKeyDrawer id={editingId} onClose={() => setEditingId(null)} />
    </>
  )
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
