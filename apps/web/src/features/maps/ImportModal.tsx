import { DownloadOutlined, UploadOutlined } from '@ant-design/icons'
import { IMPORT_EXTENSIONS, type ImportPreview, type ImportRow, type Layer } from '@app/contract'
import { Alert, App, Button, Flex, Modal, Select, Table, Tag, Typography, Upload } from 'antd'
import { useState } from 'react'
import { serverMessage } from '../../api/errors.ts'
import { useT } from '../../i18n/define.ts'
import { downloadSample, mapCalls, useMapsMutation } from './maps.api.ts'
import { mapsMessages } from './maps.i18n.ts'

/**
 * Import from a .csv or .xlsx file (docs/requirements.md §14.3): the server reads the file and judges every row, this
 * screen shows the preview (each bad row with its "row n: …" message) and nothing is saved until the
 * valid rows are imported, all in one transaction.
 */
export function ImportModal({
  mapId,
  layers,
  defaultLayerId,
  onClose,
}: {
  mapId: string
  layers: Layer[]
  defaultLayerId: string
  onClose: () => void
}) {
  const t = useT(mapsMessages)
  const { message } = App.useApp()
  const [preview, setPreview] = useState<ImportPreview | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const [layerId, setLayerId] = useState(defaultLayerId)
  const read = useMapsMutation(mapCalls.previewImport)
  const save = useMapsMutation(mapCalls.addPoints)
  const valid = preview?.rows.filter((row) => row.valid) ?? []
  const over = preview !== null && valid.length > preview.capacity_left

  const onFile = (file: File) => {
    setFileError(null)
    setPreview(null)
    read.mutate(
      { id: mapId, file },
      {
        onSuccess: ({ data }) => setPreview(data),
        onError: (error) => setFileError(serverMessage(error) ?? t('failed.action')),
      },
    )
    return false
  }

  const onImport = () =>
    save.mutate(
      {
        id: mapId,
        body: {
          layer_id: layerId,
          points: valid.map((row) => ({
            name: row.name,
            description: row.description,
            latitude: row.latitude ?? 0,
            longitude: row.longitude ?? 0,
          })),
        },
      },
      {
        onSuccess: ({ message: text }) => {
          message.success(text)
          onClose()
        },
        onError: (error) => message.error(serverMessage(error) ?? t('failed.action')),
      },
    )

  const sample = (format: 'csv' | 'xlsx') => downloadSample(format).catch(() => message.error(t('import.sampleFailed')))

  return (
    <Modal
      open
      title={t('import.title')}
      onCancel={onClose}
      width={860}
      footer={
        preview ? (
          <Flex gap={8} justify="flex-end" wrap>
            <Button onClick={() => setPreview(null)}>{t('import.again')}</Button>
            <Button type="primary" disabled={valid.length === 0 || over} loading={save.isPending} onClick={onImport}>
              {t('import.submit', { count: valid.length })}
            </Button>
          </Flex>
        ) : null
      }
    >
      {!preview ? (
        <Flex vertical gap={12}>
          <Typography.Paragraph style={{ margin: 0 }}>{t('import.intro')}</Typography.Paragraph>
          <Flex gap={8} wrap>
            <Upload accept={IMPORT_EXTENSIONS.join(',')} beforeUpload={onFile} showUploadList={false} maxCount={1}>
              <Button type="primary" icon={<UploadOutlined />} loading={read.isPending}>
                {read.isPending ? t('import.reading') : t('import.choose')}
              </Button>
            </Upload>
            <Button icon={<DownloadOutlined />} onClick={() => sample('csv')}>
              {t('import.sampleCsv')}
            </Button>
            <Button icon={<DownloadOutlined />} onClick={() => sample('xlsx')}>
              {t('import.sampleXlsx')}
            </Button>
          </Flex>
          {fileError && <Alert type="error" showIcon title={fileError} data-testid="import-error" />}
        </Flex>
      ) : (
        <Flex vertical gap={12}>
          <Alert
            type={preview.invalid_count > 0 || over ? 'warning' : 'success'}
            showIcon
            title={t('import.summary', {
              valid: preview.valid_count,
              invalid: preview.invalid_count,
              left: preview.capacity_left,
            })}
            description={over ? t('import.over', { left: preview.capacity_left }) : undefined}
          />
          <Flex gap={8} align="center" wrap>
            <Typography.Text>{t('import.into')}</Typography.Text>
            <Select
              value={layerId}
              onChange={setLayerId}
              options={layers.map((layer) => ({ value: layer.id, label: layer.name }))}
              style={{ minWidth: 200 }}
              aria-label={t('import.into')}
            />
          </Flex>
          <Table<ImportRow>
            data-testid="import-preview"
            rowKey="row"
            size="small"
            dataSource={preview.rows}
            pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
            scroll={{ x: 640, y: 360 }}
            rowClassName={(row) => (row.valid ? '' : 'mp-row-invalid')}
            columns={[
              { title: t('import.row'), dataIndex: 'row', width: 70 },
              { title: t('point.name'), dataIndex: 'name', ellipsis: true },
              {
                title: t('point.latitude'),
                key: 'latitude',
                width: 110,
                render: (_, row) => <Coordinate value={row.latitude} typed={row.latitude_text} />,
              },
              {
                title: t('point.longitude'),
                key: 'longitude',
                width: 110,
                render: (_, row) => <Coordinate value={row.longitude} typed={row.longitude_text} />,
              },
              {
                title: t('import.status'),
                key: 'status',
                render: (_, row) => (
                  <Flex vertical gap={2}>
                    <span>
                      <Tag color={row.valid ? 'green' : 'red'}>{row.valid ? t('import.ok') : t('import.problem')}</Tag>
                    </span>
                    {row.messages.map((text) => (
                      <Typography.Text key={text} type={row.valid ? 'secondary' : 'danger'}>
                        {text}
                      </Typography.Text>
                    ))}
                  </Flex>
                ),
              },
            ]}
          />
        </Flex>
      )}
    </Modal>
  )
}

/** A coordinate as read, or on a refused row the cell as the file holds it, marked as the problem. */
function Coordinate({ value, typed }: { value: number | null; typed: string | null }) {
  if (value !== null) return <>{value}</>
  return typed ? (
    <Typography.Text type="danger" style={{ overflowWrap: 'anywhere' }}>
      {typed}
    </Typography.Text>
  ) : null
}
