import { EnvironmentOutlined } from '@ant-design/icons'
import type { EditorMessage } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Flex, List, Result, Skeleton, Typography } from 'antd'
import { useMemo, useRef, useState } from 'react'
import { useParams, useSearchParams } from 'react-router'
import { serverMessage } from '../../api/errors.ts'
import { themePref } from '../../app/prefs.ts'
import { useT } from '../../i18n/define.ts'
import { useStored } from '../../lib/store.ts'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { type EditorAnswer, useEditorMessages } from './editor-messages.ts'
import { MapCanvas, type MapCanvasHandle } from './MapCanvas.tsx'
import { styleUrlOf } from './map-style.ts'
import { mapsConfigQuery, publicMapQuery } from './maps.api.ts'
import { mapsMessages } from './maps.i18n.ts'

/**
 * /m/{token}: a shared map, read-only, outside the signed-in layout (it opens in a fresh browser and
 * inside other sites' iframes). `?embed=1` drops the title and the list, leaving the map alone.
 */
export function PublicMapPage() {
  const t = useT(mapsMessages)
  const { token = '' } = useParams()
  const [searchParams] = useSearchParams()
  const embedded = searchParams.get('embed') === '1'
  const theme = useStored(themePref)
  const map = useQuery(publicMapQuery(token))
  const config = useQuery(mapsConfigQuery())
  const canvas = useRef<MapCanvasHandle>(null)
  const [selected, setSelected] = useState<string | null>(null)
  const [style, setStyle] = useState<EditorMessage & { type: 'maps-portal:set-style' }>()
  useDocumentTitle(map.data?.name ?? t('public.readOnly'))

  const shown = useMemo(() => {
    const visible = new Set((map.data?.layers ?? []).filter((l) => l.visible).map((l) => l.id))
    return (map.data?.points ?? []).filter((p) => visible.has(p.layer_id))
  }, [map.data])

  useEditorMessages(
    config.data?.editor_origins,
    (request): EditorAnswer => {
      if (request.type === 'maps-portal:set-view') {
        canvas.current?.setView(request)
        return { ok: true, message: 'ok' }
      }
      if (request.type === 'maps-portal:set-style') {
        setStyle(request)
        return { ok: true, message: 'ok' }
      }
      // The public page is read-only: it never changes the map.
      return { ok: false, message: t('public.readOnly') }
    },
    token,
  )

  if (map.isPending || config.isPending) return <Skeleton active style={{ padding: 24 }} />
  if (map.isError || config.isError) {
    return (
      <Result
        status="warning"
        title={t('public.unavailable')}
        subTitle={serverMessage(map.error, 'http') ?? serverMessage(config.error, 'http') ?? undefined}
      />
    )
  }
  const data = map.data
  const styleUrl = styleUrlOf(config.data, style?.style ?? data.base_style, theme, data.tile_key)
  const mapView = (
    <MapCanvas
      ref={canvas}
      styleUrl={styleUrl}
      points={shown}
      initialView={data.view}
      selectedId={selected}
      height={embedded ? '100vh' : 'calc(100vh - 120px)'}
      failedText={t('editor.mapFailed')}
      label={data.name}
      onPointClick={setSelected}
      onMapClick={() => setSelected(null)}
    />
  )
  if (embedded) return <div data-testid="public-map">{mapView}</div>

  return (
    <Flex vertical gap={12} style={{ padding: 16, minHeight: '100vh' }} data-testid="public-map">
      <Flex justify="space-between" align="baseline" wrap gap={8}>
        <div>
          <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
            {data.name}
          </Typography.Title>
          {data.description && <Typography.Text type="secondary">{data.description}</Typography.Text>}
        </div>
        <Typography.Text type="secondary">
          <EnvironmentOutlined /> {t('public.readOnly')} · {t('public.poweredBy')}
        </Typography.Text>
      </Flex>
      <Flex gap={12} wrap style={{ flex: 1 }}>
        <div style={{ flex: '3 1 480px', minWidth: 0 }}>{mapView}</div>
        <List
          size="small"
          bordered
          style={{ flex: '1 1 240px', maxHeight: 'calc(100vh - 120px)', overflow: 'auto' }}
          dataSource={shown}
          renderItem={(point) => (
            <List.Item
              style={{ cursor: 'pointer' }}
              onClick={() => {
                setSelected(point.id)
                canvas.current?.flyTo(point.longitude, point.latitude)
              }}
            >
              <List.Item.Meta title={point.name} description={point.description} />
            </List.Item>
          )}
        />
      </Flex>
    </Flex>
  )
}
