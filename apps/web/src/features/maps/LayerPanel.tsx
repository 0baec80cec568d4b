import {
  DeleteOutlined,
  EditOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  MoreOutlined,
  PlusOutlined,
} from '@ant-design/icons'
import { checkLayerName, LAYER_NAME_MAX, type Layer, MAP_MAX_LAYERS } from '@app/contract'
import { App, Button, Dropdown, Flex, List, Radio, Typography } from 'antd'
import { useState } from 'react'
import { serverMessage } from '../../api/errors.ts'
import { useT } from '../../i18n/define.ts'
import { problemText } from '../../ui/form-rules.ts'
import { TextInput } from '../../ui/inputs.ts'
import { mapCalls, useMapsMutation } from './maps.api.ts'
import { mapsMessages } from './maps.i18n.ts'

/**
 * The layers of a map: add (at most 10), rename, hide or show, delete, move all of a layer's points to
 * another layer, and which layer new points go to.
 */
export function LayerPanel({
  mapId,
  layers,
  activeLayerId,
  onActiveLayer,
  readOnly,
  pointIdsOf,
}: {
  pointIdsOf: (layerId: string) => string[]
  mapId: string
  layers: Layer[]
  activeLayerId: string
  onActiveLayer: (id: string) => void
  readOnly: boolean
}) {
  const t = useT(mapsMessages)
  const { message, modal } = App.useApp()
  const [name, setName] = useState('')
  const [nameError, setNameError] = useState<string | null>(null)
  const add = useMapsMutation(mapCalls.addLayer)
  const update = useMapsMutation(mapCalls.updateLayer)
  const remove = useMapsMutation(mapCalls.deleteLayer)
  const move = useMapsMutation(mapCalls.movePoints)
  const done = ({ message: text }: { message: string }) => message.success(text)
  const fail = (error: Error) => message.error(serverMessage(error) ?? t('failed.action'))
  const full = layers.length >= MAP_MAX_LAYERS

  const onAdd = () => {
    const problem = checkLayerName(name)
    if (problem) {
      setNameError(problemText(problem))
      setTimeout(() => setNameError(null), 5000)
      return
    }
    add.mutate(
      { id: mapId, name: name.trim() },
      {
        onSuccess: (answer) => {
          setName('')
          done(answer)
        },
        onError: fail,
      },
    )
  }

  const rename = (layer: Layer) => {
    let next = layer.name
    modal.confirm({
      title: t('editor.renameLayer'),
      icon: null,
      content: (
        <TextInput
          defaultValue={layer.name}
          maxLength={LAYER_NAME_MAX}
          aria-label={t('editor.layerName')}
          onChange={(e) => {
            next = e.target.value
          }}
        />
      ),
      onOk: () => {
        const problem = checkLayerName(next)
        if (problem) {
          message.error(problemText(problem))
          return Promise.reject(new Error('invalid'))
        }
        return update
          .mutateAsync({ id: mapId, layerId: layer.id, name: next.trim(), visible: layer.visible })
          .then(done, fail)
      },
    })
  }

  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" align="baseline">
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
          {t('editor.layers')}
        </Typography.Title>
        <Typography.Text type="secondary">
          {t('editor.layerLimit', { count: layers.length, max: MAP_MAX_LAYERS })}
        </Typography.Text>
      </Flex>
      <Typography.Text type="secondary">{t('editor.activeLayer')}</Typography.Text>
      <Radio.Group value={activeLayerId} onChange={(e) => onActiveLayer(e.target.value)} style={{ width: '100%' }}>
        <List
          size="small"
          dataSource={layers}
          renderItem={(layer) => (
            <List.Item
              data-testid="layer-row"
              actions={
                readOnly
                  ? []
                  : [
                      <Button
                        key="visible"
                        type="text"
                        size="small"
                        icon={layer.visible ? <EyeOutlined /> : <EyeInvisibleOutlined />}
                        aria-label={`${layer.visible ? t('editor.hide') : t('editor.show')}: ${layer.name}`}
                        aria-pressed={!layer.visible}
                        onClick={() =>
                          update.mutate(
                            { id: mapId, layerId: layer.id, name: layer.name, visible: !layer.visible },
                            { onError: fail },
                          )
                        }
                      />,
                      <Dropdown
                        key="more"
                        trigger={['click']}
                        menu={{
                          items: [
                            { key: 'rename', icon: <EditOutlined />, label: t('editor.renameLayer') },
                            {
                              key: 'move',
                              label: t('editor.moveAll'),
                              disabled: layer.point_count === 0 || layers.length < 2,
                              children: layers
                                .filter((other) => other.id !== layer.id)
                                .map((other) => ({ key: `move:${other.id}`, label: other.name })),
                            },
                            {
                              key: 'delete',
                              icon: <DeleteOutlined />,
                              label: t('editor.deleteLayer'),
                              danger: true,
                              disabled: layers.length <= 1,
                            },
                          ],
                          onClick: ({ key }) => {
                            if (key === 'rename') rename(layer)
                            else if (key === 'delete')
                              modal.confirm({
                                title: t('editor.deleteLayer'),
                                content: t('editor.deleteLayerConfirm', { name: layer.name, count: layer.point_count }),
                                okButtonProps: { danger: true },
                                onOk: () => remove.mutateAsync({ id: mapId, layerId: layer.id }).then(done, fail),
                              })
                            else if (key.startsWith('move:'))
                              void move
                                .mutateAsync({ id: mapId, pointIds: pointIdsOf(layer.id), layerId: key.slice(5) })
                                .then(done, fail)
                          },
                        }}
                      >
                        <Button
                          type="text"
                          size="small"
                          icon={<MoreOutlined />}
                          aria-label={`${t('actions.more')}: ${layer.name}`}
                        />
                      </Dropdown>,
                    ]
              }
            >
              <Radio value={layer.id} style={{ opacity: layer.visible ? 1 : 0.55 }}>
                {layer.name} <Typography.Text type="secondary">({layer.point_count})</Typography.Text>
              </Radio>
            </List.Item>
          )}
        />
      </Radio.Group>
      {!readOnly && (
        <Flex vertical gap={4}>
          <Flex gap={8}>
            <TextInput
              value={name}
              onChange={(e) => setName(e.target.value)}
              onPressEnter={onAdd}
              placeholder={t('editor.layerName')}
              aria-label={t('editor.layerName')}
              maxLength={LAYER_NAME_MAX}
              disabled={full}
              status={nameError ? 'error' : undefined}
            />
            <Button icon={<PlusOutlined />} onClick={onAdd} loading={add.isPending} disabled={full}>
              {t('editor.addLayer')}
            </Button>
          </Flex>
          {nameError && <Typography.Text type="danger">{nameError}</Typography.Text>}
        </Flex>
      )}
    </Flex>
  )
}
