import { ThunderboltOutlined } from '@ant-design/icons'
import type { Key } from '@app/contract'
import { App, Button, Card, Flex, Segmented, Skeleton, Tabs, Typography } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { themePref } from '../../app/prefs.ts'
import { useT } from '../../i18n/define.ts'
import { useStored } from '../../lib/store.ts'
import { CodeBlock } from './CodeBlock.tsx'
import {
  type ExampleLanguage,
  type ExampleService,
  exampleCode,
  exampleRequest,
  KEY_PLACEHOLDER,
  LIVE_MAP_VIEW,
  languagesFor,
  servicesFor,
  styleUrl,
} from './examples.ts'
import { useTryIt } from './get-started.api.ts'
import { getStartedMessages } from './get-started.i18n.ts'
import { TryResult } from './TryResult.tsx'

// MapLibre loads only when a map is drawn (after Try it on map tiles), never with the page.
const MapCanvas = lazy(async () => ({ default: (await import('../maps/MapCanvas.tsx')).MapCanvas }))

interface Props {
  base: string
  /** The chosen key; none while the user has no key (the examples then show the placeholder). */
  chosen: Key | undefined
  secret: string | null
  /** Reveals the chosen key's secret (asking for a proof of identity when needed); null if the user gave up. */
  reveal: () => Promise<string | null>
}

/** The examples of every service the chosen key may call, a tab per service. */
export function ServiceExamples(props: Props) {
  const t = useT(getStartedMessages)
  const services = servicesFor(props.chosen?.type)
  return (
    <Card styles={{ body: { padding: 'clamp(12px, 4vw, 24px)', paddingTop: 4 } }}>
      <Tabs
        aria-label={t('services.label')}
        items={services.map((service) => ({
          key: service,
          label: t(`services.${service}.title`),
          // A new key starts each example afresh: no answer of another key is left on screen.
          children: <ServiceExample key={`${service}-${props.chosen?.id ?? ''}`} service={service} {...props} />,
        }))}
      />
    </Card>
  )
}

function ServiceExample({ service, base, chosen, secret, reveal }: Props & { service: ExampleService }) {
  const t = useT(getStartedMessages)
  const { message } = App.useApp()
  const theme = useStored(themePref)
  const languages = languagesFor(service)
  const [language, setLanguage] = useState<ExampleLanguage>('curl')
  const tryIt = useTryIt()
  const [isRevealing, setRevealing] = useState(false)
  const code = exampleCode(service, language, base, secret ?? KEY_PLACEHOLDER)
  const outcome = tryIt.data
  const tried = tryIt.variables
  const isAnswered = outcome?.kind === 'answered' && outcome.status >= 200 && outcome.status < 300

  const onTry = async () => {
    if (!chosen) return
    let key: string | null
    setRevealing(true)
    try {
      key = await reveal()
    } catch {
      message.error(t('key.revealFailed'))
      return
    } finally {
      setRevealing(false)
    }
    if (key) tryIt.mutate({ base, request: exampleRequest(service), key })
  }

  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }}>
      <Typography.Text type="secondary">{t(`services.${service}.hint`)}</Typography.Text>
      <Segmented<ExampleLanguage>
        aria-label={t('languages.label')}
        value={language}
        onChange={setLanguage}
        options={languages.map((value) => ({ value, label: t(`languages.${value}`) }))}
        style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}
      />
      <CodeBlock code={code} copyLabel={t('copy.example')} testId={`example-${service}`} />
      <Flex gap={12} align="center" wrap>
        <Button
          type="primary"
          icon={<ThunderboltOutlined />}
          disabled={!chosen}
          loading={isRevealing || tryIt.isPending}
          onClick={() => void onTry()}
        >
          {t('try.button')}
        </Button>
        <Typography.Text type="secondary" style={{ flex: '1 1 220px', minWidth: 0 }}>
          {t('try.hint')}
        </Typography.Text>
      </Flex>
      {outcome ? <TryResult outcome={outcome} base={base} /> : null}
      {service === 'LOAD_MAP' && isAnswered && tried ? (
        <Flex vertical gap={8}>
          <Typography.Text strong>{t('try.mapTitle')}</Typography.Text>
          <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 280 }} />}>
            <MapCanvas
              styleUrl={styleUrl(base, tried.key, theme)}
              points={NO_POINTS}
              initialView={LIVE_MAP_VIEW}
              height={280}
              failedText={t('try.mapFailed')}
              label={t('try.mapLabel')}
            />
          </Suspense>
        </Flex>
      ) : null}
    </Flex>
  )
}

const NO_POINTS: never[] = []
