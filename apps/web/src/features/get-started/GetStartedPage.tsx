import { ReadOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { App, Button, Card, Flex, Typography } from 'antd'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { appConfigQuery } from '../../api/app-config.ts'
import { useT } from '../../i18n/define.ts'
import { QueryState } from '../../ui/QueryState.tsx'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { LazyStepUpDialog } from '../step-up/LazyStepUpDialog.tsx'
import { CodeBlock } from './CodeBlock.tsx'
import { exampleKeysQuery } from './get-started.api.ts'
import { getStartedMessages } from './get-started.i18n.ts'
import { KeyPicker } from './KeyPicker.tsx'
import { ServiceExamples } from './ServiceExamples.tsx'
import { useKeySecret } from './use-key-secret.ts'

/**
 * /get-started (the header's Docs link): the maps API's base address, one of the user's keys, and for
 * each service an example to copy and a Try it that calls the API through the gateway from this
 * browser. `?key=` chooses the key (the new key dialog links here with it); else the newest key.
 */
export function GetStartedPage() {
  const t = useT(getStartedMessages)
  useDocumentTitle(t('title'))
  const { message } = App.useApp()
  const config = useQuery(appConfigQuery())
  const keys = useQuery(exampleKeysQuery())
  const [params, setParams] = useSearchParams()
  const secrets = useKeySecret()
  const [isRevealing, setRevealing] = useState(false)
  const chosen = keys.data?.find((key) => key.id === params.get('key')) ?? keys.data?.[0]

  const onChoose = (keyId: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.set('key', keyId)
        return next
      },
      { replace: true },
    )

  const reveal = () => (chosen ? secrets.reveal(chosen.id) : Promise.resolve(null))

  const onShow = async () => {
    setRevealing(true)
    try {
      await reveal()
    } catch {
      message.error(t('key.revealFailed'))
    } finally {
      setRevealing(false)
    }
  }

  return (
    <Flex vertical gap={16} style={{ maxWidth: 960, minWidth: 0 }}>
      <Flex justify="space-between" align="flex-start" gap={12} wrap>
        <div style={{ flex: '1 1 320px', minWidth: 0 }}>
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
            {t('title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('intro')}</Typography.Text>
        </div>
        {config.data ? (
          <Flex vertical gap={2} align="flex-start">
            <Button icon={<ReadOutlined />} href={config.data.docs_url} target="_blank" rel="noreferrer">
              {t('reference')}
            </Button>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('referenceHint')}
            </Typography.Text>
          </Flex>
        ) : null}
      </Flex>
      <QueryState query={config}>
        {(settings) => (
          <>
            <Card title={t('base.title')} styles={{ body: { padding: 'clamp(12px, 4vw, 24px)' } }}>
              <Flex vertical gap={8}>
                <CodeBlock code={settings.maps_api_url} copyLabel={t('base.copy')} testId="base-address" />
                <Typography.Text type="secondary">{t('base.hint')}</Typography.Text>
              </Flex>
            </Card>
            <QueryState query={keys}>
              {(list) => (
                <>
                  <KeyPicker
                    keys={list}
                    chosen={chosen}
                    secret={secrets.secretOf(chosen?.id)}
                    isRevealing={isRevealing}
                    onChoose={onChoose}
                    onShow={() => void onShow()}
                  />
                  <ServiceExamples
                    base={settings.maps_api_url}
                    chosen={chosen}
                    secret={secrets.secretOf(chosen?.id)}
                    reveal={reveal}
                  />
                </>
              )}
            </QueryState>
          </>
        )}
      </QueryState>
      <LazyStepUpDialog purpose="copy-key" confirmLabel={t('key.confirmShow')} {...secrets.dialog} />
    </Flex>
  )
}
