import {
  AppstoreOutlined,
  BarsOutlined,
  CodeOutlined,
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  EnvironmentOutlined,
  MoreOutlined,
  PlusOutlined,
  ShareAltOutlined,
  StarOutlined,
  UndoOutlined,
} from '@ant-design/icons'
import { formatDateTime, type MapSummary } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import {
  App,
  Button,
  Card,
  Col,
  Dropdown,
  Empty,
  Flex,
  type MenuProps,
  Pagination,
  Popconfirm,
  Row,
  Segmented,
  Table,
  Tag,
  Typography,
} from 'antd'
import { lazy, type ReactNode, Suspense, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { serverMessage } from '../../api/errors.ts'
import { paths } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { SearchInput } from '../../ui/inputs.ts'
import { LinkButton } from '../../ui/LinkButton.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { usePageParam } from '../../ui/use-page-param.ts'
import { type MapListView, mapCalls, mapKeysQuery, mapsQuery, useMapsMutation } from './maps.api.ts'
import { mapsMessages } from './maps.i18n.ts'

// The create, edit and share dialogs (forms) open on demand.
const MapFormModal = lazy(async () => ({ default: (await import('./MapFormModal.tsx')).MapFormModal }))
const ShareModal = lazy(async () => ({ default: (await import('./ShareModal.tsx')).ShareModal }))

type Mode = 'grid' | 'list'
type Dialog = { kind: 'create' } | { kind: 'edit'; map: MapSummary } | { kind: 'share'; map: MapSummary } | null

/**
 * /maps: the user's maps in a grid or a list (both kept in the URL), with create, rename, copy, share,
 * embed, set default and move to the recycle bin; the recycle bin with restore, permanent delete and
 * empty-trash (docs/requirements.md §14.4, §14.5).
 */
export function MapsPage() {
  const t = useT(mapsMessages)
  useDocumentTitle(t('title'))
  const [searchParams, setSearchParams] = useSearchParams()
  const view: MapListView = searchParams.get('view') === 'trashed' ? 'trashed' : 'active'
  const mode: Mode = searchParams.get('mode') === 'list' ? 'list' : 'grid'
  const [keyword, setKeyword] = useState('')
  const [page, setPage] = usePageParam()
  const [dialog, setDialog] = useState<Dialog>(null)
  const list = useQuery(mapsQuery(view, page, keyword))
  const keys = useQuery(mapKeysQuery())
  const hasKey = (keys.data ?? []).some((k) => k.status === 'active')

  const setParam = (name: string, value: string | null) => {
    const params = new URLSearchParams(searchParams)
    if (value) params.set(name, value)
    else params.delete(name)
    params.delete('page')
    setSearchParams(params)
  }

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <div style={{ flex: '1 1 320px', minWidth: 0 }}>
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
            {t('title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('intro')}</Typography.Text>
        </div>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={!hasKey}
          onClick={() => setDialog({ kind: 'create' })}
          title={hasKey ? undefined : t('empty.noKey')}
        >
          {t('create')}
        </Button>
      </Flex>
      <Flex gap={12} wrap align="center">
        <Segmented<MapListView>
          value={view}
          onChange={(next) => setParam('view', next === 'trashed' ? 'trashed' : null)}
          options={[
            { value: 'active', label: t('views.active'), icon: <EnvironmentOutlined /> },
            { value: 'trashed', label: t('views.trashed'), icon: <DeleteOutlined /> },
          ]}
        />
        {view === 'active' && (
          <Segmented<Mode>
            value={mode}
            onChange={(next) => setParam('mode', next === 'list' ? 'list' : null)}
            options={[
              { value: 'grid', icon: <AppstoreOutlined />, label: t('modes.grid') },
              { value: 'list', icon: <BarsOutlined />, label: t('modes.list') },
            ]}
          />
        )}
        <SearchInput
          allowClear
          placeholder={t('search')}
          aria-label={t('search')}
          onSearch={(value) => {
            setKeyword(value.trim())
            setPage(1)
          }}
          style={{ maxWidth: 280 }}
        />
        {view === 'trashed' && <EmptyTrashButton disabled={!list.data?.total} />}
      </Flex>
      <QueryState
        query={list}
        isEmpty={(data) => data.total === 0}
        empty={
          view === 'trashed' ? (
            <Empty description={t('empty.trash')} />
          ) : (
            <Empty description={t('empty.title')} style={{ margin: '24px 0' }}>
              <Typography.Paragraph type="secondary">
                {hasKey ? t('empty.hint') : t('empty.noKey')}
              </Typography.Paragraph>
              {hasKey ? (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'create' })}>
                  {t('create')}
                </Button>
              ) : (
                <LinkButton type="primary" to={paths.createKey}>
                  {t('empty.createKey')}
                </LinkButton>
              )}
            </Empty>
          )
        }
      >
        {(data) => (
          <Flex vertical gap={16}>
            {view === 'trashed' ? (
              <TrashTable items={data.items} />
            ) : mode === 'grid' ? (
              <MapGrid items={data.items} onDialog={setDialog} />
            ) : (
              <MapTable items={data.items} onDialog={setDialog} />
            )}
            {data.total > data.page_size && (
              <Pagination
                current={data.page}
                pageSize={data.page_size}
                total={data.total}
                onChange={setPage}
                showSizeChanger={false}
                style={{ alignSelf: 'flex-end' }}
              />
            )}
          </Flex>
        )}
      </QueryState>
      <Suspense fallback={null}>
        {dialog?.kind === 'create' && <MapFormModal map={null} onClose={() => setDialog(null)} />}
        {dialog?.kind === 'edit' && <MapFormModal map={dialog.map} onClose={() => setDialog(null)} />}
        {dialog?.kind === 'share' && <ShareModal map={dialog.map} onClose={() => setDialog(null)} />}
      </Suspense>
    </Flex>
  )
}

function MapTags({ map }: { map: MapSummary }) {
  const t = useT(mapsMessages)
  return (
    <>
      {map.is_default && (
        <Tag color="gold" icon={<StarOutlined />}>
          {t('defaultTag')}
        </Tag>
      )}
      {map.share_token && <Tag color="blue">{t('sharedTag')}</Tag>}
      {map.key_status !== 'active' && <Tag color="red">{t(`keyState.${map.key_status}`)}</Tag>}
    </>
  )
}

/** The actions of a map in use, as one menu (the grid's cards and the list's rows). */
function useMapActions(onDialog: (dialog: Dialog) => void) {
  const t = useT(mapsMessages)
  const { message, modal } = App.useApp()
  const navigate = useNavigate()
  const copy = useMapsMutation(mapCalls.copy)
  const setDefault = useMapsMutation(mapCalls.setDefault)
  const trash = useMapsMutation(mapCalls.trash)
  const done = ({ message: text }: { message: string }) => message.success(text)
  const fail = (error: Error) => message.error(serverMessage(error) ?? t('failed.action'))

  return (map: MapSummary): MenuProps => ({
    items: [
      { key: 'open', icon: <EnvironmentOutlined />, label: t('actions.open') },
      { key: 'rename', icon: <EditOutlined />, label: t('actions.rename') },
      { key: 'copy', icon: <CopyOutlined />, label: t('actions.copy') },
      { key: 'share', icon: <ShareAltOutlined />, label: t('actions.share') },
      { key: 'embed', icon: <CodeOutlined />, label: t('actions.embed') },
      { key: 'default', icon: <StarOutlined />, label: t('actions.setDefault'), disabled: map.is_default },
      { type: 'divider' },
      { key: 'trash', icon: <DeleteOutlined />, label: t('actions.trash'), danger: true },
    ],
    onClick: ({ key }) => {
      if (key === 'open') navigate(paths.map(map.id))
      else if (key === 'rename') onDialog({ kind: 'edit', map })
      else if (key === 'copy') copy.mutate(map.id, { onSuccess: done, onError: fail })
      else if (key === 'share' || key === 'embed') onDialog({ kind: 'share', map })
      else if (key === 'default') setDefault.mutate(map.id, { onSuccess: done, onError: fail })
      else if (key === 'trash')
        modal.confirm({
          title: t('actions.trash'),
          content: t('confirm.trash', { name: map.name }),
          okButtonProps: { danger: true },
          onOk: () => trash.mutateAsync(map.id).then(done, fail),
        })
    },
  })
}

function MoreButton({ menu, name }: { menu: MenuProps; name: string }) {
  const t = useT(mapsMessages)
  return (
    <Dropdown menu={menu} trigger={['click']}>
      <Button icon={<MoreOutlined />} aria-label={`${t('actions.more')}: ${name}`} />
    </Dropdown>
  )
}

function MapGrid({ items, onDialog }: { items: MapSummary[]; onDialog: (dialog: Dialog) => void }) {
  const t = useT(mapsMessages)
  const lang = useLang()
  const actions = useMapActions(onDialog)
  return (
    <Row gutter={[16, 16]}>
      {items.map((map) => (
        <Col key={map.id} xs={24} sm={12} lg={8} xxl={6}>
          <Card
            data-testid="map-card"
            title={
              <Link to={paths.map(map.id)} style={{ fontWeight: 600 }}>
                {map.name}
              </Link>
            }
            extra={<MoreButton menu={actions(map)} name={map.name} />}
            style={{ height: '100%' }}
          >
            <Flex vertical gap={8}>
              <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0, minHeight: 44 }}>
                {map.description ?? ''}
              </Typography.Paragraph>
              <Typography.Text>{t('counts', { points: map.point_count, layers: map.layer_count })}</Typography.Text>
              <Typography.Text type="secondary">
                {map.key_name} · {formatDateTime(map.updated_at, lang)}
              </Typography.Text>
              <div>
                <MapTags map={map} />
              </div>
            </Flex>
          </Card>
        </Col>
      ))}
    </Row>
  )
}

function MapTable({ items, onDialog }: { items: MapSummary[]; onDialog: (dialog: Dialog) => void }) {
  const t = useT(mapsMessages)
  const lang = useLang()
  const actions = useMapActions(onDialog)
  return (
    <Table<MapSummary>
      rowKey="id"
      dataSource={items}
      pagination={false}
      scroll={{ x: 720 }}
      columns={[
        {
          title: t('columns.name'),
          key: 'name',
          render: (_, map) => (
            <Flex vertical gap={4}>
              <Link to={paths.map(map.id)}>{map.name}</Link>
              <div>
                <MapTags map={map} />
              </div>
            </Flex>
          ),
        },
        { title: t('columns.key'), dataIndex: 'key_name' },
        { title: t('columns.points'), dataIndex: 'point_count', align: 'right' },
        { title: t('columns.layers'), dataIndex: 'layer_count', align: 'right' },
        { title: t('columns.updated'), key: 'updated', render: (_, map) => formatDateTime(map.updated_at, lang) },
        {
          title: t('columns.actions'),
          key: 'actions',
          align: 'right',
          render: (_, map) => <MoreButton menu={actions(map)} name={map.name} />,
        },
      ]}
    />
  )
}

function TrashTable({ items }: { items: MapSummary[] }) {
  const t = useT(mapsMessages)
  const lang = useLang()
  const { message } = App.useApp()
  const restore = useMapsMutation(mapCalls.restore)
  const remove = useMapsMutation(mapCalls.remove)
  const done = ({ message: text }: { message: string }) => message.success(text)
  const fail = (error: Error) => message.error(serverMessage(error) ?? t('failed.action'))
  return (
    <Table<MapSummary>
      rowKey="id"
      dataSource={items}
      pagination={false}
      scroll={{ x: 640 }}
      columns={[
        { title: t('columns.name'), dataIndex: 'name' },
        { title: t('columns.points'), dataIndex: 'point_count', align: 'right' },
        {
          title: t('columns.trashed'),
          key: 'trashed',
          render: (_, map) => (map.trashed_at ? formatDateTime(map.trashed_at, lang) : ''),
        },
        {
          title: t('columns.actions'),
          key: 'actions',
          align: 'right',
          render: (_, map): ReactNode => (
            <Flex gap={8} justify="flex-end" wrap>
              <Button
                icon={<UndoOutlined />}
                onClick={() => restore.mutate(map.id, { onSuccess: done, onError: fail })}
              >
                {t('actions.restore')}
              </Button>
              <Popconfirm
                title={t('actions.deleteForever')}
                description={t('confirm.deleteForever', { name: map.name })}
                okButtonProps={{ danger: true }}
                onConfirm={() => remove.mutateAsync(map.id).then(done, fail)}
              >
                <Button danger icon={<DeleteOutlined />}>
                  {t('actions.deleteForever')}
                </Button>
              </Popconfirm>
            </Flex>
          ),
        },
      ]}
    />
  )
}

function EmptyTrashButton({ disabled }: { disabled: boolean }) {
  const t = useT(mapsMessages)
  const { message, modal } = App.useApp()
  const empty = useMapsMutation(mapCalls.emptyTrash)
  return (
    <Button
      danger
      icon={<DeleteOutlined />}
      disabled={disabled}
      onClick={() =>
        modal.confirm({
          title: t('actions.emptyTrash'),
          content: t('confirm.emptyTrash'),
          okButtonProps: { danger: true },
          onOk: () =>
            empty.mutateAsync(undefined).then(
              ({ message: text }) => message.success(text),
              (error: Error) => message.error(serverMessage(error) ?? t('failed.action')),
            ),
        })
      }
    >
      {t('actions.emptyTrash')}
    </Button>
  )
}
