import { CopyOutlined, LinkOutlined } from '@ant-design/icons'
import { EMBED_MAX_SIZE, embedSnippet, type MapSummary, publicMapUrl } from '@app/contract'
import { Alert, App, Button, Divider, Flex, Modal, Popconfirm, Space, Typography } from 'antd'
import { useState } from 'react'
import { serverMessage } from '../../api/errors.ts'
import { commonMessages } from '../../i18n/common.i18n.ts'
import { useT } from '../../i18n/define.ts'
import { copyText } from '../../lib/clipboard.ts'
import { TextArea, TextInput } from '../../ui/inputs.ts'
import { mapCalls, useMapsMutation } from './maps.api.ts'
import { mapsMessages } from './maps.i18n.ts'

const SIZE = /^\d{1,4}%?$/

/** The share link (copy, open, revoke) and the embed snippet with its width and height. */
export function ShareModal({ map, onClose }: { map: MapSummary; onClose: () => void }) {
  const t = useT(mapsMessages)
  const common = useT(commonMessages)
  const { message } = App.useApp()
  const [current, setCurrent] = useState(map)
  const [width, setWidth] = useState('100%')
  const [height, setHeight] = useState('450')
  const share = useMapsMutation(mapCalls.share)
  const revoke = useMapsMutation(mapCalls.revoke)
  const origin = window.location.origin
  const token = current.share_token
  const fail = (error: Error) => message.error(serverMessage(error) ?? t('failed.action'))

  const copy = (text: string) =>
    copyText(text).then(
      () => message.success(t('share.copied')),
      () => message.error(t('share.copyFailed')),
    )

  const sizeValid = (value: string) => SIZE.test(value) && Number.parseInt(value, 10) <= EMBED_MAX_SIZE
  const snippet = token ? embedSnippet(origin, token, width, height, current.name) : ''

  return (
    <Modal open title={t('share.title', { name: current.name })} footer={null} onCancel={onClose} width={640}>
      <Typography.Paragraph type="secondary">{t('share.intro')}</Typography.Paragraph>
      {current.key_status !== 'active' && <Alert type="warning" showIcon title={t('share.keyInactive')} />}
      {!token ? (
        <Flex vertical gap={12} align="flex-start" style={{ marginTop: 12 }}>
          <Typography.Text>{t('share.notShared')}</Typography.Text>
          <Button
            type="primary"
            icon={<LinkOutlined />}
            loading={share.isPending}
            onClick={() =>
              share.mutate(current.id, {
                onSuccess: ({ data, message: text }) => {
                  setCurrent(data)
                  message.success(text)
                },
                onError: fail,
              })
            }
          >
            {t('share.create')}
          </Button>
        </Flex>
      ) : (
        <Flex vertical gap={8} style={{ marginTop: 12 }}>
          <Typography.Text strong>{t('share.link')}</Typography.Text>
          <Space.Compact style={{ width: '100%' }}>
            <TextInput
              readOnly
              value={publicMapUrl(origin, token)}
              aria-label={t('share.link')}
              data-testid="share-link"
            />
            <Button icon={<CopyOutlined />} onClick={() => copy(publicMapUrl(origin, token))}>
              {common('actions.copy')}
            </Button>
            <Button href={publicMapUrl(origin, token)} target="_blank" rel="noopener">
              {t('share.open')}
            </Button>
          </Space.Compact>
          <Popconfirm
            title={t('share.revokeConfirm')}
            onConfirm={() =>
              revoke.mutate(current.id, {
                onSuccess: ({ data, message: text }) => {
                  setCurrent(data)
                  message.success(text)
                },
                onError: fail,
              })
            }
          >
            <Button danger loading={revoke.isPending} style={{ alignSelf: 'flex-start' }}>
              {t('share.revoke')}
            </Button>
          </Popconfirm>
          <Divider style={{ margin: '8px 0' }} />
          <Typography.Text strong>{t('share.embedTitle')}</Typography.Text>
          <Flex gap={12} wrap>
            <div>
              <label htmlFor="embed-width">{t('share.width')}</label>
              <TextInput
                id="embed-width"
                value={width}
                onChange={(e) => setWidth(e.target.value.trim())}
                status={sizeValid(width) ? undefined : 'error'}
                style={{ width: 120, display: 'block' }}
              />
            </div>
            <div>
              <label htmlFor="embed-height">{t('share.height')}</label>
              <TextInput
                id="embed-height"
                value={height}
                onChange={(e) => setHeight(e.target.value.trim())}
                status={sizeValid(height) ? undefined : 'error'}
                style={{ width: 120, display: 'block' }}
              />
            </div>
          </Flex>
          <Typography.Text type="secondary">{t('share.sizeHint')}</Typography.Text>
          <TextArea readOnly value={snippet} autoSize aria-label={t('share.snippet')} data-testid="embed-snippet" />
          <Button icon={<CopyOutlined />} onClick={() => copy(snippet)} style={{ alignSelf: 'flex-start' }}>
            {t('share.snippet')}
          </Button>
        </Flex>
      )}
    </Modal>
  )
}
