import { EyeOutlined, PlusOutlined } from '@ant-design/icons'
import { type Key, localeOf } from '@app/contract'
import { Alert, Button, Card, Empty, Flex, Select, Tag, Typography } from 'antd'
import { paths } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { LinkButton } from '../../ui/LinkButton.tsx'
import { CopyKeyButton } from '../keys/CopyKeyButton.tsx'
import { KEY_PLACEHOLDER, servicesFor } from './examples.ts'
import { getStartedMessages } from './get-started.i18n.ts'

/** Which of the user's keys the examples use, and whether its secret is shown in them. */
export function KeyPicker({
  keys,
  chosen,
  secret,
  isRevealing,
  onChoose,
  onShow,
}: {
  keys: readonly Key[]
  chosen: Key | undefined
  secret: string | null
  isRevealing: boolean
  onChoose: (keyId: string) => void
  onShow: () => void
}) {
  const t = useT(getStartedMessages)
  const lang = useLang()
  const body = { body: { padding: 'clamp(12px, 4vw, 24px)' } }
  if (!chosen) {
    return (
      <Card title={t('key.title')} styles={body}>
        <Empty description={t('key.none')}>
          <LinkButton type="primary" icon={<PlusOutlined />} to={paths.createKey}>
            {t('key.create')}
          </LinkButton>
        </Empty>
      </Card>
    )
  }
  // A key limited to some services names those of the examples it may call.
  const scoped = chosen.services
    ? servicesFor(chosen.type)
        .filter((service) => chosen.services?.includes(service))
        .map((service) => t(`services.${service}.title`))
    : null
  return (
    <Card title={t('key.title')} styles={body}>
      <Flex vertical gap={12} style={{ minWidth: 0 }}>
        <Typography.Text strong>
          <label htmlFor="example-key">{t('key.label')}</label>
        </Typography.Text>
        <Flex gap={8} align="center" style={{ minWidth: 0 }}>
          <Select
            id="example-key"
            value={chosen.id}
            onChange={onChoose}
            options={keys.map((key) => ({ value: key.id, label: `${key.name} · ${key.key_preview}` }))}
            style={{ flex: 1, minWidth: 0 }}
          />
          <CopyKeyButton keyId={chosen.id} name={chosen.name} />
        </Flex>
        <Flex gap={8} wrap>
          <Tag color={chosen.type === 'api_key' ? 'blue' : 'purple'}>{t(`key.types.${chosen.type}`)}</Tag>
          {chosen.status === 'suspended' ? <Tag color="orange">{t('key.suspended')}</Tag> : null}
        </Flex>
        {chosen.type === 'maptiles_key' ? (
          <Typography.Text type="secondary">{t('key.onlyMaps')}</Typography.Text>
        ) : null}
        {scoped ? (
          <Typography.Text type="secondary">
            {t('key.scoped', {
              services: scoped.length > 0 ? new Intl.ListFormat(localeOf(lang)).format(scoped) : '—',
            })}
          </Typography.Text>
        ) : null}
        {secret ? (
          <Alert type="warning" showIcon title={t('key.shown')} />
        ) : (
          <Flex gap={8} align="center" wrap>
            <Typography.Text type="secondary" style={{ flex: '1 1 220px', minWidth: 0 }}>
              {t('key.placeholder', { placeholder: KEY_PLACEHOLDER })}
            </Typography.Text>
            <Button icon={<EyeOutlined />} loading={isRevealing} onClick={onShow}>
              {t('key.show')}
            </Button>
          </Flex>
        )}
      </Flex>
    </Card>
  )
}
