import {
  AimOutlined,
  ArrowLeftOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  PrinterOutlined,
  SaveOutlined,
  SettingOutlined,
  ShareAltOutlined,
  UndoOutlined,
  UploadOutlined,
} from '@ant-design/icons'
import {
  BASE_STYLES,
  type BaseStyle,
  type EditorMessage,
  MAP_MAX_POINTS,
  type MapDetail,
  type MapsConfig,
  type Point,
} from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Alert, App, Button, Card, Col, Dropdown, Flex, List, Row, Select, Switch, Tag, Typography } from 'antd'
import { useMemo, useRef, useState } from 'react'
import { Link, useParams } from 'react-router'
import { serverMessage } from '../../api/errors.ts'
import { paths } from '../../app/paths.ts'
import { themePref } from '../../app/prefs.ts'
import { useT } from '../../i18n/define.ts'
import { useStored } from '../../lib/store.ts'
import { useMediaQuery } from '../../lib/use-media-query.ts'
import { SearchInput } from '../../ui/inputs.ts'
import { QueryState } from '../../ui/QueryState.tsx'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { type EditorAnswer, useEditorMessages } from './editor-messages.ts'
import { ImportModal } from './ImportModal.tsx'
import { LayerPanel } from './LayerPanel.tsx'
import { MapCanvas, type MapCanvasHandle } from './MapCanvas.tsx'
import { MapFormModal } from './MapFormModal.tsx'
import { styleUrlOf } from './map-style.ts'
import { downloadExport, mapCalls, mapQuery, mapsConfigQuery, useMapsMutation } from './maps.api.ts'
import { mapsMessages } from './maps.i18n.ts'
import { PlaceSearch } from './PlaceSearch.tsx'
import { type PointDraft, PointFormModal } from './PointFormModal.tsx'
import { PrintView } from './PrintView.tsx'
import { ShareModal } from './ShareModal.tsx'

/** /maps/{id}: the map with its layers and points. */
export function MapPage() {
  const { id = '' } = useParams()
  const map = useQuery(mapQuery(id))
  const config = useQuery(mapsConfigQuery())
  const t = useT(mapsMessages)
  useDocumentTitle(map.data?.name ?? t('title'))
  return (
    <QueryState query={map}>
      {(data) => (
        <QueryState query={config}>{(settings) => <MapEditor key={data.id} map={data} config={settings} />}</QueryState>
      )}
    </QueryState>
  )
}

type Dialog =
  | { kind: 'point'; draft: PointDraft }
  | { kind: 'import' }
  | { kind: 'share' }
  | { kind: 'settings' }
  | { kind: 'print'; image: string | null }
  | null

function MapEditor({ map, config }: { map: MapDetail; config: MapsConfig }) {
  const t = useT(mapsMessages)
  const { message, modal } = App.useApp()
  const theme = useStored(themePref)
  const isNarrow = useMediaQuery('(max-width: 991px)')
  const canvas = useRef<MapCanvasHandle>(null)
  const [dialog, setDialog] = useState<Dialog>(null)
  const [selected, setSelected] = useState<string | null>(null)
  const [clickToAdd, setClickToAdd] = useState(false)
  const [filter, setFilter] = useState('')
  const [activeLayer, setActiveLayer] = useState(map.layers[0]?.id ?? '')
  const layerId = map.layers.some((l) => l.id === activeLayer) ? activeLayer : (map.layers[0]?.id ?? '')
  const readOnly = map.status === 'trashed'
  const update = useMapsMutation(mapCalls.update)
  const saveView = useMapsMutation(mapCalls.saveView)
  const restore = useMapsMutation(mapCalls.restore)
  const removePoint = useMapsMutation(mapCalls.deletePoint)
  const addPoints = useMapsMutation(mapCalls.addPoints)
  const fail = (error: Error) => message.error(serverMessage(error) ?? t('failed.action'))
  const done = ({ message: text }: { message: string }) => message.success(text)

  const visibleLayers = useMemo(() => new Set(map.layers.filter((l) => l.visible).map((l) => l.id)), [map.layers])
  const shown = useMemo(() => map.points.filter((p) => visibleLayers.has(p.layer_id)), [map.points, visibleLayers])
  const layerName = (id: string) => map.layers.find((l) => l.id === id)?.name ?? ''
  const listed = useMemo(() => {
    const text = filter.trim().toLowerCase()
    return text ? map.points.filter((p) => p.name.toLowerCase().includes(text)) : map.points
  }, [map.points, filter])

  const styleUrl = styleUrlOf(config, map.base_style, theme, map.tile_key)

  const setStyle = (style: BaseStyle) =>
    update.mutate(
      { id: map.id, body: { name: map.name, description: map.description, key_id: map.key_id, base_style: style } },
      { onError: fail },
    )

  const newPointAt = (longitude: number, latitude: number, name = '') =>
    setDialog({
      kind: 'point',
      draft: {
        name,
        description: null,
        latitude: Math.round(latitude * 1e6) / 1e6,
        longitude: Math.round(longitude * 1e6) / 1e6,
        layer_id: layerId,
      },
    })

  const editPoint = (point: Point) =>
    setDialog({
      kind: 'point',
      draft: {
        id: point.id,
        name: point.name,
        description: point.description,
        latitude: point.latitude,
        longitude: point.longitude,
        layer_id: point.layer_id,
      },
    })

  const focus = (point: Point) => {
    setSelected(point.id)
    canvas.current?.flyTo(point.longitude, point.latitude)
  }

  useEditorMessages(
    config.editor_origins,
    async (request: EditorMessage): Promise<EditorAnswer> => {
      if (request.type === 'maps-portal:set-view') {
        canvas.current?.setView(request)
        return { ok: true, message: 'ok' }
      }
      if (request.type === 'maps-portal:set-style') {
        await update.mutateAsync({
          id: map.id,
          body: { name: map.name, description: map.description, key_id: map.key_id, base_style: request.style },
        })
        return { ok: true, message: 'ok' }
      }
      const answer = await addPoints.mutateAsync({
        id: map.id,
        body: {
          layer_id: request.layer_id ?? layerId,
          points: request.points.map((p) => ({ ...p, description: p.description ?? null })),
        },
      })
      message.success(t('messages.pointsAddedByEditor', { count: answer.data.count }))
      return { ok: true, message: answer.message }
    },
    map.id,
  )

  const header = (
    <Flex justify="space-between" align="center" gap={12} wrap>
      <Flex vertical gap={2} style={{ minWidth: 0, flex: '1 1 280px' }}>
        <Link to={paths.maps}>
          <ArrowLeftOutlined /> {t('editor.back')}
        </Link>
        <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }} ellipsis>
          {map.name}
        </Typography.Title>
        <Flex gap={4} wrap>
          <Typography.Text type="secondary">
            {t('editor.pointLimit', { count: map.point_count, max: MAP_MAX_POINTS })} · {map.key_name}
          </Typography.Text>
          {map.share_token && <Tag color="blue">{t('sharedTag')}</Tag>}
        </Flex>
      </Flex>
      <Flex gap={8} wrap>
        <Select<BaseStyle>
          value={map.base_style}
          onChange={setStyle}
          disabled={readOnly}
          aria-label={t('editor.style')}
          data-testid="style-select"
          style={{ minWidth: 190 }}
          options={BASE_STYLES.map((style) => {
            const available = style === 'auto' || config.styles[style] !== null
            return {
              value: style,
              disabled: !available,
              label: available ? t(`styles.${style}`) : `${t(`styles.${style}`)} (${t('styles.notConfigured')})`,
            }
          })}
        />
        <Button
          icon={<SaveOutlined />}
          disabled={readOnly}
          loading={saveView.isPending}
          onClick={() => {
            const view = canvas.current?.view()
            if (view) saveView.mutate({ id: map.id, view }, { onSuccess: done, onError: fail })
          }}
        >
          {t('editor.saveView')}
        </Button>
        <Button icon={<UploadOutlined />} disabled={readOnly} onClick={() => setDialog({ kind: 'import' })}>
          {t('editor.import')}
        </Button>
        <Dropdown
          trigger={['click']}
          menu={{
            items: (['geojson', 'csv', 'xlsx'] as const).map((format) => ({
              key: format,
              label: t(`exportFormats.${format}`),
            })),
            onClick: ({ key }) => void downloadExport(map.id, map.name, key as 'geojson' | 'csv' | 'xlsx').catch(fail),
          }}
        >
          <Button icon={<DownloadOutlined />}>{t('editor.export')}</Button>
        </Dropdown>
        <Button
          icon={<PrinterOutlined />}
          onClick={() => setDialog({ kind: 'print', image: canvas.current?.image() ?? null })}
        >
          {t('editor.print')}
        </Button>
        <Button icon={<ShareAltOutlined />} disabled={readOnly} onClick={() => setDialog({ kind: 'share' })}>
          {t('editor.share')}
        </Button>
        <Button
          icon={<SettingOutlined />}
          disabled={readOnly}
          onClick={() => setDialog({ kind: 'settings' })}
          aria-label={t('editor.settings')}
        />
      </Flex>
    </Flex>
  )

  const mapCard = (
    <Card styles={{ body: { padding: 8 } }}>
      <Flex vertical gap={8}>
        <Flex gap={12} align="center" wrap>
          <div style={{ flex: '1 1 240px' }}>
            <PlaceSearch
              mapId={map.id}
              onPick={(result) => {
                canvas.current?.flyTo(result.longitude, result.latitude, 12)
                if (result.point_id) setSelected(result.point_id)
                else if (!readOnly) newPointAt(result.longitude, result.latitude, result.name)
              }}
            />
          </div>
          <Flex gap={8} align="center">
            <Switch
              checked={clickToAdd}
              onChange={setClickToAdd}
              disabled={readOnly}
              aria-label={t('editor.addByClick')}
              data-testid="click-to-add"
            />
            <Typography.Text>
              <AimOutlined /> {t('editor.addByClick')}
            </Typography.Text>
          </Flex>
        </Flex>
        <MapCanvas
          ref={canvas}
          styleUrl={styleUrl}
          points={shown}
          initialView={map.view}
          selectedId={selected}
          crosshair={clickToAdd}
          height={isNarrow ? 420 : 'calc(100vh - 260px)'}
          failedText={t('editor.mapFailed')}
          label={map.name}
          onPointClick={(id) => setSelected(id)}
          onMapClick={(lng, lat) => {
            setSelected(null)
            if (clickToAdd && !readOnly) newPointAt(lng, lat)
          }}
        />
      </Flex>
    </Card>
  )

  const panel = (
    <Flex vertical gap={16}>
      <Card>
        <LayerPanel
          mapId={map.id}
          layers={map.layers}
          activeLayerId={layerId}
          onActiveLayer={setActiveLayer}
          readOnly={readOnly}
          pointIdsOf={(id) => map.points.filter((p) => p.layer_id === id).map((p) => p.id)}
        />
      </Card>
      <Card
        title={
          <Flex justify="space-between" align="baseline">
            <span>{t('editor.points')}</span>
            <Typography.Text type="secondary" style={{ fontWeight: 400 }}>
              {t('editor.pointLimit', { count: map.point_count, max: MAP_MAX_POINTS })}
            </Typography.Text>
          </Flex>
        }
      >
        {map.points.length === 0 ? (
          <Typography.Text type="secondary">{t('editor.noPoints')}</Typography.Text>
        ) : (
          <Flex vertical gap={8}>
            <SearchInput allowClear onChange={(e) => setFilter(e.target.value)} aria-label={t('editor.points')} />
            <List<Point>
              size="small"
              dataSource={listed}
              pagination={{ pageSize: 20, size: 'small', hideOnSinglePage: true, showSizeChanger: false }}
              renderItem={(point) => (
                <List.Item
                  data-testid="point-row"
                  style={{ cursor: 'pointer', background: point.id === selected ? 'rgba(22,119,255,0.08)' : undefined }}
                  onClick={() => focus(point)}
                  actions={
                    readOnly
                      ? []
                      : [
                          <Button
                            key="edit"
                            type="text"
                            size="small"
                            icon={<EditOutlined />}
                            aria-label={`${t('point.edit')}: ${point.name}`}
                            onClick={(event) => {
                              event.stopPropagation()
                              editPoint(point)
                            }}
                          />,
                          <Button
                            key="delete"
                            type="text"
                            size="small"
                            danger
                            icon={<DeleteOutlined />}
                            aria-label={`${t('point.delete')}: ${point.name}`}
                            onClick={(event) => {
                              event.stopPropagation()
                              modal.confirm({
                                title: t('point.delete'),
                                content: t('point.deleteConfirm', { name: point.name }),
                                okButtonProps: { danger: true },
                                onOk: () => removePoint.mutateAsync({ id: map.id, pointId: point.id }).then(done, fail),
                              })
                            }}
                          />,
                        ]
                  }
                >
                  <List.Item.Meta
                    title={point.name}
                    description={`${point.latitude}, ${point.longitude} · ${layerName(point.layer_id)}`}
                  />
                </List.Item>
              )}
            />
          </Flex>
        )}
      </Card>
    </Flex>
  )

  return (
    <Flex vertical gap={16}>
      {header}
      {readOnly && (
        <Alert
          type="warning"
          showIcon
          title={t('editor.inTrash')}
          action={
            <Button icon={<UndoOutlined />} onClick={() => restore.mutate(map.id, { onSuccess: done, onError: fail })}>
              {t('actions.restore')}
            </Button>
          }
        />
      )}
      {map.key_status !== 'active' && (
        <Alert type="warning" showIcon title={t('editor.keyInactive', { state: t(`keyState.${map.key_status}`) })} />
      )}
      {clickToAdd && <Alert type="info" showIcon title={t('editor.addByClickHint')} />}
      <Row gutter={[16, 16]}>
        <Col
          xs={{ span: 24, order: 1 }}
          lg={{ span: 14, order: 2 }}
          xl={{ span: 16, order: 2 }}
          xxl={{ span: 18, order: 2 }}
        >
          {mapCard}
        </Col>
        <Col
          xs={{ span: 24, order: 2 }}
          lg={{ span: 10, order: 1 }}
          xl={{ span: 8, order: 1 }}
          xxl={{ span: 6, order: 1 }}
        >
          {panel}
        </Col>
      </Row>
      {dialog?.kind === 'point' && (
        <PointFormModal mapId={map.id} draft={dialog.draft} layers={map.layers} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'import' && (
        <ImportModal mapId={map.id} layers={map.layers} defaultLayerId={layerId} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'share' && <ShareModal map={map} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'settings' && <MapFormModal map={map} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'print' && (
        <PrintView
          name={map.name}
          image={dialog.image}
          points={map.points}
          layerName={layerName}
          onClose={() => setDialog(null)}
        />
      )}
    </Flex>
  )
}
