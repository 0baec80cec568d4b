import { CopyOutlined, DeleteOutlined, EditOutlined, EllipsisOutlined, SyncOutlined } from '@ant-design/icons'
import { formatDate, formatDateTime, type Key, type Page } from '@app/contract'
import { Button, Card, Dropdown, Flex, type MenuProps, Pagination, Table, Tooltip, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import type { ReactNode } from 'react'
import { paths } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { currentLang } from '../../i18n/lang.ts'
import { useMediaQuery } from '../../lib/use-media-query.ts'
import { LinkButton } from '../../ui/LinkButton.tsx'
import { CopyKeyButton } from './CopyKeyButton.tsx'
import { KeyCapUse } from './KeyCapUse.tsx'
import { KeyLimits, KeyStatusTag, KeyTypeTag, RestrictionSummary, ServiceScope } from './KeyTags.tsx'
import { keysMessages } from './keys.i18n.ts'

export interface KeyActions {
  canChange: boolean
  busyId: string | null
  onDuplicate: (key: Key) => void
  onRoll: (key: Key) => void
  onDelete: (key: Key) => void
}

const editKeyPath = (id: string) => `${paths.editKey}?id=${encodeURIComponent(id)}`

/** The key's preview (`mk_…w3Zq`) and, for live keys, the button that copies the whole secret. */
function KeyPreview({ item, canCopy }: { item: Key; canCopy: boolean }) {
  const t = useT(keysMessages)
  return (
    <Flex vertical gap={2} align="flex-start">
      <Flex gap={4} align="center">
        <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
          {item.key_preview}
        </Typography.Text>
        {canCopy ? <CopyKeyButton keyId={item.id} name={item.name} type="text" size="small" /> : null}
      </Flex>
      {item.previous_key_expires_at ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('list.oldKeyUntil', { time: formatDateTime(item.previous_key_expires_at, currentLang()) })}
        </Typography.Text>
      ) : null}
    </Flex>
  )
}

function NameCell({ item }: { item: Key }) {
  return (
    <Flex vertical gap={2} style={{ minWidth: 0 }}>
      <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
        {item.name}
      </Typography.Text>
      {item.description ? (
        <Typography.Text type="secondary" ellipsis={{ tooltip: item.description }} style={{ fontSize: 13 }}>
          {item.description}
        </Typography.Text>
      ) : null}
    </Flex>
  )
}

/** Edit as a link (it has an address), the rarer actions in a menu. */
function RowActions({ item, actions }: { item: Key; actions: KeyActions }) {
  const t = useT(keysMessages)
  const disabledReason = actions.canChange ? undefined : t('list.blocked')
  const items: MenuProps['items'] = [
    {
      key: 'duplicate',
      icon: <CopyOutlined />,
      label: t('actions.duplicate'),
      disabled: !actions.canChange,
      onClick: () => actions.onDuplicate(item),
    },
    {
      key: 'roll',
      icon: <SyncOutlined />,
      label: t('actions.roll'),
      disabled: !actions.canChange,
      onClick: () => actions.onRoll(item),
    },
    { type: 'divider' },
    {
      key: 'delete',
      icon: <DeleteOutlined />,
      label: t('actions.delete'),
      danger: true,
      onClick: () => actions.onDelete(item),
    },
  ]
  return (
    <Flex gap={4} justify="flex-end">
      <Tooltip title={disabledReason ?? t('actions.editNamed', { name: item.name })}>
        <LinkButton
          to={editKeyPath(item.id)}
          icon={<EditOutlined />}
          aria-label={t('actions.editNamed', { name: item.name })}
          disabled={!actions.canChange}
        />
      </Tooltip>
      <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
        <Button
          icon={<EllipsisOutlined />}
          aria-label={t('actions.more', { name: item.name })}
          loading={actions.busyId === item.id}
        />
      </Dropdown>
    </Flex>
  )
}

/**
 * A page of keys: a table on wider screens, a list of cards on phones. `actions` absent: the deleted
 * keys, which are read-only and cannot be copied (they never work again).
 */
export function KeysTable({
  data,
  isFetching,
  actions,
  onPageChange,
  empty,
}: {
  data: Page<Key>
  isFetching: boolean
  actions?: KeyActions
  onPageChange: (page: number) => void
  empty: ReactNode
}) {
  const t = useT(keysMessages)
  const lang = currentLang()
  const isPhone = useMediaQuery('(max-width: 767px)')
  const isDeletedList = actions === undefined

  const dates = (item: Key) =>
    isDeletedList && item.deleted_at
      ? t('list.deletedOn', { date: formatDate(item.deleted_at, lang) })
      : t('list.modifiedOn', { date: formatDate(item.last_modified, lang) })

  if (isPhone) {
    if (data.items.length === 0) return <>{empty}</>
    return (
      <Flex vertical gap={12}>
        {data.items.map((item) => (
          <Card key={item.id} size="small" styles={{ body: { padding: 14 } }}>
            <Flex vertical gap={8}>
              <Flex justify="space-between" align="flex-start" gap={8}>
                <NameCell item={item} />
                <KeyStatusTag status={item.status} />
              </Flex>
              <Flex gap={8} align="center" wrap>
                <KeyTypeTag type={item.type} />
                <RestrictionSummary rows={item.restriction_list} />
                <ServiceScope services={item.services} />
              </Flex>
              {!isDeletedList && item.cap_use ? <KeyCapUse keyItem={item} block /> : null}
              <KeyPreview item={item} canCopy={!isDeletedList} />
              <Flex justify="space-between" align="center" gap={8} wrap>
                <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                  {t('list.createdOn', { date: formatDate(item.created_at, lang) })} · {dates(item)}
                </Typography.Text>
                {actions ? <RowActions item={item} actions={actions} /> : null}
              </Flex>
            </Flex>
          </Card>
        ))}
        {data.total > data.page_size ? (
          <Pagination
            align="center"
            current={data.page}
            pageSize={data.page_size}
            total={data.total}
            showSizeChanger={false}
            onChange={onPageChange}
            size="small"
          />
        ) : null}
      </Flex>
    )
  }

  // The table (from 768 px; phones get cards) keeps the name at the left and the status and actions at
  // the right while the columns between them scroll: at 1280 px Burmese headings pushed Status and
  // Actions out of view.
  const columns: ColumnsType<Key> = [
    {
      key: 'name',
      title: t('columns.name'),
      fixed: 'left',
      render: (_value, item) => <NameCell item={item} />,
    },
    {
      key: 'type',
      title: t('columns.type'),
      dataIndex: 'type',
      render: (type: Key['type']) => <KeyTypeTag type={type} />,
    },
    {
      key: 'key',
      title: t('columns.key'),
      render: (_value, item) => <KeyPreview item={item} canCopy={!isDeletedList} />,
    },
    {
      key: 'restrictions',
      title: t('columns.restrictions'),
      responsive: ['lg'],
      render: (_value, item) => <KeyLimits keyItem={item} />,
    },
    ...(isDeletedList
      ? []
      : [
          {
            key: 'caps',
            title: t('columns.caps'),
            render: (_value: unknown, item: Key) => <KeyCapUse keyItem={item} />,
          },
        ]),
    {
      key: 'created',
      title: t('columns.created'),
      dataIndex: 'created_at',
      render: (value: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(value, lang)}</span>,
    },
    isDeletedList
      ? {
          key: 'deleted',
          title: t('columns.deleted'),
          dataIndex: 'deleted_at',
          render: (value: string | null) =>
            value ? <span style={{ whiteSpace: 'nowrap' }}>{formatDate(value, lang)}</span> : null,
        }
      : {
          key: 'modified',
          title: t('columns.modified'),
          dataIndex: 'last_modified',
          responsive: ['xl'],
          render: (value: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(value, lang)}</span>,
        },
    {
      key: 'status',
      title: t('columns.status'),
      dataIndex: 'status',
      fixed: 'right',
      render: (status: Key['status']) => <KeyStatusTag status={status} />,
    },
  ]
  if (actions) {
    columns.push({
      key: 'actions',
      title: t('columns.actions'),
      align: 'end',
      fixed: 'right',
      render: (_value, item) => <RowActions item={item} actions={actions} />,
    })
  }

  return (
    <Table<Key>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={data.items}
      loading={isFetching}
      locale={{ emptyText: empty }}
      scroll={{ x: 'max-content' }}
      pagination={{
        current: data.page,
        pageSize: data.page_size,
        total: data.total,
        showSizeChanger: false,
        hideOnSinglePage: true,
        showTotal: (total) => t('list.total', { count: total }),
        onChange: onPageChange,
      }}
    />
  )
}
